/**
 * API key rules (admin-console §2.2 `/apikey/manage`; issue 11): create a key holding a subset of the
 * creator's permissions with an expiry (the token shown once, its SHA-256 stored), list the tenant's
 * keys, revoke one. Each change is audited in its transaction. `authenticate` turns a presented token
 * into the caller of a request.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ALL_PERMISSIONS,
  API_KEY_LIMITS,
  apiKeyExpiryProblem,
  apiKeyNameProblem,
  apiKeyPermissionMessage,
  apiKeyPermissionProblem,
  formatApiKey,
  parseApiKey,
  type ApiKey,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import { accessPermissions, loadAccess } from '../platform/access';
import type { ApiKeyCaller } from '../platform/api-key-auth';
import * as repo from './apikeys.repository';
import type { ApiKeyRow } from './apikeys.table';

/** What the API key service needs. */
export interface ApiKeysDeps {
  db: Db;
  audit: AuditWriter;
  /** The clock (epoch ms). */
  now: () => number;
}

/** Audit actor fields of the caller. */
export type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

const DAY_MS = 86_400_000;

/** SHA-256 (hex) of a token: what is stored and compared. The token has 256 random bits, so no salt or slow hash is needed. */
export function hashApiKey(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The API's view of a key row. Never the hash. */
export function toApiKey(row: ApiKeyRow, createdBy: string | null): ApiKey {
  return {
    id: row.id,
    keyId: row.key_id,
    name: row.name,
    permissions: [...row.permissions].sort(),
    createdBy,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
  };
}

/** The tenant's keys, newest first. */
export async function listApiKeys(deps: ApiKeysDeps, auth: AuthContext): Promise<ApiKey[]> {
  const rows = await repo.listForTenant(deps.db, auth.tenantId);
  return rows.map((row) => toApiKey(row, row.created_by_username));
}

/**
 * Creates a key. The permissions must be known, not the key-management ones, and held by the creator
 * right now (a key never holds more than its creator); the name is unique in the tenant.
 * @throws ValidationError naming the field, ConflictError for a taken name
 */
export async function createApiKey(deps: ApiKeysDeps, auth: AuthContext, actor: Actor, body: CreateApiKeyRequest): Promise<CreatedApiKey> {
  const nameProblem = apiKeyNameProblem(body.name);
  if (nameProblem) throw new ValidationError('name', nameProblem);
  const expiryProblem = apiKeyExpiryProblem(body.expiresInDays);
  if (expiryProblem) throw new ValidationError('expiresInDays', expiryProblem);
  const requested = [...new Set(body.permissions)];
  const access = await loadAccess(deps.db, auth.userId, auth.tenantId);
  const held = access ? accessPermissions(access) : [];
  const problem = apiKeyPermissionProblem({ requested, held, known: ALL_PERMISSIONS });
  if (problem) throw new ValidationError('permissions', apiKeyPermissionMessage(problem));

  const keyId = randomBytes(8).toString('hex');
  const token = formatApiKey(keyId, randomBytes(32).toString('base64url'));
  const now = deps.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (await repo.findByName(trx, auth.tenantId, body.name)) throw new ConflictError('name', `An API key named '${body.name}' already exists`);
      const row = await repo.insert(trx, {
        tenant_id: auth.tenantId,
        key_id: keyId,
        name: body.name,
        secret_hash: hashApiKey(token),
        permissions: requested,
        created_by: auth.userId,
        created_at: new Date(now),
        expires_at: new Date(now + body.expiresInDays * DAY_MS),
        last_used_at: null,
      });
      await deps.audit.write(trx, {
        ...actor,
        tenantId: auth.tenantId,
        action: 'apikey.create',
        targetType: 'api_key',
        targetId: row.id,
        detail: { name: row.name, keyId, permissions: [...requested].sort(), expiresAt: row.expires_at.toISOString() },
      });
      return { ...toApiKey(row, access?.username ?? null), secret: token };
    });
  } catch (error) {
    // Two creations racing for one name: the unique index answers.
    if (isUniqueViolation(error)) throw new ConflictError('name', `An API key named '${body.name}' already exists`);
    throw error;
  }
}

/**
 * Revokes (deletes) a key of the tenant. Every request looks its key up, so the key stops working at
 * once on every server instance.
 * @throws NotFoundError for an unknown id or another tenant's key
 */
export async function revokeApiKey(deps: ApiKeysDeps, auth: AuthContext, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.remove(trx, auth.tenantId, id);
    if (!row) throw new NotFoundError('The API key');
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'apikey.revoke',
      targetType: 'api_key',
      targetId: row.id,
      detail: { name: row.name, keyId: row.key_id },
    });
  });
}

/** The caller a valid key stands for. */

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The caller of a presented token, or null when it is malformed, unknown, wrong, expired, or its
 * creator is gone or disabled. The effective permissions are the key's that the creator still holds,
 * so taking a role from a person also takes it from their keys. Records the use (at most once a minute).
 */
/**
 * The tenant and creator of a key id, whatever the key's state (the rate limiter matches tenant-layer rules
 * with it before the auth guard checks the key), or null for an unknown id.
 */
export async function ownerOfKeyId(deps: Pick<ApiKeysDeps, 'db'>, keyId: string): Promise<{ tenantId: string; userId: string } | null> {
  const row = await repo.findByKeyId(deps.db, keyId);
  return row ? { tenantId: row.tenant_id, userId: row.created_by } : null;
}

export async function authenticate(deps: Pick<ApiKeysDeps, 'db' | 'now'>, token: string): Promise<ApiKeyCaller | null> {
  const parts = parseApiKey(token);
  if (!parts) return null;
  const row = await repo.findByKeyId(deps.db, parts.keyId);
  if (!row || !sameHash(row.secret_hash, hashApiKey(token))) return null;
  const now = deps.now();
  if (row.expires_at.getTime() <= now) return null;
  const access = await loadAccess(deps.db, row.created_by, row.tenant_id);
  if (!access || !access.enabled) return null;
  const held = new Set(accessPermissions(access));
  const permissions = new Set(row.permissions.filter((p) => held.has(p)));
  if (!row.last_used_at || now - row.last_used_at.getTime() >= API_KEY_LIMITS.lastUseWriteIntervalMs) {
    await repo.touch(deps.db, row.id, new Date(now), API_KEY_LIMITS.lastUseWriteIntervalMs);
  }
  return { id: row.id, name: row.name, tenantId: row.tenant_id, userId: row.created_by, expiresAt: row.expires_at.getTime(), permissions };
}
