/** The cookies plugin: `request.cookies` parsed by `platform/cookies.ts` on every request. */
import fp from 'fastify-plugin';
import { parseCookieHeader } from '../platform/cookies';

/** Decorates `request.cookies`. */
export const cookiesPlugin = fp(
  async (app) => {
    app.decorateRequest('cookies', null as unknown as Record<string, string>);
    // A callback hook (no promise): it runs on every request.
    app.addHook('onRequest', (request, _reply, done) => {
      request.cookies = parseCookieHeader(request.headers.cookie);
      done();
    });
  },
  { name: 'tessera-cookies', fastify: '5.x' },
);
