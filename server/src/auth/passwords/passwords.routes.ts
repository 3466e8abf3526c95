/**
 * Passwords (admin-console §2 `/self/changePassword/`, `/forgotpassword`, §4 password reset): change
 * with the current password (other sessions end), and reset by an e-mailed single-use link whose
 * token is stored hashed and expires. The reset request answers the same whether or not an account
 * exists; mail goes out after the answer, so its timing does not tell either. Links are built from
 * the configured public URL only (platform/public-url.ts); requests are budgeted per e-mail address and
 * per client address (429), mails per account, and a new link spends the earlier ones (issue 18).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MESSAGES, PRODUCT_NAME } from '@tessera/domain';
import { Email, errorResponses, globalOrJson, NoContent, Password, SafeString } from '../../platform/schemas';
import { checkCurrentPassword } from '../current-password';
import { requireAuth } from '../../platform/request';
import { createMailer, type Mailer } from '../../platform/mailer';
import { auditActor } from '../../platform/audit';
import { hashPassword } from '../../platform/password';
import { users } from '../../identity/accounts.service';
import { tenantOfHost } from '../../identity/tenants.service';
import { ResetTokenInvalidError, TooManyRequestsError, ValidationError } from '../../platform/errors';
import { AttemptLimiter } from '../../platform/attempt-limiter';
import { publicConsoleUrl } from '../../platform/public-url';
import * as repo from './passwords.repository';
import { PASSWORD_CONFIG, passwordProblem } from '../../platform/password-policy';

/** Lifetime of a reset link. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Window of the ForgotPassword budgets. */
export const RESET_THROTTLE_WINDOW_SECONDS = 60 * 60;
/** ForgotPassword requests per e-mail address per window (then 429). */
export const RESET_REQUESTS_PER_EMAIL = 5;
/** ForgotPassword requests per client address per window (then 429). */
export const RESET_REQUESTS_PER_ADDRESS = 20;
/** Reset mails per account per window (then none, silently). */
export const RESET_MAILS_PER_ACCOUNT = 3;

const tags = ['passwords'];
const IDM = '/api2/IDM-v1';
const ResetToken = () => Type.String({ minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' });

/** SHA-256 (hex) of a reset token: the id stored. */
export function resetTokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Options of {@link passwordRoutes}. */
export interface PasswordRoutesOptions {
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
}

/** Registers the password routes. */
export const passwordRoutes: FastifyPluginAsyncTypebox<PasswordRoutesOptions> = async (app, opts) => {
  const mailer = opts.mailer ?? createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, dataDir: app.config.dataDir });
  if (!opts.mailer) app.addHook('onClose', async () => mailer.close());

  // ForgotPassword budgets (issue 18): requests per e-mail address and per client address answer 429
  // beyond theirs; mails per account stop silently (the answer must not tell whether an account exists).
  const limiter = (name: string, points: number) =>
    new AttemptLimiter({ name, points, windowSeconds: RESET_THROTTLE_WINDOW_SECONDS, redis: app.redis, prefix: app.config.redisPrefix });
  const perEmail = limiter('reset-email', RESET_REQUESTS_PER_EMAIL);
  const perAddress = limiter('reset-address', RESET_REQUESTS_PER_ADDRESS);
  const perAccount = limiter('reset-account', RESET_MAILS_PER_ACCOUNT);
  const origin = publicConsoleUrl(app.config);

  app.get(
    `${IDM}/PasswordConfig`,
    { config: { auth: 'public' }, schema: { summary: 'Read the password policy', tags, response: { 200: Type.Object({ minLength: Type.Integer(), minScore: Type.Integer() }), ...errorResponses() } } },
    async () => PASSWORD_CONFIG,
  );

  app.post(
    `${IDM}/ChangePassword`,
    {
      config: { auth: 'session', permission: 'changePassword', apiKey: false },
      schema: {
        summary: 'Change the viewer\'s password',
        tags,
        body: Type.Object({ currentPassword: Password({ minLength: 1 }), newPassword: Password({ minLength: 1 }) }, { additionalProperties: false }),
        response: { 204: NoContent, ...errorResponses(401, 503), 429: globalOrJson(429) },
      },
    },
    async (request, reply) => {
      const { tenantId, userId, session } = requireAuth(request);
      const user = await users.findById(app.db, tenantId, userId);
      if (!user) throw new ValidationError('currentPassword', MESSAGES.PASSWORD_CURRENT_WRONG, { exact: true });
      const { currentPassword, newPassword } = request.body;
      await checkCurrentPassword(app, { ...auditActor(request), ip: request.ip }, user, 'password.change', 'currentPassword', currentPassword);
      const problem = passwordProblem(newPassword, [user.username, user.given_name, user.family_name, user.email]);
      if (problem) throw new ValidationError('newPassword', problem, { exact: true });
      const hash = await hashPassword(newPassword);
      await app.db.transaction().execute(async (trx) => {
        await app.audit.write(trx, { ...auditActor(request), action: 'password.change', targetType: 'user', targetId: user.id });
        await repo.setPasswordHash(trx, tenantId, user.id, hash, new Date(app.now()));
        // Every other session of the user ends; this one goes on (re-created after the purge).
        await app.sessions.deleteForUser(user.id, trx);
        await app.sessions.create(session, trx);
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${IDM}/ForgotPassword`,
    {
      config: { auth: 'public' },
      schema: { summary: 'Mail a password reset link', tags, body: Type.Object({ emailAddress: Email() }, { additionalProperties: false }), response: { 202: Type.Object({}), ...errorResponses(503) } },
    },
    async (request, reply) => {
      const tenant = await tenantOfHost(app.db, request.hostname);
      const email = request.body.emailAddress.trim();
      const [emailRetry, addressRetry] = await Promise.all([perEmail.take(`${tenant?.id ?? '-'}:${email.toLowerCase()}`), perAddress.take(request.ip)]);
      if (emailRetry > 0 || addressRetry > 0) {
        await app.db.transaction().execute((trx) =>
          app.audit.write(trx, { tenantId: tenant?.id ?? null, ip: request.ip, action: 'password.reset_request', outcome: 'failure', detail: { reason: 'throttled' } }),
        );
        throw new TooManyRequestsError();
      }
      const matches = tenant ? await repo.usersByEmail(app.db, tenant.id, email) : [];
      const allowed: typeof matches = [];
      for (const user of matches) if ((await perAccount.take(user.id)) === 0) allowed.push(user);
      const now = app.now();
      const mails = await app.db.transaction().execute(async (trx) => {
        const out: { to: string; username: string; link: string }[] = [];
        for (const user of allowed) {
          const token = randomBytes(32).toString('base64url');
          // One live link per account: a new request spends the earlier ones.
          await repo.spendTokensOfUser(trx, user.id, new Date(now));
          await repo.insertToken(trx, { id: resetTokenId(token), tenantId: tenant!.id, userId: user.id, expiresAt: new Date(now + RESET_TOKEN_TTL_MS) });
          out.push({ to: user.email, username: user.username, link: `${origin}/forgotpassword/${token}` });
        }
        await app.audit.write(trx, {
          tenantId: tenant?.id ?? null,
          ip: request.ip,
          action: 'password.reset_request',
          outcome: out.length > 0 ? 'success' : 'failure',
          detail: out.length > 0 ? { accounts: out.length } : { reason: matches.length === 0 ? 'no account' : 'account mail budget spent' },
        });
        return out;
      });
      for (const mail of mails) {
        mailer
          .send({
            to: mail.to,
            subject: `${PRODUCT_NAME}: reset your password`,
            text: [
              `A password reset was requested for the ${PRODUCT_NAME} account "${mail.username}".`,
              '',
              `Open this link within ${RESET_TOKEN_TTL_MS / 60000} minutes to choose a new password:`,
              mail.link,
              '',
              'If you did not ask for this, ignore this message; your password stays as it is.',
            ].join('\n'),
          })
          .catch((err: unknown) => request.log.error({ err }, 'password reset mail could not be sent'));
      }
      return reply.code(202).send({});
    },
  );

  app.post(
    `${IDM}/ValidateResetToken`,
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Check a password reset token',
        tags,
        body: Type.Object({ token: SafeString({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ valid: Type.Literal(true), username: Type.String() }), ...errorResponses() },
      },
    },
    async (request) => {
      const row = await repo.findUsableToken(app.db, resetTokenId(request.body.token), new Date(app.now()));
      if (!row) throw new ResetTokenInvalidError();
      return { valid: true as const, username: row.username };
    },
  );

  app.post(
    `${IDM}/ResetPassword`,
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Set a new password with a reset token',
        tags,
        body: Type.Object({ token: ResetToken(), newPassword: Password({ minLength: 1 }) }, { additionalProperties: false }),
        response: { 204: NoContent, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      const id = resetTokenId(request.body.token);
      const now = new Date(app.now());
      const preview = await repo.findUsableToken(app.db, id, now);
      if (!preview) throw new ResetTokenInvalidError();
      const problem = passwordProblem(request.body.newPassword, [preview.username, preview.given_name, preview.family_name, preview.email]);
      if (problem) throw new ValidationError('newPassword', problem, { exact: true });
      const hash = await hashPassword(request.body.newPassword);
      await app.db.transaction().execute(async (trx) => {
        const row = await repo.findUsableToken(trx, id, now, { lock: true });
        if (!row) throw new ResetTokenInvalidError();
        await app.audit.write(trx, { tenantId: row.tenant_id, actorUserId: row.user_id, actorUsername: row.username, ip: request.ip, action: 'password.reset', targetType: 'user', targetId: row.user_id });
        await repo.setPasswordHash(trx, row.tenant_id, row.user_id, hash, now);
        await repo.spendTokensOfUser(trx, row.user_id, now);
        await app.sessions.deleteForUser(row.user_id, trx);
      });
      return reply.code(204).send(null);
    },
  );
};
