/**
 * The grant rules of issue 18 on the server ("Permissions that cannot be escalated"), built on the one
 * rule of `@tessera/domain` (`permissionsNotHeld`): a refusal is a 403 naming what is missing, written
 * to the audit as a failed (denied) event in its own transaction, since the refused action's never runs.
 * Other areas (API keys, sign-in credentials) use {@link refuseGrant} and {@link heldPermissions}.
 */
import { permissionsNotHeld, permissionsNotHeldMessage } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { accessPermissions, loadAccess } from '../platform/access';
import { GrantRefusedError } from '../platform/errors';

/** What a grant check needs. */
export interface GrantDeps {
  db: Db;
  audit: AuditWriter;
}

/** One refused grant: the audit event's action and target, and the answer's field and text. */
export interface Refusal {
  actor: Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'ip'>;
  tenantId: string;
  /** The action refused, e.g. `user.update` (audited with outcome `failure`, `detail.denied`). */
  action: string;
  targetType: string;
  targetId: string | null;
  /** Request field refused (sent as `field`). */
  field: string;
  /** Why, for the audit: `permissions-not-held`, `own-roles`, `own-role`, `credential-of-another`. */
  reason: string;
  message: string;
  /** Extra audit facts (never secrets). */
  detail?: Record<string, unknown>;
}

/** Audits the refusal (its own transaction) and throws the 403. @throws GrantRefusedError, AuditFailedError */
export async function refuseGrant(deps: GrantDeps, refusal: Refusal): Promise<never> {
  await deps.db.transaction().execute((trx) =>
    deps.audit.write(trx, {
      ...refusal.actor,
      tenantId: refusal.tenantId,
      action: refusal.action,
      outcome: 'failure',
      targetType: refusal.targetType,
      targetId: refusal.targetId,
      detail: { denied: refusal.reason, field: refusal.field, ...refusal.detail },
    }),
  );
  throw new GrantRefusedError(refusal.field, refusal.message);
}

/** The viewer's effective permissions: the guard's when it loaded them, else read now. */
export async function heldPermissions(db: Db, auth: AuthContext): Promise<ReadonlySet<string>> {
  if (auth.permissions) return auth.permissions;
  const access = await loadAccess(db, auth.userId, auth.tenantId);
  return new Set(accessPermissions(access));
}

/**
 * Refuses (audited) when the viewer lacks any of `requested`.
 * @param refusal - the refusal's audit facts; field, reason and message are filled in here
 */
export async function requireGrantable(
  deps: GrantDeps,
  auth: AuthContext,
  requested: Iterable<string>,
  refusal: Omit<Refusal, 'reason' | 'message'>,
): Promise<void> {
  const missing = permissionsNotHeld(await heldPermissions(deps.db, auth), requested);
  if (missing.length === 0) return;
  await refuseGrant(deps, { ...refusal, reason: 'permissions-not-held', message: permissionsNotHeldMessage(missing), detail: { ...refusal.detail, notHeld: missing } });
}
