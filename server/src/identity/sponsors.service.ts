/**
 * Sponsors (admin-console §2.2 Sponsors add, edit, manage; §3 "sponsors"; issue 13): users of a tenant
 * who approve sponsored users. A sponsored user starts disabled and 'pending' (users.service); their
 * sponsor is told by mail and approves (the account is enabled) or rejects it. Only the sponsor's own
 * user decides, and only while the sponsor is active.
 */
import { sql } from 'kysely';
import { MESSAGES, type Sponsor, type SponsoredUser, type UserSummary } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import type { Mailer } from '../platform/mailer';
import type { AuthContext } from '../platform/types';
import type { Actor } from './users.service';
import * as sponsors from './sponsors.repository';
import * as users from './users.repository';

/** What the sponsor service needs. */
export interface SponsorsDeps {
  db: Db;
  audit: AuditWriter;
}

function toSponsor(row: sponsors.SponsorWithUser, pendingCount: number): Sponsor {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    displayName: row.displayName,
    emailAddress: row.email,
    active: row.active,
    notes: row.notes,
    pendingCount,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

async function pendingCounts(db: Db, tenantId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['sponsor_id', sql<number>`count(*)::int`.as('n')])
    .where('tenant_id', '=', tenantId)
    .where('sponsor_status', '=', 'pending')
    .where('sponsor_id', 'is not', null)
    .groupBy('sponsor_id')
    .execute();
  return new Map(rows.map((r) => [r.sponsor_id as string, Number(r.n)]));
}

/** The tenant's sponsors, by username. */
export async function listSponsors(deps: SponsorsDeps, auth: AuthContext): Promise<{ sponsors: Sponsor[] }> {
  const [rows, counts] = await Promise.all([sponsors.all(deps.db, auth.tenantId), pendingCounts(deps.db, auth.tenantId)]);
  return { sponsors: rows.map((r) => toSponsor(r, counts.get(r.id) ?? 0)) };
}

/** A sponsor of the tenant. */
export async function getSponsor(deps: SponsorsDeps, auth: AuthContext, id: string): Promise<Sponsor> {
  const row = await sponsors.findWithUser(deps.db, auth.tenantId, id);
  if (!row) throw new NotFoundError('The sponsor');
  return toSponsor(row, (await pendingCounts(deps.db, auth.tenantId)).get(id) ?? 0);
}

/** Makes a user of the tenant a sponsor; audited `sponsor.create`. */
export async function createSponsor(deps: SponsorsDeps, auth: AuthContext, actor: Actor, body: { userId: string; notes?: string }): Promise<Sponsor> {
  const user = await users.findById(deps.db, auth.tenantId, body.userId);
  if (!user) throw new ValidationError('userId', 'is not a user of this tenant');
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const row = await sponsors.insert(trx, { tenant_id: auth.tenantId, user_id: body.userId, notes: body.notes?.trim() ?? '' });
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'sponsor.create', targetType: 'sponsor', targetId: row.id, detail: { userId: body.userId, username: user.username } });
      return row.id;
    });
    return await getSponsor(deps, auth, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('userId', MESSAGES.SPONSOR_EXISTS);
    throw error;
  }
}

/** Changes a sponsor's active flag or notes; audited `sponsor.update`. */
export async function updateSponsor(deps: SponsorsDeps, auth: AuthContext, actor: Actor, body: { id: string; active?: boolean; notes?: string }): Promise<Sponsor> {
  await deps.db.transaction().execute(async (trx) => {
    const changes = { ...(body.active !== undefined ? { active: body.active } : {}), ...(body.notes !== undefined ? { notes: body.notes.trim() } : {}) };
    if (!(await sponsors.update(trx, auth.tenantId, body.id, changes))) throw new NotFoundError('The sponsor');
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'sponsor.update', targetType: 'sponsor', targetId: body.id, detail: { changed: Object.keys(changes) } });
  });
  return getSponsor(deps, auth, body.id);
}

/** The users the viewer sponsors (any state), pending first. */
export async function sponsoredUsers(deps: SponsorsDeps, auth: AuthContext): Promise<{ users: SponsoredUser[] }> {
  const own = await sponsors.findByUser(deps.db, auth.tenantId, auth.userId);
  if (!own) return { users: [] };
  const rows = await deps.db
    .selectFrom('users')
    .select(['id', 'username', 'given_name', 'family_name', 'email', 'sponsor_status'])
    .where('tenant_id', '=', auth.tenantId)
    .where('sponsor_id', '=', own.id)
    .orderBy(sql`case when sponsor_status = 'pending' then 0 else 1 end`)
    .orderBy(sql`lower(username)`)
    .execute();
  return {
    users: rows.map((r) => ({
      id: r.id,
      username: r.username,
      displayName: `${r.given_name} ${r.family_name}`.trim() || r.username,
      emailAddress: r.email,
      sponsorStatus: r.sponsor_status ?? 'pending',
    })),
  };
}

/**
 * The sponsor's decision on a pending user: approval enables the account, rejection leaves it disabled.
 * Only the user's own sponsor decides, while active; audited `sponsor.approve` / `sponsor.reject`.
 */
export async function decide(deps: SponsorsDeps, auth: AuthContext, actor: Actor, body: { userId: string; approve: boolean }): Promise<SponsoredUser> {
  const own = await sponsors.findByUser(deps.db, auth.tenantId, auth.userId);
  const target = await users.findById(deps.db, auth.tenantId, body.userId);
  if (!own || !target || target.sponsor_id !== own.id) throw new ForbiddenError(MESSAGES.SPONSOR_NOT_ASSIGNED);
  if (!own.active) throw new ForbiddenError(MESSAGES.SPONSOR_INACTIVE);
  if (target.sponsor_status !== 'pending') throw new ValidationError('userId', MESSAGES.SPONSOR_DECISION_MADE, { exact: true });
  const status = body.approve ? ('approved' as const) : ('rejected' as const);
  // The route needs no permission (being the sponsor is the right), so the guard loaded no username.
  const actorUsername = actor.actorUsername ?? (await users.findById(deps.db, auth.tenantId, auth.userId))?.username ?? null;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ sponsor_status: status, ...(body.approve ? { enabled: true } : {}), updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', body.userId)
      .execute();
    await deps.audit.write(trx, { ...actor, actorUsername, tenantId: auth.tenantId, action: body.approve ? 'sponsor.approve' : 'sponsor.reject', targetType: 'user', targetId: body.userId, detail: { sponsorId: own.id, username: target.username } });
  });
  return {
    id: target.id,
    username: target.username,
    displayName: `${target.given_name} ${target.family_name}`.trim() || target.username,
    emailAddress: target.email,
    sponsorStatus: status,
  };
}

/**
 * The mail that tells a sponsor a new user waits for their approval (the `notifySponsor` of the user
 * service). A mail failure is logged, not thrown: the user exists and the sponsor sees them on the
 * sponsors page.
 */
export function sponsorNotifier(mailer: Mailer, origin: string, onError: (err: unknown) => void) {
  return async (sponsor: sponsors.SponsorWithUser, user: UserSummary): Promise<void> => {
    try {
      await mailer.send({
        to: sponsor.email,
        subject: `Approval needed: ${user.username}`,
        text: `${user.givenName} ${user.familyName} (${user.username}) names you as their sponsor and waits for your approval.\n\nApprove or reject: ${origin}/identity/sponsors/manage\n`,
      });
    } catch (err) {
      onError(err);
    }
  };
}
