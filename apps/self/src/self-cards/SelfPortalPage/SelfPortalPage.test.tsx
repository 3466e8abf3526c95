/** @jest-environment jsdom */
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { signedIn, signedOut } from '@tessera/bus';
import { SELF_CARD_MESSAGES, type SelfSmartcard, type Viewer } from '@tessera/domain';
import type { SelfEpicDependencies } from '../../epic';
import { selfEpic, selfSlices } from '../../state';
import { SelfPortalPage } from './SelfPortalPage';

type Api = SelfEpicDependencies['api'];

const card = (over: Partial<SelfSmartcard>): SelfSmartcard => ({
  cardId: 'c1', serialNumber: '1001', atr: '3B', cardType: 'PIV', status: 'issued', userId: 'u1', cardTemplateId: 't1', cardTemplateName: 'staff', certificates: [], batch_id: null,
  extensions: {}, failure: null, suspendedAt: null, suspensionReason: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...over,
});

function setup(api: Partial<Api>) {
  const full = { ...api } as unknown as Api;
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, SelfEpicDependencies>({ dependencies: { api: full, bus: { showToast: jest.fn() }, now: Date.now } });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(selfSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(selfEpic);
  render(
    <Provider store={store}>
      <SelfPortalPage />
    </Provider>,
  );
}

describe('SelfPortalPage', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
  });
  beforeEach(() => signedIn({ id: 'u1' } as Viewer, { remainingSeconds: 900, expiresAt: '2030-01-01T00:15:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' }));
  afterEach(() => signedOut());

  it("should show each of the viewer's cards with its status badge, template and certificates, and the self-service links", async () => {
    const mySmartcards = jest.fn().mockResolvedValue([
      card({ certificates: [{ slot: '9A', certId: 'ca:0a', caId: 'ca', serialNumber: '0a', notAfter: '2027-03-04T00:00:00.000Z', pem: '', subject: 'CN=Sam Smith' }] }),
      card({ cardId: 'c2', serialNumber: '2002', status: 'suspended', cardTemplateName: null }),
    ]);
    setup({ mySmartcards });
    const first = await screen.findByRole('listitem', { name: 'Smartcard 1001' });
    expect(within(first).getByLabelText('Status issued').textContent).toBe('issued');
    expect(within(first).getByText('Type: PIV · Template: staff')).toBeTruthy();
    const certs = within(first).getByRole('table', { name: 'Certificates of card 1001' });
    expect(within(certs).getByText('CN=Sam Smith')).toBeTruthy();
    expect(within(certs).getByText('2027-03-04')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Reset it with your secret questions' }).getAttribute('href')).toBe('/anonymousportal/manageSmartcard');
    const second = screen.getByRole('listitem', { name: 'Smartcard 2002' });
    expect(within(second).getByLabelText('Status suspended')).toBeTruthy();
    expect(within(second).getByText('Type: PIV · Template: none')).toBeTruthy();
    expect(within(second).getByText('No certificates on this card')).toBeTruthy();
    // A suspended card offers no PIN reset.
    expect(within(second).queryByRole('link', { name: 'Reset it with your secret questions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new smartcard' }).getAttribute('href')).toBe('/self/requestSmartcard/u1');
    expect(screen.getByRole('link', { name: 'Secret questions' }).getAttribute('href')).toBe('/self/resetquestions');
    expect(mySmartcards).toHaveBeenCalledTimes(1);
  });

  it('should say when the viewer has no card, and show the server message when the call fails', async () => {
    setup({ mySmartcards: jest.fn().mockResolvedValue([]) });
    expect(await screen.findByText(SELF_CARD_MESSAGES.NO_CARDS)).toBeTruthy();
  });

  it('should show the server message when the call fails', async () => {
    setup({ mySmartcards: jest.fn().mockRejectedValue({ code: 'FORBIDDEN', message: 'You do not have permission to do this' }) });
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do this');
  });
});
