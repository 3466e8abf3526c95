/**
 * Certificate endpoints of devices and the certificate endpoint map (issue 13; admin-console §3 "device
 * endpoints and certificate endpoint map"). An endpoint is host:port (with an optional SNI name) where a
 * device presents a TLS certificate. A scan makes one real TLS handshake (no certificate check, nothing
 * sent), reads the leaf certificate presented, stores what it saw and maps it to the Tessera certificate
 * with the same serial number and issuer. Every change and scan is audited in its transaction.
 */
import { isIP } from 'node:net';
import tls from 'node:tls';
import type { X509Certificate } from 'node:crypto';
import {
  ENDPOINT_MESSAGES,
  ENDPOINT_SCAN_TIMEOUT_MS,
  MAX_ENDPOINTS_PER_DEVICE,
  RESULTS_PER_PAGE,
  endpointCertificateStatus,
  endpointInputProblem,
  type DeviceEndpoint,
  type DeviceEndpointInput,
  type Page,
} from '@tessera/domain';
import type { DbOrTrx } from '../db/database';
import type { AuthContext } from '../platform/types';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import { certificateIdOf, certificatesByIds, matchPresentedCertificate, type MatchedCertificate } from '../certificates/certificate-match.service';
import * as devices from './devices.repository';
import * as repo from './endpoints.repository';
import type { DeviceActor, DevicesDeps } from './devices.service';

/** What the endpoints service needs; `scanTimeoutMs` defaults to ENDPOINT_SCAN_TIMEOUT_MS. */
export interface EndpointsDeps extends DevicesDeps {
  scanTimeoutMs?: number;
}

/** What a TLS handshake showed: the leaf certificate, or why there is none. */
export type HandshakeResult = { certificate: X509Certificate } | { error: string };

/**
 * One TLS handshake with host:port (SNI `serverName`, else the host when it is a name): answers the
 * presented leaf certificate. No certificate check (the point is to see what is there), no data sent.
 */
export function tlsHandshake(host: string, port: number, serverName: string, timeoutMs: number): Promise<HandshakeResult> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: HandshakeResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const sni = serverName || (isIP(host) ? undefined : host);
    const socket = tls.connect({ host, port, rejectUnauthorized: false, ...(sni ? { servername: sni } : {}) });
    const timer = setTimeout(() => finish({ error: ENDPOINT_MESSAGES.SCAN_TIMEOUT }), timeoutMs);
    socket.once('secureConnect', () => {
      const certificate = socket.getPeerX509Certificate();
      finish(certificate ? { certificate } : { error: ENDPOINT_MESSAGES.SCAN_NO_CERTIFICATE });
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') finish({ error: ENDPOINT_MESSAGES.SCAN_REFUSED });
      else if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') finish({ error: ENDPOINT_MESSAGES.SCAN_NOT_FOUND });
      else finish({ error: `The TLS handshake failed: ${error.message}` });
    });
  });
}

function toEndpoint(row: repo.EndpointWithDevice, match: MatchedCertificate | undefined, now: number): DeviceEndpoint {
  const seen = row.cert_not_after && row.cert_serial !== null;
  return {
    id: row.id,
    deviceId: row.device_id,
    deviceHostname: row.device_hostname,
    host: row.host,
    port: row.port,
    serverName: row.server_name,
    label: row.label,
    lastScanAt: row.last_scan_at?.toISOString() ?? null,
    lastScanError: row.last_scan_error,
    certificate: seen
      ? {
          fingerprint: row.cert_fingerprint ?? '',
          serialNumber: row.cert_serial ?? '',
          issuer: row.cert_issuer ?? '',
          subject: row.cert_subject ?? '',
          notAfter: row.cert_not_after!.toISOString(),
          certId: match?.certId ?? null,
          tesseraStatus: match?.status ?? null,
        }
      : null,
    status: endpointCertificateStatus(seen ? { notAfter: row.cert_not_after!, tesseraStatus: match?.status ?? null, matched: match !== undefined } : null, row.last_scan_error, now),
    createdAt: row.created_at.toISOString(),
  };
}

async function present(db: DbOrTrx, tenantId: string, rows: repo.EndpointWithDevice[], now: number): Promise<DeviceEndpoint[]> {
  const matches = await certificatesByIds(db, tenantId, rows.flatMap((r) => (r.certificate_id ? [r.certificate_id] : [])));
  return rows.map((r) => toEndpoint(r, r.certificate_id ? matches.get(r.certificate_id) : undefined, now));
}

function fieldsOf(input: DeviceEndpointInput): repo.EndpointFields {
  const problem = endpointInputProblem(input);
  if (problem) throw new ValidationError(problem[0], problem[1], { exact: true });
  return { host: input.host.trim().toLowerCase(), port: input.port, server_name: (input.serverName ?? '').trim().toLowerCase(), label: (input.label ?? '').trim() };
}

function duplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw new ConflictError('host', ENDPOINT_MESSAGES.DUPLICATE);
  throw error;
}

async function one(deps: EndpointsDeps, tenantId: string, id: string): Promise<DeviceEndpoint> {
  const row = await repo.findById(deps.db, tenantId, id);
  if (!row) throw new NotFoundError('The endpoint');
  return (await present(deps.db, tenantId, [row], deps.now()))[0]!;
}

/** `GET DeviceEndpoints?deviceId` (deviceView). @throws NotFoundError */
export async function listDeviceEndpoints(deps: EndpointsDeps, auth: AuthContext, deviceId: string): Promise<DeviceEndpoint[]> {
  if (!(await devices.findById(deps.db, auth.tenantId, deviceId))) throw new NotFoundError('The device');
  return present(deps.db, auth.tenantId, await repo.listOfDevice(deps.db, auth.tenantId, deviceId), deps.now());
}

/** `POST DeviceEndpoint` (deviceEdit): audited `device.endpoint.create`. */
export async function createEndpoint(deps: EndpointsDeps, auth: AuthContext, actor: DeviceActor, deviceId: string, input: DeviceEndpointInput): Promise<DeviceEndpoint> {
  const fields = fieldsOf(input);
  let id: string;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      if (!(await devices.findById(trx, auth.tenantId, deviceId))) throw new NotFoundError('The device');
      if (await repo.findAt(trx, deviceId, fields.host, fields.port)) throw new ConflictError('host', ENDPOINT_MESSAGES.DUPLICATE);
      if ((await repo.countOfDevice(trx, deviceId)) >= MAX_ENDPOINTS_PER_DEVICE) throw new ConflictError('deviceId', ENDPOINT_MESSAGES.TOO_MANY);
      const newId = await repo.insert(trx, auth.tenantId, deviceId, fields);
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'device.endpoint.create', targetType: 'device', targetId: deviceId, detail: { endpointId: newId, host: fields.host, port: fields.port, serverName: fields.server_name } });
      return newId;
    });
  } catch (error) {
    return duplicate(error);
  }
  return one(deps, auth.tenantId, id);
}

/** `PUT DeviceEndpoint` (deviceEdit): audited `device.endpoint.update`; a new host, port or SNI forgets the last scan. */
export async function updateEndpoint(deps: EndpointsDeps, auth: AuthContext, actor: DeviceActor, id: string, input: DeviceEndpointInput): Promise<DeviceEndpoint> {
  const fields = fieldsOf(input);
  try {
    await deps.db.transaction().execute(async (trx) => {
      const before = await repo.findById(trx, auth.tenantId, id);
      if (!before) throw new NotFoundError('The endpoint');
      const other = await repo.findAt(trx, before.device_id, fields.host, fields.port);
      if (other && other.id !== id) throw new ConflictError('host', ENDPOINT_MESSAGES.DUPLICATE);
      const moved = before.host !== fields.host || before.port !== fields.port || before.server_name !== fields.server_name;
      await repo.update(trx, auth.tenantId, id, fields, moved, new Date(deps.now()));
      const changed = (['host', 'port', 'server_name', 'label'] as const).filter((k) => before[k] !== fields[k]);
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'device.endpoint.update', targetType: 'device', targetId: before.device_id, detail: { endpointId: id, changed } });
    });
  } catch (error) {
    return duplicate(error);
  }
  return one(deps, auth.tenantId, id);
}

/** `DELETE DeviceEndpoint/{id}` (deviceEdit): audited `device.endpoint.delete`. */
export async function deleteEndpoint(deps: EndpointsDeps, auth: AuthContext, actor: DeviceActor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.findById(trx, auth.tenantId, id);
    if (!before || !(await repo.remove(trx, auth.tenantId, id))) throw new NotFoundError('The endpoint');
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'device.endpoint.delete', targetType: 'device', targetId: before.device_id, detail: { endpointId: id, host: before.host, port: before.port } });
  });
}

/**
 * `POST ScanDeviceEndpoint` (deviceEdit): one TLS handshake with the endpoint, then in one transaction the
 * result stored (a failed handshake records the error and forgets the certificate seen before) and audited
 * `device.endpoint.scan`. A certificate Tessera issued is matched by serial number and issuer.
 */
export async function scanEndpoint(deps: EndpointsDeps, auth: AuthContext, actor: DeviceActor, id: string): Promise<DeviceEndpoint> {
  const endpoint = await repo.findById(deps.db, auth.tenantId, id);
  if (!endpoint) throw new NotFoundError('The endpoint');
  const result = await tlsHandshake(endpoint.host, endpoint.port, endpoint.server_name, deps.scanTimeoutMs ?? ENDPOINT_SCAN_TIMEOUT_MS);
  const at = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    if ('error' in result) {
      await repo.storeScan(trx, auth.tenantId, id, {
        last_scan_at: at,
        last_scan_error: result.error,
        cert_fingerprint: null,
        cert_serial: null,
        cert_issuer: null,
        cert_subject: null,
        cert_not_after: null,
        certificate_id: null,
      });
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'device.endpoint.scan', targetType: 'device', targetId: endpoint.device_id, detail: { endpointId: id, host: endpoint.host, port: endpoint.port, error: result.error } });
      return;
    }
    const cert = result.certificate;
    const match = await matchPresentedCertificate(trx, auth.tenantId, new Uint8Array(cert.raw));
    const serial = cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, '');
    await repo.storeScan(trx, auth.tenantId, id, {
      last_scan_at: at,
      last_scan_error: null,
      cert_fingerprint: cert.fingerprint256,
      cert_serial: serial,
      cert_issuer: cert.issuer.replace(/\n/g, ', '),
      cert_subject: cert.subject.replace(/\n/g, ', '),
      cert_not_after: new Date(cert.validTo),
      certificate_id: match?.id ?? null,
    });
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'device.endpoint.scan',
      targetType: 'device',
      targetId: endpoint.device_id,
      detail: { endpointId: id, host: endpoint.host, port: endpoint.port, serialNumber: serial, fingerprint: cert.fingerprint256, certificateId: match?.id ?? null },
    });
  });
  return one(deps, auth.tenantId, id);
}

/** `GET DeviceEndpointMap` (deviceView): a page of the tenant's endpoints with the status of their certificates. */
export async function endpointMap(
  deps: EndpointsDeps,
  auth: AuthContext,
  query: { skip?: number; take?: number; search?: string; sort?: keyof typeof repo.ENDPOINT_SORTS; order?: 'asc' | 'desc' },
): Promise<Page<DeviceEndpoint>> {
  const { total, rows } = await repo.page(deps.db, auth.tenantId, {
    skip: query.skip ?? 0,
    take: query.take ?? RESULTS_PER_PAGE,
    ...(query.search?.trim() ? { search: query.search.trim() } : {}),
    sort: query.sort ?? 'host',
    desc: query.order === 'desc',
  });
  return { totalResults: total, results: await present(deps.db, auth.tenantId, rows, deps.now()) };
}

/** `GET CertificateEndpoints?certId` (certView): the endpoints where a Tessera certificate was last seen. */
export async function certificateEndpoints(deps: EndpointsDeps, auth: AuthContext, certId: string): Promise<DeviceEndpoint[]> {
  const certificateId = await certificateIdOf(deps.db, auth.tenantId, certId);
  return present(deps.db, auth.tenantId, await repo.listOfCertificate(deps.db, auth.tenantId, certificateId), deps.now());
}
