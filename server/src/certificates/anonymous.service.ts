/**
 * Anonymous certificate requests (issue 12; admin-console §1 anonymous portal, §3 CA licensed templates):
 * without a session, a CSR for a template that the CA licenses with `enabled` and `anonymousEnabled`.
 * The tenant is the one of the request's host; the request then runs the ordinary flow (approval when the
 * template needs it), audited `certificate.request` with no user. The route has its own seeded rate rule.
 */
import { MESSAGES, TEMPLATE_CLASSES, type AnonymousCsrRequest, type CertificateRequestResult, type LicensedTemplate } from '@tessera/domain';
import { ForbiddenError, NotFoundError } from '../platform/errors';
import type { AuditEventInput } from '../platform/audit';
import type { PkiDeps } from '../pki/pki.service';
import { tenantOfHost } from '../identity/tenants.service';
import { submitCsr } from './certificates.service';

/** Submits an anonymous request. 404: the CA is not the tenant's; 403: the CA does not allow it for the template. */
export async function anonymousCsr(deps: PkiDeps, client: { hostname: string; ip: string }, request: AnonymousCsrRequest): Promise<CertificateRequestResult> {
  const tenant = await tenantOfHost(deps.db, client.hostname);
  if (!tenant) throw new NotFoundError('The tenant');
  const ca = await deps.db.selectFrom('certificate_authorities').select(['id', 'licensed_templates']).where('tenant_id', '=', tenant.id).where('id', '=', request.caId).executeTakeFirst();
  if (!ca) throw new NotFoundError('The certificate authority');
  const licensed = (ca.licensed_templates as LicensedTemplate[]).find((l) => l.licensedTemplateId === request.templateId);
  if (!licensed || !licensed.enabled || !licensed.anonymousEnabled) throw new ForbiddenError(MESSAGES.ANONYMOUS_NOT_ALLOWED);
  const template = await deps.db.selectFrom('certificate_templates').select('ca_id').where('tenant_id', '=', tenant.id).where('id', '=', request.templateId).executeTakeFirst();
  if (!template || template.ca_id !== ca.id) throw new ForbiddenError(MESSAGES.ANONYMOUS_NOT_ALLOWED);
  const { caId: _caId, ...submit } = request;
  const actor: Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'> = { actorUserId: null, actorUsername: null, actorApiKeyId: null, ip: client.ip };
  return submitCsr(deps, { tenantId: tenant.id }, actor, submit, TEMPLATE_CLASSES);
}
