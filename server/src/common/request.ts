/** Small helpers for handlers. */
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../types';
import { NotLoggedInError } from '../errors';

/** The auth context of a `session` route (set by the guard). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new NotLoggedInError();
  return request.auth;
}

/** Audit actor fields of a signed-in request (with an API key: its name and id). */
export function actorOf(request: FastifyRequest): { actorUserId: string | null; actorUsername: string | null; actorApiKeyId: string | null; ip: string } {
  return { actorUserId: request.auth?.userId ?? null, actorUsername: request.auth?.username ?? null, actorApiKeyId: request.auth?.apiKey?.id ?? null, ip: request.ip };
}
