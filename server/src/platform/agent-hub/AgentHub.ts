/**
 * The agent hub: agents dial its gRPC {@link AgentStreamEndpoint} with a token bound to a session;
 * the {@link AgentRegistry} keeps the linked agents, their open calls and the sessions' event
 * listeners; with Redis, the {@link RedisFanout} lets a call or an event land on another instance
 * than the one holding the agent's stream. An agent belongs to one session; a session may have
 * several agents (calls go to the most recently connected one); a session that ends ends its agents.
 * Calls are typed by the protocol's method map: `call(sessionId, 'GetReader', { readerName })`
 * resolves with a `CardReader`.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AGENT_CALL_TIMEOUT_MS, type AgentEvent, type AgentMethod, type AgentParams, type AgentResult, type CardReader } from '@tessera/agent-protocol';
import { isExpired, type SessionStore } from '../session-store';
import { AgentHubError } from './errors';
import { AgentRegistry, type HubEvent, type HubLog, type LinkedAgent } from './registry';
import { RedisFanout, type RebindNotice } from './redis-fanout';
import { AgentStreamEndpoint } from './stream-endpoint';
import type { AgentTokenClaims, AgentTokenStore } from './tokens';

export type { HubEvent } from './registry';
export { RESUME_TOKEN_TTL_MS } from './stream-endpoint';
import { RESUME_TOKEN_TTL_MS } from './stream-endpoint';

/** Lifetime of the token the browser hands to the agent (issue 5: one minute). */
export const CONNECT_TOKEN_TTL_MS = 60_000;
/** How often sessions of linked agents are rechecked (a session ended on another instance). */
export const SESSION_SWEEP_MS = 5_000;
/** How long another instance's sign-in may take between its `begin` and its `done` or `abort` (then the sweep resumes). */
export const REMOTE_REBIND_GRACE_MS = 30_000;

/** Options of the hub. */
export interface AgentHubOptions {
  sessions: SessionStore;
  tokens: AgentTokenStore;
  now: () => number;
  /** Redis client for fan-out (null: one instance). */
  redis: Redis | null;
  redisPrefix: string;
  /** Default relayed-call timeout (a method of `AGENT_CALL_TIMEOUT_MS` has its own). */
  callTimeoutMs: number;
  log?: HubLog;
}

/** The hub. */
export class AgentHub {
  /** This instance's id (Redis fan-out address). */
  readonly instanceId = randomUUID();
  readonly #options: AgentHubOptions;
  readonly #registry: AgentRegistry;
  readonly #endpoint: AgentStreamEndpoint;
  readonly #fanout: RedisFanout | null;
  /** Sessions between a sign-in's commit and the move of their agents: the sweep leaves them alone. */
  readonly #rebinding = new Set<string>();
  /** Sessions another instance's sign-in is replacing, with the timer that forgets a `begin` never concluded. */
  readonly #remoteRebinding = new Map<string, NodeJS.Timeout>();
  #sweep: NodeJS.Timeout | null = null;

  constructor(options: AgentHubOptions) {
    this.#options = options;
    this.#registry = new AgentRegistry(options.log);
    this.#endpoint = new AgentStreamEndpoint({
      sessions: options.sessions,
      tokens: options.tokens,
      now: options.now,
      log: options.log,
      hooks: {
        linked: (agent) => this.#linked(agent),
        reply: (agent, reply) => this.#registry.settle(agent, reply),
        event: (agent, event) => this.#onAgentEvent(agent, event),
        gone: (agent, reason) => void this.#drop(agent, reason),
      },
    });
    this.#fanout = options.redis
      ? new RedisFanout({
          redis: options.redis,
          prefix: options.redisPrefix,
          instanceId: this.instanceId,
          log: options.log,
          hooks: {
            call: (sessionId, method, params, timeoutMs) => {
              const local = this.#registry.newest(sessionId);
              return local ? this.#registry.call(local, method, params, timeoutMs) : Promise.reject(AgentHubError.noClient());
            },
            event: (sessionId, event) => this.#registry.deliver(sessionId, event),
            sessionEnded: (sessionId, reason) => this.#endLocal(sessionId, reason),
            rebind: (notice) => this.#onRemoteRebind(notice),
          },
        })
      : null;
  }

  /** Starts the Redis subscription and the session sweep (no listening: see {@link listen}). */
  async start(): Promise<void> {
    await this.#fanout?.start();
    this.#sweep = setInterval(() => void this.#sweepSessions(), SESSION_SWEEP_MS);
    this.#sweep.unref();
  }

  /**
   * Listens for agents on host:port (0: any free port), over TLS when a certificate chain and key
   * (PEM) are given. Resolves with the bound port.
   */
  listen(host: string, port: number, tls?: { cert: Buffer; key: Buffer }): Promise<number> {
    return this.#endpoint.listen(host, port, tls);
  }

  /** Whether agents must dial with TLS. */
  get tls(): boolean {
    return this.#endpoint.tls;
  }

  /** The port the gRPC endpoint listens on, or null before {@link listen}. */
  get boundPort(): number | null {
    return this.#endpoint.boundPort;
  }

  /** The single-use token the browser passes to its agent's /connect. */
  issueConnectToken(claims: Omit<AgentTokenClaims, 'kind'>): Promise<string> {
    return this.#options.tokens.issue({ ...claims, kind: 'connect' }, CONNECT_TOKEN_TTL_MS);
  }

  async #linked(agent: LinkedAgent): Promise<void> {
    this.#registry.add(agent);
    await this.#fanout?.register(agent.claims.sessionId, agent.id, agent.connectedAt);
    this.#publishEvent(agent.claims.sessionId, { type: 'agentConnected', readerName: '' });
  }

  #onAgentEvent(agent: LinkedAgent, event: AgentEvent): void {
    let data: { reader?: CardReader | null; readers?: CardReader[] } = {};
    try {
      data = event.json ? JSON.parse(event.json) : {};
    } catch {
      return;
    }
    this.#publishEvent(agent.claims.sessionId, { type: event.type, readerName: event.readerName, ...data });
  }

  async #drop(agent: LinkedAgent, reason: string): Promise<void> {
    if (!this.#registry.remove(agent, reason)) return;
    const { sessionId } = agent.claims;
    // A replaced link (a new /connect from the same session) is not a disconnection for the console.
    if (!this.#registry.newest(sessionId)) this.#publishEvent(sessionId, { type: 'agentDisconnected', readerName: '' });
    await this.#fanout?.unregister(sessionId, agent.id);
  }

  /** Does the session have an agent (on any instance)? */
  async hasAgent(sessionId: string): Promise<boolean> {
    if (this.#registry.newest(sessionId)) return true;
    return this.#fanout ? this.#fanout.hasAgent(sessionId) : false;
  }

  /**
   * Relays a call to the session's agent and waits for the answer, at most `timeoutMs`: by default
   * the method's own limit (`AGENT_CALL_TIMEOUT_MS`, e.g. a Transmit that may generate RSA keys on
   * the card) or else the hub's.
   * @throws AgentHubError NO_CMS_CLIENT (no agent), CMS_CLIENT_TIMEOUT, or the agent's failure as
   * mapped by `AGENT_ERROR_HTTP` (e.g. READER_NOT_FOUND 404, CMS_CLIENT_ERROR 502)
   */
  async call<M extends AgentMethod>(sessionId: string, method: M, params: AgentParams<M>, timeoutMs = this.timeoutOf(method)): Promise<AgentResult<M>> {
    const local = this.#registry.newest(sessionId);
    if (local) return (await this.#registry.call(local, method, params, timeoutMs)) as AgentResult<M>;
    const holder = await this.#fanout?.remoteHolder(sessionId);
    if (holder && this.#fanout) return (await this.#fanout.call(holder, sessionId, method, params, timeoutMs)) as AgentResult<M>;
    throw AgentHubError.noClient();
  }

  /** The time limit of a method's calls. */
  timeoutOf(method: AgentMethod): number {
    return AGENT_CALL_TIMEOUT_MS[method] ?? this.#options.callTimeoutMs;
  }

  /**
   * Publishes a server-made event to the session's subscribers on every instance: the progress of a
   * card operation (`operationId`, `step`) that the card-operation streams relay to the console.
   */
  publish(sessionId: string, event: HubEvent): void {
    this.#publishEvent(sessionId, event);
  }

  /** Subscribes to the session's reader events (from its agents on any instance). */
  subscribe(sessionId: string, listener: (event: HubEvent) => void): () => void {
    return this.#registry.subscribe(sessionId, listener);
  }

  #publishEvent(sessionId: string, event: HubEvent): void {
    this.#registry.deliver(sessionId, event);
    this.#fanout?.publishEvent(sessionId, event);
  }

  /** Ends every agent of a session, on every instance (logout, KillSession, expiry). */
  async endSession(sessionId: string, reason: string): Promise<void> {
    // A sign-in deleting the session it replaces: its agents move to the new session instead (rebindSession).
    if (this.#rebinding.has(sessionId)) return;
    this.#endLocal(sessionId, reason);
    await this.#options.tokens.revokeSession(sessionId);
    await this.#fanout?.publishSessionEnded(sessionId, reason);
  }

  /**
   * Sign-in replaces session `from` with a new one (issue 15 "the hub re-binds the agent to the new session
   * atomically"): `commit` (the caller's transaction that deletes `from` and creates the new session, answering
   * it as `to`) runs while the sweeps leave `from` alone, on this instance and (told by a Redis `begin`) on the
   * others; once it succeeds, every agent of `from` is moved to `to`: this instance's in one synchronous step, the
   * other instances' when they receive `done` (before any call for `to` can reach them: they register `to` in Redis
   * only after moving). Each moved agent's calls, events and listeners follow the new session id, and it is handed a
   * resume token of the new session (a second Welcome). A card operation therefore finds the agent under the old
   * session until the commit and under the new one after it, never under none; the browser does not link again.
   * Answers what `commit` answers, and the number of this instance's agents moved; a failed commit moves nothing.
   */
  async rebindSession<T>(from: string, commit: () => Promise<{ value: T; to: { sessionId: string; userId: string | null } }>): Promise<{ value: T; moved: number }> {
    this.#rebinding.add(from);
    try {
      await this.#fanout?.publishRebind({ phase: 'begin', from });
      let committed: { value: T; to: { sessionId: string; userId: string | null } };
      try {
        committed = await commit();
      } catch (error) {
        await this.#fanout?.publishRebind({ phase: 'abort', from }).catch(() => undefined);
        throw error;
      }
      const { value, to } = committed;
      const moved = await this.#moveLocal(from, to);
      await this.#fanout?.publishRebind({ phase: 'done', from, to });
      await this.#options.tokens.revokeSession(from);
      return { value, moved };
    } finally {
      this.#rebinding.delete(from);
    }
  }

  /** Moves this instance's agents of `from` to `to` (the claims synchronously, first), re-registers and welcomes them. */
  async #moveLocal(from: string, to: { sessionId: string; userId: string | null }): Promise<number> {
    const agents = this.#registry.agents((a) => a.claims.sessionId === from);
    for (const agent of agents) agent.claims = { ...agent.claims, sessionId: to.sessionId, userId: to.userId };
    for (const agent of agents) {
      await this.#fanout?.unregister(from, agent.id);
      await this.#fanout?.register(to.sessionId, agent.id, agent.connectedAt);
      const resumeToken = await this.#options.tokens.issue({ ...agent.claims, kind: 'resume' }, RESUME_TOKEN_TTL_MS);
      try {
        agent.send({ welcome: { agentId: agent.id, resumeToken } });
      } catch {
        // The stream is gone: the drop handler forgets the agent.
      }
    }
    if (agents.length > 0) this.#publishEvent(to.sessionId, { type: 'agentConnected', readerName: '' });
    return agents.length;
  }

  /** Another instance's sign-in: hold the sweep off `from`, then move this instance's agents or let go. */
  #onRemoteRebind(notice: RebindNotice): void {
    clearTimeout(this.#remoteRebinding.get(notice.from));
    this.#remoteRebinding.delete(notice.from);
    if (notice.phase === 'begin') {
      const timer = setTimeout(() => this.#remoteRebinding.delete(notice.from), REMOTE_REBIND_GRACE_MS);
      timer.unref();
      this.#remoteRebinding.set(notice.from, timer);
      return;
    }
    if (notice.phase === 'done') {
      this.#moveLocal(notice.from, notice.to).catch((error: unknown) => this.#options.log?.warn({ err: error }, 'agent hub: moving agents to a new session failed'));
    }
  }

  /** Ends every agent of a user's sessions on this instance (account disabled). */
  endUser(userId: string, reason: string): void {
    for (const agent of this.#registry.agents((a) => a.claims.userId === userId)) this.#endLocal(agent.claims.sessionId, reason);
  }

  #goodbye(agent: LinkedAgent, reason: string): void {
    try {
      agent.send({ goodbye: { reason } });
      agent.end();
    } catch {
      // The stream is already gone.
    }
  }

  #endLocal(sessionId: string, reason: string): void {
    for (const agent of this.#registry.agents((a) => a.claims.sessionId === sessionId)) {
      this.#goodbye(agent, reason);
      void this.#drop(agent, reason);
    }
  }

  async #sweepSessions(): Promise<void> {
    const sessionIds = new Set(this.#registry.agents().map((a) => a.claims.sessionId));
    for (const sessionId of sessionIds) {
      if (this.#isRebinding(sessionId)) continue;
      try {
        const session = await this.#options.sessions.get(sessionId);
        // Checked again after the read: a sign-in may have started moving this session's agents meanwhile.
        if ((!session || isExpired(session, this.#options.now())) && !this.#isRebinding(sessionId)) this.#endLocal(sessionId, 'the session has ended');
      } catch (error) {
        this.#options.log?.warn({ err: error }, 'agent hub session sweep failed');
      }
    }
  }

  #isRebinding(sessionId: string): boolean {
    return this.#rebinding.has(sessionId) || this.#remoteRebinding.has(sessionId);
  }

  /** Number of agents linked to this instance (tests, monitoring). */
  localAgentCount(sessionId?: string): number {
    return this.#registry.agents((a) => sessionId === undefined || a.claims.sessionId === sessionId).length;
  }

  /** Ends every stream and stops listening. */
  async close(): Promise<void> {
    this.#endpoint.stopAccepting();
    if (this.#sweep) clearInterval(this.#sweep);
    for (const timer of this.#remoteRebinding.values()) clearTimeout(timer);
    this.#remoteRebinding.clear();
    for (const agent of this.#registry.agents()) {
      this.#goodbye(agent, 'server shutting down');
      await this.#drop(agent, 'server shutting down');
    }
    await this.#fanout?.close();
    await this.#endpoint.close();
  }
}
