/**
 * The auth guard. Every route must say `config: {auth: 'public' | 'session', permission?}`; a route
 * without it stops the server at startup. On `session` routes the guard loads the session (401
 * `not_logged_in` without a fully signed-in, unexpired one) and, when a permission is named, the
 * viewer's effective permissions (403 `FORBIDDEN` when none of the named ones is held). A request with
 * `Authorization: Bearer <API key>` is the key's caller instead (platform/api-key-auth.ts).
 */
import { routeConfig } from '../platform/route-config';
import fp from 'fastify-plugin';
import { ForbiddenError, NotLoggedInError } from '../platform/errors';
import { currentSession } from '../platform/session-cookie';
import { accessPermissions, loadAccessBatched } from '../platform/access';
import { apiKeyAuthContext, bearerToken, type ApiKeyAuthenticator } from '../platform/api-key-auth';

/** A route was registered without `config.auth`. */
export class RouteConfigError extends Error {
  readonly code = 'ROUTE_CONFIG' as const;
  constructor(message: string) {
    super(message);
    this.name = 'RouteConfigError';
  }
}

/** Options of the auth guard. */
export interface AuthGuardOptions {
  /** Turns an `Authorization: Bearer` token into its caller (the apikeys area's `authenticate`). */
  authenticateApiKey: ApiKeyAuthenticator;
}

/** Enforces each route's `config.auth` and `config.permission`. */
export const authGuardPlugin = fp<AuthGuardOptions>(
  async (app, options) => {
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
      const config = routeConfig(request);
      if (config.auth !== 'session') return;
      const bearer = bearerToken(request);
      if (bearer !== null) {
        request.auth = await apiKeyAuthContext(app, request, bearer, options.authenticateApiKey);
        return;
      }
      const session = await currentSession(request);
      if (!session || session.state !== 'active' || !session.userId || !session.tenantId) throw new NotLoggedInError();
      request.auth = { session, userId: session.userId, tenantId: session.tenantId, username: null, permissions: null };
      if (config.permission === undefined) return;
      const access = await loadAccessBatched(app.db, session.userId, session.tenantId);
      if (!access || !access.enabled) {
        await app.sessions.delete(session.id);
        throw new NotLoggedInError();
      }
      const permissions = new Set(accessPermissions(access));
      request.auth.username = access.username;
      request.auth.permissions = permissions;
      const needed = typeof config.permission === 'string' ? [config.permission] : config.permission;
      if (!needed.some((p) => permissions.has(p))) throw new ForbiddenError();
    });
  },
  { name: 'tessera-auth-guard', fastify: '5.x', dependencies: ['tessera-db', 'tessera-session'] },
);
