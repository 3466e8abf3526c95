/**
 * The Bearer branch of the auth guard (ARCHITECTURE "API keys: `Authorization: Bearer <key>`"): a
 * request that carries a key is the key's caller, whatever cookies it has. The key is looked up on
 * every request (no per-instance cache), so a revoked key is refused at once on every instance.
 */
import { routeConfig } from './route-config';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildPermissionObject, type Viewer } from '@tessera/domain';
import type { Db } from '../db/database';
import { ForbiddenError, NotLoggedInError } from './errors';
import type { AuthContext } from './types';

/** The caller a valid key stands for. */
export interface ApiKeyCaller {
  /** Row id of the key. */
  id: string;
  name: string;
  tenantId: string;
  /** The creator: the key acts on their behalf. */
  userId: string;
  expiresAt: number;
  /** The key's permissions that its creator still holds. */
  permissions: ReadonlySet<string>;
}

/**
 * Turns a presented token into its caller, or null for a malformed, unknown, revoked or expired key.
 * The apikeys area provides it (`apikeys.service.ts` `authenticate`); the composition root hands it to
 * the auth guard, so that platform and plugins never import the area.
 */
export type ApiKeyAuthenticator = (deps: { db: Db; now: () => number }, token: string) => Promise<ApiKeyCaller | null>;

/**
 * The tenant and creator of a key id, or null when no key has it (the apikeys area's `ownerOfKeyId`):
 * the rate limiter's view of a key, before the auth guard checks its secret.
 */
export type ApiKeyOwnerLookup = (deps: { db: Db }, keyId: string) => Promise<{ tenantId: string; userId: string } | null>;

/** Message of a route an API key may not call (sign-in, own password, MFA, passkeys, key management). */
export const API_KEY_ROUTE_REFUSED = 'This call is not available to API keys';

/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : header.trim().toLowerCase().startsWith('bearer') ? '' : null;
}

/**
 * The auth context of a request made with a key. A key may call a `session` route only when the route
 * names a permission the key holds and does not say `config.apiKey: false`, or says `config.apiKey: true`;
 * routes about the person (password, MFA, passkeys, session, API keys) are refused.
 * @throws NotLoggedInError (401 `not_logged_in`) for a malformed, unknown, revoked or expired key
 * @throws ForbiddenError (403) for a route keys may not call or a permission the key lacks
 */
export async function apiKeyAuthContext(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  authenticate: ApiKeyAuthenticator,
): Promise<AuthContext> {
  const caller = await authenticate({ db: app.db, now: app.now }, token);
  if (!caller) throw new NotLoggedInError('The API key is invalid, expired or revoked');
  const config = routeConfig(request);
  if (config.apiKey === false) throw new ForbiddenError(API_KEY_ROUTE_REFUSED);
  const auth: AuthContext = {
    // Keys have no session; this record stands for the key so session-shaped code has the tenant and user.
    session: {
      id: `apikey:${caller.id}`,
      userId: caller.userId,
      tenantId: caller.tenantId,
      state: 'active',
      createdAt: app.now(),
      lastSeenAt: app.now(),
      idleExpiresAt: caller.expiresAt,
      absoluteExpiresAt: caller.expiresAt,
    },
    userId: caller.userId,
    tenantId: caller.tenantId,
    // Audit events of the request are written under the key's name (with its id in actor_api_key_id).
    username: caller.name,
    permissions: caller.permissions,
    apiKey: { id: caller.id, name: caller.name },
  };
  if (config.permission === undefined) {
    if (config.apiKey !== true) throw new ForbiddenError(API_KEY_ROUTE_REFUSED);
    return auth;
  }
  const needed = typeof config.permission === 'string' ? [config.permission] : config.permission;
  if (!needed.some((p) => caller.permissions.has(p))) throw new ForbiddenError();
  return auth;
}

/**
 * `GET /api/login` with a key: the creator's viewer, but with the key's permissions and no roles, so
 * `tessera whoami` shows what the key may do rather than what its creator may.
 */
export function viewerOfApiKey(viewer: Viewer, auth: AuthContext): Viewer {
  if (!auth.apiKey) return viewer;
  const held = [...(auth.permissions ?? [])].sort();
  return { ...viewer, roles: [], allRoles: [], permission: buildPermissionObject(held, [], false) };
}
