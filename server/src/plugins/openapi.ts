/**
 * The OpenAPI document of every route, from their schemas, at `GET /api/openapi.json`.
 *
 * What the routes do not say themselves is added here from what the platform does to every route, so
 * that the document tells the truth about each operation (the conformance test checks it against live
 * answers, `platform/openapi.conformance.test.ts`):
 * - `operationId`: the spec's call name (the last segment of `/api2/<Service>/<Call>`), prefixed with the
 *   method when one path has several (`GetTicket`, `PutTicket`), suffixed `V1` on the CMS-v1 copies;
 *   other paths get `<method><Segments>` (`getSmartcardsTemporaryUserById`). A route may set its own.
 * - `security` from `config.auth`: a session route takes the session cookie (plus the XSRF cookie and
 *   header on POST/PUT/PATCH/DELETE) or an API key; a public state-changing route needs the XSRF pair;
 *   other public routes nothing.
 * - the global plain-text answers (`components.responses`): 401 `not_logged_in` on every session route
 *   (the auth guard), 429 `Too Many Requests` everywhere (the global limiter), 503 `Audit failed` where
 *   the route declares it.
 * - the websocket streams, which are not Fastify routes, in a top-level `x-websockets` section.
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ErrorBody, GLOBAL_TEXT_RESPONSES, globalText } from '../platform/schemas';
import { XSRF_COOKIE } from './xsrf';
import { SESSION_COOKIE } from '../platform/session-cookie';
import type { WebsocketDoc } from '../platform/types';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CALL_PATH = /^\/api2\/([A-Za-z0-9-]+)\/([A-Za-z0-9_-]+)$/;
const GLOBAL_STATUSES = Object.keys(GLOBAL_TEXT_RESPONSES) as unknown as (keyof typeof GLOBAL_TEXT_RESPONSES)[];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const pascal = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean).map(capitalise).join('');

/** The operationId of a route (see the module comment); `methodsOfPath` counts the methods of its path. */
export function operationIdOf(method: string, url: string, methodsOfPath: number): string {
  const call = CALL_PATH.exec(url);
  if (call) {
    const name = methodsOfPath > 1 ? `${capitalise(method.toLowerCase())}${call[2]}` : call[2]!;
    return call[1] === 'CMS-v1' ? `${name}V1` : name;
  }
  const segments = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment)));
  return `${method.toLowerCase()}${segments.join('')}`;
}

/** The security requirements of a route (see the module comment). */
export function securityOf(method: string, config: { auth?: string; xsrf?: boolean } | undefined): Record<string, string[]>[] {
  const xsrf = UNSAFE_METHODS.has(method) && config?.xsrf !== false;
  const browser: Record<string, string[]> = xsrf ? { xsrfCookie: [], xsrfHeader: [] } : {};
  if (config?.auth === 'session') return [{ sessionCookie: [], ...browser }, { apiKey: [] }];
  return xsrf ? [browser] : [];
}

type ResponseEntry = { description?: string; content?: Record<string, { schema: unknown }> } & Record<string, unknown>;

/** A response entry in the media-type form (a bare schema is JSON). */
function asContent(entry: unknown): ResponseEntry {
  const e = entry as ResponseEntry;
  if (e && typeof e === 'object' && 'content' in e && e.content) return e;
  return { description: (e as { description?: string })?.description ?? 'Error answer', content: { 'application/json': { schema: e } } };
}

/** The route's response schemas with the global 401 added to a session route (text/plain beside any JSON 401). */
function withGlobalAnswers(route: RouteOptions, response: Record<string, unknown>): Record<string, unknown> {
  const out = { ...response };
  if (route.config?.auth === 'session') {
    const existing = out['401'] ?? out[401 as unknown as string];
    if (existing === undefined) {
      out['401'] = { description: GLOBAL_TEXT_RESPONSES[401].description, content: { 'text/plain': { schema: globalText(401) } } };
    } else {
      const entry = asContent(existing);
      if (!entry.content?.['text/plain']) out['401'] = { ...entry, content: { ...entry.content, 'text/plain': { schema: globalText(401) } } };
    }
  }
  if (out['429'] === undefined) out['429'] = { description: GLOBAL_TEXT_RESPONSES[429].description, content: { 'text/plain': { schema: globalText(429) } } };
  return out;
}

/** Replaces a response that is exactly a global plain-text answer by a reference to `components.responses`. */
function referenceGlobalAnswers(document: { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> }): void {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const responses = operation.responses ?? {};
      for (const status of GLOBAL_STATUSES) {
        const entry = responses[status] as ResponseEntry | undefined;
        const types = Object.keys(entry?.content ?? {});
        const schema = entry?.content?.['text/plain']?.schema as { const?: unknown; enum?: unknown[] } | undefined;
        // @fastify/swagger writes a `const` as a one-value `enum`.
        const text = schema?.const ?? (schema?.enum?.length === 1 ? schema.enum[0] : undefined);
        if (types.length === 1 && text === GLOBAL_TEXT_RESPONSES[status].text) {
          responses[status] = { $ref: `#/components/responses/${GLOBAL_TEXT_RESPONSES[status].name}` };
        }
      }
    }
  }
}

/** Registers @fastify/swagger (before the routes, so it sees them) and the document's route. */
export const openapiPlugin = fp<{ version: string }>(
  async (app, opts) => {
    app.addSchema(ErrorBody);
    app.decorate('websocketDocs', new Map<string, WebsocketDoc>());

    // Methods per path, for operationIds that stay unique when a path has several.
    const methodsByUrl = new Map<string, Set<string>>();
    app.addHook('onRoute', (route) => {
      const methods = methodsByUrl.get(route.url) ?? new Set<string>();
      for (const method of [route.method].flat()) if (method !== 'HEAD') methods.add(method);
      methodsByUrl.set(route.url, methods);
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Tessera API', version: opts.version, description: 'The HTTP API of the Tessera console (docs/api.md).' },
        components: {
          securitySchemes: {
            sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The HttpOnly session cookie set by login, FinishFido2Authentication or TOTPAuth.' },
            xsrfCookie: { type: 'apiKey', in: 'cookie', name: XSRF_COOKIE, description: 'The XSRF cookie every answer sets when the request has none (double submit).' },
            xsrfHeader: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN', description: `Required on POST, PUT, PATCH and DELETE, equal to the ${XSRF_COOKIE} cookie (else 403 CSRF).` },
            apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer <key>`; needs no cookie and no XSRF header.' },
          },
        },
      },
      transform: ({ schema, url, route }) => {
        const method = [route.method].flat()[0]!;
        const s = (schema ?? {}) as Record<string, unknown>;
        if (s.hide) return { schema: s as never, url };
        return {
          url,
          schema: {
            ...s,
            operationId: (s.operationId as string | undefined) ?? operationIdOf(method, route.url, methodsByUrl.get(route.url)?.size ?? 1),
            security: securityOf(method, route.config as { auth?: string; xsrf?: boolean }),
            response: withGlobalAnswers(route, (s.response ?? {}) as Record<string, unknown>),
          } as never,
        };
      },
      transformObject: (documentObject) => {
        const document = ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as Record<string, unknown> & {
          components?: Record<string, unknown>;
        };
        document.components ??= {};
        document.components.responses = Object.fromEntries(
          GLOBAL_STATUSES.map((status) => {
            const g = GLOBAL_TEXT_RESPONSES[status];
            return [g.name, { description: g.description, content: { 'text/plain': { schema: { type: 'string', const: g.text } } } }];
          }),
        );
        referenceGlobalAnswers(document as never);
        document['x-websockets'] = Object.fromEntries(app.websocketDocs);
        return document as never;
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
