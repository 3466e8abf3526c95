/**
 * The agent hub: the gRPC endpoint agents dial (AgentHub.Connect, token in the metadata), the
 * registry of connected agents by session, relayed calls with a timeout, reader events fanned out
 * to the session's websocket subscribers, and, with Redis, the fan-out that lets a call or an event
 * land on another instance than the one holding the agent's stream. An agent belongs to one session;
 * a session may have several agents (calls go to the most recently connected one); a session that
 * ends ends its agents.
 */
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { Redis } from 'ioredis';
import { AGENT_TOKEN_METADATA, loadAgentHub, type AgentMessage, type AgentReader, type ServerMessage } from '@tessera/agent-protocol';
import { isExpired, type SessionStore } from '../platform/session-store';
import { AgentHubError } from './errors';
import type { AgentTokenClaims, AgentTokenStore } from './tokens';

/** Lifetime of the token the browser hands to the agent (issue 5: one minute). */
export const CONNECT_TOKEN_TTL_MS = 60_000;
/** Lifetime of a resume token (the agent redials with it after a broken stream). */
export const RESUME_TOKEN_TTL_MS = 15 * 60_000;
/** How often sessions of linked agents are rechecked (a session ended on another instance). */
export const SESSION_SWEEP_MS = 5_000;

/** An event for the session's subscribers (ListReadersStream). */
export interface HubEvent {
  type: string;
  readerName: string;
  reader?: AgentReader | null;
  readers?: AgentReader[];
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface LocalAgent {
  id: string;
  claims: AgentTokenClaims;
  call: grpc.ServerDuplexStream<AgentMessage, ServerMessage>;
  connectedAt: number;
  pending: Map<string, Pending>;
  info: { agentVersion: string; backend: string; hostname: string } | null;
}

/** Options of the hub. */
export interface AgentHubOptions {
  sessions: SessionStore;
  tokens: AgentTokenStore;
  now: () => number;
  /** Redis client for fan-out (null: one instance). */
  redis: Redis | null;
  redisPrefix: string;
  /** Default relayed-call timeout. */
  callTimeoutMs: number;
  log?: { warn(obj: unknown, msg: string): void; debug(obj: unknown, msg: string): void };
}

type FanoutMessage =
  | { kind: 'call'; reqId: string; sessionId: string; method: string; params: unknown; replyTo: string; timeoutMs: number }
  | { kind: 'reply'; reqId: string; ok: true; result: unknown }
  | { kind: 'reply'; reqId: string; ok: false; code: string; message: string; agentCode?: string; detail?: unknown }
  | { kind: 'event'; sessionId: string; origin: string; event: HubEvent }
  | { kind: 'sessionEnded'; sessionId: string; reason: string };

/** The hub. */
export class AgentHub {
  /** This instance's id (Redis fan-out address). */
  readonly instanceId = randomUUID();
  readonly #options: AgentHubOptions;
  readonly #agents = new Map<string, LocalAgent>();
  readonly #subscribers = new Map<string, Set<(event: HubEvent) => void>>();
  readonly #remotePending = new Map<string, Pending>();
  #server: grpc.Server | null = null;
  #subscriber: Redis | null = null;
  #sweep: NodeJS.Timeout | null = null;
  #closed = false;
  #boundPort: number | null = null;
  #tls = false;

  constructor(options: AgentHubOptions) {
    this.#options = options;
  }

  get #prefix(): string {
    return `${this.#options.redisPrefix}agent-hub:`;
  }

  /** Starts the Redis subscription and the session sweep (no listening: see {@link listen}). */
  async start(): Promise<void> {
    const { redis } = this.#options;
    if (redis) {
      const subscriber = redis.duplicate();
      this.#subscriber = subscriber;
      subscriber.on('messageBuffer', () => {});
      subscriber.on('message', (_channel: string, text: string) => this.#onFanout(text));
      subscriber.on('pmessage', (_pattern: string, _channel: string, text: string) => this.#onFanout(text));
      await subscriber.subscribe(`${this.#prefix}instance:${this.instanceId}`, `${this.#prefix}broadcast`);
      await subscriber.psubscribe(`${this.#prefix}events:*`);
    }
    this.#sweep = setInterval(() => void this.#sweepSessions(), SESSION_SWEEP_MS);
    this.#sweep.unref();
  }

  /**
   * Listens for agents on host:port (0: any free port), over TLS when a certificate chain and key
   * (PEM) are given. Resolves with the bound port.
   */
  async listen(host: string, port: number, tls?: { cert: Buffer; key: Buffer }): Promise<number> {
    const server = new grpc.Server();
    const credentials = tls ? grpc.ServerCredentials.createSsl(null, [{ cert_chain: tls.cert, private_key: tls.key }], false) : grpc.ServerCredentials.createInsecure();
    this.#tls = Boolean(tls);
    server.addService(loadAgentHub().service, { Connect: (call: grpc.ServerDuplexStream<AgentMessage, ServerMessage>) => void this.#accept(call) });
    const bound = await new Promise<number>((resolve, reject) => {
      server.bindAsync(`${host.includes(':') ? `[${host}]` : host}:${port}`, credentials, (error, p) => (error ? reject(error) : resolve(p)));
    });
    this.#server = server;
    this.#boundPort = bound;
    return bound;
  }

  /** Whether agents must dial with TLS. */
  get tls(): boolean {
    return this.#tls;
  }

  /** The port the gRPC endpoint listens on, or null before {@link listen}. */
  get boundPort(): number | null {
    return this.#boundPort;
  }

  // ---- tokens ----

  /** The single-use token the browser passes to its agent's /connect. */
  issueConnectToken(claims: Omit<AgentTokenClaims, 'kind'>): Promise<string> {
    return this.#options.tokens.issue({ ...claims, kind: 'connect' }, CONNECT_TOKEN_TTL_MS);
  }

  // ---- the gRPC side ----

  async #accept(call: grpc.ServerDuplexStream<AgentMessage, ServerMessage>): Promise<void> {
    const refuse = (details: string): void => {
      call.emit('error', { code: grpc.status.UNAUTHENTICATED, details } satisfies Partial<grpc.ServiceError>);
    };
    const header = call.metadata.get(AGENT_TOKEN_METADATA)[0];
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = token ? await this.#options.tokens.take(token) : null;
    if (!claims) return refuse('agent token refused: unknown, expired or already used');
    const session = await this.#options.sessions.get(claims.sessionId);
    if (!session || isExpired(session, this.#options.now()) || session.tenantId !== claims.tenantId || (session.state !== 'active' && session.state !== 'anonymous')) {
      return refuse('agent token refused: the session has ended');
    }
    if (this.#closed) return refuse('server shutting down');
    const agent: LocalAgent = { id: randomUUID(), claims, call, connectedAt: this.#options.now(), pending: new Map(), info: null };
    this.#agents.set(agent.id, agent);
    await this.#register(agent);
    const resumeToken = await this.#options.tokens.issue({ ...claims, kind: 'resume' }, RESUME_TOKEN_TTL_MS);
    call.write({ welcome: { agentId: agent.id, resumeToken } });
    this.#options.log?.debug({ agentId: agent.id }, 'agent linked');
    this.#publishEvent(claims.sessionId, { type: 'agentConnected', readerName: '' });

    call.on('data', (message: AgentMessage) => {
      if (message.hello) agent.info = message.hello;
      else if (message.reply) {
        const { id, ok, json, errorCode, errorMessage } = message.reply;
        const pending = agent.pending.get(id);
        if (!pending) return;
        agent.pending.delete(id);
        clearTimeout(pending.timer);
        if (ok) pending.resolve(json ? JSON.parse(json) : null);
        else pending.reject(AgentHubError.agentFailed(errorCode, errorMessage, json ? JSON.parse(json) : null));
      } else if (message.event) {
        let data: { reader?: AgentReader | null; readers?: AgentReader[] } = {};
        try {
          data = message.event.json ? JSON.parse(message.event.json) : {};
        } catch {
          return;
        }
        this.#publishEvent(claims.sessionId, { type: message.event.type, readerName: message.event.readerName, ...data });
      }
    });
    const gone = () => void this.#drop(agent, 'the CMS Client disconnected');
    call.on('end', () => {
      gone();
      call.end();
    });
    call.on('error', gone);
    call.on('cancelled', gone);
    call.on('close', gone);
  }

  async #register(agent: LocalAgent): Promise<void> {
    const { redis } = this.#options;
    if (!redis) return;
    const key = `${this.#prefix}session:${agent.claims.sessionId}`;
    await redis.multi().hset(key, agent.id, JSON.stringify({ instanceId: this.instanceId, connectedAt: agent.connectedAt })).pexpire(key, RESUME_TOKEN_TTL_MS * 4).exec();
  }

  async #drop(agent: LocalAgent, reason: string): Promise<void> {
    if (this.#agents.get(agent.id) !== agent) return;
    this.#agents.delete(agent.id);
    for (const pending of agent.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(AgentHubError.gone(reason));
    }
    agent.pending.clear();
    // A replaced link (a new /connect from the same session) is not a disconnection for the console.
    if (!this.#localAgentOf(agent.claims.sessionId)) this.#publishEvent(agent.claims.sessionId, { type: 'agentDisconnected', readerName: '' });
    await this.#options.redis?.hdel(`${this.#prefix}session:${agent.claims.sessionId}`, agent.id).catch(() => {});
  }

  // ---- calls ----

  /** Does the session have an agent (on any instance)? */
  async hasAgent(sessionId: string): Promise<boolean> {
    if (this.#localAgentOf(sessionId)) return true;
    const { redis } = this.#options;
    if (!redis) return false;
    return (await redis.hlen(`${this.#prefix}session:${sessionId}`)) > 0;
  }

  #localAgentOf(sessionId: string): LocalAgent | undefined {
    let best: LocalAgent | undefined;
    for (const agent of this.#agents.values()) {
      if (agent.claims.sessionId === sessionId && (!best || agent.connectedAt >= best.connectedAt)) best = agent;
    }
    return best;
  }

  /**
   * Relays a call to the session's agent and waits for the answer.
   * @throws AgentHubError NO_CMS_CLIENT (no agent), CMS_CLIENT_TIMEOUT, CMS_CLIENT_ERROR (the agent failed or vanished)
   */
  async call(sessionId: string, method: string, params: unknown = {}, timeoutMs = this.#options.callTimeoutMs): Promise<unknown> {
    const local = this.#localAgentOf(sessionId);
    if (local) return this.#callLocal(local, method, params, timeoutMs);
    const { redis } = this.#options;
    if (redis) {
      const entries = await redis.hgetall(`${this.#prefix}session:${sessionId}`);
      let target: { instanceId: string; connectedAt: number } | null = null;
      for (const value of Object.values(entries)) {
        const entry = JSON.parse(value) as { instanceId: string; connectedAt: number };
        if (entry.instanceId !== this.instanceId && (!target || entry.connectedAt >= target.connectedAt)) target = entry;
      }
      if (target) return this.#callRemote(target.instanceId, sessionId, method, params, timeoutMs);
    }
    throw AgentHubError.noClient();
  }

  #callLocal(agent: LocalAgent, method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = randomUUID();
      const timer = setTimeout(() => {
        agent.pending.delete(id);
        reject(AgentHubError.timeout(method, timeoutMs));
      }, timeoutMs);
      agent.pending.set(id, { resolve, reject, timer });
      try {
        agent.call.write({ request: { id, method, json: JSON.stringify(params ?? {}) } });
      } catch (error) {
        clearTimeout(timer);
        agent.pending.delete(id);
        reject(AgentHubError.gone(`the CMS Client connection failed: ${(error as Error).message}`));
      }
    });
  }

  #callRemote(instanceId: string, sessionId: string, method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const reqId = randomUUID();
      const timer = setTimeout(() => {
        this.#remotePending.delete(reqId);
        reject(AgentHubError.timeout(method, timeoutMs));
      }, timeoutMs);
      this.#remotePending.set(reqId, { resolve, reject, timer });
      const message: FanoutMessage = { kind: 'call', reqId, sessionId, method, params, replyTo: this.instanceId, timeoutMs: Math.max(100, timeoutMs - 200) };
      this.#options.redis!.publish(`${this.#prefix}instance:${instanceId}`, JSON.stringify(message)).catch((error: Error) => {
        clearTimeout(timer);
        this.#remotePending.delete(reqId);
        reject(AgentHubError.gone(`fan-out failed: ${error.message}`));
      });
    });
  }

  #onFanout(text: string): void {
    let message: FanoutMessage;
    try {
      message = JSON.parse(text) as FanoutMessage;
    } catch {
      return;
    }
    switch (message.kind) {
      case 'call': {
        const reply = (payload: FanoutMessage) => void this.#options.redis?.publish(`${this.#prefix}instance:${message.replyTo}`, JSON.stringify(payload)).catch(() => {});
        const local = this.#localAgentOf(message.sessionId);
        const run = local ? this.#callLocal(local, message.method, message.params, message.timeoutMs) : Promise.reject(AgentHubError.noClient());
        run.then(
          (result) => reply({ kind: 'reply', reqId: message.reqId, ok: true, result }),
          (error: AgentHubError) => reply({ kind: 'reply', reqId: message.reqId, ok: false, code: error.code, message: error.message, ...(error.agentCode ? { agentCode: error.agentCode } : {}), detail: error.detail ?? null }),
        );
        return;
      }
      case 'reply': {
        const pending = this.#remotePending.get(message.reqId);
        if (!pending) return;
        this.#remotePending.delete(message.reqId);
        clearTimeout(pending.timer);
        if (message.ok) pending.resolve(message.result);
        else pending.reject(AgentHubError.fromFanout(message.code, message.message, message.agentCode, message.detail));
        return;
      }
      case 'event':
        if (message.origin !== this.instanceId) this.#deliver(message.sessionId, message.event);
        return;
      case 'sessionEnded':
        this.#endLocal(message.sessionId, message.reason);
        return;
    }
  }

  // ---- events ----

  /** Subscribes to the session's reader events (from its agents on any instance). */
  subscribe(sessionId: string, listener: (event: HubEvent) => void): () => void {
    let set = this.#subscribers.get(sessionId);
    if (!set) {
      set = new Set();
      this.#subscribers.set(sessionId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#subscribers.delete(sessionId);
    };
  }

  #deliver(sessionId: string, event: HubEvent): void {
    for (const listener of this.#subscribers.get(sessionId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        this.#options.log?.warn({ err: error }, 'agent hub subscriber failed');
      }
    }
  }

  #publishEvent(sessionId: string, event: HubEvent): void {
    this.#deliver(sessionId, event);
    const { redis } = this.#options;
    if (redis) {
      const message: FanoutMessage = { kind: 'event', sessionId, origin: this.instanceId, event };
      redis.publish(`${this.#prefix}events:${sessionId}`, JSON.stringify(message)).catch(() => {});
    }
  }

  // ---- session end ----

  /** Ends every agent of a session, on every instance (logout, KillSession, expiry). */
  async endSession(sessionId: string, reason: string): Promise<void> {
    this.#endLocal(sessionId, reason);
    await this.#options.tokens.revokeSession(sessionId);
    const { redis } = this.#options;
    if (redis) {
      const message: FanoutMessage = { kind: 'sessionEnded', sessionId, reason };
      await redis.publish(`${this.#prefix}broadcast`, JSON.stringify(message)).catch(() => 0);
      await redis.del(`${this.#prefix}session:${sessionId}`).catch(() => 0);
    }
  }

  /** Ends every agent of a user's sessions on this instance (account disabled). */
  endUser(userId: string, reason: string): void {
    for (const agent of [...this.#agents.values()]) if (agent.claims.userId === userId) this.#endLocal(agent.claims.sessionId, reason);
  }

  #endLocal(sessionId: string, reason: string): void {
    for (const agent of [...this.#agents.values()]) {
      if (agent.claims.sessionId !== sessionId) continue;
      try {
        agent.call.write({ goodbye: { reason } });
        agent.call.end();
      } catch {
        // The stream is already gone.
      }
      void this.#drop(agent, reason);
    }
  }

  async #sweepSessions(): Promise<void> {
    const sessionIds = new Set([...this.#agents.values()].map((a) => a.claims.sessionId));
    for (const sessionId of sessionIds) {
      try {
        const session = await this.#options.sessions.get(sessionId);
        if (!session || isExpired(session, this.#options.now())) this.#endLocal(sessionId, 'the session has ended');
      } catch (error) {
        this.#options.log?.warn({ err: error }, 'agent hub session sweep failed');
      }
    }
  }

  /** Number of agents linked to this instance (tests, monitoring). */
  localAgentCount(sessionId?: string): number {
    return [...this.#agents.values()].filter((a) => sessionId === undefined || a.claims.sessionId === sessionId).length;
  }

  /** Ends every stream and stops listening. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#sweep) clearInterval(this.#sweep);
    for (const agent of [...this.#agents.values()]) {
      try {
        agent.call.write({ goodbye: { reason: 'server shutting down' } });
        agent.call.end();
      } catch {
        // already gone
      }
      await this.#drop(agent, 'server shutting down');
    }
    for (const pending of this.#remotePending.values()) {
      clearTimeout(pending.timer);
      pending.reject(AgentHubError.gone('server shutting down'));
    }
    this.#remotePending.clear();
    if (this.#server) {
      const server = this.#server;
      this.#server = null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 1000);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (this.#subscriber) {
      await this.#subscriber.quit().catch(() => {});
      this.#subscriber = null;
    }
  }
}
