/** Kysely queries of temporary passes, their print requests and smartcard requests. Tenant-scoped. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import type { TemporaryPassRow, TemporaryPassUpdate } from './temporary-passes.table';

/** A pass row with the holder's username. */
export type PassWithUser = TemporaryPassRow & { username: string | null };

/** The tenant's passes with their holder's username (the base of the reads below). */
function passesWithUser(db: DbOrTrx, tenantId: string) {
  return db
    .selectFrom('temporary_passes as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select('u.username')
    .where('p.tenant_id', '=', tenantId);
}

/** Every pass of the tenant, by number. */
export async function listAll(db: DbOrTrx, tenantId: string): Promise<PassWithUser[]> {
  return passesWithUser(db, tenantId)
    .orderBy('p.pass_number')
    .execute();
}

/** Passes held (now or before) by a user of the tenant. */
export async function listOfUser(db: DbOrTrx, tenantId: string, userId: string): Promise<PassWithUser[]> {
  return passesWithUser(db, tenantId)
    .where('p.user_id', '=', userId)
    .orderBy('p.pass_number')
    .execute();
}

/** One pass with its holder's username. */
export async function findByNumber(db: DbOrTrx, tenantId: string, passNumber: string): Promise<PassWithUser | undefined> {
  return passesWithUser(db, tenantId)
    .where('p.pass_number', '=', passNumber)
    .executeTakeFirst();
}

/** Locks one pass for the transaction. */
export async function lockByNumber(trx: DbOrTrx, tenantId: string, passNumber: string): Promise<TemporaryPassRow | undefined> {
  return trx.selectFrom('temporary_passes').selectAll().where('tenant_id', '=', tenantId).where('pass_number', '=', passNumber).forUpdate().executeTakeFirst();
}

/** Adds a pass to the stock unless the number exists (the unique index decides between racing requests). */
export async function insertIfMissing(trx: DbOrTrx, row: { tenant_id: string; pass_number: string; card_type: string; created_at: Date; updated_at: Date }): Promise<void> {
  await trx
    .insertInto('temporary_passes')
    .values({ ...row, status: 'AVAILABLE' })
    .onConflict((oc) => oc.columns(['tenant_id', 'pass_number']).doNothing())
    .execute();
}

/** Updates a pass. */
export async function update(trx: DbOrTrx, tenantId: string, passNumber: string, changes: TemporaryPassUpdate): Promise<void> {
  await trx.updateTable('temporary_passes').set(changes).where('tenant_id', '=', tenantId).where('pass_number', '=', passNumber).execute();
}

/** The highest pass number of the tenant as a number (0 when none). */
export async function highestNumber(trx: DbOrTrx, tenantId: string): Promise<number> {
  const row = await trx
    .selectFrom('temporary_passes')
    .select(sql<string | null>`max(pass_number::integer)`.as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return row.n === null ? 0 : Number(row.n);
}

/** Adds available passes to the stock. */
export async function insertMany(trx: DbOrTrx, tenantId: string, numbers: string[], cardType: string, at: Date): Promise<void> {
  if (numbers.length === 0) return;
  await trx
    .insertInto('temporary_passes')
    .values(numbers.map((n) => ({ tenant_id: tenantId, pass_number: n, card_type: cardType, status: 'AVAILABLE', created_at: at, updated_at: at })))
    .execute();
}

/** Records a batch print request. */
export async function insertPrintRequest(
  trx: DbOrTrx,
  row: { tenant_id: string; quantity: number; card_type: string; pass_numbers: string[]; requested_by: string; created_at: Date },
): Promise<string> {
  const inserted = await trx.insertInto('temporary_pass_print_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Users of the tenant (the accounts a pass can be issued to), by username. */
export async function accounts(db: DbOrTrx, tenantId: string): Promise<{ id: string; username: string; given_name: string; family_name: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'given_name', 'family_name'])
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', true)
    .orderBy('username')
    .execute();
}

/** Is this an enabled user of the tenant? */
export async function userExists(db: DbOrTrx, tenantId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** The tenant's time zone. */
export async function timeZoneOf(db: DbOrTrx, tenantId: string): Promise<string> {
  const row = await db.selectFrom('tenants').select('time_zone').where('id', '=', tenantId).executeTakeFirst();
  return row?.time_zone ?? 'UTC';
}

/** Ids of users of the tenant among `ids`. */
export async function existingUserIds(db: DbOrTrx, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Users of the tenant by username (lower-case key). */
export async function usersByUsername(db: DbOrTrx, tenantId: string, usernames: readonly string[]): Promise<Map<string, string>> {
  if (usernames.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('tenant_id', '=', tenantId)
    .where(sql<string>`lower(username)`, 'in', usernames.map((u) => u.toLowerCase()))
    .execute();
  return new Map(rows.map((r) => [r.username.toLowerCase(), r.id]));
}

/** Every user id of the tenant. */
export async function allUserIds(db: DbOrTrx, tenantId: string): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).orderBy('username').execute();
  return rows.map((r) => r.id);
}

/** Users of the tenant among `ids` with a pending smartcard request. */
export async function pendingRequestUsers(trx: DbOrTrx, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await trx
    .selectFrom('smartcard_requests')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'PENDING')
    .where('user_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Inserts pending smartcard requests. */
export async function insertSmartcardRequests(
  trx: DbOrTrx,
  tenantId: string,
  userIds: readonly string[],
  options: Record<string, unknown>,
  requestedBy: string,
  at: Date,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await trx
    .insertInto('smartcard_requests')
    .values(userIds.map((u) => ({ tenant_id: tenantId, user_id: u, options: JSON.stringify(options), requested_by: requestedBy, created_at: at })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
