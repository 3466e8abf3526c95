/**
 * The rules of the relayed CMS Client calls: which session may call, the audit event written before
 * each call (an audit failure stops the call: 503), the relay through the agent hub, and the PIN
 * requirements of the tenant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CardPinRequirements } from '@tessera/domain';
import type { AgentMethod, AgentParams, AgentResult } from '@tessera/agent-protocol';
import { NotLoggedInError } from '../platform/errors';
import { currentSession } from '../platform/session-cookie';
import type { SessionRecord } from '../platform/session-store';
import { AgentHubError } from '../platform/agent-hub/errors';
import { pinRequirementsOf } from './pin-requirements.service';

/** Permissions that allow driving the caller's own CMS Client (operators and self-service users). */
export const CMS_CLIENT_PERMISSIONS = ['smartcardManage', 'selfServicePortal'] as const;

/** The card PIN rule sent to the console. */
export type PinRequirementsBody = CardPinRequirements;

/** The relayed calls. */
export class CmsClientService {
  readonly #app: FastifyInstance;

  constructor(app: FastifyInstance) {
    this.#app = app;
  }

  /** A signed-in or anonymous session of the request. @throws NotLoggedInError */
  async anySession(request: FastifyRequest): Promise<SessionRecord & { tenantId: string }> {
    if (request.auth) return request.auth.session as SessionRecord & { tenantId: string };
    const session = await currentSession(request);
    if (!session || !session.tenantId || (session.state !== 'active' && session.state !== 'anonymous')) throw new NotLoggedInError();
    return session as SessionRecord & { tenantId: string };
  }

  /** Writes the audit event of a call; throws AuditFailedError (503) when it cannot. */
  async audit(request: FastifyRequest, session: SessionRecord, method: string, detail: Record<string, unknown> = {}): Promise<void> {
    await this.#app.db.transaction().execute((trx) =>
      this.#app.audit.write(trx, {
        tenantId: session.tenantId,
        actorUserId: session.userId,
        actorUsername: request.auth?.username ?? null,
        ip: request.ip,
        action: `cms.${method}`,
        targetType: 'cms-client',
        detail,
      }),
    );
  }

  /** Audits, then relays a call to the session's agent (its failures are mapped by the hub's AGENT_ERROR_HTTP). */
  async relay<M extends AgentMethod>(request: FastifyRequest, method: M, params: AgentParams<M>, auditDetail: Record<string, unknown> = {}): Promise<AgentResult<M>> {
    const session = await this.anySession(request);
    await this.audit(request, session, method, auditDetail);
    return this.#app.agentHub.call(session.id, method, params);
  }

  /** The session's readers. */
  async listReaders(request: FastifyRequest, method: 'ListReaders' | 'AnonymousListReaders'): Promise<AgentResult<'ListReaders'>> {
    const session = await this.anySession(request);
    await this.audit(request, session, method);
    return this.#app.agentHub.call(session.id, 'ListReaders', {});
  }

  /** A new agent token for the session (CMSClientSessionToken). */
  async issueToken(request: FastifyRequest): Promise<{ SessionCookie: string }> {
    const session = await this.anySession(request);
    await this.audit(request, session, 'CMSClientSessionToken');
    const token = await this.#app.agentHub.issueConnectToken({ sessionId: session.id, tenantId: session.tenantId, userId: session.userId });
    return { SessionCookie: token };
  }

  /** Verifies the card PIN through the agent; a wrong PIN is 403 INCORRECT_PIN (with the tries left), an unknown reader 404. */
  async validatePin(request: FastifyRequest, readerName: string, pin: string): Promise<AgentResult<'ValidatePin'>> {
    return this.relay(request, 'ValidatePin', { readerName, pin }, { readerName });
  }

  /** The tenant's card PIN rule (PinRequirementsConfig), or the default 6–8 digits. */
  async pinRequirements(request: FastifyRequest): Promise<PinRequirementsBody> {
    const session = await this.anySession(request);
    await this.audit(request, session, 'GetPinRequirements');
    return pinRequirementsOf(this.#app.db, session.tenantId);
  }

  /** Ends the session's agents (KillSession): tells them, then closes their streams. */
  async killSession(request: FastifyRequest): Promise<{ killed: true }> {
    const session = await this.anySession(request);
    await this.audit(request, session, 'KillSession');
    if (!(await this.#app.agentHub.hasAgent(session.id))) throw AgentHubError.noClient();
    await this.#app.agentHub.call(session.id, 'KillSession', {}).catch(() => undefined);
    await this.#app.agentHub.endSession(session.id, 'KillSession');
    return { killed: true };
  }
}
