/**
 * Locales (admin-console §3 "Locales in four levels: location, sublocation, area, room"; the
 * `/config/locations` screen). A location has no parent; each other level sits in a locale of the level
 * just above (domain's `parentLevelOf`). Names are unique per parent, case-insensitively. Writes are
 * audited in their transaction.
 */
import { MESSAGES, LOCALE_LEVELS, parentLevelOf, type Locale, type LocaleLevel } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import * as repo from './locales.repository';
import type { LocaleRow } from './locales.table';

/** What the locales service needs. */
export interface LocalesDeps {
  db: Db;
  audit: AuditWriter;
}

/** Audit actor fields. */
export interface LocaleActor {
  actorUserId: string | null;
  actorUsername: string | null;
  actorApiKeyId?: string | null;
  ip: string;
}

function toLocale(row: LocaleRow): Locale {
  return { id: row.id, level: row.level as LocaleLevel, name: row.name, parentId: row.parent_id ?? '', createdAt: row.created_at.toISOString() };
}

/** `GET Locales`: every locale of the tenant, outermost level first, then by name. */
export async function listLocales(deps: LocalesDeps, auth: AuthContext): Promise<Locale[]> {
  const rows = await repo.list(deps.db, auth.tenantId);
  return rows.map(toLocale).sort((a, b) => LOCALE_LEVELS.indexOf(a.level) - LOCALE_LEVELS.indexOf(b.level));
}

function duplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw new ConflictError('name', MESSAGES.LOCALE_DUPLICATE);
  throw error;
}

/** `POST Locale`: audited `locale.create`. */
export async function createLocale(deps: LocalesDeps, auth: AuthContext, actor: LocaleActor, body: { level: LocaleLevel; name: string; parentId?: string }): Promise<Locale> {
  const name = body.name.trim();
  if (name === '') throw new ValidationError('name', 'must not be blank');
  const wantedParent = parentLevelOf(body.level);
  const parentId = body.parentId ? body.parentId : null;
  if ((wantedParent === null) !== (parentId === null)) throw new ValidationError('parentId', MESSAGES.LOCALE_PARENT_LEVEL, { exact: true });
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (parentId !== null) {
        const parent = await repo.findById(trx, auth.tenantId, parentId);
        if (!parent) throw new NotFoundError('The parent locale');
        if (parent.level !== wantedParent) throw new ValidationError('parentId', MESSAGES.LOCALE_PARENT_LEVEL, { exact: true });
      }
      if (await repo.nameTaken(trx, auth.tenantId, parentId, name)) throw new ConflictError('name', MESSAGES.LOCALE_DUPLICATE);
      const row = await repo.insert(trx, { tenant_id: auth.tenantId, level: body.level, name, parent_id: parentId });
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'locale.create', targetType: 'locale', targetId: row.id, detail: { level: body.level, name, parentId } });
      return toLocale(row);
    });
  } catch (error) {
    return duplicate(error);
  }
}

/** `PUT Locale`: renames; audited `locale.update`. */
export async function renameLocale(deps: LocalesDeps, auth: AuthContext, actor: LocaleActor, body: { id: string; name: string }): Promise<Locale> {
  const name = body.name.trim();
  if (name === '') throw new ValidationError('name', 'must not be blank');
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await repo.findById(trx, auth.tenantId, body.id);
      if (!row) throw new NotFoundError('The locale');
      if (await repo.nameTaken(trx, auth.tenantId, row.parent_id, name, row.id)) throw new ConflictError('name', MESSAGES.LOCALE_DUPLICATE);
      const updated = (await repo.rename(trx, auth.tenantId, row.id, name))!;
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'locale.update', targetType: 'locale', targetId: row.id, detail: { from: row.name, to: name } });
      return toLocale(updated);
    });
  } catch (error) {
    return duplicate(error);
  }
}

/** `DELETE Locale/{id}`: only a locale holding none; audited `locale.delete`. */
export async function deleteLocale(deps: LocalesDeps, auth: AuthContext, actor: LocaleActor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findById(trx, auth.tenantId, id);
    if (!row) throw new NotFoundError('The locale');
    if (await repo.hasChildren(trx, id)) throw new ConflictError('id', MESSAGES.LOCALE_HAS_CHILDREN);
    await repo.remove(trx, auth.tenantId, id);
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'locale.delete', targetType: 'locale', targetId: id, detail: { level: row.level, name: row.name } });
  });
}
