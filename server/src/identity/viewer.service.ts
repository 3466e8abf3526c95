/** The viewer (signed-in user) as `GET /api/login` and login answer it. */
import type { Viewer } from '@tessera/domain';
import type { DbOrTrx } from '../db/database';
import { NotLoggedInError } from '../platform/errors';
import * as users from './users.repository';
import * as tenants from './tenants.repository';
import * as organisations from './organisations.repository';
import * as sponsors from './sponsors.repository';
import { toTenancyInfo } from './tenants.service';
import { buildPermissionObject } from '@tessera/domain';
import { effectivePermissions, rolesOfUser, type AccessRole } from '../platform/access';

type UserRow = NonNullable<Awaited<ReturnType<typeof users.findById>>>;
type TenantRow = NonNullable<Awaited<ReturnType<typeof tenants.findById>>>;

/**
 * Builds the viewer of a user of the tenant. The caller may pass the user and tenant rows it has just
 * read (sign-in reads them, with the roles, in one statement).
 * @throws NotLoggedInError when the user or tenant is gone or disabled
 */
export async function buildViewer(db: DbOrTrx, userId: string, tenantId: string, loaded: { user?: UserRow; tenant?: TenantRow; roles?: AccessRole[] } = {}): Promise<Viewer> {
  const [user, tenant, roles] = await Promise.all([
    loaded.user ?? users.findById(db, tenantId, userId),
    loaded.tenant ?? tenants.findById(db, tenantId),
    loaded.roles ?? rolesOfUser(db, tenantId, userId),
  ]);
  if (!user || !tenant || !user.enabled || user.id !== userId || tenant.id !== tenantId) throw new NotLoggedInError();
  const [orgChain, sponsor] = await Promise.all([
    user.organisation_id ? organisations.withAncestors(db, tenantId, user.organisation_id) : Promise.resolve([]),
    user.sponsor_id ? sponsors.findWithUser(db, tenantId, user.sponsor_id) : Promise.resolve(undefined),
  ]);
  // Roles and organisations, through the one rule of platform/access.ts (what the API guard uses too).
  const effective = effectivePermissions(roles, orgChain);
  const roleNames = roles.map((r) => r.name);
  const displayName = [user.given_name, user.family_name].filter((s) => s !== '').join(' ') || user.username;
  return {
    id: user.id,
    username: user.username,
    names: { givenName: user.given_name, familyName: user.family_name, displayName },
    emailAddress: user.email,
    telephoneNumber: user.telephone,
    organisation: orgChain[0]?.name ?? null,
    roles: roleNames,
    allRoles: roles.map((r) => ({ id: r.id, name: r.name })),
    allOrgs: orgChain.map((o) => ({ id: o.id, name: o.name })),
    allSponsors: sponsor ? [{ id: sponsor.id, name: sponsor.displayName }] : [],
    permission: buildPermissionObject(effective, roleNames, roles.some((r) => r.is_manager)),
    tenant: toTenancyInfo(tenant),
  };
}
