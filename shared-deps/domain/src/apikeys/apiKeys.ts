/**
 * API keys (admin-console §1 "API keys", §2.2 `/apikey/manage`, §3 "API keys list and issued key";
 * issue 11). The spec shows no fields, calls or rules: this module designs them once for the server,
 * the console and the CLI. A key is `Authorization: Bearer tsk_<keyId>_<secret>`; it carries a tenant,
 * a subset of its creator's permissions and an expiry, and is stored as the SHA-256 of the whole token.
 */

/** The permissions of the API keys area (designed: the spec shows none). */
export const API_KEY_PERMISSIONS = Object.freeze({
  /** See the tenant's keys (`GET /api2/IDM-v1/ApiKeys`). */
  view: 'apiKeyView',
  /** Create and revoke keys (`POST`, `DELETE /api2/IDM-v1/ApiKeys`). */
  manage: 'apiKeyManage',
} as const);

/**
 * Permissions a key can never carry: a key must not manage keys (a leaked key could mint more keys
 * that outlive its revocation) nor change its creator's password (the server refuses those calls to
 * keys anyway; offering the permission would only mislead).
 */
export const API_KEY_UNGRANTABLE_PERMISSIONS: readonly string[] = Object.freeze([API_KEY_PERMISSIONS.view, API_KEY_PERMISSIONS.manage, 'changePassword']);

/** Limits of a key's fields. */
export const API_KEY_LIMITS = Object.freeze({
  /** Longest key name. */
  nameMaxLength: 64,
  /** Shortest lifetime, in days. */
  minExpiryDays: 1,
  /** Longest lifetime, in days: a key that never expires is a credential nobody rotates. */
  maxExpiryDays: 365,
  /** Last use is written at most this often per key (ms): one write a minute, not one per request. */
  lastUseWriteIntervalMs: 60_000,
});

/** Lifetimes the console offers, in days. */
export const API_KEY_EXPIRY_CHOICES: readonly number[] = Object.freeze([7, 30, 90, 180, 365]);

/** Prefix of every key: makes a leaked key recognisable to secret scanners and people. */
export const API_KEY_PREFIX = 'tsk_';

/** `tsk_` + 16 hex digits of key id + `_` + 43 base64url characters (32 random bytes). */
const API_KEY_PATTERN = /^tsk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** The parts of a presented key. */
export interface ApiKeyParts {
  /** Public id of the key: its row is looked up by it. */
  keyId: string;
  /** The secret part (never stored). */
  secret: string;
}

/** Splits a presented key into its id and secret; null when it is not shaped like a Tessera key. */
export function parseApiKey(token: string): ApiKeyParts | null {
  const match = API_KEY_PATTERN.exec(token);
  if (!match) return null;
  return { keyId: match[1]!, secret: match[2]! };
}

/** Builds a key from its id (16 hex digits) and secret (43 base64url characters). */
export function formatApiKey(keyId: string, secret: string): string {
  return `${API_KEY_PREFIX}${keyId}_${secret}`;
}

/** Why a key name is refused, or null when it is acceptable. */
export function apiKeyNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'must not be empty';
  if (trimmed !== name) return 'must not start or end with spaces';
  if (name.length > API_KEY_LIMITS.nameMaxLength) return `must be at most ${API_KEY_LIMITS.nameMaxLength} characters`;
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'must not contain control characters';
  return null;
}

/**
 * A lifetime as the CLI takes it (`30d`, `12w`, `1y`, or a bare number of days) in whole days; null
 * when unreadable. Range is checked separately ({@link apiKeyExpiryProblem}).
 */
export function parseApiKeyExpiry(text: string): number | null {
  const match = /^(\d{1,4})([dwy]?)$/.exec(text.trim());
  if (!match) return null;
  const factor = { '': 1, d: 1, w: 7, y: 365 }[match[2] as '' | 'd' | 'w' | 'y'];
  return Number(match[1]) * factor;
}

/** Why a lifetime in days is refused, or null when it is acceptable. */
export function apiKeyExpiryProblem(days: number): string | null {
  if (!Number.isInteger(days) || days < API_KEY_LIMITS.minExpiryDays || days > API_KEY_LIMITS.maxExpiryDays) {
    return `must be a whole number of days from ${API_KEY_LIMITS.minExpiryDays} to ${API_KEY_LIMITS.maxExpiryDays}`;
  }
  return null;
}

/** Options of {@link apiKeyPermissionProblem}. */
export interface ApiKeyPermissionCheck {
  /** The permissions asked for the key. */
  requested: readonly string[];
  /** The creator's effective permissions. */
  held: readonly string[];
  /** Every permission the product knows. */
  known: readonly string[];
}

/** What is wrong with a key's permission set. */
export type ApiKeyPermissionProblem =
  | { kind: 'empty' }
  | { kind: 'unknown'; permissions: string[] }
  | { kind: 'ungrantable'; permissions: string[] }
  | { kind: 'notHeld'; permissions: string[] };

/**
 * Checks a key's permissions: non-empty, each known, none of the key-management ones, and every one
 * held by the creator (a key never holds more than its creator). Null when acceptable.
 */
export function apiKeyPermissionProblem({ requested, held, known }: ApiKeyPermissionCheck): ApiKeyPermissionProblem | null {
  if (requested.length === 0) return { kind: 'empty' };
  const knownSet = new Set(known);
  const unknown = requested.filter((p) => !knownSet.has(p));
  if (unknown.length > 0) return { kind: 'unknown', permissions: unknown };
  const ungrantable = requested.filter((p) => API_KEY_UNGRANTABLE_PERMISSIONS.includes(p));
  if (ungrantable.length > 0) return { kind: 'ungrantable', permissions: ungrantable };
  const heldSet = new Set(held);
  const notHeld = requested.filter((p) => !heldSet.has(p));
  if (notHeld.length > 0) return { kind: 'notHeld', permissions: notHeld };
  return null;
}

/** The text of a permission problem, after the field name `permissions`. */
export function apiKeyPermissionMessage(problem: ApiKeyPermissionProblem): string {
  switch (problem.kind) {
    case 'empty':
      return 'must name at least one permission';
    case 'unknown':
      return `names unknown permissions: ${problem.permissions.join(', ')}`;
    case 'ungrantable':
      return `cannot be given to an API key: ${problem.permissions.join(', ')}`;
    case 'notHeld':
      return `includes permissions you do not hold: ${problem.permissions.join(', ')}`;
  }
}

/** The permissions a creator may put on a key: what they hold, minus the key-management ones, sorted. */
export function grantableApiKeyPermissions(held: readonly string[]): string[] {
  return [...new Set(held)].filter((p) => !API_KEY_UNGRANTABLE_PERMISSIONS.includes(p)).sort();
}

/** An API key as the list answers it (never the secret nor its hash). */
export interface ApiKey {
  /** Row id (used by revoke). */
  id: string;
  /** Public key id: the part after `tsk_` in the token, safe to show. */
  keyId: string;
  name: string;
  permissions: string[];
  /** Username of the creator. */
  createdBy: string | null;
  /** ISO times. */
  createdAt: string;
  expiresAt: string;
  /** Last time the key was used (written at most once a minute); null: never. */
  lastUsedAt: string | null;
}

/** `POST /api2/IDM-v1/ApiKeys` body. */
export interface CreateApiKeyRequest {
  name: string;
  permissions: string[];
  /** Lifetime in days, 1 to 365. */
  expiresInDays: number;
}

/** `POST /api2/IDM-v1/ApiKeys` answer: the key and its secret token, shown once. */
export interface CreatedApiKey extends ApiKey {
  /** The whole Bearer token `tsk_<keyId>_<secret>`. The server keeps only its SHA-256. */
  secret: string;
}

/** Is the key past its expiry at `now` (epoch ms)? */
export function isApiKeyExpired(key: Pick<ApiKey, 'expiresAt'>, now: number): boolean {
  return Date.parse(key.expiresAt) <= now;
}
