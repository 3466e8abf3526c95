/**
 * Body limits per route (platform/body-limits.ts): 1 MiB unless the route says `config: {upload: true}`.
 * A route that sets `bodyLimit` itself stops the server at startup, so the limit has one home.
 */
import fp from 'fastify-plugin';
import { bodyLimitOf } from '../platform/body-limits';
import { RouteConfigError } from './auth-guard';

/** Sets each route's body limit from its config. */
export const bodyLimitPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (route.bodyLimit !== undefined) {
        throw new RouteConfigError(`tessera-body-limit: route ${String(route.method)} ${route.url} sets bodyLimit; say config.upload instead`);
      }
      route.bodyLimit = bodyLimitOf(route.config);
    });
  },
  { name: 'tessera-body-limit', fastify: '5.x' },
);
