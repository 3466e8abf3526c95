/**
 * Uploading an existing certificate (issue 12; admin-console §2.2 `/credentials/certificates/upload`
 * [certUpload] and `le/upload` [uploadLECert]): a PEM or base64 DER certificate is stored as
 * issued_out_of_band, linked to the tenant's CA that signed it when there is one. The input rules of
 * signin §5 (10 MB, binary detection, PEM) are domain's `findDecodeBlocks`. Audited `certificate.upload`.
 */
import { findDecodeBlocks, formatCertId, MESSAGES, type CertificateSummary, type UploadCertificateRequest } from '@tessera/domain';
import { ConflictError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import type { AuthContext } from '../platform/types';
import type { AuditEventInput } from '../platform/audit';
import { x509, type PkiDeps } from '../pki/pki.service';
import { lintCertificate } from './lint';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** The bytes of the `certificate` field: PEM text as is, anything else read as base64 DER. */
function inputBytes(text: string): Uint8Array {
  if (text.includes('-----BEGIN')) return new TextEncoder().encode(text);
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new ValidationError('certificate', MESSAGES.UPLOAD_NOT_A_CERTIFICATE, { exact: true });
  return new Uint8Array(Buffer.from(compact, 'base64'));
}

/** The first certificate of the input. @throws ValidationError naming `certificate` */
export function parseUploadedCertificate(text: string): x509.X509Certificate {
  const input = findDecodeBlocks(inputBytes(text));
  if (!input.ok) throw new ValidationError('certificate', input.problem === 'TOO_LARGE' ? input.message : MESSAGES.UPLOAD_NOT_A_CERTIFICATE, { exact: true });
  for (const block of input.blocks) {
    if (block.kind !== null && block.kind !== 'certificate') continue;
    try {
      return new x509.X509Certificate(new Uint8Array(block.der).buffer);
    } catch {
      // not a certificate: try the next block
    }
  }
  throw new ValidationError('certificate', MESSAGES.UPLOAD_NOT_A_CERTIFICATE, { exact: true });
}

/** Stores an uploaded certificate of the tenant (201 CertificateSummary); 409 when it is already stored. */
export async function uploadCertificate(deps: PkiDeps, auth: AuthContext, actor: Actor, request: UploadCertificateRequest): Promise<CertificateSummary> {
  const cert = parseUploadedCertificate(request.certificate);
  // The tenant's CA that signed it, if any (same subject as the issuer and a signature that verifies).
  const cas = await deps.db.selectFrom('certificate_authorities').select(['id', 'friendly_name', 'certificate_pem']).where('tenant_id', '=', auth.tenantId).execute();
  let ca: (typeof cas)[number] | undefined;
  for (const candidate of cas) {
    const caCert = new x509.X509Certificate(candidate.certificate_pem);
    if (caCert.subject !== cert.issuer) continue;
    if (await cert.verify({ publicKey: caCert.publicKey, signatureOnly: true }).catch(() => false)) {
      ca = candidate;
      break;
    }
  }
  const serial = cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, '');
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('certificates')
        .values({
          tenant_id: auth.tenantId,
          ca_id: ca?.id ?? null,
          serial_number: serial,
          issuer: cert.issuer,
          template_id: null,
          status: 'issued_out_of_band',
          subject: cert.subject,
          cn: cert.subjectName.getField('CN')[0] ?? '',
          certificate_pem: cert.toString('pem'),
          not_before: cert.notBefore,
          not_after: cert.notAfter,
          friendly_name: request.friendlyName ?? null,
          contact_email: null,
          requested_by: actor.actorUserId ?? null,
          lint: JSON.stringify(lintCertificate(cert)),
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'certificate.upload', targetType: 'certificate', targetId: row.id, detail: { serialNumber: serial, issuer: cert.issuer, subject: cert.subject, caId: ca?.id ?? null } });
      return {
        certId: formatCertId(ca?.id ?? 'external', serial),
        caId: ca?.id ?? '',
        caName: ca?.friendly_name ?? '',
        serialNumber: serial,
        subject: cert.subject,
        cn: cert.subjectName.getField('CN')[0] ?? '',
        status: 'issued_out_of_band',
        templateId: null,
        template: null,
        class: null,
        validFrom: cert.notBefore.toISOString(),
        validTo: cert.notAfter.toISOString(),
        createdAt: new Date(row.created_at).toISOString(),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('certificate', MESSAGES.UPLOAD_DUPLICATE);
    throw error;
  }
}
