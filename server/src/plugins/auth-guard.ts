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
import type { FastifyRequest } from 'fastify';
import { readCurrentSession } from '../platform/session-cookie';
import type { SessionRecord } from '../platform/session-store';
import type { AuthContext } from '../platform/types';
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

    /** Admits a signed-in session (at once for a route without a permission), else refuses the request. */
    const admitSession = (request: FastifyRequest, permission: string | readonly string[] | undefined, session: SessionRecord | null): void | Promise<void> => {
      if (!session || session.state !== 'active' || !session.userId || !session.tenantId) throw new NotLoggedInError();
      request.auth = { session, userId: session.userId, tenantId: session.tenantId, username: null, permissions: null };
      if (permission === undefined) return;
      return checkPermission(request, request.auth, permission);
    };
    const checkPermission = async (request: FastifyRequest, auth: AuthContext, permission: string | readonly string[]): Promise<void> => {
      const { session } = auth;
      const access = await loadAccessBatched(app.db, auth.userId, auth.tenantId);
      if (!access || !access.enabled) {
        await app.sessions.delete(session.id);
        throw new NotLoggedInError();
      }
      const permissions = new Set(accessPermissions(access));
      auth.username = access.username;
      auth.permissions = permissions;
      const needed = typeof permission === 'string' ? [permission] : permission;
      if (!needed.some((p) => permissions.has(p))) throw new ForbiddenError();
    };

    // The last step of the request pipeline (tessera-request-pipeline): after the limiter (which read the session
    // on the way) and the XSRF check. A `session` route without a permission is admitted at once.
    app.addRequestStep((request) => {
      const config = routeConfig(request);
      if (config.auth !== 'session') return;
      const bearer = bearerToken(request);
      if (bearer !== null) {
        return apiKeyAuthContext(app, request, bearer, options.authenticateApiKey).then((auth) => {
          request.auth = auth;
        });
      }
      const session = readCurrentSession(request);
      if (session instanceof Promise) return session.then((record) => admitSession(request, config.permission, record));
      return admitSession(request, config.permission, session);
    });
  },
  { name: 'tessera-auth-guard', fastify: '5.x', dependencies: ['tessera-db', 'tessera-session', 'tessera-request-pipeline'] },
);
