import { createAction } from '@reduxjs/toolkit';
import { ofType } from 'redux-observable';
import { Observable, switchMap, takeUntil } from 'rxjs';
import type { TicketsEpic } from '../epic';

/** Notification polling interval: a new message shows within a few seconds. */
export const NOTIFICATION_POLL_MS = 3000;

/** The app mounted: start watching for new messages on the viewer's tickets. */
export const notificationsStarted = createAction('ticketsNotifications/started');
/** The app unmounted: stop. */
export const notificationsStopped = createAction('ticketsNotifications/stopped');

/**
 * While the tickets app is mounted, polls `TicketNotifications` through the api client
 * (`bus.connectTicketNotifications`), which publishes each new message on `ticketMessages$`.
 */
export const notificationsEpic: TicketsEpic = (action$, _state$, { api, bus, now }) =>
  action$.pipe(
    ofType(notificationsStarted.type),
    switchMap(
      () =>
        new Observable<never>(() =>
          bus.connectTicketNotifications({
            poll: (since) => api.ticketNotifications(since),
            since: new Date(now() - 5000).toISOString(),
            intervalMs: NOTIFICATION_POLL_MS,
          }),
        ).pipe(takeUntil(action$.pipe(ofType(notificationsStopped.type)))),
    ),
  );
