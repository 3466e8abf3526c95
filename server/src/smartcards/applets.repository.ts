/** Kysely access to `smartcard_applets` and `smartcard_gp_keys`. */
import { sql } from 'kysely';
import type { AppletSortKey } from '@tessera/domain';
import type { DbOrTrx } from '../db/database';
import type { SmartcardAppletRow } from './applets.table';

/** Columns of the list (the CAP bytes are read only for an upload). */
const LIST_COLUMNS = ['id', 'tenant_id', 'name', 'description', 'file_name', 'package_aid', 'applet_aids', 'version', 'size', 'sha256', 'created_at', 'updated_at'] as const;
/** A row without its CAP file. */
export type AppletSummaryRow = Omit<SmartcardAppletRow, 'cap'>;

const SORT_COLUMN: Record<AppletSortKey, 'name' | 'package_aid' | 'version' | 'created_at'> = { name: 'name', packageAid: 'package_aid', version: 'version', createdAt: 'created_at' };

/** One page of the tenant's applets, searched by name, package AID or applet AID, and the total. */
export async function listApplets(
  db: DbOrTrx,
  tenantId: string,
  query: { search?: string; sort: AppletSortKey; order: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ rows: AppletSummaryRow[]; total: number }> {
  let base = db.selectFrom('smartcard_applets').where('tenant_id', '=', tenantId);
  const search = query.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('name', 'ilike', like), eb('package_aid', 'ilike', like), eb(sql<string>`applet_aids::text`, 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select([...LIST_COLUMNS])
      .orderBy(SORT_COLUMN[query.sort], query.order)
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One applet of the tenant without its CAP file, or undefined. */
export function findApplet(db: DbOrTrx, tenantId: string, id: string): Promise<AppletSummaryRow | undefined> {
  return db.selectFrom('smartcard_applets').select([...LIST_COLUMNS]).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** One applet of the tenant with its CAP file, or undefined. */
export function findAppletWithCap(db: DbOrTrx, tenantId: string, id: string): Promise<SmartcardAppletRow | undefined> {
  return db.selectFrom('smartcard_applets').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Inserts an applet; returns its id. */
export async function insertApplet(
  db: DbOrTrx,
  tenantId: string,
  values: { name: string; description: string | null; fileName: string; packageAid: string; appletAids: string[]; version: string; size: number; sha256: string; cap: Buffer },
): Promise<string> {
  const row = await db
    .insertInto('smartcard_applets')
    .values({
      tenant_id: tenantId,
      name: values.name,
      description: values.description,
      file_name: values.fileName,
      package_aid: values.packageAid,
      applet_aids: JSON.stringify(values.appletAids),
      version: values.version,
      size: values.size,
      sha256: values.sha256,
      cap: values.cap,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets name and/or description; false when the tenant has no such applet. */
export async function updateApplet(db: DbOrTrx, tenantId: string, id: string, values: { name?: string; description?: string | null }, at: Date): Promise<boolean> {
  const row = await db.updateTable('smartcard_applets').set({ ...values, updated_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Deletes an applet; false when the tenant has no such applet. */
export async function deleteApplet(db: DbOrTrx, tenantId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('smartcard_applets').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A card's sealed GP key set, or undefined (the card has the factory keys). */
export function findGpKeys(db: DbOrTrx, tenantId: string, kdd: string): Promise<{ id: string; key_version: number; sealed_keys: string } | undefined> {
  return db.selectFrom('smartcard_gp_keys').select(['id', 'key_version', 'sealed_keys']).where('tenant_id', '=', tenantId).where('kdd', '=', kdd).executeTakeFirst();
}

/** Stores (or replaces) a card's sealed GP key set. */
export async function upsertGpKeys(db: DbOrTrx, tenantId: string, kdd: string, keyVersion: number, sealedKeys: string, at: Date): Promise<void> {
  await db
    .insertInto('smartcard_gp_keys')
    .values({ tenant_id: tenantId, kdd, key_version: keyVersion, sealed_keys: sealedKeys })
    .onConflict((oc) => oc.columns(['tenant_id', 'kdd']).doUpdateSet({ key_version: keyVersion, sealed_keys: sealedKeys, updated_at: at }))
    .execute();
}
