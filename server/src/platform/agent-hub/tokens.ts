/**
 * Agent tokens: random, single-use, short-lived, bound to a session and tenant. Only the SHA-256 of a
 * token is stored. In-process by default; in Redis (`SET … PX`, `GETDEL`) with several instances.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** What a token stands for. */
export interface AgentTokenClaims {
  sessionId: string;
  tenantId: string;
  userId: string | null;
  /** `connect` (from CMSClientSessionToken) or `resume` (given to a linked agent to redial). */
  kind: 'connect' | 'resume';
}

/** Where tokens live. */
export interface AgentTokenStore {
  /** Issues a token valid for `ttlMs`. */
  issue(claims: AgentTokenClaims, ttlMs: number): Promise<string>;
  /** Spends a token: its claims once, then null forever (also null when expired or unknown). */
  take(token: string): Promise<AgentTokenClaims | null>;
  /** Forgets every token of a session. */
  revokeSession(sessionId: string): Promise<void>;
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** In-process tokens (one server instance). */
export class MemoryAgentTokenStore implements AgentTokenStore {
  readonly #tokens = new Map<string, { claims: AgentTokenClaims; expiresAt: number }>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  async issue(claims: AgentTokenClaims, ttlMs: number): Promise<string> {
    const now = this.#now();
    for (const [key, value] of this.#tokens) if (value.expiresAt <= now) this.#tokens.delete(key);
    const token = newToken();
    this.#tokens.set(digest(token), { claims, expiresAt: now + ttlMs });
    return token;
  }

  async take(token: string): Promise<AgentTokenClaims | null> {
    const key = digest(token);
    const entry = this.#tokens.get(key);
    this.#tokens.delete(key);
    if (!entry || entry.expiresAt <= this.#now()) return null;
    return entry.claims;
  }

  async revokeSession(sessionId: string): Promise<void> {
    for (const [key, value] of this.#tokens) if (value.claims.sessionId === sessionId) this.#tokens.delete(key);
  }
}

/** Tokens in Redis (several server instances). Expiry is Redis's clock. */
export class RedisAgentTokenStore implements AgentTokenStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, prefix: string) {
    this.#redis = redis;
    this.#prefix = `${prefix}agent-token:`;
  }

  async issue(claims: AgentTokenClaims, ttlMs: number): Promise<string> {
    const token = newToken();
    await this.#redis.set(this.#prefix + digest(token), JSON.stringify(claims), 'PX', ttlMs);
    return token;
  }

  async take(token: string): Promise<AgentTokenClaims | null> {
    const value = await this.#redis.getdel(this.#prefix + digest(token));
    return value ? (JSON.parse(value) as AgentTokenClaims) : null;
  }

  async revokeSession(): Promise<void> {
    // Tokens of a dead session are refused when spent (the hub checks the session), and expire soon.
  }
}
