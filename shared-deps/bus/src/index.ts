/**
 * @tessera/bus: RxJS channels for the facts several apps need: the session, toasts and reader events.
 * Each stream is a plain observable; the named functions are its only writers.
 */
import type { Observable } from 'rxjs';
import type { SessionInfo, ToastInput, Viewer } from '@tessera/domain';
import type { ReaderEvent } from './readers';
import type { SessionState } from './session';
import type { ConnectTicketNotificationsOptions, TicketMessageNotice } from './ticketNotifications';

export { session$, getSessionState, sessionLoading, signedIn, sessionRefreshed, signedOut } from './session';
export type { SessionState } from './session';
export { toasts$, showToast } from './toasts';
export { ticketMessages$, publishTicketMessage, connectTicketNotifications } from './ticketNotifications';
export type { TicketMessageNotice, ConnectTicketNotificationsOptions } from './ticketNotifications';
export { readers$, publishReaderEvent, connectReadersStream, runCardStream, CARD_OPERATION_DONE, CARD_OPERATION_FAILED } from './readers';
export type { ReaderEvent, WebSocketConstructor } from './readers';

/** The bus as a dependency (the store's `dependencies.bus`); the module namespace itself fits it. */
export interface Bus {
  session$: Observable<SessionState>;
  getSessionState(): SessionState;
  sessionLoading(): void;
  signedIn(viewer: Viewer, session: SessionInfo): void;
  sessionRefreshed(session: SessionInfo): void;
  signedOut(reason?: string): void;
  toasts$: Observable<ToastInput>;
  showToast(input: ToastInput): void;
  readers$: Observable<ReaderEvent>;
  publishReaderEvent(event: ReaderEvent): void;
  ticketMessages$: Observable<TicketMessageNotice>;
  publishTicketMessage(notice: TicketMessageNotice): void;
  connectTicketNotifications(options: ConnectTicketNotificationsOptions): () => void;
  connectReadersStream(url: string): () => void;
  runCardStream(url: string, readerName: string, request: unknown): () => void;
}
