/**
 * Directory users (issue 13): the tenant's LDAP, Active Directory or Entra ID connection, users listed from the
 * directory (`POST /ad/list/users`) and the LDAP sync of `/workflowLdapSync` (admin-console §8 'Successfully
 * updated LDAP users' / 'Failed to sync LDAP users: ...').
 *
 * The sync reads every matching entry (paged), then in one transaction with one `directory.sync` audit
 * event: creates a user for each new entry (no usable password, like a CSV import: the holder sets one by
 * the reset mail), updates linked users whose names, e-mail, telephone or enabled state changed, and
 * disables linked users whose entry is gone (reported as the directory user deleted; their sessions end).
 * Each outcome carries the alert of admin-console §8 naming the source ('The Entra ID user was successfully
 * created', 'Failed to create the Active Directory user: ...'). An entry whose username is taken by a
 * local account is never linked to it (that would hand the local account to whoever controls the
 * directory): it is reported as a failure and skipped.
 */
import {
  DIRECTORY_LIMITS,
  MESSAGES,
  directoryUrlProblem,
  directoryUserFailed,
  directoryUserSucceeded,
  ldapSyncFailed,
  trimUsername,
  validateText,
  validateUsername,
  type DirectoryConnectionView,
  type DirectoryKind,
  type DirectorySyncChange,
  type DirectorySyncResult,
  type DirectoryUser,
  type DirectoryUserAction,
} from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import { AppError, ValidationError } from '../platform/errors';
import { secretBoxFor } from '../platform/secret-box';
import type { SessionStore } from '../platform/session-store';
import type { AuthContext } from '../platform/types';
import { parseUserFilter, readDirectoryUsers, DirectoryReadError, type DirectoryConnection, type DirectoryEntry } from './directory-client';
import * as repo from './directory.repository';
import { readEntraUsers } from './entra-client';
import * as tenants from './tenants.repository';
import { NO_PASSWORD_HASH } from './users-import.service';

/** What the directory service needs. */
export interface DirectoryDeps {
  db: Db;
  audit: AuditWriter;
  sessions: SessionStore;
  config: { secretKey: string | null; dataDir: string };
}

/** Audit fields of the caller. */
export type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** 409 `DIRECTORY_NOT_CONFIGURED`: the tenant has no directory connection. */
export class DirectoryNotConfiguredError extends AppError {
  constructor() {
    super('DIRECTORY_NOT_CONFIGURED', 409, MESSAGES.DIRECTORY_NOT_CONFIGURED);
  }
}

/** 502 `DIRECTORY_FAILED`: the directory could not be read; the message says why. */
export class DirectoryFailedError extends AppError {
  constructor(message: string, cause: unknown) {
    super('DIRECTORY_FAILED', 502, message, { cause });
  }
}


/** Body of `PUT DirectoryConnection`. */
export interface DirectoryConnectionInput {
  kind: DirectoryKind;
  url: string;
  bindDn: string;
  bindPassword?: string;
  baseDn: string;
  userFilter?: string;
}

const DEFAULT_FILTER: Record<DirectoryKind, string> = {
  ldap: '(objectClass=inetOrgPerson)',
  activeDirectory: '(&(objectCategory=person)(objectClass=user))',
  // Entra ID: an optional OData $filter of Microsoft Graph; none reads every user.
  entraId: '',
};

/** Reads the directory's users: LDAP / Active Directory over LDAP (ldapts), Entra ID through Microsoft Graph (undici). */
function readUsers(connection: DirectoryConnection, search?: string): Promise<DirectoryEntry[]> {
  return connection.kind === 'entraId' ? readEntraUsers(connection, search) : readDirectoryUsers(connection, search);
}

const sealContext = (tenantId: string) => `directory:${tenantId}`;

/** `GET DirectoryConnection`. */
export async function getConnection(deps: DirectoryDeps, auth: AuthContext): Promise<DirectoryConnectionView> {
  const row = await repo.find(deps.db, auth.tenantId);
  if (!row) return { configured: false };
  return {
    configured: true,
    kind: row.kind,
    url: row.url,
    bindDn: row.bind_dn,
    baseDn: row.base_dn,
    userFilter: row.user_filter,
    hasBindPassword: true,
    lastSyncAt: row.last_sync_at ? row.last_sync_at.toISOString() : null,
  };
}

/**
 * `PUT DirectoryConnection`: stores the connection, the password sealed. Without `bindPassword` the stored
 * one is kept. Audited `directory.configure` (no password in the detail).
 * @throws ValidationError (userFilter, bindPassword)
 */
export async function saveConnection(deps: DirectoryDeps, auth: AuthContext, actor: Actor, body: DirectoryConnectionInput): Promise<DirectoryConnectionView> {
  const urlProblem = directoryUrlProblem(body.kind, body.url);
  if (urlProblem) throw new ValidationError('url', urlProblem);
  const userFilter = body.userFilter?.trim() || DEFAULT_FILTER[body.kind];
  if (body.kind !== 'entraId') {
    try {
      parseUserFilter(userFilter);
    } catch (error) {
      throw new ValidationError('userFilter', `is not an LDAP filter: ${(error as Error).message}`, { cause: error });
    }
  }
  const box = secretBoxFor(deps.config);
  await deps.db.transaction().execute(async (trx) => {
    const existing = await repo.find(trx, auth.tenantId);
    if (!body.bindPassword && !existing) throw new ValidationError('bindPassword', MESSAGES.DIRECTORY_PASSWORD_REQUIRED, { exact: true });
    const sealed = body.bindPassword ? box.encrypt(body.bindPassword, sealContext(auth.tenantId)) : existing!.bind_password_sealed;
    await repo.upsert(trx, { tenant_id: auth.tenantId, kind: body.kind, url: body.url, bind_dn: body.bindDn, bind_password_sealed: sealed, base_dn: body.baseDn, user_filter: userFilter });
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'directory.configure',
      targetType: 'directory',
      targetId: null,
      detail: { kind: body.kind, url: body.url, bindDn: body.bindDn, baseDn: body.baseDn, passwordChanged: Boolean(body.bindPassword) },
    });
  });
  return getConnection(deps, auth);
}

async function connectionOf(deps: DirectoryDeps, tenantId: string): Promise<DirectoryConnection> {
  const row = await repo.find(deps.db, tenantId);
  if (!row) throw new DirectoryNotConfiguredError();
  return {
    kind: row.kind,
    url: row.url,
    bindDn: row.bind_dn,
    bindPassword: secretBoxFor(deps.config).decrypt(row.bind_password_sealed, sealContext(tenantId)),
    baseDn: row.base_dn,
    userFilter: row.user_filter,
  };
}

/** Body of `POST /ad/list/users`. */
export interface ListDirectoryUsersInput {
  search?: string;
  page?: number;
  pageSize?: number;
}

/**
 * `POST /ad/list/users`: one page of the directory's user entries, by username, with whether each is synced.
 * @throws DirectoryNotConfiguredError, DirectoryFailedError
 */
export async function listDirectoryUsers(
  deps: DirectoryDeps,
  auth: AuthContext,
  body: ListDirectoryUsersInput,
): Promise<{ total: number; page: number; pageSize: number; users: DirectoryUser[] }> {
  const connection = await connectionOf(deps, auth.tenantId);
  let entries: DirectoryEntry[];
  try {
    entries = await readUsers(connection, body.search);
  } catch (error) {
    if (error instanceof DirectoryReadError) throw new DirectoryFailedError(`The directory could not be read: ${error.message}`, error);
    throw error;
  }
  entries.sort((a, b) => a.username.localeCompare(b.username));
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? DIRECTORY_LIMITS.listPageSize;
  const slice = entries.slice((page - 1) * pageSize, page * pageSize);
  const linked = await repo.linkedDns(deps.db, auth.tenantId, slice.map((entry) => entry.dn));
  return {
    total: entries.length,
    page,
    pageSize,
    users: slice.map((entry) => ({ ...entry, synced: linked.has(entry.dn.toLowerCase()) })),
  };
}

/**
 * `POST LdapSync`: brings the tenant's users in line with the directory (see the module comment).
 * @throws DirectoryNotConfiguredError; DirectoryFailedError 'Failed to sync LDAP users: ...' when the
 *   directory cannot be read (nothing is changed then)
 */
export async function syncDirectory(deps: DirectoryDeps, auth: AuthContext, actor: Actor): Promise<DirectorySyncResult> {
  const connection = await connectionOf(deps, auth.tenantId);
  let entries: DirectoryEntry[];
  try {
    entries = await readUsers(connection);
  } catch (error) {
    if (error instanceof DirectoryReadError) throw new DirectoryFailedError(ldapSyncFailed(error.message), error);
    throw error;
  }
  const source = connection.kind;
  const tenant = await tenants.findById(deps.db, auth.tenantId);
  const patternOptions = tenant?.username_pattern ? { pattern: tenant.username_pattern } : {};
  const changes: DirectorySyncChange[] = [];
  const counts = { created: 0, updated: 0, enabled: 0, disabled: 0, failed: 0, unchanged: 0 };
  const note = (username: string, action: DirectoryUserAction, detail?: string) => {
    if (detail === undefined) counts[action === 'deleted' ? 'disabled' : action] += 1;
    else counts.failed += 1;
    changes.push({ username, action, ok: detail === undefined, message: detail === undefined ? directoryUserSucceeded(source, action) : directoryUserFailed(source, action, detail) });
  };

  await deps.db.transaction().execute(async (trx) => {
    const users = await repo.usersForSync(trx, auth.tenantId);
    const byDn = new Map(users.filter((user) => user.directory_dn !== null).map((user) => [user.directory_dn!.toLowerCase(), user]));
    const byUsername = new Map(users.map((user) => [user.username.toLowerCase(), user]));
    const seenDns = new Set<string>();
    const seenUsernames = new Set<string>();
    const toCreate: repo.NewDirectoryUser[] = [];
    const ended: string[] = [];
    for (const entry of entries) {
      const dnKey = entry.dn.toLowerCase();
      seenDns.add(dnKey);
      const username = trimUsername(entry.username);
      const fields = { given_name: entry.givenName.slice(0, 100), family_name: entry.familyName.slice(0, 100), email: entry.emailAddress.slice(0, 254), telephone: entry.telephone?.slice(0, 40) ?? null };
      const linked = byDn.get(dnKey);
      if (linked) {
        const changed = linked.given_name !== fields.given_name || linked.family_name !== fields.family_name || linked.email !== fields.email || linked.telephone !== fields.telephone;
        if (linked.enabled !== entry.enabled) {
          await repo.updateUser(trx, linked.id, { ...fields, enabled: entry.enabled });
          if (!entry.enabled) ended.push(linked.id);
          note(linked.username, entry.enabled ? 'enabled' : 'disabled');
        } else if (changed) {
          await repo.updateUser(trx, linked.id, fields);
          note(linked.username, 'updated');
        } else counts.unchanged += 1;
        continue;
      }
      // A new entry: the username must pass the tenant's rules (admin-console §5), like any other.
      const problem = validateUsername(username, patternOptions) ?? [entry.givenName, entry.familyName, entry.emailAddress].map((text) => validateText(text)).find((text) => text !== null) ?? null;
      if (problem) {
        note(username || entry.dn, 'created', problem);
        continue;
      }
      const key = username.toLowerCase();
      if (byUsername.has(key) || seenUsernames.has(key)) {
        note(username, 'created', byUsername.has(key) ? MESSAGES.DIRECTORY_LOCAL_ACCOUNT : 'the directory holds this username twice');
        continue;
      }
      seenUsernames.add(key);
      toCreate.push({ ...fields, username, directory_dn: entry.dn, enabled: entry.enabled, tenant_id: auth.tenantId, password_hash: NO_PASSWORD_HASH });
      note(username, 'created');
    }
    // Linked users whose entry is gone from the directory (or from the filter): the directory user was deleted,
    // reported as such; its account here is disabled (kept for its history) and its sessions end.
    for (const user of users) {
      if (user.directory_dn === null || seenDns.has(user.directory_dn.toLowerCase()) || !user.enabled) continue;
      await repo.updateUser(trx, user.id, { enabled: false });
      ended.push(user.id);
      note(user.username, 'deleted');
    }
    await repo.insertUsers(trx, toCreate);
    for (const id of ended) await deps.sessions.deleteForUser(id, trx);
    await repo.markSynced(trx, auth.tenantId);
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'directory.sync', targetType: 'directory', targetId: null, detail: { total: entries.length, ...counts } });
  });
  // Failures first, then the rest, as many as an answer carries.
  changes.sort((a, b) => Number(a.ok) - Number(b.ok));
  return { total: entries.length, ...counts, message: MESSAGES.LDAP_SYNC_SUCCEEDED, changes: changes.slice(0, DIRECTORY_LIMITS.maxReportedChanges) };
}
