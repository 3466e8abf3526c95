/** Tenancy rules: which tenant a request belongs to, and what the console sees of it. */
import type { TenancyInfo } from '@tessera/domain';
import type { DbOrTrx } from '../db/database';
import type { TenantRow } from './tenants.table';
import * as tenants from './tenants.repository';
import { DEFAULT_SUPPORT_EMAIL } from '@tessera/domain';

/** The console's view of a tenant. */
export function toTenancyInfo(row: TenantRow): TenancyInfo {
  return {
    id: row.id,
    name: row.name,
    bannerColour: row.banner_colour,
    toastrTimeout: row.toastr_timeout,
    supportEmail: row.support_email || DEFAULT_SUPPORT_EMAIL,
  };
}

/** The tenant of a sign-in: the one whose domains hold the request's host name, else the default one. */
export async function tenantOfHost(db: DbOrTrx, hostname: string): Promise<TenantRow | undefined> {
  return tenants.findForHost(db, hostname);
}
