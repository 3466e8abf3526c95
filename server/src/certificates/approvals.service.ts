/**
 * Approvals (issue 12; admin-console §2.2 `approvals`, `approval/{id}` [certApprovals], §4 request and
 * revocation flows): requests of a template with approvalRequired wait as under_submission until an approver
 * issues or denies them; revocations of a template with revocationApprovalRequired wait as pending until an
 * approver completes or denies them, or someone cancels them. Nobody decides their own request. Every
 * decision is audited in its transaction.
 */
import {
  MESSAGES,
  type ApproveCertificateRequest,
  type ApproveRevocationRequest,
  type ApproveRevocationResponse,
  type CertificateRequestResult,
  type CertificateRequestsResponse,
  type CertificateStatus,
  type SubmitCsrRequest,
} from '@tessera/domain';
import { ConflictError, ForbiddenError, NotFoundError } from '../platform/errors';
import type { AuthContext } from '../platform/types';
import type { DbOrTrx } from '../db/database';
import type { AuditEventInput } from '../platform/audit';
import { signingCa } from '../pki/ca.service';
import { templateForIssue } from '../pki/templates.service';
import { regenerateCrl } from '../pki/crl.service';
import type { PkiDeps } from '../pki/pki.service';
import { issueFromCsr, IssueRefused, parseCsr } from './issue';
import { completeResult, storeIssued } from './certificates.service';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;


/** Requests of the tenant in a status (default under_submission: those awaiting approval), oldest first. */
export async function listRequests(deps: Pick<PkiDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, status: CertificateStatus = 'under_submission'): Promise<CertificateRequestsResponse> {
  const rows = await deps.db
    .selectFrom('certificate_requests as r')
    .leftJoin('certificate_templates as t', 't.id', 'r.template_id')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .select(['r.id', 'r.template_id', 't.name as template', 'r.ca_id', 'r.subject', 'r.status', 'u.username', 'r.created_at'])
    .where('r.tenant_id', '=', auth.tenantId)
    .where('r.status', '=', status)
    .orderBy('r.created_at')
    .limit(500)
    .execute();
  return {
    requests: rows.map((r) => ({ requestId: r.id, templateId: r.template_id ?? '', template: r.template ?? '', caId: r.ca_id, subject: r.subject, status: r.status as CertificateStatus, requestedBy: r.username ?? null, createdAt: new Date(r.created_at).toISOString() })),
  };
}

/**
 * Approves (issues) or denies a request awaiting approval. The requester may not decide it (403); a request
 * not under_submission is 409. A CSR the template no longer accepts at approval is denied with its failureCode.
 * Audited `certificate.approve` (+ `certificate.issue`) or `certificate.deny`.
 */
export async function decideRequest(deps: PkiDeps, auth: AuthContext, actor: Actor, input: ApproveCertificateRequest): Promise<CertificateRequestResult> {
  return deps.db.transaction().execute(async (trx) => {
    const req = await trx.selectFrom('certificate_requests').selectAll().where('tenant_id', '=', auth.tenantId).where('id', '=', input.requestId).forUpdate().executeTakeFirst();
    if (!req) throw new NotFoundError('The certificate request');
    if (req.status !== 'under_submission') throw new ConflictError('requestId', MESSAGES.REQUEST_NOT_PENDING);
    if (req.requested_by !== null && req.requested_by === actor.actorUserId) throw new ForbiddenError(MESSAGES.OWN_REQUEST_DECISION);
    const decide = async (status: CertificateStatus, certificateId: string | null, failureCode: string | null) =>
      trx.updateTable('certificate_requests').set({ status, certificate_id: certificateId, failure_code: failureCode, decided_by: actor.actorUserId ?? null, updated_at: new Date(deps.now()) }).where('id', '=', req.id).execute();
    const audit = (action: string, detail: Record<string, unknown>, targetId = req.id, targetType = 'certificate_request') => deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action, targetType, targetId, detail });

    if (!input.approve) {
      await decide('denied', null, 'REQUEST_DENIED');
      await audit('certificate.deny', { reason: input.reason ?? null });
      return { requestId: req.id, status: 'failed', failureCode: 'REQUEST_DENIED', message: MESSAGES.REQUEST_DENIED };
    }
    const template = await templateForIssue(trx, auth.tenantId, req.template_id ?? '');
    const ca = await signingCa({ ...deps, db: trx as PkiDeps['db'] }, auth.tenantId, req.ca_id);
    const detail = req.detail as { subject?: SubmitCsrRequest['subject'] | null; sans?: SubmitCsrRequest['sans'] | null; friendlyName?: string | null; contactEmail?: string | null };
    const request: SubmitCsrRequest = {
      templateId: template.templateId,
      csr: req.csr_pem,
      ...(detail.subject ? { subject: detail.subject } : {}),
      ...(detail.sans ? { sans: detail.sans } : {}),
      ...(detail.friendlyName ? { friendlyName: detail.friendlyName } : {}),
      ...(detail.contactEmail ? { contactEmail: detail.contactEmail } : {}),
    };
    try {
      const issued = await issueFromCsr({ csr: parseCsr(req.csr_pem), template, ca, request, now: deps.now(), publicUrl: deps.publicUrl });
      const certificateId = await storeIssued(trx, auth.tenantId, ca.row.id, template.templateId, issued, request, req.requested_by);
      await decide('issued', certificateId, null);
      await audit('certificate.approve', { template: template.templateName, reason: input.reason ?? null });
      await audit('certificate.issue', { serialNumber: issued.serialNumber.toLowerCase(), caId: ca.row.id, subject: issued.subject }, certificateId, 'certificate');
      return completeResult(req.id, auth.tenantId, ca.row.id, issued, template.templateName);
    } catch (error) {
      if (!(error instanceof IssueRefused)) throw error;
      await decide('denied', null, error.failureCode);
      await audit('certificate.approve', { template: template.templateName, failureCode: error.failureCode });
      return { requestId: req.id, status: 'failed', failureCode: error.failureCode, message: error.message };
    }
  });
}

async function pendingRevocation(trx: DbOrTrx, tenantId: string, revocationId: string) {
  const rev = await trx
    .selectFrom('revocations as v')
    .innerJoin('certificates as c', 'c.id', 'v.certificate_id')
    .select(['v.id', 'v.state', 'v.reason', 'v.requested_by', 'v.certificate_id', 'c.ca_id', 'c.serial_number', 'c.status'])
    .where('v.tenant_id', '=', tenantId)
    .where('v.id', '=', revocationId)
    .forUpdate('v')
    .executeTakeFirst();
  if (!rev) throw new NotFoundError('The revocation');
  if (rev.state !== 'pending') throw new ConflictError('revocationId', MESSAGES.REVOCATION_NOT_PENDING);
  return rev;
}

/**
 * Completes (revokes: the CRL is re-signed in the transaction, OCSP answers revoked at once) or denies a
 * pending revocation; `complete` says whether the certificate is now revoked. The requester may not decide
 * it. Audited `certificate.revoke.approve`.
 */
export async function decideRevocation(deps: PkiDeps, auth: AuthContext, actor: Actor, input: ApproveRevocationRequest): Promise<ApproveRevocationResponse> {
  return deps.db.transaction().execute(async (trx) => {
    const rev = await pendingRevocation(trx, auth.tenantId, input.revocationId);
    if (rev.requested_by !== null && rev.requested_by === actor.actorUserId) throw new ForbiddenError(MESSAGES.OWN_REQUEST_DECISION);
    const now = new Date(deps.now());
    let complete = false;
    if (!input.approve) {
      await trx.updateTable('revocations').set({ state: 'denied', decided_by: actor.actorUserId ?? null }).where('id', '=', rev.id).execute();
    } else if (rev.status === 'revoked') {
      // Revoked meanwhile by another request: this one fails with a code the lists show.
      await trx.updateTable('revocations').set({ state: 'failed', failure_code: 'ALREADY_REVOKED', decided_by: actor.actorUserId ?? null }).where('id', '=', rev.id).execute();
    } else {
      await trx.updateTable('revocations').set({ state: 'complete', decided_by: actor.actorUserId ?? null, revoked_at: now }).where('id', '=', rev.id).execute();
      await trx.updateTable('certificates').set({ status: 'revoked', revoked_at: now, revocation_reason: rev.reason, updated_at: now }).where('id', '=', rev.certificate_id).execute();
      await regenerateCrl(deps, trx, rev.ca_id!);
      complete = true;
    }
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'certificate.revoke.approve', targetType: 'certificate', targetId: rev.certificate_id, detail: { revocationId: rev.id, serialNumber: rev.serial_number, approve: input.approve, complete } });
    return { complete };
  });
}

/** Cancels a pending revocation (409 for any other state). Audited `certificate.revoke.cancel`. */
export async function cancelRevocation(deps: PkiDeps, auth: AuthContext, actor: Actor, revocationId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const rev = await pendingRevocation(trx, auth.tenantId, revocationId);
    await trx.updateTable('revocations').set({ state: 'cancelled', decided_by: actor.actorUserId ?? null }).where('id', '=', rev.id).execute();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'certificate.revoke.cancel', targetType: 'certificate', targetId: rev.certificate_id, detail: { revocationId: rev.id, serialNumber: rev.serial_number } });
  });
}
