/**
 * Where session records live. Default: the `sessions` table behind an in-process cache, so a warm
 * check-session costs no database round trip. With Redis (several server instances): Redis.
 */
import { hash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db, Trx } from '../db/database';
import type { SessionState } from './sessions.table';
import * as sessionsRepository from './sessions.repository';

/** A session record; times are epoch milliseconds. `id` is the SHA-256 of the cookie token. */
export interface SessionRecord {
  id: string;
  userId: string | null;
  tenantId: string | null;
  state: SessionState;
  createdAt: number;
  lastSeenAt: number;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}

/** Storage of session records. */
export interface SessionStore {
  /** The record, or null when there is none. Does not check expiry. */
  get(id: string): Promise<SessionRecord | null>;
  /** Stores a new record; with a transaction, as part of it (the caller writes its audit event first). */
  create(record: SessionRecord, trx?: Trx): Promise<void>;
  /** Moves the idle expiry (refresh-session). */
  extend(id: string, idleExpiresAt: number, lastSeenAt: number): Promise<void>;
  /** Deletes a record (logout, expiry, rotation). */
  delete(id: string, trx?: Trx): Promise<void>;
  /** Deletes every record of a user (disabled account). */
  deleteForUser(userId: string, trx?: Trx): Promise<void>;
  /** Deletes records past their absolute expiry. */
  purgeExpired(now: number): Promise<void>;
}

/** A new random session token (32 bytes, base64url) for the cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The record id of a cookie token: SHA-256, hex. The token itself is never stored. */
export function sessionIdOf(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Is the record past its idle or absolute expiry at `now`? */
export function isExpired(record: SessionRecord, now: number): boolean {
  return now >= record.idleExpiresAt || now >= record.absoluteExpiresAt;
}

/** `sessions` table with an in-process cache in front (one server instance). */
export class DatabaseSessionStore implements SessionStore {
  readonly #db: Db;
  readonly #cache = new Map<string, SessionRecord>();
  readonly #maxCached: number;

  constructor(db: Db, options: { maxCached?: number } = {}) {
    this.#db = db;
    this.#maxCached = options.maxCached ?? 100_000;
  }

  /**
   * The record at once when the cache holds it, else a promise of the database read (the rate limiter's
   * check on every request). The cache is this process's copy of its own writes: delete and
   * deleteForUser drop a record from it before the database row goes, so a revoked session is never
   * read from it.
   */
  read(id: string): SessionRecord | null | Promise<SessionRecord | null> {
    return this.#cache.get(id) ?? this.get(id);
  }

  async get(id: string): Promise<SessionRecord | null> {
    const cached = this.#cache.get(id);
    if (cached) return cached;
    const record = await sessionsRepository.findById(this.#db, id);
    if (record) this.#remember(record);
    return record;
  }

  async create(record: SessionRecord, trx?: Trx): Promise<void> {
    // Not cached here: if the transaction rolls back, the cache must not know the record.
    await sessionsRepository.insert(trx ?? this.#db, record);
  }

  async extend(id: string, idleExpiresAt: number, lastSeenAt: number): Promise<void> {
    await sessionsRepository.extend(this.#db, id, idleExpiresAt, lastSeenAt);
    const cached = this.#cache.get(id);
    if (cached) this.#cache.set(id, { ...cached, idleExpiresAt, lastSeenAt });
  }

  async delete(id: string, trx?: Trx): Promise<void> {
    this.#cache.delete(id);
    await sessionsRepository.remove(trx ?? this.#db, id);
  }

  async deleteForUser(userId: string, trx?: Trx): Promise<void> {
    for (const [id, record] of this.#cache) if (record.userId === userId) this.#cache.delete(id);
    await sessionsRepository.removeForUser(trx ?? this.#db, userId);
  }

  async purgeExpired(now: number): Promise<void> {
    for (const [id, record] of this.#cache) if (isExpired(record, now)) this.#cache.delete(id);
    await sessionsRepository.removeExpired(this.#db, now);
  }

  #remember(record: SessionRecord): void {
    if (this.#cache.size >= this.#maxCached) {
      const oldest = this.#cache.keys().next();
      if (!oldest.done) this.#cache.delete(oldest.value);
    }
    this.#cache.set(record.id, record);
  }
}

/** The Redis key of a session record (the rate limiter's script reads it in the same round trip). */
export function redisSessionKey(prefix: string, id: string): string {
  return `${prefix}session:${id}`;
}

/**
 * Redis: one JSON value per session (expiring at the absolute expiry) and a set of session ids per
 * user. The transaction argument is ignored; callers write their audit event first, so a failed audit
 * means the record is never written.
 */
export class RedisSessionStore implements SessionStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #now: () => number;

  constructor(redis: Redis, options: { prefix: string; now: () => number }) {
    this.#redis = redis;
    this.#prefix = options.prefix;
    this.#now = options.now;
  }

  #key(id: string): string {
    return redisSessionKey(this.#prefix, id);
  }

  #userKey(userId: string): string {
    return `${this.#prefix}user-sessions:${userId}`;
  }

  #ttlMs(record: SessionRecord): number {
    return Math.max(1000, record.absoluteExpiresAt - this.#now());
  }

  async get(id: string): Promise<SessionRecord | null> {
    const raw = await this.#redis.get(this.#key(id));
    return raw ? (JSON.parse(raw) as SessionRecord) : null;
  }

  async create(record: SessionRecord): Promise<void> {
    const multi = this.#redis.multi().set(this.#key(record.id), JSON.stringify(record), 'PX', this.#ttlMs(record));
    if (record.userId) multi.sadd(this.#userKey(record.userId), record.id).pexpire(this.#userKey(record.userId), this.#ttlMs(record));
    await multi.exec();
  }

  async extend(id: string, idleExpiresAt: number, lastSeenAt: number): Promise<void> {
    const record = await this.get(id);
    if (!record) return;
    const next = { ...record, idleExpiresAt, lastSeenAt };
    await this.#redis.set(this.#key(id), JSON.stringify(next), 'PX', this.#ttlMs(next), 'XX');
  }

  async delete(id: string): Promise<void> {
    await this.#redis.del(this.#key(id));
  }

  async deleteForUser(userId: string): Promise<void> {
    const ids = await this.#redis.smembers(this.#userKey(userId));
    if (ids.length > 0) await this.#redis.del(...ids.map((id) => this.#key(id)));
    await this.#redis.del(this.#userKey(userId));
  }

  async purgeExpired(): Promise<void> {
    // Redis expires records itself at their absolute expiry.
  }
}
