/**
 * What a password sign-in reads, in one statement: the tenant of the request's host (platform/tenant-of-host.ts, as a CTE), the user of that tenant by username (case-insensitive), the user's
 * TOTP state and roles. Sign-in is the server's hottest write path after the KDF; one round trip instead
 * of four keeps it closer to the KDF's own rate (docs/bench.md).
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import { tenantForHostQuery } from '../platform/tenant-of-host';
import type { UserAccess } from '../platform/access';
import type { TenantRow, UserRow } from '../identity/accounts.service';
import { totpStateOf, type TotpState } from './mfa/totp-state';

/** What sign-in knows after its one read. */
export interface SignInLookup {
  tenant: TenantRow;
  /** Absent when the tenant has no such user. */
  user?: UserRow;
  mfa: TotpState;
  roles: UserAccess['roles'];
}

const TENANT_DATES = ['created_at'] as const;
const USER_DATES = ['last_successful_login', 'created_at', 'updated_at'] as const;

/** A row read as JSON, with its timestamp columns back as Dates (as Kysely's own reads give them). */
function withDates<T>(json: Record<string, unknown>, columns: readonly string[]): T {
  for (const column of columns) {
    const value = json[column];
    if (typeof value === 'string') json[column] = new Date(value);
  }
  return json as T;
}

/**
 * Reads tenant, user, TOTP state and roles for a sign-in on `hostname` (a Host header) as `username`
 * (already trimmed). Undefined when there is no tenant at all (before bootstrap).
 */
export async function signInLookup(db: DbOrTrx, hostname: string, username: string): Promise<SignInLookup | undefined> {
  const row = await db
    .with('t', () => tenantForHostQuery(db, hostname))
    .selectFrom('t')
    .leftJoin('users as u', (join) => join.onRef('u.tenant_id', '=', 't.id').on(sql<string>`lower(u.username)`, '=', username.toLowerCase()))
    .leftJoin('user_mfa as m', (join) => join.onRef('m.tenant_id', '=', 't.id').onRef('m.user_id', '=', 'u.id'))
    .select([
      sql<Record<string, unknown>>`to_jsonb(t.*)`.as('tenant'),
      sql<Record<string, unknown> | null>`to_jsonb(u.*)`.as('user'),
      'm.enabled as mfa_enabled',
      'm.secret_encrypted as mfa_secret_encrypted',
      'm.secret_confirmed as mfa_secret_confirmed',
      sql<UserAccess['roles']>`(
        select coalesce(jsonb_agg(jsonb_build_object(
          'id', r.id, 'name', r.name, 'permissions', r.permissions, 'blacklist', r.blacklist, 'is_manager', r.is_manager, 'builtin_all', r.builtin_all
        ) order by r.name), '[]'::jsonb)
        from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = u.id and r.tenant_id = t.id
      )`.as('roles'),
    ])
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const mfa = row.mfa_enabled === null ? null : { enabled: row.mfa_enabled, secret_encrypted: row.mfa_secret_encrypted, secret_confirmed: Boolean(row.mfa_secret_confirmed) };
  return {
    tenant: withDates<TenantRow>(row.tenant, TENANT_DATES),
    ...(row.user ? { user: withDates<UserRow>(row.user, USER_DATES) } : {}),
    mfa: totpStateOf(mfa),
    roles: row.user ? row.roles : [],
  };
}
