import * as bus from './index';
import type { Bus } from './index';

describe('@tessera/bus exports', () => {
  it('should export the streams and their writers', () => {
    expect(Object.keys(bus).sort()).toEqual(
      ['connectReadersStream', 'getSessionState', 'publishReaderEvent', 'readers$', 'session$', 'sessionLoading', 'sessionRefreshed', 'showToast', 'signedIn', 'signedOut', 'toasts$', 'ticketMessages$', 'publishTicketMessage', 'connectTicketNotifications', 'runCardStream', 'CARD_OPERATION_DONE', 'CARD_OPERATION_FAILED'].sort(),
    );
  });
  it('should let the module namespace serve as the Bus dependency', () => {
    const asDependency: Bus = bus;
    expect(asDependency.session$).toBe(bus.session$);
  });
});
