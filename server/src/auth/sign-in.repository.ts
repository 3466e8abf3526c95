/**
 * What a password sign-in reads, in one statement: the tenant of the request's host (signin §4: the
 * tenant whose domains hold the host, else the default one), the user of that tenant by username
 * (case-insensitive), the user's TOTP state and roles. Sign-in is the server's hottest write path after
 * the KDF; one round trip instead of four keeps it close to the KDF's own rate (docs/bench.md).
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import type { TenantRow } from '../identity/tenants.table';
import type { UserRow } from '../identity/users.table';
import type { UserAccess } from '../identity/users.repository';

/** The TOTP state of a user, as sign-in needs it. */
export interface SignInMfaState {
  /** The user turned MFA on. */
  enabled: boolean;
  /** A secret is stored and a first code of it was accepted. */
  confirmed: boolean;
}

/** What sign-in knows after its one read. */
export interface SignInLookup {
  tenant: TenantRow;
  /** Absent when the tenant has no such user. */
  user?: UserRow;
  mfa: SignInMfaState;
  roles: UserAccess['roles'];
}

interface LookupRow {
  tenant: Record<string, unknown>;
  user: Record<string, unknown> | null;
  mfa_enabled: boolean | null;
  mfa_confirmed: boolean | null;
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
 * Reads tenant, user, TOTP state and roles for a sign-in on `hostname` (port removed) as `username`
 * (already trimmed). Undefined when there is no tenant at all (before bootstrap).
 */
export async function signInLookup(db: DbOrTrx, hostname: string, username: string): Promise<SignInLookup | undefined> {
  const host = hostname.replace(/:\d+$/, '').toLowerCase();
  const { rows } = await sql<LookupRow>`
    with t as (
      select * from tenants
      where is_default or ${host} = any(domains)
      order by (${host} = any(domains)) desc
      limit 1
    )
    select
      to_jsonb(t.*) as tenant,
      to_jsonb(u.*) as "user",
      m.enabled as mfa_enabled,
      (m.secret_encrypted is not null and m.secret_confirmed) as mfa_confirmed,
      (
        select coalesce(jsonb_agg(jsonb_build_object(
          'id', r.id, 'name', r.name, 'permissions', r.permissions, 'blacklist', r.blacklist, 'is_manager', r.is_manager
        ) order by r.name), '[]'::jsonb)
        from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = u.id and r.tenant_id = t.id
      ) as roles
    from t
    left join users u on u.tenant_id = t.id and lower(u.username) = ${username.toLowerCase()}
    left join user_mfa m on m.tenant_id = t.id and m.user_id = u.id
    limit 1
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    tenant: withDates<TenantRow>(row.tenant, TENANT_DATES),
    ...(row.user ? { user: withDates<UserRow>(row.user, USER_DATES) } : {}),
    mfa: { enabled: Boolean(row.mfa_enabled), confirmed: Boolean(row.mfa_confirmed) },
    roles: row.user ? row.roles : [],
  };
}
