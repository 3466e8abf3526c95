/** Kysely queries of devices and subnets; every one takes the tenant id. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import type { DeviceRow, SubnetRow } from './devices.table';
import { likePattern } from '../platform/like-pattern';

/** Fields written on insert or update. */
export interface DeviceFields {
  hostname: string;
  serial_number: string;
  device_type: string;
  description: string;
  ip_address: string;
  ip_number: number | null;
  mac_address: string;
  subnet_id: string | null;
}

/** A page of devices matching `search` (host name, serial number or address), by host name. */
export async function page(db: DbOrTrx, tenantId: string, options: { skip: number; take: number; search?: string; subnetId?: string }): Promise<{ total: number; rows: DeviceRow[] }> {
  let query = db.selectFrom('devices').where('tenant_id', '=', tenantId);
  if (options.subnetId) query = query.where('subnet_id', '=', options.subnetId);
  if (options.search) {
    const pattern = likePattern(options.search);
    query = query.where((eb) => eb.or([eb('hostname', 'ilike', pattern), eb('serial_number', 'ilike', pattern), eb('ip_address', 'ilike', pattern)]));
  }
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy(sql`lower(hostname)`).orderBy('id').offset(options.skip).limit(options.take).execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** One device of the tenant. */
export function findById(db: DbOrTrx, tenantId: string, id: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** The device of the tenant with this host name (case-insensitive). */
export function findByHostname(db: DbOrTrx, tenantId: string, hostname: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('tenant_id', '=', tenantId).where(sql`lower(hostname)`, '=', hostname.toLowerCase()).executeTakeFirst();
}

/** The device of the tenant holding this address. */
export function findByIp(db: DbOrTrx, tenantId: string, ipNumber: number): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('tenant_id', '=', tenantId).where('ip_number', '=', ipNumber).executeTakeFirst();
}

/** Inserts a device. */
export function insert(db: DbOrTrx, tenantId: string, fields: DeviceFields): Promise<DeviceRow> {
  return db.insertInto('devices').values({ tenant_id: tenantId, ...fields }).returningAll().executeTakeFirstOrThrow();
}

/** Updates a device. */
export function update(db: DbOrTrx, tenantId: string, id: string, fields: DeviceFields, at: Date): Promise<DeviceRow | undefined> {
  return db.updateTable('devices').set({ ...fields, updated_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Subnets of the tenant with the number of devices in each, by network address. */
export function listSubnets(db: DbOrTrx, tenantId: string): Promise<(SubnetRow & { used: string | number })[]> {
  return db
    .selectFrom('subnets')
    .selectAll('subnets')
    .select((eb) => eb.selectFrom('devices').whereRef('devices.subnet_id', '=', 'subnets.id').select(eb.fn.countAll<string>().as('n')).as('used'))
    .where('subnets.tenant_id', '=', tenantId)
    .orderBy('network')
    .orderBy('size', 'desc')
    .execute() as Promise<(SubnetRow & { used: string | number })[]>;
}

/** One subnet of the tenant. */
export function findSubnet(db: DbOrTrx, tenantId: string, id: string): Promise<SubnetRow | undefined> {
  return db.selectFrom('subnets').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** A subnet of the tenant overlapping [network, network + size). */
export function findOverlap(db: DbOrTrx, tenantId: string, network: number, size: number): Promise<SubnetRow | undefined> {
  return db
    .selectFrom('subnets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('network', '<', network + size)
    .where(sql<boolean>`network + size > ${network}`)
    .executeTakeFirst();
}

/** The smallest subnet of the tenant holding the address. */
export function subnetOf(db: DbOrTrx, tenantId: string, ipNumber: number): Promise<SubnetRow | undefined> {
  return db
    .selectFrom('subnets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('network', '<=', ipNumber)
    .where(sql<boolean>`network + size > ${ipNumber}`)
    .orderBy('size')
    .executeTakeFirst();
}

/** Inserts a subnet and attaches the tenant's devices whose address lies in it; answers the row. */
export async function insertSubnet(db: DbOrTrx, tenantId: string, fields: { cidr: string; network: number; size: number; name: string; description: string }): Promise<SubnetRow> {
  const row = await db.insertInto('subnets').values({ tenant_id: tenantId, ...fields }).returningAll().executeTakeFirstOrThrow();
  await db
    .updateTable('devices')
    .set({ subnet_id: row.id })
    .where('tenant_id', '=', tenantId)
    .where('ip_number', '>=', fields.network)
    .where('ip_number', '<', fields.network + fields.size)
    .execute();
  return row;
}

/** Number of devices in a subnet. */
export async function countInSubnet(db: DbOrTrx, subnetId: string): Promise<number> {
  const row = await db.selectFrom('devices').select((eb) => eb.fn.countAll<string>().as('n')).where('subnet_id', '=', subnetId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes a subnet of the tenant. */
export async function deleteSubnet(db: DbOrTrx, tenantId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('subnets').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The devices with an address in a subnet, by address. */
export function devicesInSubnet(db: DbOrTrx, tenantId: string, subnetId: string): Promise<DeviceRow[]> {
  return db.selectFrom('devices').selectAll().where('tenant_id', '=', tenantId).where('subnet_id', '=', subnetId).orderBy('ip_number').execute();
}
