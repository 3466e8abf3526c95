/** The cookies plugin: `request.cookies` parsed by `platform/cookies.ts` on every request. */
import fp from 'fastify-plugin';
import { parseCookieHeader } from '../platform/cookies';

/** Decorates `request.cookies`. */
export const cookiesPlugin = fp(
  async (app) => {
    app.decorateRequest('cookies', null as unknown as Record<string, string>);
    // The first step of the request pipeline (tessera-request-pipeline): every later step reads the cookies.
    app.addRequestStep((request) => {
      request.cookies = parseCookieHeader(request.headers.cookie);
    });
  },
  { name: 'tessera-cookies', fastify: '5.x', dependencies: ['tessera-request-pipeline'] },
);
