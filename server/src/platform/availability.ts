/**
 * When a real part goes away (issue 11): Redis or PostgreSQL unreachable answers 503
 * `{code:'SERVICE_UNAVAILABLE', message:'Redis unreachable' | 'Database unreachable'}` at once, the outage
 * is logged once (and its end once), and the clients reconnect by themselves.
 */
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '@tessera/domain';
import { AppError } from './errors';

/** A part the server depends on. */
export type Dependency = 'redis' | 'database';

const UNREACHABLE: Readonly<Record<Dependency, string>> = Object.freeze({
  redis: MESSAGES.REDIS_UNREACHABLE,
  database: MESSAGES.DATABASE_UNREACHABLE,
});

/** 503 `SERVICE_UNAVAILABLE` naming the part that is unreachable. */
export class ServiceUnavailableError extends AppError {
  readonly dependency: Dependency;
  constructor(dependency: Dependency, options?: { cause?: unknown }) {
    super('SERVICE_UNAVAILABLE', 503, UNREACHABLE[dependency], options);
    this.name = 'ServiceUnavailableError';
    this.dependency = dependency;
  }
}

/** Logs an outage of one part once when it starts and once when it ends. */
export class OutageLog {
  readonly #dependency: Dependency;
  readonly #log: FastifyBaseLogger;
  #down = false;

  constructor(dependency: Dependency, log: FastifyBaseLogger) {
    this.#dependency = dependency;
    this.#log = log;
  }

  /** Is the part down (since the last failure, until it answers again)? */
  get isDown(): boolean {
    return this.#down;
  }

  /** The part failed: logged when it was up. */
  down(error?: unknown): void {
    if (this.#down) return;
    this.#down = true;
    const reason = isErrorLike(error) ? error.message : undefined;
    this.#log.error({ dependency: this.#dependency, reason }, UNREACHABLE[this.#dependency]);
  }

  /** The part answers again: logged when it was down. */
  up(): void {
    if (!this.#down) return;
    this.#down = false;
    this.#log.info({ dependency: this.#dependency }, `${UNREACHABLE[this.#dependency]}: reachable again`);
  }
}

/** An error-like object (errors of node's own modules are not `instanceof Error` in jest's sandbox). */
interface ErrorLike {
  name?: unknown;
  message: string;
  code?: unknown;
}

function isErrorLike(e: unknown): e is ErrorLike {
  return typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string';
}

/** The error and its causes, outermost first. */
function chain(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e: unknown = error; e !== undefined && e !== null && out.length < 8; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'ENETUNREACH']);

/** Is this a lost or refused connection to Redis (ioredis's errors)? */
export function isRedisConnectionError(error: unknown): boolean {
  return chain(error).some((e) => {
    if (!isErrorLike(e)) return false;
    if (e.name === 'MaxRetriesPerRequestError') return true;
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
    return /enableOfflineQueue|Connection is closed|Command timed out|Stream isn't writeable/.test(e.message);
  });
}

/** Is this a lost or refused connection to PostgreSQL (pg's errors, SQLSTATE class 08 and 57P0x)? */
export function isDatabaseConnectionError(error: unknown): boolean {
  return chain(error).some((e) => {
    if (!isErrorLike(e)) return false;
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
    return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection error|Connection closed/i.test(e.message);
  });
}
