/**
 * `readers$`: card reader and card printer events from the local security client, as the server
 * streams them (ARCHITECTURE "A card operation": agent → server → browser → `readers$` → the store).
 * Filled by issue 5; the shape is kept open until then.
 */
import { Subject, type Observable } from 'rxjs';

/** One reader or printer event (signin §3 "Smartcard reader ... events"). */
export interface ReaderEvent {
  /** What happened, e.g. `readerAdded`, `cardInserted`, `progress`, `done`. */
  type: string;
  /** The reader (or printer) it concerns. */
  readerName: string;
  /** Event data, by type. */
  data?: unknown;
}

const readerSubject = new Subject<ReaderEvent>();

/** Reader and printer events. */
export const readers$: Observable<ReaderEvent> = readerSubject.asObservable();

/** Publishes a reader or printer event. */
export function publishReaderEvent(event: ReaderEvent): void {
  readerSubject.next(event);
}

/** The WebSocket constructor (the browser's; tests pass another). */
export type WebSocketConstructor = new (url: string) => WebSocket;

/**
 * Opens the server's ListReadersStream websocket and publishes each message on `readers$` (type,
 * readerName, and the message as `data`). A close that the teardown did not ask for is published as
 * `streamClosed`. Returns the teardown, which closes with the normal code 1000 (signin §9).
 */
export function connectReadersStream(url: string, WebSocketImpl: WebSocketConstructor = globalThis.WebSocket): () => void {
  const socket = new WebSocketImpl(url);
  let closing = false;
  socket.onmessage = (message: MessageEvent) => {
    try {
      const data = JSON.parse(String(message.data)) as { type?: unknown; readerName?: unknown };
      if (typeof data.type !== 'string') return;
      publishReaderEvent({ type: data.type, readerName: typeof data.readerName === 'string' ? data.readerName : '', data });
    } catch {
      // Not JSON: not ours.
    }
  };
  socket.onclose = () => {
    if (!closing) publishReaderEvent({ type: 'streamClosed', readerName: '' });
  };
  return () => {
    closing = true;
    socket.close(1000);
  };
}

/** The outcome messages of a card operation stream (IssueCardStream and its kin). */
export const CARD_OPERATION_DONE = 'cardOperationDone';
export const CARD_OPERATION_FAILED = 'cardOperationFailed';

/**
 * Runs one card operation over its server stream (e.g. `/api2/CMS-v2/IssueCardStream`, issue 15): sends `request`
 * as the one message once open, and publishes each message the server sends on `readers$` (the operation's
 * `cardProgress` steps, then `cardOperationDone` or `cardOperationFailed`). A stream that closes or fails before
 * its outcome is published as `cardOperationFailed` with status 0. Returns the teardown (close 1000).
 */
export function runCardStream(url: string, readerName: string, request: unknown, WebSocketImpl: WebSocketConstructor = globalThis.WebSocket): () => void {
  const socket = new WebSocketImpl(url);
  let ended = false;
  socket.onopen = () => socket.send(JSON.stringify(request));
  socket.onmessage = (message: MessageEvent) => {
    try {
      const data = JSON.parse(String(message.data)) as { type?: unknown; readerName?: unknown };
      if (typeof data.type !== 'string') return;
      if (data.type === CARD_OPERATION_DONE || data.type === CARD_OPERATION_FAILED) ended = true;
      publishReaderEvent({ type: data.type, readerName: typeof data.readerName === 'string' && data.readerName ? data.readerName : readerName, data });
    } catch {
      // Not JSON: not ours.
    }
  };
  socket.onclose = () => {
    if (ended) return;
    ended = true;
    publishReaderEvent({ type: CARD_OPERATION_FAILED, readerName, data: { type: CARD_OPERATION_FAILED, readerName, status: 0, code: 'NETWORK', message: 'The card operation stream closed before the operation ended' } });
  };
  return () => {
    ended = true;
    socket.close(1000);
  };
}
