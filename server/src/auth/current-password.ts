/**
 * The current-password check of a signed-in user (ChangePassword, MfaEnrol, MfaDisable,
 * MfaRecoveryCodes). Each is a password guess like a sign-in (issue 18), so it counts on the same
 * per-account and per-address failure counters as sign-in (`app.loginThrottle`): once over the limit
 * every check answers 429 `LOGIN_THROTTLED` (the right password too) until the window passes, and every
 * wrong or throttled try is audited as a failure of its action.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@tessera/domain';
import { accountKey } from '../platform/login-throttle';
import { verifyPassword } from '../platform/password';
import type { AuditEventInput } from '../platform/audit';
import { LoginThrottledError, ValidationError } from '../platform/errors';

/** The user whose password is checked. */
export interface PasswordHolder {
  id: string;
  tenant_id: string;
  username: string;
  password_hash: string;
}

/**
 * Checks `password` against the user's; audited failure and counted when wrong.
 * @param action - audit action of the guarded operation (e.g. `password.change`)
 * @param field - request field named by the 400
 * @throws LoginThrottledError (429) when the account or address is over the limit; ValidationError (400) when wrong
 */
/** Who is asking, as the route read it from the request (`auditActor(request)`): the service never sees the request. */
export type PasswordCaller = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip' | 'tenantId'> & { ip: string };

export async function checkCurrentPassword(app: FastifyInstance, caller: PasswordCaller, user: PasswordHolder, action: string, field: string, password: string): Promise<void> {
  const account = accountKey(user.tenant_id, user.username);
  const audit = (reason: string) =>
    app.db.transaction().execute((trx) =>
      app.audit.write(trx, { ...caller, tenantId: user.tenant_id, actorUsername: user.username, action, outcome: 'failure', targetType: 'user', targetId: user.id, detail: { reason } }),
    );
  const retry = await app.loginThrottle.retryAfterSeconds(account, caller.ip);
  if (retry > 0) {
    await audit('throttled');
    throw new LoginThrottledError(retry);
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    await app.loginThrottle.recordFailure(account, caller.ip);
    await audit('wrong current password');
    throw new ValidationError(field, MESSAGES.PASSWORD_CURRENT_WRONG, { exact: true });
  }
  await app.loginThrottle.recordSuccess(account, caller.ip);
}
