/**
 * @tessera/app-tickets: support tickets (admin-console §2.2 "Support tickets", §2.3 "Ticket screens").
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`. While
 * mounted it watches for new messages on the viewer's tickets (bus `ticketMessages$`).
 */
import { getStore, injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { TicketsRoot } from './TicketsRoot';
import { notificationsStarted, notificationsStopped } from './notifications/notifications.epics';
import { ticketsEpic, ticketsSlices } from './state';

const app = createAreaApp({
  area: 'tickets',
  Root: TicketsRoot,
  injectState() {
    for (const slice of ticketsSlices) injectSlice(slice);
    injectEpic(ticketsEpic);
  },
  onMount: () => getStore().dispatch(notificationsStarted()),
  onUnmount: () => getStore().dispatch(notificationsStopped()),
});

/** single-spa lifecycles: the state is injected before the first mount; notifications run while mounted. */
export const { bootstrap, mount, unmount } = app;
