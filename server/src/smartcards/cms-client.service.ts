/**
 * The rules of the relayed CMS Client calls: the audit event written before each call (an audit
 * failure stops the call: 503), the relay through the agent hub, agent tokens, and the PIN
 * requirements of the tenant. Free functions over their dependencies and the caller (which session,
 * which user, from where): the routes and the reader websocket build the caller from the request.
 */
import type { CardPinRequirements } from '@tessera/domain';
import type { AgentMethod, AgentParams, AgentResult } from '@tessera/agent-protocol';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { SessionRecord } from '../platform/session-store';
import type { AgentHub } from '../platform/agent-hub/AgentHub';
import { AgentHubError } from '../platform/agent-hub/errors';
import { pinRequirementsOfTemplate } from './card-templates.service';

/** Permissions that allow driving the caller's own CMS Client (operators and self-service users). */
export const CMS_CLIENT_PERMISSIONS = ['smartcardManage', 'selfServicePortal'] as const;

/** The card PIN rule sent to the console. */
export type PinRequirementsBody = CardPinRequirements;

/** What the relayed calls need. */
export interface CmsClientDeps {
  db: Db;
  audit: AuditWriter;
  hub: Pick<AgentHub, 'call' | 'hasAgent' | 'issueConnectToken' | 'endSession'>;
}

/** Who makes a relayed call: a signed-in or anonymous session of a tenant, and how it shows in the audit. */
export interface CmsCaller {
  session: SessionRecord & { tenantId: string };
  /** The user's name for the audit (null for an anonymous session). */
  username: string | null;
  ip: string;
}

/** Writes the audit event of a call; throws AuditFailedError (503) when it cannot. */
export async function auditCall(deps: CmsClientDeps, caller: CmsCaller, method: string, detail: Record<string, unknown> = {}): Promise<void> {
  await deps.db.transaction().execute((trx) =>
    deps.audit.write(trx, {
      tenantId: caller.session.tenantId,
      actorUserId: caller.session.userId,
      actorUsername: caller.username,
      ip: caller.ip,
      action: `cms.${method}`,
      targetType: 'cms-client',
      detail,
    }),
  );
}

/** Audits, then relays a call to the caller's agent (its failures are mapped by the hub's AGENT_ERROR_HTTP). */
export async function relay<M extends AgentMethod>(deps: CmsClientDeps, caller: CmsCaller, method: M, params: AgentParams<M>, auditDetail: Record<string, unknown> = {}): Promise<AgentResult<M>> {
  await auditCall(deps, caller, method, auditDetail);
  return deps.hub.call(caller.session.id, method, params);
}

/** The caller's readers (audited under the path's own method name). */
export async function listReaders(deps: CmsClientDeps, caller: CmsCaller, method: 'ListReaders' | 'AnonymousListReaders'): Promise<AgentResult<'ListReaders'>> {
  await auditCall(deps, caller, method);
  return deps.hub.call(caller.session.id, 'ListReaders', {});
}

/** A new agent token for the caller's session (CMSClientSessionToken). */
export async function issueToken(deps: CmsClientDeps, caller: CmsCaller): Promise<{ SessionCookie: string }> {
  await auditCall(deps, caller, 'CMSClientSessionToken');
  const token = await deps.hub.issueConnectToken({ sessionId: caller.session.id, tenantId: caller.session.tenantId, userId: caller.session.userId });
  return { SessionCookie: token };
}

/** Verifies the card PIN through the agent; a wrong PIN is 403 INCORRECT_PIN (with the tries left), an unknown reader 404. */
export function validatePin(deps: CmsClientDeps, caller: CmsCaller, readerName: string, pin: string): Promise<AgentResult<'ValidatePin'>> {
  return relay(deps, caller, 'ValidatePin', { readerName, pin }, { readerName });
}

/**
 * The card PIN rule: the card template's when one is named (issue 15), else the tenant's PinRequirementsConfig,
 * else the default 6–8 digits. @throws NotFoundError for another tenant's or an unknown card template
 */
export async function pinRequirements(deps: CmsClientDeps, caller: CmsCaller, cardTemplateId?: string): Promise<PinRequirementsBody> {
  await auditCall(deps, caller, 'GetPinRequirements', cardTemplateId ? { cardTemplateId } : {});
  return pinRequirementsOfTemplate(deps.db, caller.session.tenantId, cardTemplateId);
}

/** Ends the caller's agents (KillSession): tells them, then closes their streams. */
export async function killSession(deps: CmsClientDeps, caller: CmsCaller): Promise<{ killed: true }> {
  await auditCall(deps, caller, 'KillSession');
  if (!(await deps.hub.hasAgent(caller.session.id))) throw AgentHubError.noClient();
  await deps.hub.call(caller.session.id, 'KillSession', {}).catch(() => undefined);
  await deps.hub.endSession(caller.session.id, 'KillSession');
  return { killed: true };
}
