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
import { writeAuditEvents, type AuditEventInput, type AuditWriter } from '../platform/audit';
import { GroupCommit, type StatementBatchWriter } from '../platform/group-commit';
import type { Compilable, QueryCreator } from 'kysely';
import { signingCaOfRow } from '../pki/ca.service';
import { templatesAndCasForIssue, type TemplateAndCa } from '../pki/templates.service';
import { regenerateCrl } from '../pki/crl.service';
import type { PkiDeps } from '../pki/pki.service';
import { likePattern } from '../platform/like-pattern';
import { cappedCount } from '../platform/capped-count';
import { randomUUID } from 'node:crypto';
import { batchedReader, type BatchedReader } from '../platform/batched-reads';
import { insertJsonRows } from '../platform/json-rows';
import type { Database, Db, DbOrTrx, Trx } from '../db/database';
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
  // Announced to the committer before the reads and the issuance: a write transaction about to start waits for the
  // requests already on their way (platform/group-commit), and a request that fails before its write withdraws.
  const announcement = issuanceCommitter(deps).announce();
  let write: RequestWrite;
  try {
    write = await issueForWrite(deps, auth, actor, request, classes);
  } catch (error) {
    announcement.withdraw();
    throw error;
  }
  return announcement.submit(write);
}

/** The template and CA read, the CSR checked and the certificate signed: what submitCsr writes. */
async function issueForWrite(deps: PkiDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, request: SubmitCsrRequest, classes: readonly TemplateClass[]): Promise<RequestWrite> {
  // The template and its CA in one statement, shared with the submissions of the same moment (issuance is the hot
  // path); a CA of another tenant is not found, as in signingCa.
  const found = await issueReadLoader(deps.db).load({ tenantId: auth.tenantId, templateId: request.templateId });
  if (!found) throw new ValidationError('templateId', 'is not a certificate template of this tenant');
  const { template, caRow } = found;
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
  return { tenantId: auth.tenantId, caId: ca.row.id, templateId: template.templateId, templateName: template.templateName, request, csrSubject: csr?.subject ?? '', status, failure, issued: issued ?? null, actor };
}

/** One submitted request as written: its request row, its certificate when issued, and their audit events. */
interface RequestWrite {
  tenantId: string;
  caId: string;
  templateId: string;
  templateName: string;
  request: SubmitCsrRequest;
  csrSubject: string;
  status: CertificateStatus;
  failure: IssueRefused | null;
  issued: IssuedCertificate | null;
  actor: Actor;
}

/**
 * The writes of submitted requests, many at once (issuance is the hot path: concurrent submissions share one
 * transaction and one INSERT a table, platform/group-commit): each request's row, its certificate, and its
 * `certificate.request` and `certificate.issue` audit events, all in the transaction that stores them.
 */
interface RequestsWrite {
  /** The certificates and the requests in one statement (a data-modifying WITH: the requests' foreign keys are checked at its end, when the certificates are there). */
  rows(db: QueryCreator<Database>): Compilable & { execute(): Promise<unknown> };
  events: AuditEventInput[];
  results: CertificateRequestResult[];
}

function requestsWrite(items: readonly RequestWrite[]): RequestsWrite {
  const certificateIds = items.map((item) => (item.issued ? randomUUID() : null));
  const requestIds = items.map(() => randomUUID());
  const certificates = items.flatMap((item, i) => (item.issued ? [{ id: certificateIds[i]!, ...certificateRow(item.tenantId, item.caId, item.templateId, item.issued, item.request, item.actor.actorUserId ?? null) }] : []));
  const requests = items.map((item, i) => ({
    id: requestIds[i]!,
    tenant_id: item.tenantId,
    template_id: item.templateId,
    ca_id: item.caId,
    csr_pem: item.request.csr,
    subject: item.csrSubject,
    detail: { subject: item.request.subject ?? null, sans: item.request.sans ?? null, friendlyName: item.request.friendlyName ?? null, contactEmail: item.request.contactEmail ?? null },
    status: item.status,
    failure_code: item.failure?.failureCode ?? null,
    certificate_id: certificateIds[i] ?? null,
    requested_by: item.actor.actorUserId ?? null,
  }));
  return {
    // Each table's rows as one JSON parameter (platform/json-rows).
    rows: (db) => insertJsonRows(certificates.length > 0 ? db.with('issued', (w) => insertJsonRows(w, 'certificates', certificates)) : db, 'certificate_requests', requests),
    events: items.flatMap((item, i): AuditEventInput[] => [
      { ...item.actor, tenantId: item.tenantId, action: 'certificate.request', targetType: 'certificate_request', targetId: requestIds[i]!, outcome: item.failure ? 'failure' : 'success', detail: { template: item.templateName, status: item.status, failureCode: item.failure?.failureCode ?? null } },
      ...(item.issued ? [{ ...item.actor, tenantId: item.tenantId, action: 'certificate.issue', targetType: 'certificate', targetId: certificateIds[i], detail: { serialNumber: item.issued.serialNumber, caId: item.caId, subject: item.issued.subject } }] : []),
    ]),
    results: items.map((item, i): CertificateRequestResult => {
      if (item.failure) return { requestId: requestIds[i]!, status: 'failed', failureCode: item.failure.failureCode, message: item.failure.message };
      if (!item.issued) return { requestId: requestIds[i]!, status: 'pending' };
      return completeResult(requestIds[i]!, item.tenantId, item.caId, item.issued, item.templateName);
    }),
  };
}

/** Writes the requests in `trx`, the rows and their audit events sent together (a failure of either fails the transaction, which then stores nothing). */
async function writeRequests(deps: Pick<PkiDeps, 'audit'>, trx: Trx, items: readonly RequestWrite[]): Promise<CertificateRequestResult[]> {
  const write = requestsWrite(items);
  await Promise.all([write.rows(trx).execute(), writeAuditEvents(deps.audit, trx, write.events)]);
  return write.results;
}

/**
 * The requests' rows and their audit events as two compiled statements of one transaction (an audit writer that gives
 * its statement): run in one message on the embedded database's thread (platform/group-commit). The audit statement's
 * failure is answered as the writer says (503 `Audit failed`).
 */
function requestStatements(db: Db, statementOf: NonNullable<AuditWriter['statementOf']>): StatementBatchWriter<RequestWrite, CertificateRequestResult> {
  return {
    statements(items) {
      const write = requestsWrite(items);
      return { statements: [{ query: write.rows(db).compile() }, statementOf(db, write.events)], results: () => write.results };
    },
  };
}

/**
 * The template-and-CA reads of concurrent submissions, as one statement (platform/batched-reads: one batch in flight,
 * nothing cached, so an edited template or CA counts at the next request).
 */
const issueReads = new WeakMap<Db, BatchedReader<{ tenantId: string; templateId: string }, TemplateAndCa | null>>();
function issueReadLoader(db: Db): BatchedReader<{ tenantId: string; templateId: string }, TemplateAndCa | null> {
  let loader = issueReads.get(db);
  if (!loader) issueReads.set(db, (loader = batchedReader((keys: readonly { tenantId: string; templateId: string }[]) => templatesAndCasForIssue(db, keys))));
  return loader;
}

/** The committer of submitted requests, one per database and audit writer. */
const committers = new WeakMap<Db, WeakMap<AuditWriter, GroupCommit<RequestWrite, CertificateRequestResult>>>();
function issuanceCommitter(deps: Pick<PkiDeps, 'db' | 'audit'>): GroupCommit<RequestWrite, CertificateRequestResult> {
  let perAudit = committers.get(deps.db);
  if (!perAudit) committers.set(deps.db, (perAudit = new WeakMap()));
  let committer = perAudit.get(deps.audit);
  if (!committer) {
    const statementOf = deps.audit.statementOf?.bind(deps.audit);
    const writer = statementOf ? requestStatements(deps.db, statementOf) : (trx: Trx, items: readonly RequestWrite[]) => writeRequests(deps, trx, items);
    perAudit.set(deps.audit, (committer = new GroupCommit(deps.db, writer)));
  }
  return committer;
}

/** The row of an issued certificate (with its lint), as platform/json-rows writes it. */
function certificateRow(tenantId: string, caId: string, templateId: string, issued: IssuedCertificate, request: Pick<SubmitCsrRequest, 'friendlyName' | 'contactEmail'>, requestedBy: string | null) {
  return {
    tenant_id: tenantId,
    ca_id: caId,
    serial_number: issued.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
    issuer: issued.issuer,
    template_id: templateId,
    status: 'issued' as const,
    subject: issued.subject,
    cn: issued.cn,
    certificate_pem: issued.pem,
    not_before: issued.notBefore,
    not_after: issued.notAfter,
    friendly_name: request.friendlyName ?? null,
    contact_email: request.contactEmail ?? null,
    requested_by: requestedBy,
    lint: issued.lint,
  };
}

/** Stores an issued certificate (with its lint); answers its row id. */
export async function storeIssued(trx: DbOrTrx, tenantId: string, caId: string, templateId: string, issued: IssuedCertificate, request: Pick<SubmitCsrRequest, 'friendlyName' | 'contactEmail'>, requestedBy: string | null): Promise<string> {
  const row = await insertJsonRows(trx, 'certificates', [certificateRow(tenantId, caId, templateId, issued, request, requestedBy)]).returning('id').executeTakeFirstOrThrow();
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
