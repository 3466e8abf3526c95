/** User rules: listing, creating and editing users of the viewer's tenant; permissions; audit. */
import type { CreateUserRequest, Page, UpdateUserRequest, UserCategories, UserCategoryDocument, UserRecordFields, UserSummary } from '@tessera/domain';
import type { Db, DbOrTrx } from '../db/database';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import type { SessionStore } from '../platform/session-store';
import type { AuthContext } from '../platform/types';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import { hashPassword } from '../platform/password';
import type { UserRow, UserUpdate } from './users.table';
import * as users from './users.repository';
import * as roles from './roles.repository';
import * as tenants from './tenants.repository';
import * as orgs from './organisations.repository';
import * as sponsorsRepo from './sponsors.repository';
import { MESSAGES, permissionsOfRoles, protectedFieldsChanged, roleIdsChanged, trimUsername, validateUsername } from '@tessera/domain';
import { accessPermissions, grantedPermissions, loadAccess } from '../platform/access';
import { passwordProblem } from '../platform/password-policy';
import { refuseGrant, requireGrantable } from './grants.service';

/** What the user service needs. */
export interface UsersDeps {
  db: Db;
  audit: AuditWriter;
  sessions: SessionStore;
  /** Checks the editor's current password (auth's throttled check); throws when wrong. */
  checkEditorPassword?: (auth: AuthContext, password: string) => Promise<void>;
  /** Tells a sponsor that a user waits for approval (the mailer). */
  notifySponsor?: (sponsor: sponsorsRepo.SponsorWithUser, user: UserSummary) => Promise<void>;
}

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

/** Audit fields of the caller. */
export type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'ip'>;

/** The wire key of each category and its column (signin §3 categories, one JSON document each). */
const CATEGORY_COLUMNS = {
  personal: 'personal',
  organisationDetails: 'organisation_details',
  passType: 'pass_type',
  privileges: 'privileges',
  medical: 'medical',
  vehicles: 'vehicles',
} as const satisfies Record<keyof UserCategories, keyof UserRow>;

/** What a summary needs beyond the row. */
interface SummaryExtras {
  roleIds: string[];
  organisationName: string | null;
  hasPhoto: boolean;
}

const asDocument = (value: unknown): UserCategoryDocument => (value && typeof value === 'object' ? (value as UserCategoryDocument) : {});

/** The API's view of a user row. Never the hash. */
export function toUserSummary(row: UserRow, extras: SummaryExtras): UserSummary {
  return {
    id: row.id,
    username: row.username,
    givenName: row.given_name,
    familyName: row.family_name,
    emailAddress: row.email,
    enabled: row.enabled,
    roleIds: extras.roleIds,
    organisationId: row.organisation_id,
    organisationName: extras.organisationName,
    telephoneNumber: row.telephone,
    country: row.country,
    directory: {
      csn: row.csn,
      tempCsn: row.temp_csn,
      tempCsnExpiry: row.temp_csn_expiry?.toISOString() ?? null,
      pager: row.pager,
      uid: row.uid,
      distinguishedName: row.directory_dn,
      displayName: [row.given_name, row.family_name].filter((s) => s !== '').join(' ') || row.username,
    },
    categories: Object.fromEntries(Object.entries(CATEGORY_COLUMNS).map(([key, column]) => [key, asDocument(row[column])])) as unknown as UserCategories,
    sponsorId: row.sponsor_id,
    sponsorStatus: row.sponsor_status,
    hasPhoto: extras.hasPhoto,
    loginDetails: { failedLogins: row.failed_logins, lastSuccessfulLogin: row.last_successful_login?.toISOString() ?? null },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Summaries of rows of one tenant: roles, organisation names and photo flags in three queries. */
async function summaries(db: DbOrTrx, tenantId: string, rows: readonly UserRow[]): Promise<UserSummary[]> {
  const ids = rows.map((r) => r.id);
  const orgIds = [...new Set(rows.map((r) => r.organisation_id).filter((id): id is string => id !== null))];
  const [roleIds, orgNames, photos] = await Promise.all([users.roleIdsOf(db, ids), users.organisationNames(db, tenantId, orgIds), users.withPhotos(db, ids)]);
  return rows.map((r) =>
    toUserSummary(r, { roleIds: roleIds.get(r.id) ?? [], organisationName: r.organisation_id ? (orgNames.get(r.organisation_id) ?? null) : null, hasPhoto: photos.has(r.id) }),
  );
}

async function summary(db: DbOrTrx, row: UserRow): Promise<UserSummary> {
  return (await summaries(db, row.tenant_id, [row]))[0]!;
}

/** The row changes of the record fields shared by add and edit. */
function recordChanges(body: UserRecordFields): UserUpdate {
  const changes: UserUpdate = {};
  if (body.organisationId !== undefined) changes.organisation_id = body.organisationId;
  if (body.telephoneNumber !== undefined) changes.telephone = body.telephoneNumber === null ? null : body.telephoneNumber.trim() || null;
  if (body.country !== undefined) changes.country = body.country.trim();
  const d = body.directory;
  if (d) {
    if (d.csn !== undefined) changes.csn = d.csn;
    if (d.tempCsn !== undefined) changes.temp_csn = d.tempCsn;
    if (d.tempCsnExpiry !== undefined) changes.temp_csn_expiry = d.tempCsnExpiry === null ? null : new Date(d.tempCsnExpiry);
    if (d.pager !== undefined) changes.pager = d.pager;
    if (d.uid !== undefined) changes.uid = d.uid;
  }
  for (const [key, column] of Object.entries(CATEGORY_COLUMNS) as [keyof UserCategories, (typeof CATEGORY_COLUMNS)[keyof UserCategories]][]) {
    const document = body.categories?.[key];
    // Stored as JSON text: a jsonb parameter must be a string for both PGlite and node-postgres.
    if (document !== undefined) changes[column] = JSON.stringify(document);
  }
  return changes;
}

async function checkOrganisation(db: DbOrTrx, tenantId: string, organisationId: string | null | undefined): Promise<void> {
  if (!organisationId) return;
  // Unknown and other tenants' organisations read the same.
  if (!(await orgs.findById(db, tenantId, organisationId))) throw new ValidationError('organisationId', 'is not an organisation of this tenant');
}

async function checkRoleIds(db: DbOrTrx, tenantId: string, roleIds: readonly string[]): Promise<void> {
  const known = await roles.existingIds(db, tenantId, roleIds);
  const index = roleIds.findIndex((id) => !known.has(id));
  // Unknown and other tenants' roles read the same.
  if (index >= 0) throw new ValidationError(`roleIds.${index}`, 'is not a role of this tenant');
}

/** Every permission granting or taking away these roles touches (built-in roles: the whole catalog). */
async function permissionsOfRoleIds(db: DbOrTrx, tenantId: string, roleIds: readonly string[]): Promise<string[]> {
  const rows = await roles.findByIds(db, tenantId, roleIds);
  return permissionsOfRoles(rows.map((row) => ({ permissions: grantedPermissions(row), blacklist: row.blacklist })));
}

/** A page of the tenant's users. */
export async function listUsers(
  deps: UsersDeps,
  auth: AuthContext,
  q: { skip?: number; take?: number; search?: string; sortField?: users.UserListQuery['sortField']; sortDirection?: 'asc' | 'desc' },
): Promise<Page<UserSummary>> {
  const { totalResults, totalCapped, rows } = await users.list(deps.db, auth.tenantId, {
    skip: q.skip ?? 0,
    take: q.take ?? 10,
    ...(q.search ? { search: q.search } : {}),
    sortField: q.sortField ?? 'username',
    sortDirection: q.sortDirection ?? 'asc',
  });
  return { totalResults, ...(totalCapped ? { totalCapped } : {}), results: await summaries(deps.db, auth.tenantId, rows) };
}

/** One user of the tenant. @throws NotFoundError */
export async function getUser(deps: UsersDeps, auth: AuthContext, id: string): Promise<UserSummary> {
  const row = await users.findById(deps.db, auth.tenantId, id);
  if (!row) throw new NotFoundError('The user');
  return summary(deps.db, row);
}

/** Creates a user in the tenant; audited `user.create`. */
export async function createUser(deps: UsersDeps, auth: AuthContext, actor: Actor, body: CreateUserRequest): Promise<UserSummary> {
  const username = trimUsername(body.username);
  const tenant = await tenants.findById(deps.db, auth.tenantId);
  const problem = validateUsername(username, tenant?.username_pattern ? { pattern: tenant.username_pattern } : {});
  if (problem) throw new ValidationError('username', problem, { exact: true });
  // One password policy everywhere (issue 18): the same rule as ChangePassword and reset.
  const weak = passwordProblem(body.password, [username, body.givenName, body.familyName, body.emailAddress]);
  if (weak) throw new ValidationError('password', weak, { exact: true });
  if (body.roleIds.length > 0) {
    await checkRoleIds(deps.db, auth.tenantId, body.roleIds);
    // Nobody grants a role holding a permission they do not hold (issue 18).
    const touched = await permissionsOfRoleIds(deps.db, auth.tenantId, body.roleIds);
    await requireGrantable(deps, auth, touched, { actor, tenantId: auth.tenantId, action: 'user.create', targetType: 'user', targetId: null, field: 'roleIds', detail: { username, roleIds: body.roleIds } });
  }
  const passwordHash = await hashPassword(body.password);
  let sponsor: sponsorsRepo.SponsorWithUser | undefined;
  try {
    const created = await deps.db.transaction().execute(async (trx) => {
      if (await users.findByUsername(trx, auth.tenantId, username)) throw new ConflictError('username', 'username is already taken');
      await checkRoleIds(trx, auth.tenantId, body.roleIds);
      await checkOrganisation(trx, auth.tenantId, body.organisationId);
      if (body.sponsorId) {
        sponsor = await sponsorsRepo.findWithUser(trx, auth.tenantId, body.sponsorId);
        if (!sponsor) throw new ValidationError('sponsorId', 'is not a sponsor of this tenant');
        if (!sponsor.active) throw new ValidationError('sponsorId', MESSAGES.SPONSOR_INACTIVE, { exact: true });
      }
      const row = await users.insert(trx, {
        ...recordChanges(body),
        tenant_id: auth.tenantId,
        username,
        password_hash: passwordHash,
        given_name: body.givenName.trim(),
        family_name: body.familyName.trim(),
        email: body.emailAddress.trim(),
        // A sponsored user waits, disabled, for the sponsor's approval.
        ...(sponsor ? { sponsor_id: sponsor.id, sponsor_status: 'pending' as const, enabled: false } : {}),
      });
      await users.setRoles(trx, row.id, body.roleIds);
      await deps.audit.write(trx, {
        ...actor,
        tenantId: auth.tenantId,
        action: 'user.create',
        targetType: 'user',
        targetId: row.id,
        detail: { username, roleIds: body.roleIds, ...(sponsor ? { sponsorId: sponsor.id } : {}) },
      });
      return summary(trx, row);
    });
    if (sponsor) await deps.notifySponsor?.(sponsor, created);
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('username', 'username is already taken');
    throw error;
  }
}

/**
 * The grant rules of an edit (issue 18): nobody changes their own roles; adding or removing a role needs
 * every permission it touches; changing another account's e-mail address (where its password reset
 * goes) needs every permission that account holds, or it would be a way to sign in as someone above you.
 */
async function checkGrants(deps: UsersDeps, auth: AuthContext, actor: Actor, body: UpdateUserRequest): Promise<void> {
  const refusal = { actor, tenantId: auth.tenantId, action: 'user.update', targetType: 'user', targetId: body.id } as const;
  if (body.roleIds) {
    const target = await users.findById(deps.db, auth.tenantId, body.id);
    if (!target) throw new NotFoundError('The user');
    await checkRoleIds(deps.db, auth.tenantId, body.roleIds);
    const current = (await users.roleIdsOf(deps.db, [body.id])).get(body.id) ?? [];
    const changed = roleIdsChanged(current, body.roleIds);
    if (changed.length > 0) {
      if (body.id === auth.userId) {
        await refuseGrant(deps, { ...refusal, field: 'roleIds', reason: 'own-roles', message: MESSAGES.OWN_ROLES_FIXED, detail: { roleIds: changed } });
      }
      const touched = await permissionsOfRoleIds(deps.db, auth.tenantId, changed);
      await requireGrantable(deps, auth, touched, { ...refusal, field: 'roleIds', detail: { roleIds: changed } });
    }
  }
  if (body.emailAddress !== undefined && body.id !== auth.userId) {
    const target = await users.findById(deps.db, auth.tenantId, body.id);
    if (!target) throw new NotFoundError('The user');
    if (target.email.trim().toLowerCase() !== body.emailAddress.trim().toLowerCase()) {
      const access = await loadAccess(deps.db, body.id, auth.tenantId);
      await requireGrantable(deps, auth, accessPermissions(access), { ...refusal, field: 'emailAddress' });
    }
  }
}

const SELF_SERVICE_FIELDS = new Set(['id', 'givenName', 'familyName', 'emailAddress', 'telephoneNumber', 'currentPassword']);

/**
 * Edits a user of the tenant; audited `user.update`. With `userEdit` any field; with only
 * `selfServicePortal` the viewer's own names and e-mail (signin §6). Disabling a user ends their sessions.
 */
export async function updateUser(deps: UsersDeps, auth: AuthContext, actor: Actor, body: UpdateUserRequest): Promise<UserSummary> {
  const canEditAll = auth.permissions?.has('userEdit') ?? false;
  if (!canEditAll) {
    const selfOnly = auth.permissions?.has('selfServicePortal') && body.id === auth.userId;
    if (!selfOnly) {
      // Another tenant's or an unknown id answers as a missing permission would for a known one.
      throw new ForbiddenError();
    }
    const extra = Object.keys(body).find((k) => !SELF_SERVICE_FIELDS.has(k));
    if (extra) throw new ForbiddenError(`Only names, e-mail address and telephone number can be changed on your own record (not ${extra})`);
  }
  const changes: UserUpdate = recordChanges(body);
  const target = await users.findById(deps.db, auth.tenantId, body.id);
  if (!target) throw new NotFoundError('The user');
  if (body.username !== undefined) {
    const username = trimUsername(body.username);
    const tenant = await tenants.findById(deps.db, auth.tenantId);
    const problem = validateUsername(username, tenant?.username_pattern ? { pattern: tenant.username_pattern } : {});
    if (problem) throw new ValidationError('username', problem, { exact: true });
    changes.username = username;
  }
  await checkOrganisation(deps.db, auth.tenantId, body.organisationId);
  // A change to a protected field asks a signed-in editor for their password again (admin-console §4, §8).
  const currentRoles = (await users.roleIdsOf(deps.db, [body.id])).get(body.id) ?? [];
  const protectedChanges = protectedFieldsChanged(
    { username: target.username, emailAddress: target.email, roleIds: currentRoles, organisationId: target.organisation_id },
    { ...(body.username !== undefined ? { username: changes.username as string } : {}), ...pick(body, ['emailAddress', 'roleIds', 'organisationId']) },
  );
  if (body.givenName !== undefined) changes.given_name = body.givenName.trim();
  if (body.familyName !== undefined) changes.family_name = body.familyName.trim();
  if (body.emailAddress !== undefined) changes.email = body.emailAddress.trim();
  if (body.enabled !== undefined) changes.enabled = body.enabled;
  if (body.enabled === false && body.id === auth.userId) throw new ValidationError('enabled', 'cannot be false for your own account');
  await checkGrants(deps, auth, actor, body);
  // An API key is a credential of its own (issue 11): no person is there to re-enter a password.
  if (protectedChanges.length > 0 && !auth.apiKey) {
    if (body.currentPassword === undefined) throw new ValidationError('currentPassword', MESSAGES.PROTECTED_FIELD_PASSWORD, { exact: true });
    if (!deps.checkEditorPassword) throw new ForbiddenError();
    await deps.checkEditorPassword(auth, body.currentPassword);
  }

  try {
    return await deps.db.transaction().execute(async (trx) => {
    const existing = await users.findById(trx, auth.tenantId, body.id);
    if (!existing) throw new NotFoundError('The user');
    if (body.roleIds) await checkRoleIds(trx, auth.tenantId, body.roleIds);
    if (changes.username !== undefined && changes.username.toLowerCase() !== existing.username.toLowerCase() && (await users.findByUsername(trx, auth.tenantId, changes.username))) {
      throw new ConflictError('username', 'username is already taken');
    }
    const row = Object.keys(changes).length > 0 ? await users.update(trx, auth.tenantId, body.id, changes) : existing;
    if (!row) throw new NotFoundError('The user');
    if (body.roleIds) await users.setRoles(trx, body.id, body.roleIds);
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'user.update',
      targetType: 'user',
      targetId: body.id,
      detail: { changed: Object.keys(body).filter((k) => k !== 'id' && k !== 'currentPassword'), ...(protectedChanges.length > 0 ? { protectedFields: protectedChanges } : {}) },
    });
    if (body.enabled === false) await deps.sessions.deleteForUser(body.id, trx);
    return summary(trx, row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('username', 'username is already taken');
    throw error;
  }
}

/**
 * Deletes a user of the tenant (admin-console §8 'The user was successfully deleted'); audited
 * `user.delete`. Nobody deletes themself, nor an account holding a permission they do not hold.
 */
export async function deleteUser(deps: UsersDeps, auth: AuthContext, actor: Actor, id: string): Promise<void> {
  if (id === auth.userId) throw new ValidationError('id', MESSAGES.OWN_ACCOUNT_NOT_DELETED, { exact: true });
  const target = await users.findById(deps.db, auth.tenantId, id);
  if (!target) throw new NotFoundError('The user');
  const access = await loadAccess(deps.db, id, auth.tenantId);
  await requireGrantable(deps, auth, accessPermissions(access), { actor, tenantId: auth.tenantId, action: 'user.delete', targetType: 'user', targetId: id, field: 'id', detail: { username: target.username } });
  await deps.db.transaction().execute(async (trx) => {
    await deps.sessions.deleteForUser(id, trx);
    if (!(await users.remove(trx, auth.tenantId, id))) throw new NotFoundError('The user');
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'user.delete', targetType: 'user', targetId: id, detail: { username: target.username } });
  });
}
