/** The session cookie `tessera_session`: HttpOnly, SameSite=Strict, Path=/, Secure over https. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearCookie, setCookie } from './cookies';
import { isExpired, sessionIdOf, type SessionRecord } from './session-store';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'tessera_session';

/** The session token the request carries, if any. */
export function readSessionToken(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  // A token is 32 bytes base64url (43 characters); anything else cannot be ours.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** The session id (SHA-256 of the token) of the request's cookie, or null; hashed once per request. */
export function requestSessionId(request: FastifyRequest): string | null {
  if (request.sessionIdMemo !== undefined) return request.sessionIdMemo;
  const token = readSessionToken(request);
  const id = token ? sessionIdOf(token) : null;
  request.sessionIdMemo = id;
  return id;
}

/** Sets the session cookie (a session cookie for the browser: the server owns the expiry). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  setCookie(reply, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: request.protocol === 'https',
  });
}

/** Clears the session cookie. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  clearCookie(reply, SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/', secure: request.protocol === 'https' });
}

/**
 * The session of the request whatever its state, or null (no cookie, unknown, or expired: an expired
 * record is deleted).
 */
export async function currentSession(request: FastifyRequest): Promise<SessionRecord | null> {
  return readCurrentSession(request);
}

/**
 * {@link currentSession} at once when it needs no wait (no cookie, or the record the rate limiter read on the way
 * and unexpired: the auth guard's usual case), else a promise (a store read, or deleting an expired record).
 */
export function readCurrentSession(request: FastifyRequest): SessionRecord | null | Promise<SessionRecord | null> {
  const id = requestSessionId(request);
  if (id === null) return null;
  // The rate limiter read the record in its round trip at the start of this request: use it once.
  const preload = request.sessionPreload;
  request.sessionPreload = undefined;
  if (preload !== undefined && (preload === null || preload.id === id)) return unexpired(request, preload);
  return request.server.sessions.get(id).then((record) => unexpired(request, record));
}

/** The record, or null when there is none or it has expired (then it is deleted: a promise). */
function unexpired(request: FastifyRequest, record: SessionRecord | null): SessionRecord | null | Promise<null> {
  if (!record) return null;
  const { sessions, now } = request.server;
  if (isExpired(record, now())) return sessions.delete(record.id).then(() => null);
  return record;
}
