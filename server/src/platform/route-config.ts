/**
 * The route's `config` (auth, permission, xsrf, staticFiles), read once per request: Fastify's
 * `request.routeOptions` builds a new object on every read, and four hooks of every request need it.
 */
import type { FastifyContextConfig, FastifyRequest } from 'fastify';

/** The `config` of the request's route. */
export function routeConfig(request: FastifyRequest): FastifyContextConfig {
  let config = request.routeConfigMemo;
  if (config === undefined) {
    config = request.routeOptions.config;
    request.routeConfigMemo = config;
  }
  return config;
}

/** The request's path without its query string (`request.url` as sent, not decoded). */
export function requestPath(request: FastifyRequest): string {
  const url = request.url;
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}
