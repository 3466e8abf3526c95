/**
 * Which tenant a request belongs to: the one whose `domains` holds the request's host name, else the
 * default tenant. Every public route that needs a tenant (sign-in, password reset, passkeys) and the
 * tenants repository use this one query.
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';

/** The host of a request's `Host` header as tenants list it: lower case, without the port. */
export function hostOf(hostHeader: string): string {
  return hostHeader.replace(/:\d+$/, '').toLowerCase();
}

/**
 * The query of the tenant a host name belongs to: the one whose `domains` holds it, else the default
 * one (at most one row). Sign-in uses it as a CTE of its one read (auth/sign-in.repository.ts).
 */
export function tenantForHostQuery(db: DbOrTrx, hostname: string) {
  const host = hostOf(hostname);
  return db
    .selectFrom('tenants')
    .selectAll()
    .where((eb) => eb.or([eb('is_default', '=', true), eb(eb.val(host), '=', eb.fn.any('domains'))]))
    .orderBy(sql`(${host} = any(domains))`, 'desc')
    .limit(1);
}
