/**
 * The auth guard. Every route must say `config: {auth: 'public' | 'session', permission?}`; a route
 * without it stops the server at startup. On `session` routes the guard loads the session (401
 * `not_logged_in` without a fully signed-in, unexpired one) and, when a permission is named, the
 * viewer's effective permissions (403 `FORBIDDEN` when none of the named ones is held). A request with
 * `Authorization: Bearer <API key>` is the key's caller instead (apikeys/apikey-auth.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, NotLoggedInError } from '../errors';
import { isExpired, sessionIdOf, type SessionRecord } from '../auth/session-store';
import { readSessionToken } from '../auth/session-cookie';
import { loadAccess } from '../identity/users.repository';
import { effectivePermissions } from '../identity/permissions';
import { apiKeyAuthContext, bearerToken } from '../apikeys/apikey-auth';

/** A route was registered without `config.auth`. */
export class RouteConfigError extends Error {
  readonly code = 'ROUTE_CONFIG' as const;
  constructor(message: string) {
    super(message);
    this.name = 'RouteConfigError';
  }
}

/**
 * The session of the request whatever its state, or null (no cookie, unknown, or expired: an expired
 * record is deleted).
 */
export async function currentSession(request: FastifyRequest): Promise<SessionRecord | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const { sessions, now } = request.server;
  const record = await sessions.get(sessionIdOf(token));
  if (!record) return null;
  if (isExpired(record, now())) {
    await sessions.delete(record.id);
    return null;
  }
  return record;
}

/** Enforces each route's `config.auth` and `config.permission`. */
export const authGuardPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const auth = route.config?.auth;
      if (auth !== 'public' && auth !== 'session') {
        throw new RouteConfigError(`tessera-auth-guard: route ${String(route.method)} ${route.url} has no config.auth ('public' or 'session')`);
      }
      if (route.config?.permission !== undefined && auth !== 'session') {
        throw new RouteConfigError(`tessera-auth-guard: route ${String(route.method)} ${route.url} names a permission but is not a session route`);
      }
    });

    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (config.auth !== 'session') return;
      const bearer = bearerToken(request);
      if (bearer !== null) {
        request.auth = await apiKeyAuthContext(app, request, bearer);
        return;
      }
      const session = await currentSession(request);
      if (!session || session.state !== 'active' || !session.userId || !session.tenantId) throw new NotLoggedInError();
      request.auth = { session, userId: session.userId, tenantId: session.tenantId, username: null, permissions: null };
      if (config.permission === undefined) return;
      const access = await loadAccess(app.db, session.userId, session.tenantId);
      if (!access || !access.enabled) {
        await app.sessions.delete(session.id);
        throw new NotLoggedInError();
      }
      const permissions = new Set(effectivePermissions(access.roles));
      request.auth.username = access.username;
      request.auth.permissions = permissions;
      const needed = typeof config.permission === 'string' ? [config.permission] : config.permission;
      if (!needed.some((p) => permissions.has(p))) throw new ForbiddenError();
    });
  },
  { name: 'tessera-auth-guard', fastify: '5.x', dependencies: ['tessera-db', 'tessera-session'] },
);
