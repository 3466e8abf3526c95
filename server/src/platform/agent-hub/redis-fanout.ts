/**
 * The Redis fan-out of the agent hub (several server instances on one Redis): which instance holds
 * each agent's stream (a hash per session), calls relayed to that instance and their replies (a
 * channel per instance), reader events for every instance's subscribers (a channel per session), and
 * session ends (a broadcast channel). Without Redis the hub runs without it (one instance).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AgentMethod } from '@tessera/agent-protocol';
import { AgentHubError } from './errors';
import type { HubEvent, HubLog } from './registry';
import { RESUME_TOKEN_TTL_MS } from './stream-endpoint';

type FanoutMessage =
  | { kind: 'call'; reqId: string; sessionId: string; method: AgentMethod; params: unknown; replyTo: string; timeoutMs: number }
  | { kind: 'reply'; reqId: string; ok: true; result: unknown }
  | ({ kind: 'reply'; reqId: string; ok: false } & ReturnType<AgentHubError['toFanout']>)
  | { kind: 'event'; sessionId: string; origin: string; event: HubEvent }
  | { kind: 'sessionEnded'; sessionId: string; reason: string }
  | ({ kind: 'rebind'; origin: string } & RebindNotice);

/**
 * A sign-in replacing session `from` (AgentHub.rebindSession), told to every instance: `begin` before the
 * sign-in's commit (their sweeps leave `from` alone), then `done` with the new session (they move their agents
 * of `from` to it) or `abort` (the commit failed).
 */
export type RebindNotice =
  | { phase: 'begin' | 'abort'; from: string }
  | { phase: 'done'; from: string; to: { sessionId: string; userId: string | null } };

/** What the fan-out asks of this instance. */
export interface FanoutHooks {
  /** Runs a call for an agent of this instance (another instance relayed it). */
  call(sessionId: string, method: AgentMethod, params: unknown, timeoutMs: number): Promise<unknown>;
  /** An event published by another instance. */
  event(sessionId: string, event: HubEvent): void;
  /** A session ended on some instance. */
  sessionEnded(sessionId: string, reason: string): void;
  /** Another instance's sign-in is replacing a session. */
  rebind(notice: RebindNotice): void;
}

/** Options of the fan-out. */
export interface RedisFanoutOptions {
  redis: Redis;
  /** Key and channel prefix (`TESSERA_REDIS_PREFIX`). */
  prefix: string;
  instanceId: string;
  hooks: FanoutHooks;
  log?: HubLog | undefined;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** The fan-out. */
export class RedisFanout {
  readonly #options: RedisFanoutOptions;
  readonly #pending = new Map<string, Pending>();
  #subscriber: Redis | null = null;

  constructor(options: RedisFanoutOptions) {
    this.#options = options;
  }

  get #prefix(): string {
    return `${this.#options.prefix}agent-hub:`;
  }

  #sessionKey(sessionId: string): string {
    return `${this.#prefix}session:${sessionId}`;
  }

  /** Subscribes to this instance's channel, the broadcast channel and every session's events. */
  async start(): Promise<void> {
    // Its own offline queue: subscriptions wait for the connection and come back after a reconnect. Its
    // errors are the main client's outage, which tessera-redis logs once; unhandled, ioredis would print each.
    const subscriber = this.#options.redis.duplicate({ enableOfflineQueue: true, lazyConnect: false });
    subscriber.on('error', () => undefined);
    this.#subscriber = subscriber;
    subscriber.on('message', (_channel: string, text: string) => this.#receive(text));
    subscriber.on('pmessage', (_pattern: string, _channel: string, text: string) => this.#receive(text));
    await subscriber.subscribe(`${this.#prefix}instance:${this.#options.instanceId}`, `${this.#prefix}broadcast`);
    await subscriber.psubscribe(`${this.#prefix}events:*`);
  }

  /** Records that this instance holds an agent of the session. */
  async register(sessionId: string, agentId: string, connectedAt: number): Promise<void> {
    const key = this.#sessionKey(sessionId);
    await this.#options.redis.multi().hset(key, agentId, JSON.stringify({ instanceId: this.#options.instanceId, connectedAt })).pexpire(key, RESUME_TOKEN_TTL_MS * 4).exec();
  }

  /** Forgets an agent of the session. */
  async unregister(sessionId: string, agentId: string): Promise<void> {
    await this.#options.redis.hdel(this.#sessionKey(sessionId), agentId).catch(() => 0);
  }

  /** Does the session have an agent on any instance? */
  async hasAgent(sessionId: string): Promise<boolean> {
    return (await this.#options.redis.hlen(this.#sessionKey(sessionId))) > 0;
  }

  /** The other instance holding the session's most recent agent, or null. */
  async remoteHolder(sessionId: string): Promise<string | null> {
    const entries = await this.#options.redis.hgetall(this.#sessionKey(sessionId));
    let target: { instanceId: string; connectedAt: number } | null = null;
    for (const value of Object.values(entries)) {
      const entry = JSON.parse(value) as { instanceId: string; connectedAt: number };
      if (entry.instanceId !== this.#options.instanceId && (!target || entry.connectedAt >= target.connectedAt)) target = entry;
    }
    return target?.instanceId ?? null;
  }

  /** Relays a call to the instance holding the agent and waits for its reply. @throws AgentHubError */
  call(instanceId: string, sessionId: string, method: AgentMethod, params: unknown, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const reqId = randomUUID();
      const timer = setTimeout(() => {
        this.#pending.delete(reqId);
        reject(AgentHubError.timeout(method, timeoutMs));
      }, timeoutMs);
      this.#pending.set(reqId, { resolve, reject, timer });
      // The holder times out a little earlier, so that its answer (not ours) reaches the caller.
      const message: FanoutMessage = { kind: 'call', reqId, sessionId, method, params, replyTo: this.#options.instanceId, timeoutMs: Math.max(100, timeoutMs - 200) };
      this.#publish(`instance:${instanceId}`, message).catch((error: Error) => {
        clearTimeout(timer);
        this.#pending.delete(reqId);
        reject(AgentHubError.gone(`fan-out failed: ${error.message}`));
      });
    });
  }

  /** Publishes an event of a local agent for the other instances. */
  publishEvent(sessionId: string, event: HubEvent): void {
    this.#publish(`events:${sessionId}`, { kind: 'event', sessionId, origin: this.#options.instanceId, event }).catch(() => 0);
  }

  /** Tells every instance that a session ended, and forgets its agents. */
  async publishSessionEnded(sessionId: string, reason: string): Promise<void> {
    await this.#publish('broadcast', { kind: 'sessionEnded', sessionId, reason }).catch(() => 0);
    await this.#options.redis.del(this.#sessionKey(sessionId)).catch(() => 0);
  }

  /** Tells the other instances of a sign-in replacing a session (see {@link RebindNotice}). */
  async publishRebind(notice: RebindNotice): Promise<void> {
    await this.#publish('broadcast', { kind: 'rebind', origin: this.#options.instanceId, ...notice });
  }

  #publish(channel: string, message: FanoutMessage): Promise<number> {
    return this.#options.redis.publish(`${this.#prefix}${channel}`, JSON.stringify(message));
  }

  #receive(text: string): void {
    let message: FanoutMessage;
    try {
      message = JSON.parse(text) as FanoutMessage;
    } catch {
      return;
    }
    const { hooks, instanceId } = this.#options;
    switch (message.kind) {
      case 'call': {
        const reply = (payload: FanoutMessage) => void this.#publish(`instance:${message.replyTo}`, payload).catch(() => 0);
        hooks.call(message.sessionId, message.method, message.params, message.timeoutMs).then(
          (result) => reply({ kind: 'reply', reqId: message.reqId, ok: true, result }),
          (error: unknown) => {
            const failure = error instanceof AgentHubError ? error : AgentHubError.gone((error as Error).message);
            reply({ kind: 'reply', reqId: message.reqId, ok: false, ...failure.toFanout() });
          },
        );
        return;
      }
      case 'reply': {
        const pending = this.#pending.get(message.reqId);
        if (!pending) return;
        this.#pending.delete(message.reqId);
        clearTimeout(pending.timer);
        if (message.ok) pending.resolve(message.result);
        else pending.reject(AgentHubError.fromFanout(message));
        return;
      }
      case 'event':
        if (message.origin !== instanceId) hooks.event(message.sessionId, message.event);
        return;
      case 'sessionEnded':
        hooks.sessionEnded(message.sessionId, message.reason);
        return;
      case 'rebind': {
        if (message.origin === instanceId) return;
        const { kind: _kind, origin: _origin, ...notice } = message;
        hooks.rebind(notice as RebindNotice);
        return;
      }
    }
  }

  /** Fails the calls still waiting for another instance and unsubscribes. */
  async close(): Promise<void> {
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(AgentHubError.gone('server shutting down'));
    }
    this.#pending.clear();
    if (this.#subscriber) {
      await this.#subscriber.quit().catch(() => 'OK');
      this.#subscriber = null;
    }
  }
}
