/** Small helpers for handlers. */
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './types';
import { NotLoggedInError } from './errors';

/** The auth context of a `session` route (set by the guard). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new NotLoggedInError();
  return request.auth;
}

/** Audit actor fields of a signed-in request. */
export function actorOf(request: FastifyRequest): { actorUserId: string | null; actorUsername: string | null; ip: string } {
  return { actorUserId: request.auth?.userId ?? null, actorUsername: request.auth?.username ?? null, ip: request.ip };
}
