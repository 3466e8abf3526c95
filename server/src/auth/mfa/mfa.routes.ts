/**
 * MFA routes: `TOTPAuth` completing a pending sign-in (signin §7), the user's own MFA status,
 * enrolment, confirmation, disabling and recovery codes, and the administrator's reset and the
 * tenant policy (admin-console §3). Every change is audited in its transaction.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '@tessera/domain';
import { errorResponses, globalOrJson, NoContent, Password, SafeString, Uuid } from '../../platform/schemas';
import { requireAuth } from '../../platform/request';
import { auditActor } from '../../platform/audit';
import { currentSession } from '../../platform/session-cookie';
import * as authService from '../auth.service';
import * as mfa from './mfa.service';
import { LoginResponseSchema } from '../auth.schemas';
import { setSessionCookie } from '../../platform/session-cookie';
import { LoginThrottle, accountKey } from '../../platform/login-throttle';
import { checkCurrentPassword } from '../current-password';
import { tenants, users } from '../../identity/accounts.service';
import { ConflictError, LoginThrottledError, MfaInvalidError, NotFoundError, NotLoggedInError } from '../../platform/errors';
import type { Db } from '../../db/database';

const tags = ['mfa'];

/** `MfaStatus`. */
export const MfaStatusSchema = Type.Object({ isEnabled: Type.Boolean(), isSecretSet: Type.Boolean(), isRequired: Type.Boolean() });
/** `MfaEnrolment`. */
export const MfaEnrolmentSchema = Type.Object({
  issuer: Type.String(),
  accountName: Type.String(),
  secret: Type.String(),
  qr: Type.String(),
  recovery_codes: Type.Array(Type.String()),
});
const PasscodeBody = Type.Object({ passcode: SafeString({ minLength: 1, maxLength: 32 }) }, { additionalProperties: false });
const PasswordBody = Type.Object({ password: Password({ minLength: 1 }) }, { additionalProperties: false });

async function signedInUser(db: Db, tenantId: string, userId: string) {
  const [user, tenant] = await Promise.all([users.findById(db, tenantId, userId), tenants.findById(db, tenantId)]);
  if (!user || !tenant) throw new NotLoggedInError();
  return { user, tenant };
}

/** Registers the MFA routes. */
export const mfaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Wrong codes per account (signin §4 "wrong codes are throttled"): same limits as passwords. */
  const mfaThrottle = new LoginThrottle({
    maxFailuresPerAccountAddress: app.config.loginMaxFailuresPerAccountAddress,
    maxFailuresPerAccount: app.config.loginMaxFailuresPerAccount,
    accountWindowSeconds: app.config.loginAccountWindowSeconds,
    maxFailuresPerAddress: app.config.loginMaxFailuresPerAddress,
    windowSeconds: app.config.loginWindowSeconds,
    redis: app.redis,
    prefix: `${app.config.redisPrefix}mfa-`,
  });


  app.post(
    '/api2/Authentication-v1/TOTPAuth',
    {
      config: { auth: 'public' },
      schema: { summary: 'Complete a sign-in with a TOTP or recovery code', tags, body: PasscodeBody, response: { 200: LoginResponseSchema, ...errorResponses(503), 401: globalOrJson(401), 429: globalOrJson(429) } },
    },
    async (request, reply) => {
      const pending = await currentSession(request);
      if (!pending || pending.state !== 'pending') throw new NotLoggedInError('No sign-in is waiting for a code');
      const { token, body } = await authService.totpAuth(app, { ip: request.ip }, pending, request.body.passcode, mfaThrottle);
      setSessionCookie(request, reply, token);
      return body;
    },
  );

  app.get(
    '/api2/Authentication-v1/MfaStatus',
    { config: { auth: 'session' }, schema: { summary: 'Read the viewer\'s two-factor status', tags, response: { 200: MfaStatusSchema, ...errorResponses(401) } } },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const { tenant } = await signedInUser(app.db, tenantId, userId);
      return mfa.status(app.db, tenant, userId);
    },
  );

  app.post(
    '/api2/Authentication-v1/MfaEnrol',
    { config: { auth: 'session' }, schema: { summary: 'Start two-factor enrolment', tags, body: PasswordBody, response: { 200: MfaEnrolmentSchema, ...errorResponses(401, 409, 503), 429: globalOrJson(429) } } },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const { user, tenant } = await signedInUser(app.db, tenantId, userId);
      await checkCurrentPassword(app, { ...auditActor(request), ip: request.ip }, user, 'mfa.enrol', 'password', request.body.password);
      // A confirmed secret is never replaced in place (MFA would be off until the new one is confirmed).
      if ((await mfa.status(app.db, tenant, userId)).isSecretSet) throw new ConflictError('isSecretSet', 'Two-factor authentication is already set up.');
      return app.db.transaction().execute(async (trx) => {
        await app.audit.write(trx, { ...auditActor(request), actorUsername: user.username, action: 'mfa.enrol', targetType: 'user', targetId: user.id });
        return mfa.startEnrolment(app, trx, tenant, user);
      });
    },
  );

  app.post(
    '/api2/Authentication-v1/MfaConfirm',
    {
      config: { auth: 'session' },
      schema: { summary: 'Confirm two-factor enrolment with a code', tags, body: PasscodeBody, response: { 200: MfaStatusSchema, ...errorResponses(503), 401: globalOrJson(401), 429: globalOrJson(429) } },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const { user, tenant } = await signedInUser(app.db, tenantId, userId);
      const account = accountKey(tenantId, user.username);
      const retry = await mfaThrottle.retryAfterSeconds(account, request.ip);
      if (retry > 0) throw new LoginThrottledError(retry);
      const ok = await app.db.transaction().execute(async (trx) => {
        const result = await mfa.checkPasscode(app, trx, user, request.body.passcode);
        await app.audit.write(trx, {
          ...auditActor(request),
          actorUsername: user.username,
          action: 'mfa.confirm',
          outcome: result.ok ? 'success' : 'failure',
          targetType: 'user',
          targetId: user.id,
          detail: result.ok ? {} : { reason: result.reason },
        });
        return result.ok;
      });
      if (!ok) {
        await mfaThrottle.recordFailure(account, request.ip);
        throw new MfaInvalidError();
      }
      await mfaThrottle.recordSuccess(account, request.ip);
      return mfa.status(app.db, tenant, userId);
    },
  );

  app.post(
    '/api2/Authentication-v1/MfaDisable',
    { config: { auth: 'session' }, schema: { summary: 'Turn two-factor authentication off', tags, body: PasswordBody, response: { 200: MfaStatusSchema, ...errorResponses(401, 409, 503), 429: globalOrJson(429) } } },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const { user, tenant } = await signedInUser(app.db, tenantId, userId);
      await checkCurrentPassword(app, { ...auditActor(request), ip: request.ip }, user, 'mfa.disable', 'password', request.body.password);
      if (tenant.mfa_required) throw new ConflictError('isEnabled', MESSAGES.MFA_REQUIRED_BY_TENANT);
      await app.db.transaction().execute(async (trx) => {
        await app.audit.write(trx, { ...auditActor(request), actorUsername: user.username, action: 'mfa.disable', targetType: 'user', targetId: user.id });
        await mfa.clear(trx, user);
      });
      return mfa.status(app.db, tenant, userId);
    },
  );

  app.post(
    '/api2/Authentication-v1/MfaRecoveryCodes',
    {
      config: { auth: 'session' },
      schema: { summary: 'Replace the recovery codes', tags, body: PasswordBody, response: { 200: Type.Object({ recovery_codes: Type.Array(Type.String()) }), ...errorResponses(401, 409, 503) } },
    },
    async (request) => {
      const { tenantId, userId } = requireAuth(request);
      const { user, tenant } = await signedInUser(app.db, tenantId, userId);
      await checkCurrentPassword(app, { ...auditActor(request), ip: request.ip }, user, 'mfa.recovery_codes', 'password', request.body.password);
      const status = await mfa.status(app.db, tenant, userId);
      if (!status.isSecretSet) throw new ConflictError('isSecretSet', 'Set up two-factor authentication first.');
      const codes = await app.db.transaction().execute(async (trx) => {
        await app.audit.write(trx, { ...auditActor(request), actorUsername: user.username, action: 'mfa.recovery_codes', targetType: 'user', targetId: user.id });
        return mfa.regenerateRecoveryCodes(app, trx, user);
      });
      return { recovery_codes: codes };
    },
  );

  app.get(
    '/api2/IDM-v1/UserMfaStatus',
    {
      config: { auth: 'session', permission: 'userView' },
      schema: { summary: 'Read a user\'s two-factor status', tags, querystring: Type.Object({ userId: Uuid() }), response: { 200: MfaStatusSchema, ...errorResponses(401, 404) } },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const [user, tenant] = await Promise.all([users.findById(app.db, tenantId, request.query.userId), tenants.findById(app.db, tenantId)]);
      if (!user || !tenant) throw new NotFoundError('The user');
      return mfa.status(app.db, tenant, user.id);
    },
  );

  app.post(
    '/api2/IDM-v1/ResetUserMfa',
    {
      config: { auth: 'session', permission: 'userEdit' },
      schema: { summary: 'Reset a user\'s two-factor authentication', tags, body: Type.Object({ userId: Uuid() }, { additionalProperties: false }), response: { 204: NoContent, ...errorResponses(401, 404, 503) } },
    },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const user = await users.findById(app.db, tenantId, request.body.userId);
      if (!user) throw new NotFoundError('The user');
      await app.db.transaction().execute(async (trx) => {
        await app.audit.write(trx, { ...auditActor(request), action: 'mfa.reset', targetType: 'user', targetId: user.id, detail: { username: user.username } });
        await mfa.clear(trx, user);
      });
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api2/IDM-v1/TenantMfaPolicy',
    {
      config: { auth: 'session', permission: 'tenancyConfig' },
      schema: {
        summary: 'Require two-factor authentication in the tenant, or not',
        tags,
        body: Type.Object({ isRequired: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: Type.Object({ isRequired: Type.Boolean() }), ...errorResponses(401, 503) },
      },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      await app.db.transaction().execute(async (trx) => {
        await app.audit.write(trx, { ...auditActor(request), action: 'mfa.policy', targetType: 'tenant', targetId: tenantId, detail: { isRequired: request.body.isRequired } });
        await trx.updateTable('tenants').set({ mfa_required: request.body.isRequired }).where('id', '=', tenantId).execute();
      });
      return { isRequired: request.body.isRequired };
    },
  );
};
