/**
 * One-time SCEP challenge passwords (issue 17; admin-console §2.2 `/credentials/certificates/scep/request`
 * [certScep], §2.1 `/retrieveSCEPChallenge/{id}`). An operator creates one for a template; the password
 * (32 random bytes, base64url) is sealed with the secret box until its one fetch, which answers it and erases
 * the sealed copy; from then on only its SHA-256 is kept. A SCEP PKCSReq consumes it once, before it expires,
 * for its own template. Creation, fetch and use are audited (never the password).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  ENROLMENT_MESSAGES,
  retrieveScepChallengePath,
  SCEP_CHALLENGE_DEFAULT_MINUTES,
  SCEP_CHALLENGE_PAGE_SIZE,
  scepUrl,
  type CreateScepChallengeRequest,
  type RetrievedScepChallenge,
  type ScepChallenge,
  type ScepChallengesResponse,
  type ScepChallengeState,
} from '@tessera/domain';
import { AppError, ValidationError } from '../platform/errors';
import type { AuditEventInput } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import type { Trx } from '../db/database';
import type { EnrolmentDeps } from './enrolment.deps';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const sealContext = (id: string) => `scep-challenge:${id}`;

function stateOf(row: { expires_at: Date; fetched_at: Date | null; used_at: Date | null }, now: number): ScepChallengeState {
  if (row.used_at) return 'used';
  if (row.expires_at.getTime() <= now) return 'expired';
  return row.fetched_at ? 'fetched' : 'waiting';
}

/** Creates a challenge for a template of the tenant; audited `scep.challenge.create`. */
export async function createChallenge(deps: EnrolmentDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, request: CreateScepChallengeRequest): Promise<ScepChallenge> {
  const template = await deps.db.selectFrom('certificate_templates').select(['id', 'name']).where('tenant_id', '=', auth.tenantId).where('id', '=', request.templateId).executeTakeFirst();
  if (!template) throw new ValidationError('templateId', 'is not a certificate template of this tenant');
  const password = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now() + (request.validityMinutes ?? SCEP_CHALLENGE_DEFAULT_MINUTES) * 60_000);
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('scep_challenges')
      .values({ tenant_id: auth.tenantId, template_id: template.id, password_hash: sha256(password), password_sealed: 'pending', created_by: actor.actorUserId ?? null, expires_at: expiresAt, created_at: new Date(deps.now()) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable('scep_challenges').set({ password_sealed: deps.box.encrypt(password, sealContext(row.id)) }).where('id', '=', row.id).execute();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'scep.challenge.create', targetType: 'scep_challenge', targetId: row.id, detail: { template: template.name, expiresAt: expiresAt.toISOString() } });
    return toChallenge({ ...row, template_name: template.name, created_by_name: actor.actorUsername ?? null }, deps);
  });
}

function toChallenge(row: { id: string; template_id: string; template_name: string; created_by_name: string | null; created_at: Date; expires_at: Date; fetched_at: Date | null; used_at: Date | null }, deps: Pick<EnrolmentDeps, 'now' | 'publicUrl'>): ScepChallenge {
  return {
    id: row.id,
    templateId: row.template_id,
    templateName: row.template_name,
    state: stateOf(row, deps.now()),
    createdBy: row.created_by_name,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    fetchedAt: row.fetched_at?.toISOString() ?? null,
    usedAt: row.used_at?.toISOString() ?? null,
    retrievePath: retrieveScepChallengePath(row.id),
    scepUrl: scepUrl(deps.publicUrl, row.template_id),
  };
}

/** A page of the tenant's challenges, newest first; `search` matches the template name. */
export async function listChallenges(deps: EnrolmentDeps, auth: Pick<AuthContext, 'tenantId'>, query: { page?: number; search?: string }): Promise<ScepChallengesResponse> {
  const page = query.page ?? 1;
  let base = deps.db
    .selectFrom('scep_challenges as c')
    .innerJoin('certificate_templates as t', 't.id', 'c.template_id')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .where('c.tenant_id', '=', auth.tenantId)
    // Operator challenges only (an Intune token used once is recorded in the same table with neither).
    .where((eb) => eb.or([eb('c.password_sealed', 'is not', null), eb('c.fetched_at', 'is not', null)]));
  if (query.search) base = base.where('t.name', 'ilike', `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select(['c.id', 'c.template_id', 't.name as template_name', 'u.username as created_by_name', 'c.created_at', 'c.expires_at', 'c.fetched_at', 'c.used_at'])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .limit(SCEP_CHALLENGE_PAGE_SIZE)
    .offset((page - 1) * SCEP_CHALLENGE_PAGE_SIZE)
    .execute();
  return { challenges: rows.map((r) => toChallenge(r, deps)), total, page, pageSize: SCEP_CHALLENGE_PAGE_SIZE };
}

/**
 * The one fetch of a challenge's password (the link is the bearer: no session needed). Erases the sealed
 * copy in the same transaction; audited `scep.challenge.fetch`. @throws NotFoundError when already fetched,
 * expired or unknown (one message for all three).
 */
export async function retrieveChallenge(deps: EnrolmentDeps, client: { ip: string }, id: string): Promise<RetrievedScepChallenge> {
  return deps.db.transaction().execute(async (trx) => {
    const now = new Date(deps.now());
    const found = await trx.selectFrom('scep_challenges').select(['password_sealed']).where('id', '=', id).executeTakeFirst();
    // The conditional update lets one fetch win when two race.
    const row = await trx
      .updateTable('scep_challenges')
      .set({ password_sealed: null, fetched_at: now })
      .where('id', '=', id)
      .where('password_sealed', 'is not', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['id', 'tenant_id', 'template_id', 'expires_at'])
      .executeTakeFirst();
    if (!row || !found?.password_sealed) throw new ChallengeGoneError();
    const template = await trx.selectFrom('certificate_templates').select('name').where('id', '=', row.template_id).executeTakeFirstOrThrow();
    await deps.audit.write(trx, { actorUserId: null, actorUsername: null, actorApiKeyId: null, ip: client.ip, tenantId: row.tenant_id, action: 'scep.challenge.fetch', targetType: 'scep_challenge', targetId: row.id, detail: { template: template.name } });
    return { id: row.id, password: deps.box.decrypt(found.password_sealed, sealContext(row.id)), templateName: template.name, scepUrl: scepUrl(deps.publicUrl, row.template_id), expiresAt: row.expires_at.toISOString() };
  });
}

/** 404 with the one message for a challenge already fetched, used, expired or unknown. */
export class ChallengeGoneError extends AppError {
  constructor() {
    super('NOT_FOUND', 404, ENROLMENT_MESSAGES.CHALLENGE_GONE);
  }
}

/**
 * Consumes a challenge password for a template (SCEP PKCSReq): marks it used when it is the tenant's, for
 * this template, unused and not expired. Audited `scep.challenge.use` in the same transaction. Answers false
 * when it is not a valid challenge.
 */
export async function consumeChallenge(deps: EnrolmentDeps, trx: Trx, tenantId: string, templateId: string, password: string, ip: string): Promise<boolean> {
  const row = await trx
    .updateTable('scep_challenges')
    .set({ used_at: new Date(deps.now()), password_sealed: null })
    .where('password_hash', '=', sha256(password))
    .where('tenant_id', '=', tenantId)
    .where('template_id', '=', templateId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(deps.now()))
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await deps.audit.write(trx, { actorUserId: null, actorUsername: null, actorApiKeyId: null, ip, tenantId, action: 'scep.challenge.use', targetType: 'scep_challenge', targetId: row.id, detail: {} });
  return true;
}
