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
