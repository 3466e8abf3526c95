/** Small helpers for handlers. */
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './types';
import { NotLoggedInError } from './errors';

/** The auth context of a `session` route (set by the guard). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new NotLoggedInError();
  return request.auth;
}

/** Audit actor fields of a signed-in request (with an API key: its name and id). */
export function actorOf(request: FastifyRequest): { actorUserId: string | null; actorUsername: string | null; actorApiKeyId: string | null; ip: string } {
  return { actorUserId: request.auth?.userId ?? null, actorUsername: request.auth?.username ?? null, actorApiKeyId: request.auth?.apiKey?.id ?? null, ip: request.ip };
}

/**
 * Where a request comes from, as services see it: services take this (a route passes its request,
 * which has these fields), never the HTTP request object itself.
 */
export interface ClientContext {
  /** Client address (after `trustProxy`). */
  ip: string;
  /** Host name of the request, without port (the tenant's domain). */
  hostname: string;
  /** Host header as sent, with port. */
  host: string;
  protocol: 'http' | 'https';
}
