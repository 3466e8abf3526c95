/** Kysely queries of device certificate endpoints; every one takes the tenant id. */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import { likePattern } from '../platform/like-pattern';
import type { DeviceEndpointRow } from './endpoints.table';

/** An endpoint row with its device's host name. */
export type EndpointWithDevice = DeviceEndpointRow & { device_hostname: string };

/** Fields written on insert or update. */
export interface EndpointFields {
  host: string;
  port: number;
  server_name: string;
  label: string;
}

/** What a scan saw. */
export interface ScanFields {
  last_scan_at: Date;
  last_scan_error: string | null;
  cert_fingerprint: string | null;
  cert_serial: string | null;
  cert_issuer: string | null;
  cert_subject: string | null;
  cert_not_after: Date | null;
  certificate_id: string | null;
}

/** Sort keys of the endpoint map. */
export const ENDPOINT_SORTS = { host: sql`lower(e.host)`, device: sql`lower(d.hostname)`, notAfter: sql`e.cert_not_after`, lastScanAt: sql`e.last_scan_at` } as const;

function base(db: DbOrTrx, tenantId: string) {
  return db.selectFrom('device_endpoints as e').innerJoin('devices as d', 'd.id', 'e.device_id').where('e.tenant_id', '=', tenantId);
}

/** Endpoints of one device, by host and port. */
export function listOfDevice(db: DbOrTrx, tenantId: string, deviceId: string): Promise<EndpointWithDevice[]> {
  return base(db, tenantId).selectAll('e').select('d.hostname as device_hostname').where('e.device_id', '=', deviceId).orderBy(sql`lower(e.host)`).orderBy('e.port').execute();
}

/** Endpoints where a certificate was last seen. */
export function listOfCertificate(db: DbOrTrx, tenantId: string, certificateId: string): Promise<EndpointWithDevice[]> {
  return base(db, tenantId).selectAll('e').select('d.hostname as device_hostname').where('e.certificate_id', '=', certificateId).orderBy(sql`lower(d.hostname)`).orderBy(sql`lower(e.host)`).orderBy('e.port').execute();
}

/** A page of the tenant's endpoints matching `search` (host, device, SNI, label, subject), sorted. */
export async function page(
  db: DbOrTrx,
  tenantId: string,
  options: { skip: number; take: number; search?: string; sort: keyof typeof ENDPOINT_SORTS; desc: boolean },
): Promise<{ total: number; rows: EndpointWithDevice[] }> {
  let query = base(db, tenantId);
  if (options.search) {
    const p = likePattern(options.search);
    query = query.where((eb) => eb.or([eb('e.host', 'ilike', p), eb('d.hostname', 'ilike', p), eb('e.server_name', 'ilike', p), eb('e.label', 'ilike', p), eb('e.cert_subject', 'ilike', p)]));
  }
  const order = options.desc ? sql`desc nulls last` : sql`asc nulls last`;
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    query.selectAll('e').select('d.hostname as device_hostname').orderBy(sql`${ENDPOINT_SORTS[options.sort]} ${order}`).orderBy('e.port').orderBy('e.id').offset(options.skip).limit(options.take).execute(),
  ]);
  return { total: Number(count.n), rows };
}

/** One endpoint of the tenant. */
export function findById(db: DbOrTrx, tenantId: string, id: string): Promise<EndpointWithDevice | undefined> {
  return base(db, tenantId).selectAll('e').select('d.hostname as device_hostname').where('e.id', '=', id).executeTakeFirst();
}

/** The endpoint of a device at host (any case) and port. */
export function findAt(db: DbOrTrx, deviceId: string, host: string, port: number): Promise<DeviceEndpointRow | undefined> {
  return db.selectFrom('device_endpoints').selectAll().where('device_id', '=', deviceId).where(sql`lower(host)`, '=', host.toLowerCase()).where('port', '=', port).executeTakeFirst();
}

/** Number of endpoints of a device. */
export async function countOfDevice(db: DbOrTrx, deviceId: string): Promise<number> {
  const row = await db.selectFrom('device_endpoints').select((eb) => eb.fn.countAll<string>().as('n')).where('device_id', '=', deviceId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts an endpoint; answers its id. */
export async function insert(db: DbOrTrx, tenantId: string, deviceId: string, fields: EndpointFields): Promise<string> {
  const row = await db.insertInto('device_endpoints').values({ tenant_id: tenantId, device_id: deviceId, ...fields }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Updates an endpoint's fields; a changed address forgets the last scan. */
export async function update(db: DbOrTrx, tenantId: string, id: string, fields: EndpointFields, forgetScan: boolean, at: Date): Promise<void> {
  const cleared = forgetScan
    ? { last_scan_at: null, last_scan_error: null, cert_fingerprint: null, cert_serial: null, cert_issuer: null, cert_subject: null, cert_not_after: null, certificate_id: null }
    : {};
  await db.updateTable('device_endpoints').set({ ...fields, ...cleared, updated_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Stores what a scan saw. */
export async function storeScan(db: DbOrTrx, tenantId: string, id: string, scan: ScanFields): Promise<void> {
  await db.updateTable('device_endpoints').set({ ...scan, updated_at: scan.last_scan_at }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Deletes an endpoint of the tenant. */
export async function remove(db: DbOrTrx, tenantId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('device_endpoints').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
