/**
 * Audit of card changes. A card cannot be rolled back like a row: once the PIN, keys or certificates on it have
 * changed, a failed audit write can no longer undo the action. So every card-changing action writes a
 * `<action>.started` event first, in its own transaction (or in the one that marks the record), before the first
 * command that changes the card; with the audit store down the action stops there with 503 `Audit failed` and
 * the card is untouched. The action's own event (`<action>`, success or failure) follows when the card is done.
 */
import type { Trx } from '../db/database';
import type { AuditEventInput, AuditWriter } from '../platform/audit';

/** What {@link auditCardChangeStarts} needs: a database that runs transactions and the audit writer. */
export interface CardAuditDeps {
  db: { transaction(): { execute<T>(fn: (trx: Trx) => Promise<T>): Promise<T> } };
  audit: AuditWriter;
}

/** The name of the event written before `action` changes a card. */
export function startedAction(action: string): string {
  return `${action}.started`;
}

/**
 * Writes `<event.action>.started` before a card changes: in `trx` when given, else in a transaction of its own.
 * @throws AuditFailedError (503 `Audit failed`) when the event cannot be written: the caller must not touch the card
 */
export async function auditCardChangeStarts(deps: CardAuditDeps, event: AuditEventInput, trx?: Trx): Promise<void> {
  const started = { ...event, action: startedAction(event.action) };
  if (trx) await deps.audit.write(trx, started);
  else await deps.db.transaction().execute((t) => deps.audit.write(t, started));
}
