/**
 * Sign-in and sessions (signin §4): login with throttling and audit, check and refresh, logout,
 * anonymous sessions, the disclaimer.
 */
import type { FastifyRequest } from 'fastify';
import type { AnonymousSessionResponse, LoginRequest, LoginResponse, SessionInfo } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../plugins/audit';
import type { ServerConfig } from '../plugins/env';
import { InvalidCredentialsError, LoginThrottledError, NotFoundError, ValidationError } from '../errors';
import { SERVER_MESSAGES } from '../common/messages';
import * as users from '../identity/users.repository';
import * as tenants from '../identity/tenants.repository';
import { tenantOfHost, toTenancyInfo } from '../identity/tenants.service';
import { buildViewer } from '../identity/viewer.service';
import { trimUsername } from '../identity/username';
import { newSessionToken, sessionIdOf, type SessionRecord, type SessionStore } from './session-store';
import type { SessionState } from './sessions.table';
import { accountKey, type LoginThrottle } from './login-throttle';
import { verifyDummy, verifyPassword } from './password';

/** What the auth service needs (the app satisfies it). */
export interface AuthDeps {
  db: Db;
  audit: AuditWriter;
  sessions: SessionStore;
  loginThrottle: LoginThrottle;
  config: Readonly<ServerConfig>;
  now: () => number;
}

/** Session timing as the API answers it. */
export function toSessionInfo(record: SessionRecord, now: number): SessionInfo {
  const expiresAt = Math.min(record.idleExpiresAt, record.absoluteExpiresAt);
  return {
    remainingSeconds: Math.max(0, Math.floor((expiresAt - now) / 1000)),
    expiresAt: new Date(expiresAt).toISOString(),
    absoluteExpiresAt: new Date(record.absoluteExpiresAt).toISOString(),
  };
}

/** A new session and the token for its cookie. */
export interface IssuedSession<T> {
  token: string;
  body: T;
}

/** Sign-in and session operations. */
export class AuthService {
  readonly #deps: AuthDeps;

  constructor(deps: AuthDeps) {
    this.#deps = deps;
  }

  #newRecord(token: string, state: SessionState, userId: string | null, tenantId: string): SessionRecord {
    const now = this.#deps.now();
    const absoluteExpiresAt = now + this.#deps.config.sessionAbsoluteSeconds * 1000;
    return {
      id: sessionIdOf(token),
      userId,
      tenantId,
      state,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: Math.min(now + this.#deps.config.sessionIdleSeconds * 1000, absoluteExpiresAt),
      absoluteExpiresAt,
    };
  }

  /**
   * Signs in with username and password. Failure text is the same whether or not the user exists;
   * failures count per account and per address, and past the limit the answer is LOGIN_THROTTLED.
   * The previous session of the request (if any) is replaced: the session id rotates.
   */
  async login(request: FastifyRequest, body: LoginRequest, previousSessionId: string | null): Promise<IssuedSession<LoginResponse>> {
    const { db, audit, sessions, loginThrottle } = this.#deps;
    const username = trimUsername(body.username);
    if (username === '') throw new ValidationError('username', 'must not be empty');
    const ip = request.ip;
    const tenant = await tenantOfHost(db, request.hostname);
    const account = accountKey(tenant?.id ?? '-', username);

    const retryAfterSeconds = await loginThrottle.retryAfterSeconds(account, ip);
    if (retryAfterSeconds > 0) {
      await db.transaction().execute((trx) =>
        audit.write(trx, {
          tenantId: tenant?.id ?? null,
          actorUsername: username,
          action: 'login.throttled',
          outcome: 'failure',
          ip,
          detail: { retryAfterSeconds },
        }),
      );
      throw new LoginThrottledError(retryAfterSeconds);
    }

    const user = tenant ? await users.findByUsername(db, tenant.id, username) : undefined;
    const passwordOk = user ? await verifyPassword(user.password_hash, body.password) : await verifyDummy(body.password);
    if (!user || !tenant || !passwordOk || !user.enabled) {
      await loginThrottle.recordFailure(account, ip);
      const reason = !user ? 'unknown user' : !passwordOk ? 'wrong password' : 'account disabled';
      await db.transaction().execute(async (trx) => {
        await audit.write(trx, {
          tenantId: tenant?.id ?? null,
          actorUserId: user?.id ?? null,
          actorUsername: username,
          action: 'login',
          outcome: 'failure',
          ip,
          detail: { reason },
        });
        if (user) await users.recordFailedLogin(trx, user.id);
      });
      throw new InvalidCredentialsError(SERVER_MESSAGES.INVALID_CREDENTIALS);
    }

    const token = newSessionToken();
    const record = this.#newRecord(token, 'active', user.id, tenant.id);
    await db.transaction().execute(async (trx) => {
      await audit.write(trx, {
        tenantId: tenant.id,
        actorUserId: user.id,
        actorUsername: user.username,
        action: 'login',
        outcome: 'success',
        ip,
        detail: {},
      });
      await users.recordSuccessfulLogin(trx, user.id, new Date(record.createdAt));
      if (previousSessionId) await sessions.delete(previousSessionId, trx);
      await sessions.create(record, trx);
    });
    await loginThrottle.recordSuccess(account);
    const viewer = await buildViewer(db, user.id, tenant.id, { user, tenant });
    return { token, body: { furtherAuthenticationRequired: [], viewer, session: toSessionInfo(record, this.#deps.now()) } };
  }

  /** Moves the idle expiry forward (never past the absolute expiry). */
  async refresh(record: SessionRecord): Promise<SessionInfo> {
    const now = this.#deps.now();
    const idleExpiresAt = Math.min(now + this.#deps.config.sessionIdleSeconds * 1000, record.absoluteExpiresAt);
    await this.#deps.sessions.extend(record.id, idleExpiresAt, now);
    return toSessionInfo({ ...record, idleExpiresAt, lastSeenAt: now }, now);
  }

  /** Session timing without extending it. */
  check(record: SessionRecord): SessionInfo {
    return toSessionInfo(record, this.#deps.now());
  }

  /** Ends a session; audited `logout` when it belonged to a user. */
  async logout(request: FastifyRequest, record: SessionRecord): Promise<void> {
    const { db, audit, sessions } = this.#deps;
    await db.transaction().execute(async (trx) => {
      if (record.userId && record.tenantId) {
        const user = await users.findById(trx, record.tenantId, record.userId);
        await audit.write(trx, {
          tenantId: record.tenantId,
          actorUserId: record.userId,
          actorUsername: user?.username ?? null,
          action: 'logout',
          ip: request.ip,
          detail: {},
        });
      }
      await sessions.delete(record.id, trx);
    });
  }

  /** An anonymous session on the default tenant (anonymous portal). */
  async anonymous(previousSessionId: string | null): Promise<IssuedSession<AnonymousSessionResponse>> {
    const { db, sessions } = this.#deps;
    const tenant = await tenants.findDefault(db);
    if (!tenant) throw new NotFoundError('The default tenant');
    const token = newSessionToken();
    const record = this.#newRecord(token, 'anonymous', null, tenant.id);
    await db.transaction().execute(async (trx) => {
      if (previousSessionId) await sessions.delete(previousSessionId, trx);
      await sessions.create(record, trx);
    });
    return { token, body: { session: toSessionInfo(record, this.#deps.now()), tenant: toTenancyInfo(tenant) } };
  }

  /** The disclaimer of the request's tenant. */
  async disclaimer(hostname: string): Promise<string | null> {
    const tenant = await tenantOfHost(this.#deps.db, hostname);
    return tenant?.disclaimer ?? null;
  }
}
