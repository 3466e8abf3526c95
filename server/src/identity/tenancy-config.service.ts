/**
 * Tenancy configuration rules (admin-console §2.2 `/config/tenancy` [tenancyConfig]; signin §3, §9):
 * read and change the caller's own tenant, audited in the same transaction.
 */
import { isValidTimeZone, MESSAGES, type TenancyConfig, type TenancyConfigField, type TenancyConfigPatch, type TenancyConfigSwitch } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { NotFoundError, ValidationError } from '../platform/errors';
import { DEFAULT_SUPPORT_EMAIL } from '@tessera/domain';
import type { TenantRow, TenantUpdate } from './tenants.table';
import * as tenants from './tenants.repository';
import type { Actor } from './users.service';

/** What the tenancy configuration service needs. */
export interface TenancyConfigDeps {
  db: Db;
  audit: AuditWriter;
}

/** The API's view of a tenant's configuration. */
export function toTenancyConfig(row: TenantRow): TenancyConfig {
  return {
    name: row.name,
    supportEmail: row.support_email || DEFAULT_SUPPORT_EMAIL,
    bannerColour: row.banner_colour,
    toastrTimeout: row.toastr_timeout,
    disclaimer: row.disclaimer,
    timeZone: row.time_zone,
    mfaRequired: row.mfa_required,
    selfRegistration: row.self_registration,
  };
}

const FIELDS: readonly (TenancyConfigField | TenancyConfigSwitch)[] = ['supportEmail', 'bannerColour', 'toastrTimeout', 'disclaimer', 'timeZone', 'selfRegistration'];
const COLUMNS = {
  supportEmail: 'support_email',
  bannerColour: 'banner_colour',
  toastrTimeout: 'toastr_timeout',
  disclaimer: 'disclaimer',
  timeZone: 'time_zone',
  selfRegistration: 'self_registration',
} as const satisfies Record<TenancyConfigField | TenancyConfigSwitch, keyof TenantUpdate>;

/** Message of a PATCH that would change nothing. */
export const NOTHING_TO_CHANGE = 'Nothing to change: send at least one of supportEmail, bannerColour, toastrTimeout, disclaimer, timeZone, selfRegistration with a new value';

/** The caller's tenant configuration. */
export async function getTenancyConfig(deps: TenancyConfigDeps, auth: AuthContext): Promise<TenancyConfig> {
  const row = await tenants.findById(deps.db, auth.tenantId);
  if (!row) throw new NotFoundError('The tenancy');
  return toTenancyConfig(row);
}

/**
 * Changes the caller's tenant configuration. Only fields whose value differs are written; the audit
 * event `tenancy.update` names them (`changed`) and is written in the same transaction, so a failed
 * audit changes nothing (503 `Audit failed`).
 * @throws ValidationError for an unknown time zone, or when nothing would change
 */
export async function updateTenancyConfig(deps: TenancyConfigDeps, auth: AuthContext, actor: Actor, patch: TenancyConfigPatch): Promise<TenancyConfig> {
  if (patch.timeZone !== undefined && !isValidTimeZone(patch.timeZone)) {
    throw new ValidationError('timeZone', MESSAGES.TIME_ZONE_INVALID, { exact: true });
  }
  if (Object.keys(patch).length === 0) throw new ValidationError('body', NOTHING_TO_CHANGE, { exact: true });
  // Stored forms: a lower-case colour, and no disclaimer rather than a blank one.
  const wanted: TenancyConfigPatch = { ...patch };
  if (typeof wanted.bannerColour === 'string') wanted.bannerColour = wanted.bannerColour.toLowerCase();
  if (typeof wanted.disclaimer === 'string' && wanted.disclaimer.trim() === '') wanted.disclaimer = null;
  return deps.db.transaction().execute(async (trx) => {
    const existing = await tenants.findById(trx, auth.tenantId);
    if (!existing) throw new NotFoundError('The tenancy');
    const current = toTenancyConfig(existing);
    const changed = FIELDS.filter((field) => wanted[field] !== undefined && wanted[field] !== current[field]);
    const changes: TenantUpdate = {};
    for (const field of changed) Object.assign(changes, { [COLUMNS[field]]: wanted[field] });
    if (changed.length === 0) throw new ValidationError('body', NOTHING_TO_CHANGE, { exact: true });
    const row = await tenants.update(trx, auth.tenantId, changes);
    if (!row) throw new NotFoundError('The tenancy');
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'tenancy.update', targetType: 'tenant', targetId: auth.tenantId, detail: { changed } });
    return toTenancyConfig(row);
  });
}
