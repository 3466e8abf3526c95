/**
 * Certificates (issue 12; admin-console §4 request flow and revocation): issue from a CSR through the
 * request flow, request status, revoke with an RFC 5280 reason (the CRL is re-signed in the same
 * transaction), search.
 */
import {
  CERTIFICATE_PAGE_SIZE,
  formatCertId,
  type CertificateRequestResult,
  type CertificateRequestStatus,
  type CertificateStatus,
  type RevokeCertificateRequest,
  type RevokeCertificateResponse,
  type SearchCertificatesRequest,
  type SearchCertificatesResponse,
  type SubmitCsrRequest,
  type TemplateClass,
} from '@tessera/domain';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import type { AuthContext } from '../platform/types';
import type { AuditEventInput } from '../platform/audit';
import { signingCaOfRow } from '../pki/ca.service';
import { templateAndCaForIssue } from '../pki/templates.service';
import { regenerateCrl } from '../pki/crl.service';
import type { PkiDeps } from '../pki/pki.service';
import { likePattern } from '../platform/like-pattern';
import { cappedCount } from '../platform/capped-count';
import type { DbOrTrx, Trx } from '../db/database';
import { issueFromCsr, IssueRefused, parseCsr, type IssuedCertificate } from './issue';
import type { x509 } from '../pki/pki.service';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/**
 * Submits a CSR for a template: refused requests answer `failed` with a failureCode (and are recorded with
 * status `error` when the CSR itself is bad, `denied` when the template refuses it); a template that needs
 * approval answers `pending` (status under_submission); otherwise the certificate is issued (`complete`).
 * Audited `certificate.request` and `certificate.issue` in the transaction that stores them.
 */
export async function submitCsr(deps: PkiDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, request: SubmitCsrRequest, classes: readonly TemplateClass[]): Promise<CertificateRequestResult> {
  // The template and its CA in one statement (issuance is the hot path); a CA of another tenant is not found, as in signingCa.
  const { template, caRow } = await templateAndCaForIssue(deps.db, auth.tenantId, request.templateId).catch((cause: unknown) => {
    throw new ValidationError('templateId', 'is not a certificate template of this tenant', { cause });
  });
  if (!classes.includes(template.class)) throw new ValidationError('templateId', `is a ${template.class} template; this call takes ${classes.join(' or ')} templates`);
  if (caRow.tenant_id !== auth.tenantId) throw new NotFoundError('The certificate authority');
  const ca = await signingCaOfRow(deps, caRow);
  let csr: x509.Pkcs10CertificateRequest | undefined;
  let issued: IssuedCertificate | undefined;
  let failure: IssueRefused | null = null;
  try {
    csr = parseCsr(request.csr);
    if (!template.approvalRequired) issued = await issueFromCsr({ csr, template, ca, request, now: deps.now(), publicUrl: deps.publicUrl });
    else await issueFromCsr({ csr, template, ca, request, now: deps.now(), publicUrl: deps.publicUrl }); // checked now, signed on approval
  } catch (error) {
    if (!(error instanceof IssueRefused)) throw error;
    failure = error;
  }
  const status: CertificateStatus = failure ? (failure.failureCode.startsWith('CSR_') ? 'error' : 'denied') : issued ? 'issued' : 'under_submission';
  return deps.db.transaction().execute(async (trx) => {
    const certificateId = issued ? await storeIssued(trx, auth.tenantId, ca.row.id, template.templateId, issued, request, actor.actorUserId ?? null) : null;
    const req = await trx
      .insertInto('certificate_requests')
      .values({
        tenant_id: auth.tenantId,
        template_id: template.templateId,
        ca_id: ca.row.id,
        csr_pem: request.csr,
        subject: csr?.subject ?? '',
        detail: JSON.stringify({ subject: request.subject ?? null, sans: request.sans ?? null, friendlyName: request.friendlyName ?? null, contactEmail: request.contactEmail ?? null }),
        status,
        failure_code: failure?.failureCode ?? null,
        certificate_id: certificateId,
        requested_by: actor.actorUserId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'certificate.request', targetType: 'certificate_request', targetId: req.id, outcome: failure ? 'failure' : 'success', detail: { template: template.templateName, status, failureCode: failure?.failureCode ?? null } });
    if (issued) await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'certificate.issue', targetType: 'certificate', targetId: certificateId, detail: { serialNumber: issued.serialNumber, caId: ca.row.id, subject: issued.subject } });
    if (failure) return { requestId: req.id, status: 'failed', failureCode: failure.failureCode, message: failure.message };
    if (!issued) return { requestId: req.id, status: 'pending' };
    return completeResult(req.id, auth.tenantId, ca.row.id, issued, template.templateName);
  });
}

/** Stores an issued certificate (with its lint); answers its row id. */
export async function storeIssued(trx: DbOrTrx, tenantId: string, caId: string, templateId: string, issued: IssuedCertificate, request: Pick<SubmitCsrRequest, 'friendlyName' | 'contactEmail'>, requestedBy: string | null): Promise<string> {
  const row = await trx
    .insertInto('certificates')
    .values({
      tenant_id: tenantId,
      ca_id: caId,
      serial_number: issued.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
      issuer: issued.issuer,
      template_id: templateId,
      status: 'issued',
      subject: issued.subject,
      cn: issued.cn,
      certificate_pem: issued.pem,
      not_before: issued.notBefore,
      not_after: issued.notAfter,
      friendly_name: request.friendlyName ?? null,
      contact_email: request.contactEmail ?? null,
      requested_by: requestedBy,
      lint: JSON.stringify(issued.lint),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The request-complete answer (admin-console §4: certTID, certCN, certID, template). */
export function completeResult(requestId: string, tenantId: string, caId: string, issued: IssuedCertificate, templateName: string): CertificateRequestResult {
  return { requestId, status: 'complete', certTID: tenantId, certificate: issued.pem, certCN: issued.cn, certID: formatCertId(caId, issued.serialNumber), template: templateName };
}

/** `certificate-request-status` calls (admin-console §7): status and serial of a request of the tenant. */
export async function requestStatus(deps: Pick<PkiDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, requestId: string, caId?: string): Promise<CertificateRequestStatus> {
  let query = deps.db
    .selectFrom('certificate_requests as r')
    .leftJoin('certificates as c', 'c.id', 'r.certificate_id')
    .select(['r.id', 'r.status', 'r.ca_id', 'c.serial_number'])
    .where('r.tenant_id', '=', auth.tenantId)
    .where('r.id', '=', requestId);
  if (caId !== undefined) query = query.where('r.ca_id', '=', caId);
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFoundError('The certificate request');
  return { requestId: row.id, status: row.status as CertificateStatus, ca_id: row.ca_id, serial_number: row.serial_number ?? null };
}

/**
 * Revokes a certificate of the tenant with an RFC 5280 reason. A template with revocationApprovalRequired
 * records a pending revocation instead. Audited `certificate.revoke`; the CA's CRL is re-signed in the same
 * transaction, so OCSP and the CRL answer revoked at once.
 */
export async function revoke(deps: PkiDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, request: RevokeCertificateRequest): Promise<RevokeCertificateResponse> {
  const serial = request.serialNumber.toLowerCase().replace(/^0+(?=.)/, '');
  return deps.db.transaction().execute(async (trx) => {
    const cert = await trx
      .selectFrom('certificates as c')
      .leftJoin('certificate_templates as t', 't.id', 'c.template_id')
      .select(['c.id', 'c.status', 'c.ca_id', 'c.serial_number', 'c.revocation_reason', 't.settings'])
      .where('c.tenant_id', '=', auth.tenantId)
      .where('c.ca_id', '=', request.caId)
      .where((eb) => eb.or([eb('c.serial_number', '=', request.serialNumber.toLowerCase()), eb('c.serial_number', '=', serial)]))
      .forUpdate('c')
      .executeTakeFirst();
    if (!cert) throw new NotFoundError('The certificate');
    // A certificate on hold (certificateHold) may still be revoked for good (RFC 5280 §5.3.1).
    if (cert.status === 'revoked' && cert.revocation_reason !== 'certificateHold') throw new ConflictError('serialNumber', 'The certificate is already revoked.');
    const needsApproval = (cert.settings as { revocationApprovalRequired?: boolean } | null)?.revocationApprovalRequired === true;
    const now = new Date(deps.now());
    const rev = await trx
      .insertInto('revocations')
      .values({ tenant_id: auth.tenantId, certificate_id: cert.id, reason: request.reason, comment: request.comment ?? null, state: needsApproval ? 'pending' : 'complete', requested_by: actor.actorUserId ?? null, revoked_at: needsApproval ? null : now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!needsApproval) {
      await trx.updateTable('certificates').set({ status: 'revoked', revoked_at: now, revocation_reason: request.reason, updated_at: now }).where('id', '=', cert.id).execute();
      await regenerateCrl(deps, trx, cert.ca_id!);
    }
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'certificate.revoke', targetType: 'certificate', targetId: cert.id, detail: { serialNumber: cert.serial_number, reason: request.reason, pending: needsApproval } });
    return { revocationId: rev.id, status: needsApproval ? 'pending' : 'ok', certificateIsOnline: !needsApproval };
  });
}

/** A serial as the certificates table may hold it (lower-case hex, leading zeros stripped or not). */
function serialForms(serialNumber: string): string[] {
  const lower = serialNumber.toLowerCase();
  return [...new Set([lower, lower.replace(/^0+(?=.)/, '')])];
}

/**
 * Puts certificates on hold in the caller's transaction (RFC 5280 certificateHold: revoked with reason 6 in the
 * CRL and OCSP until released): those already revoked are left as they are. Regenerates each CA's CRL and audits
 * `certificate.hold` per certificate. Answers the certificates it put on hold.
 * @throws NotFoundError (a certificate not of the tenant)
 */
export async function holdCertificates(deps: PkiDeps, trx: Trx, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, certificates: readonly { caId: string; serialNumber: string }[], reasonText: string | null): Promise<{ caId: string; serialNumber: string }[]> {
  const now = new Date(deps.now());
  const held: { caId: string; serialNumber: string }[] = [];
  for (const c of certificates) {
    const cert = await trx.selectFrom('certificates').select(['id', 'status', 'ca_id', 'serial_number']).where('tenant_id', '=', auth.tenantId).where('ca_id', '=', c.caId).where('serial_number', 'in', serialForms(c.serialNumber)).forUpdate().executeTakeFirst();
    if (!cert) throw new NotFoundError('The certificate');
    if (cert.status === 'revoked') continue;
    await trx.updateTable('certificates').set({ status: 'revoked', revoked_at: now, revocation_reason: 'certificateHold', updated_at: now }).where('id', '=', cert.id).execute();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'certificate.hold', targetType: 'certificate', targetId: cert.id, detail: { serialNumber: cert.serial_number, reason: reasonText } });
    held.push(c);
  }
  for (const caId of new Set(held.map((c) => c.caId))) await regenerateCrl(deps, trx, caId);
  return held;
}

/**
 * Releases certificates from hold in the caller's transaction (RFC 5280 §5.3.1: a held certificate may leave the
 * CRL): status `issued` again, out of the next CRL, good in OCSP. Certificates not on hold are left as they are
 * (revoked for good stays revoked). Audits `certificate.release` per certificate; answers those released.
 */
export async function releaseCertificates(deps: PkiDeps, trx: Trx, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, certificates: readonly { caId: string; serialNumber: string }[]): Promise<{ caId: string; serialNumber: string }[]> {
  const now = new Date(deps.now());
  const released: { caId: string; serialNumber: string }[] = [];
  for (const c of certificates) {
    const cert = await trx.selectFrom('certificates').select(['id', 'status', 'revocation_reason', 'serial_number']).where('tenant_id', '=', auth.tenantId).where('ca_id', '=', c.caId).where('serial_number', 'in', serialForms(c.serialNumber)).forUpdate().executeTakeFirst();
    if (!cert || cert.status !== 'revoked' || cert.revocation_reason !== 'certificateHold') continue;
    await trx.updateTable('certificates').set({ status: 'issued', revoked_at: null, revocation_reason: null, updated_at: now }).where('id', '=', cert.id).execute();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'certificate.release', targetType: 'certificate', targetId: cert.id, detail: { serialNumber: cert.serial_number } });
    released.push(c);
  }
  for (const caId of new Set(released.map((c) => c.caId))) await regenerateCrl(deps, trx, caId);
  return released;
}

/** Certificate search: filters, sort and paging (10 a page) in the database. */
export async function search(deps: Pick<PkiDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, request: SearchCertificatesRequest): Promise<SearchCertificatesResponse> {
  const pageSize = request.pageSize ?? CERTIFICATE_PAGE_SIZE;
  const page = request.page ?? 1;
  const f = request.filters ?? {};
  // Every filter is on the certificate's own columns: the count reads `certificates` alone, the page joins its CA and template.
  let query = deps.db.selectFrom('certificates as c').where('c.tenant_id', '=', auth.tenantId);
  if (f.status?.length) query = query.where('c.status', 'in', f.status);
  if (f.templateId) query = query.where('c.template_id', '=', f.templateId);
  if (f.caId) query = query.where('c.ca_id', '=', f.caId);
  if (f.subject) query = query.where('c.subject', 'ilike', likePattern(f.subject));
  if (f.serial) query = query.where('c.serial_number', 'like', `${f.serial.toLowerCase().replace(/[^0-9a-f]/g, '')}%`);
  if (f.expiresAfter) query = query.where('c.not_after', '>=', new Date(f.expiresAfter));
  if (f.expiresBefore) query = query.where('c.not_after', '<=', new Date(f.expiresBefore));
  // admin-console §4 certificate type: the class of the certificate's template (ANY: no filter; a certificate without a template has no type).
  if (f.certificateType && f.certificateType !== 'ANY') {
    const type = f.certificateType;
    query = query.where('c.template_id', 'in', (qb) => qb.selectFrom('certificate_templates').select('id').where('tenant_id', '=', auth.tenantId).where('class', '=', type));
  }
  const total = await cappedCount(deps.db, query, (page - 1) * pageSize, pageSize);
  const column = { createdAt: 'c.created_at', validTo: 'c.not_after', validFrom: 'c.not_before', subject: 'c.subject', serialNumber: 'c.serial_number', status: 'c.status' } as const;
  const rows = await query
    .leftJoin('certificate_authorities as ca', 'ca.id', 'c.ca_id')
    .leftJoin('certificate_templates as t', 't.id', 'c.template_id')
    .select(['c.id', 'c.ca_id', 'ca.friendly_name as ca_name', 'c.serial_number', 'c.subject', 'c.cn', 'c.status', 'c.template_id', 't.name as template', 't.class', 'c.not_before', 'c.not_after', 'c.created_at'])
    .orderBy(column[request.sortField ?? 'createdAt'], request.sortDirection ?? 'desc')
    // The tie-break runs in the same direction, so that one (tenant_id, column, id) index serves both.
    .orderBy('c.id', request.sortDirection ?? 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    ...total,
    page,
    pageSize,
    results: rows.map((r) => ({
      certId: formatCertId(r.ca_id ?? 'external', r.serial_number),
      caId: r.ca_id ?? '',
      caName: r.ca_name ?? '',
      serialNumber: r.serial_number,
      subject: r.subject,
      cn: r.cn,
      status: r.status as CertificateStatus,
      templateId: r.template_id,
      template: r.template ?? null,
      class: (r.class as TemplateClass | null) ?? null,
      validFrom: r.not_before.toISOString(),
      validTo: r.not_after.toISOString(),
      createdAt: r.created_at.toISOString(),
    })),
  };
}
