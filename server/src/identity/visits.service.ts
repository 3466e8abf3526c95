/**
 * Visits (admin-console §2.2 `/identity/visitor/visit/{id}` [userView]; issue 13 "Visitors: the host
 * user, sponsor, time window and pass"). The host is a user of the tenant, the sponsor (optional) an
 * active sponsor of the tenant, the window ends after it starts, and the pass (optional) is a temporary
 * pass of the tenant, numbered as admin-console §5 says (zero-padded to 5). Creating a visit is audited.
 */
import { padPassNumber, type VisitInput } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { NotFoundError, ValidationError } from '../platform/errors';
import type { VisitRow } from './visits.table';

/** What the visits service needs. */
export interface VisitsDeps {
  db: Db;
  audit: AuditWriter;
}

/** Audit actor fields. */
export interface VisitActor {
  actorUserId: string | null;
  actorUsername: string | null;
  actorApiKeyId?: string | null;
  ip: string;
}

/** A visit as the API answers it. */
export interface Visit {
  id: string;
  visitor: { givenName: string; familyName: string; emailAddress: string; company: string };
  purpose: string;
  host: { id: string; username: string };
  sponsor: { id: string; username: string } | null;
  startsAt: string;
  endsAt: string;
  pass: { id: string; passNumber: string; status: string } | null;
  createdAt: string;
}


async function toVisit(db: Db, tenantId: string, row: VisitRow): Promise<Visit> {
  const host = await db.selectFrom('users').select(['id', 'username']).where('tenant_id', '=', tenantId).where('id', '=', row.host_user_id).executeTakeFirstOrThrow();
  const sponsor = row.sponsor_id
    ? await db.selectFrom('sponsors').innerJoin('users', 'users.id', 'sponsors.user_id').select(['sponsors.id', 'users.username']).where('sponsors.id', '=', row.sponsor_id).executeTakeFirst()
    : undefined;
  const pass = row.pass_id ? await db.selectFrom('temporary_passes').select(['id', 'pass_number', 'status']).where('id', '=', row.pass_id).executeTakeFirst() : undefined;
  return {
    id: row.id,
    visitor: { givenName: row.visitor_given_name, familyName: row.visitor_family_name, emailAddress: row.visitor_email, company: row.company },
    purpose: row.purpose,
    host,
    sponsor: sponsor ?? null,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    pass: pass ? { id: pass.id, passNumber: pass.pass_number, status: pass.status } : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** `GET Visit?id`. @throws NotFoundError */
export async function getVisit(deps: VisitsDeps, auth: AuthContext, id: string): Promise<Visit> {
  const row = await deps.db.selectFrom('visits').selectAll().where('tenant_id', '=', auth.tenantId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('The visit');
  return toVisit(deps.db, auth.tenantId, row);
}

/** `POST Visit`: audited `visit.create`. */
export async function createVisit(deps: VisitsDeps, auth: AuthContext, actor: VisitActor, body: VisitInput): Promise<Visit> {
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (Number.isNaN(startsAt.getTime())) throw new ValidationError('startsAt', 'must be a date and time');
  if (Number.isNaN(endsAt.getTime())) throw new ValidationError('endsAt', 'must be a date and time');
  if (endsAt <= startsAt) throw new ValidationError('endsAt', 'must be after startsAt');
  const givenName = body.givenName.trim();
  const familyName = body.familyName.trim();
  if (givenName === '') throw new ValidationError('givenName', 'must not be blank');
  if (familyName === '') throw new ValidationError('familyName', 'must not be blank');
  const row = await deps.db.transaction().execute(async (trx) => {
    const host = await trx.selectFrom('users').select('id').where('tenant_id', '=', auth.tenantId).where('id', '=', body.hostUserId).executeTakeFirst();
    if (!host) throw new ValidationError('hostUserId', 'is not a user of this tenant');
    let sponsorId: string | null = null;
    if (body.sponsorId) {
      const sponsor = await trx.selectFrom('sponsors').select(['id', 'active']).where('tenant_id', '=', auth.tenantId).where('id', '=', body.sponsorId).executeTakeFirst();
      if (!sponsor || !sponsor.active) throw new ValidationError('sponsorId', 'is not an active sponsor of this tenant');
      sponsorId = sponsor.id;
    }
    let passId: string | null = null;
    if (body.passNumber !== undefined && body.passNumber.trim() !== '') {
      const pass = await trx.selectFrom('temporary_passes').select('id').where('tenant_id', '=', auth.tenantId).where('pass_number', '=', padPassNumber(body.passNumber.trim())).executeTakeFirst();
      if (!pass) throw new ValidationError('passNumber', 'is not a temporary pass of this tenant');
      passId = pass.id;
    }
    const inserted = await trx
      .insertInto('visits')
      .values({
        tenant_id: auth.tenantId,
        visitor_given_name: givenName,
        visitor_family_name: familyName,
        visitor_email: (body.emailAddress ?? '').trim(),
        company: (body.company ?? '').trim(),
        purpose: (body.purpose ?? '').trim(),
        host_user_id: host.id,
        sponsor_id: sponsorId,
        starts_at: startsAt,
        ends_at: endsAt,
        pass_id: passId,
        created_by: auth.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'visit.create', targetType: 'visit', targetId: inserted.id, detail: { hostUserId: host.id, sponsorId, passId } });
    return inserted;
  });
  return toVisit(deps.db, auth.tenantId, row);
}
