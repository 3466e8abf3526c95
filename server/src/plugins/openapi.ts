/** The OpenAPI document of every route, from their schemas, at `GET /api/openapi.json`. */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../platform/schemas';

/** Registers @fastify/swagger (before the routes, so it sees them) and the document's route. */
export const openapiPlugin = fp<{ version: string }>(
  async (app, opts) => {
    app.addSchema(ErrorBody);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Tessera API', version: opts.version, description: 'The HTTP API of the Tessera console (docs/api.md).' },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'tessera_session' },
            xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          },
        },
      },
    });
    app.get(
      '/api/openapi.json',
      {
        config: { auth: 'public' },
        schema: { hide: true, response: { 200: Type.Object({}, { additionalProperties: true }) } },
      },
      async () => app.swagger(),
    );
  },
  { name: 'tessera-openapi', fastify: '5.x', dependencies: ['tessera-auth-guard'] },
);
