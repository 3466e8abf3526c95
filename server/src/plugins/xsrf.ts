/**
 * Double-submit CSRF protection (docs/api.md): every answer to a request without an `XSRF-TOKEN`
 * cookie sets one; every POST/PUT/PATCH/DELETE must carry `X-XSRF-TOKEN` equal to the cookie, except
 * a request with `Authorization: Bearer` and no session cookie (an API key).
 */
import { routeConfig } from '../platform/route-config';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { CsrfError } from '../platform/errors';
import { setCookie } from '../platform/cookies';
import { readSessionToken } from '../platform/session-cookie';
import { bearerToken } from '../platform/api-key-auth';

/** Name of the cookie the browser reads. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Name of the header it sends back. */
export const XSRF_HEADER = 'x-xsrf-token';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Sets the XSRF cookie when missing and checks the header on state-changing requests. */
export const xsrfPlugin = fp(
  async (app) => {
    // A step of the request pipeline, after the limiter and before the auth guard (tessera-request-pipeline).
    app.addRequestStep((request, reply) => {
      const cookie = request.cookies[XSRF_COOKIE];
      if (!cookie) {
        setCookie(reply, XSRF_COOKIE, randomBytes(32).toString('base64url'), {
          httpOnly: false,
          sameSite: 'strict',
          path: '/',
          secure: request.protocol === 'https',
        });
      }
      if (!UNSAFE_METHODS.has(request.method) || routeConfig(request).xsrf === false) return;
      // An API key request carries no session cookie for a forged page to ride on (ARCHITECTURE "API keys").
      if (bearerToken(request) !== null && !readSessionToken(request)) return;
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) throw new CsrfError();
    });
  },
  { name: 'tessera-xsrf', fastify: '5.x', dependencies: ['tessera-cookies', 'tessera-request-pipeline'] },
);
