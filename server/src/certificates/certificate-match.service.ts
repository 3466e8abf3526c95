/**
 * Which Tessera certificate a certificate seen elsewhere is (issue 13, the device "certificate endpoint
 * map"): a match needs the same serial number AND the same issuer (the issuing CA's subject) in the tenant.
 * The devices area reaches certificates only through these functions.
 */
import { formatCertId, parseCertId } from '@tessera/domain';
import type { DbOrTrx } from '../db/database';
import { NotFoundError } from '../platform/errors';
import { x509 } from '../pki/pki.service';

/** A Tessera certificate as the endpoint map shows it. */
export interface MatchedCertificate {
  id: string;
  certId: string;
  status: string;
}

/** Serial in the stored form: lower-case hex without leading zeros. */
function storedSerial(hex: string): string {
  return hex.toLowerCase().replace(/^0+(?=.)/, '');
}

/** The tenant's certificate with the serial and issuer of this DER certificate, or null. */
export async function matchPresentedCertificate(db: DbOrTrx, tenantId: string, der: Uint8Array<ArrayBuffer>): Promise<MatchedCertificate | null> {
  const cert = new x509.X509Certificate(der);
  const serial = storedSerial(cert.serialNumber);
  const rows = await db
    .selectFrom('certificates')
    .select(['id', 'ca_id', 'serial_number', 'issuer', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('serial_number', 'in', [serial, cert.serialNumber.toLowerCase()])
    .where('ca_id', 'is not', null)
    .execute();
  const row = rows.find((r) => r.issuer === cert.issuer);
  return row ? { id: row.id, certId: formatCertId(row.ca_id!, row.serial_number), status: row.status } : null;
}

/** Tenant certificates by id (ids of another tenant are left out). */
export async function certificatesByIds(db: DbOrTrx, tenantId: string, ids: readonly string[]): Promise<Map<string, MatchedCertificate>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('certificates').select(['id', 'ca_id', 'serial_number', 'status']).where('tenant_id', '=', tenantId).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.filter((r) => r.ca_id !== null).map((r) => [r.id, { id: r.id, certId: formatCertId(r.ca_id!, r.serial_number), status: r.status }]));
}

/** The id of the tenant's certificate with this certId. @throws NotFoundError */
export async function certificateIdOf(db: DbOrTrx, tenantId: string, certId: string): Promise<string> {
  const parsed = parseCertId(certId);
  if (!parsed || !/^[0-9a-f-]{36}$/i.test(parsed.caId)) throw new NotFoundError('The certificate');
  const row = await db
    .selectFrom('certificates')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('ca_id', '=', parsed.caId)
    .where('serial_number', 'in', [parsed.serialNumber, storedSerial(parsed.serialNumber)])
    .executeTakeFirst();
  if (!row) throw new NotFoundError('The certificate');
  return row.id;
}
