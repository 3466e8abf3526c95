/**
 * Sign-in and sessions (signin §4): login with throttling and audit, check and refresh, logout,
 * anonymous sessions, the disclaimer.
 */
import type { AnonymousSessionResponse, LoginRequest, LoginResponse, SessionInfo } from '@tessera/domain';
import type { Db, Trx } from '../db/database';
import type { ClientContext } from '../platform/request';
import type { AuditWriter } from '../platform/audit';
import type { ServerConfig } from '../platform/config';
import { InvalidCredentialsError, LoginThrottledError, MfaInvalidError, NotFoundError, NotLoggedInError, ValidationError } from '../platform/errors';
import { users } from '../identity/accounts.service';
import { tenantOfHost, toTenancyInfo } from '../identity/tenants.service';
import { buildViewer } from '../identity/viewer.service';
import { MESSAGES, trimUsername } from '@tessera/domain';
import { newSessionToken, sessionIdOf, type SessionRecord, type SessionStore } from '../platform/session-store';
import type { SessionState } from '../platform/sessions.table';
import { accountKey, type LoginThrottle } from '../platform/login-throttle';
import { signInLookup } from './sign-in.repository';
import { verifyDummy, verifyPassword } from '../platform/password';
import * as mfa from './mfa/mfa.service';

/** Lifetime of a pending session (password accepted, TOTP due): time to read or enrol a code. */
export const PENDING_SESSION_SECONDS = 300;

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
    expiresAt: isoTime(expiresAt),
    absoluteExpiresAt: isoTime(record.absoluteExpiresAt),
  };
}

/** ISO strings of the session expiries answered lately: a check-session answers the same two times until the session moves. */
const ISO_TIMES = new Map<number, string>();
const MAX_ISO_TIMES = 4096;

/** `new Date(ms).toISOString()`, remembered (a session's expiries are asked for on every check). */
export function isoTime(ms: number): string {
  let iso = ISO_TIMES.get(ms);
  if (iso === undefined) {
    iso = new Date(ms).toISOString();
    if (ISO_TIMES.size >= MAX_ISO_TIMES) ISO_TIMES.clear();
    ISO_TIMES.set(ms, iso);
  }
  return iso;
}

/** A new session and the token for its cookie. */
export interface IssuedSession<T> {
  token: string;
  body: T;
}

/** A session record of the given state, timed from now (a pending one lives {@link PENDING_SESSION_SECONDS}). */
function newRecord(deps: Pick<AuthDeps, 'config' | 'now'>, token: string, state: SessionState, userId: string | null, tenantId: string): SessionRecord {
  const now = deps.now();
  const lifetime = state === 'pending' ? PENDING_SESSION_SECONDS : deps.config.sessionAbsoluteSeconds;
  const absoluteExpiresAt = now + lifetime * 1000;
  return {
    id: sessionIdOf(token),
    userId,
    tenantId,
    state,
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: Math.min(now + deps.config.sessionIdleSeconds * 1000, absoluteExpiresAt),
    absoluteExpiresAt,
  };
}

/**
 * Signs in with username and password. Failure text is the same whether or not the user exists;
 * failures count per account and per address, and past the limit the answer is LOGIN_THROTTLED.
 * The previous session of the request (if any) is replaced: the session id rotates.
 */
export async function login(deps: AuthDeps, client: Pick<ClientContext, 'ip' | 'hostname'>, body: LoginRequest, previousSessionId: string | null): Promise<IssuedSession<LoginResponse>> {
  const { db, audit, sessions, loginThrottle } = deps;
  const username = trimUsername(body.username);
  if (username === '') throw new ValidationError('username', 'must not be empty');
  const ip = client.ip;
  const found = await signInLookup(db, client.hostname, username);
  const tenant = found?.tenant;
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

  const user = found?.user;
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
    throw new InvalidCredentialsError(MESSAGES.INVALID_CREDENTIALS);
  }

  const token = newSessionToken();
  const { record, requirement } = await db.transaction().execute(async (trx) => {
    // signin §4: after the password, TOTP when the user or the tenant requires it (enrolment if no secret yet).
    const requirement = await mfa.loginRequirement(deps, trx, tenant, user, found.mfa);
    const record = newRecord(deps, token, requirement.required ? 'pending' : 'active', user.id, tenant.id);
    await audit.write(trx, {
      tenantId: tenant.id,
      actorUserId: user.id,
      actorUsername: user.username,
      action: 'login',
      outcome: 'success',
      ip,
      detail: requirement.required ? { furtherAuthenticationRequired: ['TOTP'], enrolment: Boolean(requirement.enrolment) } : {},
    });
    if (!requirement.required) await users.recordSuccessfulLogin(trx, user.id, new Date(record.createdAt));
    if (previousSessionId) await sessions.delete(previousSessionId, trx);
    await sessions.create(record, trx);
    return { record, requirement };
  });
  await loginThrottle.recordSuccess(account, ip);
  if (requirement.required) {
    const body: LoginResponse = { furtherAuthenticationRequired: ['TOTP'], session: toSessionInfo(record, deps.now()) };
    if (requirement.enrolment) body.enrolment = requirement.enrolment;
    return { token, body };
  }
  const viewer = await buildViewer(db, user.id, tenant.id, { user, tenant, roles: found.roles });
  return { token, body: { furtherAuthenticationRequired: [], viewer, session: toSessionInfo(record, deps.now()) } };
}

/**
 * Completes a pending sign-in with a TOTP or recovery code (`TOTPAuth`). Wrong codes count per
 * account (`mfaThrottle`); a replayed or spent code is refused like a wrong one. On success the
 * pending session is replaced by a new active one (the session id rotates).
 */
export async function totpAuth(deps: AuthDeps, client: Pick<ClientContext, 'ip'>, pending: SessionRecord, passcode: string, mfaThrottle: LoginThrottle): Promise<IssuedSession<LoginResponse>> {
  const { db, audit, sessions } = deps;
  const ip = client.ip;
  if (!pending.userId || !pending.tenantId) throw new NotLoggedInError();
  const user = await users.findById(db, pending.tenantId, pending.userId);
  if (!user || !user.enabled) throw new NotLoggedInError();
  const account = accountKey(user.tenant_id, user.username);
  const retryAfterSeconds = await mfaThrottle.retryAfterSeconds(account, ip);
  const actor = { tenantId: user.tenant_id, actorUserId: user.id, actorUsername: user.username, ip };
  if (retryAfterSeconds > 0) {
    await db.transaction().execute((trx) => audit.write(trx, { ...actor, action: 'mfa.throttled', outcome: 'failure', detail: { retryAfterSeconds } }));
    throw new LoginThrottledError(retryAfterSeconds);
  }
  const token = newSessionToken();
  const outcome = await db.transaction().execute(async (trx) => {
    const result = await mfa.checkPasscode(deps, trx, user, passcode);
    if (!result.ok) {
      await audit.write(trx, { ...actor, action: 'mfa.verify', outcome: 'failure', detail: { reason: result.reason } });
      return null;
    }
    const record = newRecord(deps, token, 'active', user.id, user.tenant_id);
    await audit.write(trx, { ...actor, action: 'mfa.verify', outcome: 'success', detail: { method: result.method, enrolled: result.confirmed } });
    await users.recordSuccessfulLogin(trx, user.id, new Date(record.createdAt));
    await sessions.delete(pending.id, trx);
    await sessions.create(record, trx);
    return record;
  });
  if (!outcome) {
    await mfaThrottle.recordFailure(account, ip);
    throw new MfaInvalidError();
  }
  await mfaThrottle.recordSuccess(account);
  const viewer = await buildViewer(db, user.id, user.tenant_id);
  return { token, body: { furtherAuthenticationRequired: [], viewer, session: toSessionInfo(outcome, deps.now()) } };
}

/** A new active session for a user signed in another way (passkey), inside the caller's audited `trx`. */
export async function newActiveSession(deps: Pick<AuthDeps, 'sessions' | 'config' | 'now'>, trx: Trx, userId: string, tenantId: string, previousSessionId: string | null): Promise<{ token: string; record: SessionRecord }> {
  const token = newSessionToken();
  const record = newRecord(deps, token, 'active', userId, tenantId);
  await users.recordSuccessfulLogin(trx, userId, new Date(record.createdAt));
  if (previousSessionId) await deps.sessions.delete(previousSessionId, trx);
  await deps.sessions.create(record, trx);
  return { token, record };
}

/** Session timing of a record (for answers built outside this service). */
export function sessionInfo(deps: Pick<AuthDeps, 'now'>, record: SessionRecord): SessionInfo {
  return toSessionInfo(record, deps.now());
}

/** Moves the idle expiry forward (never past the absolute expiry). */
export async function refresh(deps: Pick<AuthDeps, 'sessions' | 'config' | 'now'>, record: SessionRecord): Promise<SessionInfo> {
  const now = deps.now();
  const idleExpiresAt = Math.min(now + deps.config.sessionIdleSeconds * 1000, record.absoluteExpiresAt);
  await deps.sessions.extend(record.id, idleExpiresAt, now);
  return toSessionInfo({ ...record, idleExpiresAt, lastSeenAt: now }, now);
}

/** Session timing without extending it. */
export function check(deps: Pick<AuthDeps, 'now'>, record: SessionRecord): SessionInfo {
  return toSessionInfo(record, deps.now());
}

/** Ends a session; audited `logout` when it belonged to a user. */
export async function logout(deps: Pick<AuthDeps, 'db' | 'audit' | 'sessions'>, client: Pick<ClientContext, 'ip'>, record: SessionRecord): Promise<void> {
  const { db, audit, sessions } = deps;
  await db.transaction().execute(async (trx) => {
    if (record.userId && record.tenantId) {
      const user = await users.findById(trx, record.tenantId, record.userId);
      await audit.write(trx, {
        tenantId: record.tenantId,
        actorUserId: record.userId,
        actorUsername: user?.username ?? null,
        action: 'logout',
        ip: client.ip,
        detail: {},
      });
    }
    await sessions.delete(record.id, trx);
  });
}

/** An anonymous session (anonymous portal) on the tenant of the request's host, the default tenant for other hosts. */
export async function anonymous(deps: Pick<AuthDeps, 'db' | 'sessions' | 'config' | 'now'>, hostname: string, previousSessionId: string | null): Promise<IssuedSession<AnonymousSessionResponse>> {
  const { db, sessions } = deps;
  const tenant = await tenantOfHost(db, hostname);
  if (!tenant) throw new NotFoundError('The default tenant');
  const token = newSessionToken();
  const record = newRecord(deps, token, 'anonymous', null, tenant.id);
  await db.transaction().execute(async (trx) => {
    if (previousSessionId) await sessions.delete(previousSessionId, trx);
    await sessions.create(record, trx);
  });
  return { token, body: { session: toSessionInfo(record, deps.now()), tenant: toTenancyInfo(tenant) } };
}

/** The disclaimer of the request's tenant. */
export async function disclaimer(deps: Pick<AuthDeps, 'db'>, hostname: string): Promise<string | null> {
  const tenant = await tenantOfHost(deps.db, hostname);
  return tenant?.disclaimer ?? null;
}
