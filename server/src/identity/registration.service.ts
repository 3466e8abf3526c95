/**
 * Self-registration and account activation (issue 13; signin §7 `VerifyRegistrationEmail {tenantId}`,
 * admin-console §2.1 `/register`, `/finish-register`, `/activateaccount/{token}`).
 *
 * - Registration: where the tenant allows it, anyone proves an e-mail address by a mailed single-use link
 *   and then chooses a username and password; the account starts with no role. The request answers the
 *   same whether or not the address has an account (the mail says which), and is budgeted like
 *   ForgotPassword (per address, per client: 429; mails per address: silently).
 * - Activation: an administrator (userEdit) mails a link to an account they created; its holder sets the
 *   first password, which enables the account.
 *
 * Tokens are 32 random bytes; only their SHA-256 is stored (`email_links`), links expire and are spent by
 * use or by a newer link. Links are built from the configured public URL only (platform/public-url.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_LINK_LIMITS,
  MESSAGES,
  PRODUCT_NAME,
  trimUsername,
  validateUsername,
  type ActivateAccountRequest,
  type EmailLinkStatus,
  type FinishRegistrationRequest,
  type RegistrationConfig,
  type VerifyRegistrationEmailRequest,
} from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter, AuditEventInput } from '../platform/audit';
import type { AttemptLimiter } from '../platform/attempt-limiter';
import type { MailMessage, Mailer } from '../platform/mailer';
import type { ClientContext } from '../platform/request';
import type { SessionStore } from '../platform/session-store';
import type { AuthContext } from '../platform/types';
import { ConflictError, EmailLinkInvalidError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import { hashPassword } from '../platform/password';
import { passwordProblem } from '../platform/password-policy';
import type { EmailLinkPurpose } from './email-links.table';
import * as links from './email-links.repository';
import * as users from './users.repository';
import * as tenants from './tenants.repository';
import { tenantOfHost } from './tenants.service';

/** The budgets of VerifyRegistrationEmail (made once per app). */
export interface RegistrationLimiters {
  perEmail: AttemptLimiter;
  perAddress: AttemptLimiter;
  mailsPerEmail: AttemptLimiter;
}

/** What the registration rules need. */
export interface RegistrationDeps {
  db: Db;
  audit: AuditWriter;
  sessions: SessionStore;
  mailer: Mailer;
  limiters: RegistrationLimiters;
  /** The console's public origin, without a trailing slash (links point there). */
  origin: string;
  now: () => number;
  /** Told when a mail could not be sent (it goes out after the answer). */
  onMailError: (error: unknown) => void;
}

/** Audit fields of the caller. */
export type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'ip'>;

/** SHA-256 (hex) of a mailed token: the id stored. */
export function emailLinkId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function sendLater(deps: RegistrationDeps, mail: MailMessage): void {
  deps.mailer.send(mail).catch(deps.onMailError);
}

/** The registration answer of the tenant a request's host belongs to. @throws NotFoundError when there is none */
export async function registrationConfig(deps: Pick<RegistrationDeps, 'db'>, client: Pick<ClientContext, 'hostname'>): Promise<RegistrationConfig> {
  const tenant = await tenantOfHost(deps.db, client.hostname);
  if (!tenant) throw new NotFoundError('The tenant');
  return { tenantId: tenant.id, tenantName: tenant.name, selfRegistration: tenant.self_registration };
}

/**
 * Mails a link to finish registering (`VerifyRegistrationEmail`): to an address with no account of the
 * tenant, a `/finish-register?token=` link (earlier ones spent); to one with an account, a note saying
 * so. Audited `user.register_request` either way.
 * @throws ValidationError (`tenantId`) when the tenant is not the one of the request's host,
 *   ForbiddenError when the tenant does not allow self-registration, TooManyRequestsError past a budget
 */
export async function verifyRegistrationEmail(deps: RegistrationDeps, client: Pick<ClientContext, 'ip' | 'hostname'>, body: VerifyRegistrationEmailRequest): Promise<void> {
  const tenant = await tenantOfHost(deps.db, client.hostname);
  if (!tenant || tenant.id !== body.tenantId) throw new ValidationError('tenantId', 'is not the tenant of this address');
  const email = body.emailAddress.trim();
  const audit = (outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
    deps.db.transaction().execute((trx) => deps.audit.write(trx, { tenantId: tenant.id, ip: client.ip, action: 'user.register_request', outcome, detail }));
  if (!tenant.self_registration) {
    await audit('failure', { reason: 'closed' });
    throw new ForbiddenError(MESSAGES.REGISTRATION_CLOSED);
  }
  const [emailRetry, addressRetry] = await Promise.all([deps.limiters.perEmail.take(`${tenant.id}:${email.toLowerCase()}`), deps.limiters.perAddress.take(client.ip)]);
  if (emailRetry > 0 || addressRetry > 0) {
    await audit('failure', { reason: 'throttled' });
    throw new TooManyRequestsError();
  }
  if ((await deps.limiters.mailsPerEmail.take(`${tenant.id}:${email.toLowerCase()}`)) > 0) {
    await audit('failure', { reason: 'mail budget spent' });
    return;
  }
  const now = deps.now();
  const token = newToken();
  const taken = await deps.db.transaction().execute(async (trx) => {
    const taken = await links.emailTaken(trx, tenant.id, email);
    if (!taken) {
      await links.spendRegistrationLinks(trx, tenant.id, email, new Date(now));
      await links.insert(trx, {
        id: emailLinkId(token),
        purpose: 'register',
        tenantId: tenant.id,
        email,
        userId: null,
        expiresAt: new Date(now + EMAIL_LINK_LIMITS.registrationTtlMinutes * 60_000),
      });
    }
    // Never the address itself in the audit detail of a public call: the count of links is enough.
    await deps.audit.write(trx, { tenantId: tenant.id, ip: client.ip, action: 'user.register_request', outcome: taken ? 'failure' : 'success', detail: taken ? { reason: 'address has an account' } : {} });
    return taken;
  });
  const subject = `${PRODUCT_NAME}: finish registering`;
  sendLater(deps, {
    to: email,
    subject,
    text: taken
      ? [
          `Someone asked to register a ${PRODUCT_NAME} account (${tenant.name}) with this e-mail address, which already has one.`,
          '',
          `Sign in at ${deps.origin}/login, or reset your password at ${deps.origin}/forgotpassword.`,
          '',
          'If you did not ask for this, ignore this message.',
        ].join('\n')
      : [
          `Someone asked to register a ${PRODUCT_NAME} account (${tenant.name}) with this e-mail address.`,
          '',
          `Open this link within ${EMAIL_LINK_LIMITS.registrationTtlMinutes} minutes to choose your username and password:`,
          `${deps.origin}/finish-register?token=${token}`,
          '',
          'If you did not ask for this, ignore this message; no account is created.',
        ].join('\n'),
  });
}

/** What an unused, unexpired link is for. @throws EmailLinkInvalidError */
export async function checkEmailLink(deps: Pick<RegistrationDeps, 'db' | 'now'>, purpose: EmailLinkPurpose, token: string): Promise<EmailLinkStatus> {
  const link = await links.findUsable(deps.db, emailLinkId(token), purpose, new Date(deps.now()));
  if (!link) throw new EmailLinkInvalidError();
  if (purpose === 'register') return { valid: true, emailAddress: link.email, username: null };
  const user = link.user_id ? await users.findById(deps.db, link.tenant_id, link.user_id) : undefined;
  if (!user) throw new EmailLinkInvalidError();
  return { valid: true, emailAddress: link.email, username: user.username };
}

/**
 * Creates the account of a registration link (`/finish-register`): the username rules of the tenant,
 * the password policy, the address the link was mailed to; no role. Audited `user.register`.
 * @throws EmailLinkInvalidError, ForbiddenError (registration closed since), ValidationError, ConflictError
 */
export async function finishRegistration(deps: RegistrationDeps, client: Pick<ClientContext, 'ip'>, body: FinishRegistrationRequest): Promise<{ userId: string; username: string }> {
  const id = emailLinkId(body.token);
  const now = new Date(deps.now());
  const preview = await links.findUsable(deps.db, id, 'register', now);
  if (!preview) throw new EmailLinkInvalidError();
  const tenant = await tenants.findById(deps.db, preview.tenant_id);
  if (!tenant) throw new EmailLinkInvalidError();
  if (!tenant.self_registration) throw new ForbiddenError(MESSAGES.REGISTRATION_CLOSED);
  const username = trimUsername(body.username);
  const problem = validateUsername(username, tenant.username_pattern ? { pattern: tenant.username_pattern } : {});
  if (problem) throw new ValidationError('username', problem, { exact: true });
  const givenName = body.givenName.trim();
  const familyName = body.familyName.trim();
  const weak = passwordProblem(body.password, [username, givenName, familyName, preview.email]);
  if (weak) throw new ValidationError('password', weak, { exact: true });
  const passwordHash = await hashPassword(body.password);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const link = await links.findUsable(trx, id, 'register', now, { lock: true });
      if (!link) throw new EmailLinkInvalidError();
      if (await users.findByUsername(trx, link.tenant_id, username)) throw new ConflictError('username', 'username is already taken');
      if (await links.emailTaken(trx, link.tenant_id, link.email)) throw new EmailLinkInvalidError();
      const row = await users.insert(trx, { tenant_id: link.tenant_id, username, password_hash: passwordHash, given_name: givenName, family_name: familyName, email: link.email });
      await links.spendRegistrationLinks(trx, link.tenant_id, link.email, now);
      await deps.audit.write(trx, { tenantId: link.tenant_id, actorUserId: row.id, actorUsername: username, ip: client.ip, action: 'user.register', targetType: 'user', targetId: row.id, detail: { username } });
      return { userId: row.id, username };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('username', 'username is already taken');
    throw error;
  }
}

/**
 * Mails the activation link of an account of the viewer's tenant (`/activateaccount/{token}`); earlier
 * links of the account are spent. Audited `user.activation_email`.
 * @throws NotFoundError (unknown user or another tenant's), ValidationError when it has no e-mail address
 */
export async function sendActivationEmail(deps: RegistrationDeps, auth: AuthContext, actor: Actor, body: { userId: string }): Promise<void> {
  const user = await users.findById(deps.db, auth.tenantId, body.userId);
  if (!user) throw new NotFoundError('The user');
  if (user.email.trim() === '') throw new ValidationError('userId', 'The user has no e-mail address to send the activation link to.', { exact: true });
  const tenant = await tenants.findById(deps.db, auth.tenantId);
  const now = deps.now();
  const token = newToken();
  await deps.db.transaction().execute(async (trx) => {
    await links.spendActivationLinks(trx, user.id, new Date(now));
    await links.insert(trx, {
      id: emailLinkId(token),
      purpose: 'activate',
      tenantId: auth.tenantId,
      email: user.email,
      userId: user.id,
      expiresAt: new Date(now + EMAIL_LINK_LIMITS.activationTtlMinutes * 60_000),
    });
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'user.activation_email', targetType: 'user', targetId: user.id, detail: { username: user.username } });
  });
  sendLater(deps, {
    to: user.email,
    subject: `${PRODUCT_NAME}: activate your account`,
    text: [
      `An account "${user.username}" has been created for you in ${PRODUCT_NAME} (${tenant?.name ?? ''}).`,
      '',
      `Open this link within ${EMAIL_LINK_LIMITS.activationTtlMinutes / (24 * 60)} days to choose your password and activate it:`,
      `${deps.origin}/activateaccount/${token}`,
      '',
      'If you did not expect this, ignore this message.',
    ].join('\n'),
  });
}

/**
 * Activates an account with its mailed link (`/activateaccount/{token}`): sets the password (policy
 * applied), enables the account, spends the link, ends any session. Audited `user.activate_account`.
 * @throws EmailLinkInvalidError, ValidationError (`newPassword`)
 */
export async function activateAccount(deps: RegistrationDeps, client: Pick<ClientContext, 'ip'>, body: ActivateAccountRequest): Promise<void> {
  const id = emailLinkId(body.token);
  const now = new Date(deps.now());
  const preview = await links.findUsable(deps.db, id, 'activate', now);
  const user = preview?.user_id ? await users.findById(deps.db, preview.tenant_id, preview.user_id) : undefined;
  if (!preview || !user) throw new EmailLinkInvalidError();
  const weak = passwordProblem(body.newPassword, [user.username, user.given_name, user.family_name, user.email]);
  if (weak) throw new ValidationError('newPassword', weak, { exact: true });
  const passwordHash = await hashPassword(body.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    const link = await links.findUsable(trx, id, 'activate', now, { lock: true });
    if (!link || link.user_id !== user.id) throw new EmailLinkInvalidError();
    await users.update(trx, user.tenant_id, user.id, { password_hash: passwordHash, enabled: true, failed_logins: 0 });
    await links.spendActivationLinks(trx, user.id, now);
    await deps.audit.write(trx, { tenantId: user.tenant_id, actorUserId: user.id, actorUsername: user.username, ip: client.ip, action: 'user.activate_account', targetType: 'user', targetId: user.id });
    await deps.sessions.deleteForUser(user.id, trx);
  });
}
