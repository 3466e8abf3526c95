/** Kysely queries of the `sessions` table. */
import type { DbOrTrx } from '../db/database';
import type { SessionRow } from './sessions.table';
import type { SessionRecord } from './session-store';

function toRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    tenantId: row.tenant_id,
    state: row.state,
    createdAt: row.created_at.getTime(),
    lastSeenAt: row.last_seen_at.getTime(),
    idleExpiresAt: row.idle_expires_at.getTime(),
    absoluteExpiresAt: row.absolute_expires_at.getTime(),
  };
}

/** The session with this id, or null. */
export async function findById(db: DbOrTrx, id: string): Promise<SessionRecord | null> {
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Inserts a session. */
export async function insert(db: DbOrTrx, record: SessionRecord): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: record.id,
      user_id: record.userId,
      tenant_id: record.tenantId,
      state: record.state,
      created_at: new Date(record.createdAt),
      last_seen_at: new Date(record.lastSeenAt),
      idle_expires_at: new Date(record.idleExpiresAt),
      absolute_expires_at: new Date(record.absoluteExpiresAt),
    })
    .execute();
}

/** Moves the idle expiry. */
export async function extend(db: DbOrTrx, id: string, idleExpiresAt: number, lastSeenAt: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ idle_expires_at: new Date(idleExpiresAt), last_seen_at: new Date(lastSeenAt) })
    .where('id', '=', id)
    .execute();
}

/** Deletes one session. */
export async function remove(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Deletes every session of a user. */
export async function removeForUser(db: DbOrTrx, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Deletes sessions past their idle or absolute expiry. */
export async function removeExpired(db: DbOrTrx, now: number): Promise<void> {
  const at = new Date(now);
  await db.deleteFrom('sessions').where((eb) => eb.or([eb('absolute_expires_at', '<=', at), eb('idle_expires_at', '<=', at)])).execute();
}
