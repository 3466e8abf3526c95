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
