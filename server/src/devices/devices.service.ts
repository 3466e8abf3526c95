/**
 * Devices and ipam (admin-console §2.2 Devices, §3 "Subnets with their IPs; CSV upload stats", §5 subnet
 * rule). A device's address, when given, must be a four-octet IPv4 address unique in the tenant; it is
 * filed under the smallest subnet of the tenant holding it. Subnets follow the CIDR rule and do not
 * overlap. Every write runs in one transaction with its audit event (a failed audit rolls it back: 503).
 */
import { parse } from 'csv-parse/sync';
import {
  MESSAGES,
  RESULTS_PER_PAGE,
  ipv4ToNumber,
  isValidHostname,
  subnetRange,
  type CsvRowError,
  type CsvUploadStats,
  type Device,
  type DeviceInput,
  type Page,
  type Subnet,
} from '@tessera/domain';
import type { Db, DbOrTrx } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import * as repo from './devices.repository';
import type { DeviceRow, SubnetRow } from './devices.table';
import type { SearchProvider } from '../platform/search-registry';

/** What the devices service needs. */
export interface DevicesDeps {
  db: Db;
  audit: AuditWriter;
  now: () => number;
}

/** Audit actor fields. */
export interface DeviceActor {
  actorUserId: string | null;
  actorUsername: string | null;
  actorApiKeyId?: string | null;
  ip: string;
}

/** Columns of a device CSV upload, in the order of an export. */
export const DEVICE_CSV_COLUMNS = ['hostname', 'serialNumber', 'deviceType', 'description', 'ipAddress', 'macAddress'] as const;
/** Most rows one CSV upload may hold. */
export const DEVICE_CSV_MAX_ROWS = 10_000;

const MAC = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;

/** The API's view of a device row. */
export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    hostname: row.hostname,
    serialNumber: row.serial_number,
    deviceType: row.device_type,
    description: row.description,
    ipAddress: row.ip_address,
    macAddress: row.mac_address,
    subnetId: row.subnet_id ?? '',
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toSubnet(row: SubnetRow, used: number): Subnet {
  const range = subnetRange(row.cidr)!;
  return { id: row.id, cidr: row.cidr, name: row.name, description: row.description, network: range.network, last: range.last, size: range.size, used, createdAt: row.created_at.toISOString() };
}

/** A field problem of a device input: `[field, message]`, or null. */
export function deviceInputProblem(input: DeviceInput): [keyof DeviceInput, string] | null {
  if (!isValidHostname(input.hostname.trim())) return ['hostname', MESSAGES.HOSTNAME_INVALID];
  const ip = (input.ipAddress ?? '').trim();
  if (ip !== '' && ipv4ToNumber(ip) === null) return ['ipAddress', MESSAGES.IP_ADDRESS_INVALID];
  const mac = (input.macAddress ?? '').trim();
  if (mac !== '' && !MAC.test(mac)) return ['macAddress', 'Enter a MAC address of six hexadecimal pairs, such as 00:1A:2B:3C:4D:5E.'];
  return null;
}

async function fieldsOf(db: DbOrTrx, tenantId: string, input: DeviceInput): Promise<repo.DeviceFields> {
  const problem = deviceInputProblem(input);
  if (problem) throw new ValidationError(problem[0], problem[1], { exact: true });
  const ip = (input.ipAddress ?? '').trim();
  const ipNumber = ip === '' ? null : ipv4ToNumber(ip);
  const subnet = ipNumber === null ? undefined : await repo.subnetOf(db, tenantId, ipNumber);
  return {
    hostname: input.hostname.trim(),
    serial_number: (input.serialNumber ?? '').trim(),
    device_type: (input.deviceType ?? '').trim(),
    description: (input.description ?? '').trim(),
    ip_address: ip,
    ip_number: ipNumber,
    mac_address: (input.macAddress ?? '').trim(),
    subnet_id: subnet?.id ?? null,
  };
}

/** Refuses a host name or address another device of the tenant holds. @throws ConflictError */
async function checkUnique(db: DbOrTrx, tenantId: string, fields: repo.DeviceFields, exceptId?: string): Promise<void> {
  const byName = await repo.findByHostname(db, tenantId, fields.hostname);
  if (byName && byName.id !== exceptId) throw new ConflictError('hostname', MESSAGES.HOSTNAME_DUPLICATE);
  if (fields.ip_number !== null) {
    const byIp = await repo.findByIp(db, tenantId, fields.ip_number);
    if (byIp && byIp.id !== exceptId) throw new ConflictError('ipAddress', MESSAGES.IP_ADDRESS_TAKEN);
  }
}

function uniqueConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    const text = String((error as { constraint?: string; message?: string }).constraint ?? (error as Error).message);
    if (text.includes('ip')) throw new ConflictError('ipAddress', MESSAGES.IP_ADDRESS_TAKEN);
    throw new ConflictError('hostname', MESSAGES.HOSTNAME_DUPLICATE);
  }
  throw error;
}

/** `GET Devices`: a page of the tenant's devices. */
export async function listDevices(deps: DevicesDeps, auth: AuthContext, query: { skip?: number; take?: number; search?: string; subnetId?: string }): Promise<Page<Device>> {
  const { total, rows } = await repo.page(deps.db, auth.tenantId, {
    skip: query.skip ?? 0,
    take: query.take ?? RESULTS_PER_PAGE,
    ...(query.search?.trim() ? { search: query.search.trim() } : {}),
    ...(query.subnetId ? { subnetId: query.subnetId } : {}),
  });
  return { totalResults: total, results: rows.map(toDevice) };
}

/** `GET Device?id`. @throws NotFoundError */
export async function getDevice(deps: DevicesDeps, auth: AuthContext, id: string): Promise<Device> {
  const row = await repo.findById(deps.db, auth.tenantId, id);
  if (!row) throw new NotFoundError('The device');
  return toDevice(row);
}

/** `POST Device`: audited `device.create`. */
export async function createDevice(deps: DevicesDeps, auth: AuthContext, actor: DeviceActor, input: DeviceInput, clonedFrom?: string): Promise<Device> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const fields = await fieldsOf(trx, auth.tenantId, input);
      await checkUnique(trx, auth.tenantId, fields);
      const row = await repo.insert(trx, auth.tenantId, fields);
      await deps.audit.write(trx, {
        ...actor,
        tenantId: auth.tenantId,
        action: 'device.create',
        targetType: 'device',
        targetId: row.id,
        detail: { hostname: row.hostname, ipAddress: row.ip_address, ...(clonedFrom ? { clonedFrom } : {}) },
      });
      return toDevice(row);
    });
  } catch (error) {
    return uniqueConflict(error);
  }
}

/** `PUT Device`: audited `device.update` with the names of the changed fields. @throws NotFoundError */
export async function updateDevice(deps: DevicesDeps, auth: AuthContext, actor: DeviceActor, id: string, input: DeviceInput): Promise<Device> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const before = await repo.findById(trx, auth.tenantId, id);
      if (!before) throw new NotFoundError('The device');
      const fields = await fieldsOf(trx, auth.tenantId, input);
      await checkUnique(trx, auth.tenantId, fields, id);
      const row = (await repo.update(trx, auth.tenantId, id, fields, new Date(deps.now())))!;
      const changed = (Object.keys(fields) as (keyof repo.DeviceFields)[]).filter((key) => String(before[key] ?? '') !== String(row[key] ?? ''));
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'device.update', targetType: 'device', targetId: id, detail: { changed } });
      return toDevice(row);
    });
  } catch (error) {
    return uniqueConflict(error);
  }
}

/**
 * `POST CloneDevice`: a new device with the type and description of another and a new host name; the
 * serial number, MAC address and IP address belong to one machine and are not copied (an address may be given).
 */
export async function cloneDevice(deps: DevicesDeps, auth: AuthContext, actor: DeviceActor, body: { id: string; hostname: string; ipAddress?: string }): Promise<Device> {
  const source = await repo.findById(deps.db, auth.tenantId, body.id);
  if (!source) throw new NotFoundError('The device');
  return createDevice(
    deps,
    auth,
    actor,
    { hostname: body.hostname, serialNumber: '', deviceType: source.device_type, description: source.description, ipAddress: body.ipAddress ?? '', macAddress: '' },
    source.id,
  );
}

/**
 * `POST DevicesBatch`: devices from a CSV text whose header names columns of {@link DEVICE_CSV_COLUMNS}
 * (hostname required). Good rows are created, bad rows reported with their row and column; one audit
 * event `device.batch` with the stats. A malformed file (unparsable, no hostname column, unknown column,
 * too many rows) creates nothing: 400 naming `csv`.
 */
export async function batchDevices(deps: DevicesDeps, auth: AuthContext, actor: DeviceActor, csv: string): Promise<CsvUploadStats> {
  let records: Record<string, string>[];
  try {
    records = parse(csv, { columns: (header: string[]) => header.map((name) => name.trim()), skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    throw new ValidationError('csv', `is not a valid CSV file: ${(error as Error).message}`, { cause: error });
  }
  const header = Object.keys(records[0] ?? {});
  if (records.length === 0) throw new ValidationError('csv', 'holds no device rows');
  const unknown = header.find((name) => !(DEVICE_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown !== undefined) throw new ValidationError('csv', `has an unknown column '${unknown}' (expected ${DEVICE_CSV_COLUMNS.join(', ')})`);
  if (!header.includes('hostname')) throw new ValidationError('csv', "has no 'hostname' column");
  if (records.length > DEVICE_CSV_MAX_ROWS) throw new ValidationError('csv', `holds ${records.length} rows; at most ${DEVICE_CSV_MAX_ROWS} are accepted`);
  const errors: CsvRowError[] = [];
  let created = 0;
  await deps.db.transaction().execute(async (trx) => {
    const seenNames = new Set<string>();
    const seenIps = new Set<number>();
    for (const [index, record] of records.entries()) {
      const row = index + 1;
      const input: DeviceInput = { hostname: record.hostname ?? '', serialNumber: record.serialNumber, deviceType: record.deviceType, description: record.description, ipAddress: record.ipAddress, macAddress: record.macAddress };
      const problem = deviceInputProblem(input);
      if (problem) {
        errors.push({ row, column: problem[0], message: problem[1] });
        continue;
      }
      const fields = await fieldsOf(trx, auth.tenantId, input);
      const key = fields.hostname.toLowerCase();
      if (seenNames.has(key) || (await repo.findByHostname(trx, auth.tenantId, fields.hostname))) {
        errors.push({ row, column: 'hostname', message: MESSAGES.HOSTNAME_DUPLICATE });
        continue;
      }
      if (fields.ip_number !== null && (seenIps.has(fields.ip_number) || (await repo.findByIp(trx, auth.tenantId, fields.ip_number)))) {
        errors.push({ row, column: 'ipAddress', message: MESSAGES.IP_ADDRESS_TAKEN });
        continue;
      }
      seenNames.add(key);
      if (fields.ip_number !== null) seenIps.add(fields.ip_number);
      await repo.insert(trx, auth.tenantId, fields);
      created += 1;
    }
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'device.batch', targetType: 'device', targetId: null, detail: { total: records.length, created, failed: errors.length } });
  });
  return { total: records.length, created, failed: errors.length, errors };
}

/** `GET Subnets`: the tenant's subnets with their usage. */
export async function listSubnets(deps: DevicesDeps, auth: AuthContext): Promise<Subnet[]> {
  const rows = await repo.listSubnets(deps.db, auth.tenantId);
  return rows.map((row) => toSubnet(row, Number(row.used)));
}

/** `POST Subnet`: refuses a CIDR breaking the rule of admin-console §5 or overlapping another subnet; audited `subnet.create`. */
export async function createSubnet(deps: DevicesDeps, auth: AuthContext, actor: DeviceActor, body: { cidr: string; name?: string; description?: string }): Promise<Subnet> {
  const cidr = body.cidr.trim();
  const range = subnetRange(cidr);
  if (!range) throw new ValidationError('cidr', MESSAGES.SUBNET_INVALID, { exact: true });
  const network = ipv4ToNumber(range.network)!;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const overlap = await repo.findOverlap(trx, auth.tenantId, network, range.size);
      if (overlap) throw new ConflictError('cidr', overlap.cidr === cidr ? MESSAGES.SUBNET_DUPLICATE : MESSAGES.subnetOverlaps(overlap.cidr));
      const row = await repo.insertSubnet(trx, auth.tenantId, { cidr, network, size: range.size, name: (body.name ?? '').trim(), description: (body.description ?? '').trim() });
      const used = await repo.countInSubnet(trx, row.id);
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'subnet.create', targetType: 'subnet', targetId: row.id, detail: { cidr, devicesAttached: used } });
      return toSubnet(row, used);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('cidr', MESSAGES.SUBNET_DUPLICATE);
    throw error;
  }
}

/** `DELETE Subnet/{id}`: only an empty subnet; audited `subnet.delete`. @throws NotFoundError, ConflictError */
export async function deleteSubnet(deps: DevicesDeps, auth: AuthContext, actor: DeviceActor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findSubnet(trx, auth.tenantId, id);
    if (!row) throw new NotFoundError('The subnet');
    if ((await repo.countInSubnet(trx, id)) > 0) throw new ConflictError('id', MESSAGES.SUBNET_IN_USE);
    await repo.deleteSubnet(trx, auth.tenantId, id);
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'subnet.delete', targetType: 'subnet', targetId: id, detail: { cidr: row.cidr } });
  });
}

/** `GET SubnetIps?id`: the subnet and its used addresses with their devices. @throws NotFoundError */
export async function subnetIps(deps: DevicesDeps, auth: AuthContext, id: string): Promise<{ subnet: Subnet; addresses: { ipAddress: string; deviceId: string; hostname: string }[] }> {
  const row = await repo.findSubnet(deps.db, auth.tenantId, id);
  if (!row) throw new NotFoundError('The subnet');
  const devices = await repo.devicesInSubnet(deps.db, auth.tenantId, id);
  return { subnet: toSubnet(row, devices.length), addresses: devices.map((device) => ({ ipAddress: device.ip_address, deviceId: device.id, hostname: device.hostname })) };
}

/** The devices search provider (registered by `app.ts`): host name, serial number or address. */
export const devicesSearchProvider: SearchProvider = {
  type: 'devices',
  label: 'Devices',
  permission: 'deviceView',
  async search(db, auth, { text, skip, take }) {
    const { total, rows } = await repo.page(db, auth.tenantId, { skip, take, ...(text ? { search: text } : {}) });
    return {
      totalResults: total,
      results: rows.map((row) => ({ id: row.id, type: 'devices', title: row.hostname, subtitle: [row.ip_address, row.device_type, row.serial_number].filter(Boolean).join(' · ') })),
    };
  },
};
