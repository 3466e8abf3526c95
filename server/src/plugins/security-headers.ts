/** Sets the headers of platform/security-headers.ts on every answer; the console's CSP is set by tessera-static. */
import fp from 'fastify-plugin';
import { API_CACHE_CONTROL, COMMON_SECURITY_HEADERS } from '../platform/security-headers';
import { isApiPath } from '../platform/console-paths';
import { requestPath } from '../platform/route-config';

/** Adds the common security headers, and `Cache-Control: no-store` to API answers without their own. */
export const securityHeadersPlugin = fp(
  async (app) => {
    const common = Object.entries(COMMON_SECURITY_HEADERS);
    // A callback hook (no promise): it runs on every answer.
    app.addHook('onSend', (request, reply, payload, done) => {
      for (const [name, value] of common) if (!reply.hasHeader(name)) reply.header(name, value);
      if (!reply.hasHeader('cache-control') && isApiPath(requestPath(request))) reply.header('cache-control', API_CACHE_CONTROL);
      done(null, payload);
    });
  },
  { name: 'tessera-security-headers', fastify: '5.x' },
);
