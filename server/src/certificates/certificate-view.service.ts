/**
 * Reading one certificate (issue 12; admin-console §3 certificate details and certificate info): its fields,
 * its chain and lint verdicts, its downloads (PEM, DER, PKCS#7 certs-only), and the list of revocations.
 */
import {
  EXTENDED_KEY_USAGES,
  formatCertId,
  KEY_USAGES,
  parseCertId,
  PRODUCT_NAME,
  REVOCATION_STATES,
  type CertificateDetails,
  type CertificateFormat,
  type CertificateInfo,
  type CertificateStatus,
  type KeyUsage,
  type LintFinding,
  type RevocationReason,
  type RevocationsQuery,
  type RevocationsResponse,
  type RevocationState,
  type TemplateClass,
} from '@tessera/domain';
import { sql } from 'kysely';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { NotFoundError } from '../platform/errors';
import { likePattern } from '../platform/like-pattern';
import type { AuthContext } from '../platform/types';
import { caPublicUrls, caWithChain } from '../pki/ca.service';
import { signatureAlgorithmName, x509, type PkiDeps } from '../pki/pki.service';

/** OID of the Microsoft smart card logon EKU (a certificate that carries it is for Windows logon). */
const SMARTCARD_LOGON_EKU = '1.3.6.1.4.1.311.20.2.2';
const EKU_NAME_OF: ReadonlyMap<string, string> = new Map(Object.entries(EXTENDED_KEY_USAGES).map(([name, oid]) => [oid, name]));
const DEVICE_CLASSES: readonly string[] = ['DEVICE', 'AUTOENROLLDEVICE'];

/** The certificate row of a certId of the tenant, with its CA, template and request. @throws NotFoundError */
async function findCertificate(deps: Pick<PkiDeps, 'db'>, tenantId: string, certId: string) {
  const id = parseCertId(certId);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id.caId)) throw new NotFoundError('The certificate');
  const serial = id.serialNumber.replace(/^0+(?=.)/, '');
  const row = await deps.db
    .selectFrom('certificates as c')
    .innerJoin('certificate_authorities as ca', 'ca.id', 'c.ca_id')
    .leftJoin('certificate_templates as t', 't.id', 'c.template_id')
    .select([
      'c.id',
      'c.tenant_id',
      'c.ca_id',
      'c.serial_number',
      'c.status',
      'c.subject',
      'c.cn',
      'c.certificate_pem',
      'c.friendly_name',
      'c.contact_email',
      'c.requested_by',
      'c.revocation_reason',
      'c.revoked_at',
      'c.lint',
      'c.template_id',
      'c.created_at',
      'c.updated_at',
      'ca.tenant_id as ca_tenant_id',
      't.name as template',
      't.class',
    ])
    .where('c.tenant_id', '=', tenantId)
    .where('c.ca_id', '=', id.caId)
    .where((eb) => eb.or([eb('c.serial_number', '=', id.serialNumber), eb('c.serial_number', '=', serial)]))
    .executeTakeFirst();
  if (!row || row.ca_id === null) throw new NotFoundError('The certificate');
  return { ...row, ca_id: row.ca_id };
}

function keyUsagesOf(cert: x509.X509Certificate): KeyUsage[] {
  const ext = cert.getExtension(x509.KeyUsagesExtension);
  if (!ext) return [];
  return KEY_USAGES.filter((name) => (ext.usages & x509.KeyUsageFlags[name]) !== 0);
}

function emailOf(cert: x509.X509Certificate): string | null {
  const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
  const fromSan = san?.names.items.find((n) => n.type === 'email')?.value;
  return fromSan ?? cert.subjectName.getField('E')[0] ?? null;
}

/**
 * `GET Certificate?certId` (certView): every field of admin-console §3 certificate details, the chain (the
 * issuing CA up to the root) and the lint verdicts recorded at issue. Another tenant's certificate is a 404.
 */
export async function getCertificate(deps: Pick<PkiDeps, 'db' | 'publicUrl'>, auth: Pick<AuthContext, 'tenantId'>, certId: string): Promise<CertificateDetails> {
  const row = await findCertificate(deps, auth.tenantId, certId);
  const { ca, chain } = await caWithChain(deps, auth.tenantId, row.ca_id);
  const request = await deps.db.selectFrom('certificate_requests').select(['id', 'csr_pem']).where('tenant_id', '=', auth.tenantId).where('certificate_id', '=', row.id).executeTakeFirst();
  const cert = new x509.X509Certificate(row.certificate_pem);
  const ekuOids = (cert.getExtension(x509.ExtendedKeyUsageExtension)?.usages ?? []).map(String);
  const aia = cert.getExtension(x509.AuthorityInfoAccessExtension);
  const crlDp = cert.getExtension(x509.CRLDistributionPointsExtension);
  const crlLocation = crlDp?.distributionPoints.flatMap((dp) => dp.distributionPoint?.fullName?.map((n) => n.uniformResourceIdentifier ?? '') ?? []).find((u) => u !== '') ?? caPublicUrls(deps.publicUrl, row.ca_id).crl;
  return {
    certId: formatCertId(row.ca_id, row.serial_number),
    csr: request?.csr_pem ?? null,
    caName: ca.friendly_name,
    template: row.template ?? null,
    certificate: row.certificate_pem,
    serialNumber: row.serial_number,
    status: row.status as CertificateStatus,
    friendly_name: row.friendly_name,
    server: deps.publicUrl,
    function: row.class ?? null,
    vendor: PRODUCT_NAME,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ca_id: row.ca_id,
    ca_owner: row.ca_tenant_id,
    name: row.cn,
    ca_certificate: ca.certificate_pem,
    crl_location: crlLocation,
    ocsp_enabled: (aia?.ocsp.length ?? 0) > 0,
    certificate_logon_ca: ekuOids.includes(SMARTCARD_LOGON_EKU),
    tenant_id: row.tenant_id,
    csr_id: request?.id ?? null,
    class: (row.class as TemplateClass | null) ?? null,
    email: emailOf(cert),
    device_id: null,
    subject: row.subject,
    // RFC 5280 §4.1.2.1: the encoded INTEGER is the version minus one.
    version: AsnConvert.parse(cert.rawData, Certificate).tbsCertificate.version + 1,
    valid_from: cert.notBefore.toISOString(),
    valid_to: cert.notAfter.toISOString(),
    template_id: row.template_id,
    key_usage: keyUsagesOf(cert),
    eku: ekuOids.map((oid) => EKU_NAME_OF.get(oid) ?? oid),
    signature_algorithm: signatureAlgorithmName(cert.signatureAlgorithm as { name: string; hash?: { name: string } }),
    cert_base64: Buffer.from(cert.rawData).toString('base64'),
    contact_email: row.contact_email,
    revocation_reason: (row.revocation_reason as RevocationReason | null) ?? null,
    revocation_date: row.revoked_at?.toISOString() ?? null,
    eku_oid: ekuOids,
    card_serial: await cardSerialOf(deps, auth.tenantId, row.ca_id, row.serial_number),
    chain,
    lint: row.lint as LintFinding[],
  };
}

/**
 * The serial number of the tenant's smartcard holding this certificate (a card's `certificates` list names each
 * certificate it carries by CA and serial), or null when no card does. The newest card wins.
 */
async function cardSerialOf(deps: Pick<PkiDeps, 'db'>, tenantId: string, caId: string, serialNumber: string): Promise<string | null> {
  const holds = JSON.stringify([{ caId, serialNumber }]);
  const card = await deps.db
    .selectFrom('smartcards')
    .select('serial_number')
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`certificates @> ${holds}::jsonb`)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return card?.serial_number ?? null;
}

/**
 * `GET CertificateInfo?certId` (certView; admin-console §3 certificate info): the user who requested it, for a
 * device certificate the tenant's device whose hostname is its CN, and the smartcard the certificate lives on.
 */
export async function getCertificateInfo(deps: Pick<PkiDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, certId: string): Promise<CertificateInfo> {
  const row = await findCertificate(deps, auth.tenantId, certId);
  const user = row.requested_by
    ? await deps.db.selectFrom('users').select(['id', 'username']).where('tenant_id', '=', auth.tenantId).where('id', '=', row.requested_by).executeTakeFirst()
    : undefined;
  const device =
    row.class && DEVICE_CLASSES.includes(row.class) && row.cn !== ''
      ? await deps.db
          .selectFrom('devices')
          .select(['id', 'hostname', 'serial_number'])
          .where('tenant_id', '=', auth.tenantId)
          .where((eb) => eb(eb.fn('lower', ['hostname']), '=', row.cn.toLowerCase()))
          .orderBy('created_at')
          .executeTakeFirst()
      : undefined;
  return {
    cn: row.cn,
    dn: row.subject,
    certificate: row.certificate_pem,
    associatedUser: user ? { id: user.id, username: user.username } : null,
    associatedDevice: device ? { device_oid: device.id, hostname: device.hostname, serial_number: device.serial_number } : null,
    associatedSmartcardDetails: await cardSerialOf(deps, auth.tenantId, row.ca_id, row.serial_number).then((serial) => (serial === null ? null : { card_serial: serial })),
  };
}

/** A downloaded certificate file (base64 bytes). */
export interface CertificateFileOut {
  fileName: string;
  contentType: string;
  data: string;
}

/**
 * `GET CertificateDownload?certId&format` (certView): PEM, DER, or PKCS#7 certs-only (RFC 5652 degenerate
 * SignedData, RFC 2315 `.p7b`) holding the certificate and its chain up to the root.
 */
export async function downloadCertificate(deps: Pick<PkiDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, certId: string, format: CertificateFormat): Promise<CertificateFileOut> {
  const row = await findCertificate(deps, auth.tenantId, certId);
  const cert = new x509.X509Certificate(row.certificate_pem);
  const base = (row.cn || row.serial_number).replace(/[^A-Za-z0-9._-]+/g, '_');
  if (format === 'pem') return { fileName: `${base}.pem`, contentType: 'application/x-pem-file', data: Buffer.from(cert.toString('pem') + '\n').toString('base64') };
  if (format === 'der') return { fileName: `${base}.cer`, contentType: 'application/pkix-cert', data: Buffer.from(cert.rawData).toString('base64') };
  const { chain } = await caWithChain(deps, auth.tenantId, row.ca_id);
  const bundle = new x509.X509Certificates([cert, ...chain.map((pem) => new x509.X509Certificate(pem))]);
  return { fileName: `${base}.p7b`, contentType: 'application/pkcs7-mime', data: Buffer.from(bundle.export('raw')).toString('base64') };
}

/**
 * `GET Revocations`: revocations of the tenant in `states` (the route decides which the viewer may see), 10 a page,
 * paged, sorted and searched (subject substring or serial prefix) in the database.
 */
export async function listRevocations(
  deps: Pick<PkiDeps, 'db'>,
  auth: Pick<AuthContext, 'tenantId'>,
  query: Omit<RevocationsQuery, 'state' | 'certId'> & { certId?: { caId: string; serialNumber: string } },
  states: readonly RevocationState[],
  pageSize: number,
): Promise<RevocationsResponse> {
  let q = deps.db.selectFrom('revocations as r').innerJoin('certificates as c', 'c.id', 'r.certificate_id').where('r.tenant_id', '=', auth.tenantId).where('r.state', 'in', states);
  if (query.certId) q = q.where('c.ca_id', '=', query.certId.caId).where('c.serial_number', '=', query.certId.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''));
  const search = query.search?.trim();
  if (search) {
    const serial = search.toLowerCase().replace(/^0x/, '');
    q = q.where((eb) => eb.or([eb('c.subject', 'ilike', likePattern(search)), ...(/^[0-9a-f]{1,40}$/.test(serial) ? [eb('c.serial_number', 'like', `${serial}%`)] : [])]));
  }
  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const column = { requestedAt: 'r.requested_at', revokedAt: 'r.revoked_at', subject: 'c.subject', serialNumber: 'c.serial_number', reason: 'r.reason', state: 'r.state' } as const;
  const page = query.page ?? 1;
  const rows = await q
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .select(['r.id', 'c.ca_id', 'c.serial_number', 'c.subject', 'r.reason', 'r.state', 'u.username', 'r.requested_at', 'r.revoked_at', 'r.failure_code'])
    .orderBy(column[query.sortField ?? 'requestedAt'], query.sortDirection ?? 'desc')
    .orderBy('r.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    totalResults: Number(total.n),
    results: rows.map((r) => ({
      revocationId: r.id,
      certId: formatCertId(r.ca_id ?? 'external', r.serial_number),
      caId: r.ca_id ?? '',
      serialNumber: r.serial_number,
      subject: r.subject,
      reason: r.reason as RevocationReason,
      state: REVOCATION_STATES.includes(r.state as RevocationState) ? (r.state as RevocationState) : 'failed',
      requestedBy: r.username ?? null,
      requestedAt: r.requested_at.toISOString(),
      revokedAt: r.revoked_at?.toISOString() ?? null,
      failureCode: r.failure_code,
    })),
  };
}
