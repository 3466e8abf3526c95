/**
 * `ticketMessages$`: new messages on tickets the viewer created or is assigned to (issue 6 "the
 * creator and the assignee see new messages without reloading"). Filled by `connectTicketNotifications`,
 * which polls the server through the api client and returns its teardown.
 *
 * Why polling, not a websocket: the server's session, XSRF, rate-limit and error mapping already apply to
 * every api-client call, the answer is the same from any server instance (no fan-out needed behind
 * several instances), and a support conversation tolerates a few seconds of delay. A websocket would
 * add a second authenticated channel for one low-rate fact.
 */
import { Subject, type Observable } from 'rxjs';

/** One new ticket message (no content: the ticket screen fetches what the viewer may see). */
export interface TicketMessageNotice {
  ticketId: string;
  title: string;
  messageId: string;
  sender: string;
  createdAt: string;
}

const ticketMessageSubject = new Subject<TicketMessageNotice>();

/** New ticket messages by others on the viewer's tickets. */
export const ticketMessages$: Observable<TicketMessageNotice> = ticketMessageSubject.asObservable();

/** Publishes a new ticket message. */
export function publishTicketMessage(notice: TicketMessageNotice): void {
  ticketMessageSubject.next(notice);
}

/** Options of {@link connectTicketNotifications}. */
export interface ConnectTicketNotificationsOptions {
  /** Asks the server for messages after `since` (api.ticketNotifications). */
  poll: (since: string) => Promise<{ now: string; messages: TicketMessageNotice[] }>;
  /** Where to start (ISO instant): usually the server's "now" or the page's start. */
  since: string;
  /** @default 5000 */
  intervalMs?: number;
  /** Timer functions (tests). */
  timers?: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };
}

/**
 * Starts polling for new ticket messages and publishes each once on `ticketMessages$`. A failed poll is
 * retried at the next tick. Returns the teardown that stops it.
 */
export function connectTicketNotifications({ poll, since, intervalMs = 5000, timers }: ConnectTicketNotificationsOptions): () => void {
  const set = timers?.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clear = timers?.clearTimeout ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let cursor = since;
  let stopped = false;
  let handle: unknown = null;
  const seen = new Set<string>();
  const tick = async () => {
    try {
      const answer = await poll(cursor);
      if (stopped) return;
      for (const message of answer.messages) {
        if (seen.has(message.messageId)) continue;
        seen.add(message.messageId);
        publishTicketMessage(message);
      }
      const last = answer.messages.at(-1)?.createdAt;
      // Messages are stamped by the server's clock: move the cursor to the newest seen, never past "now".
      cursor = last !== undefined && last > cursor ? last : cursor;
    } catch {
      // The next tick retries; global answers (401, 429, 503) already went to the shell.
    }
    if (!stopped) handle = set(() => void tick(), intervalMs);
  };
  handle = set(() => void tick(), intervalMs);
  return () => {
    stopped = true;
    if (handle !== null) clear(handle);
  };
}
