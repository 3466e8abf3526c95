/**
 * The OpenAPI document tells the truth: every operation of `GET /api/openapi.json` is called, anonymously,
 * signed in as the administrator with a wrong body and with a body built from its schema, and with the
 * audit broken; each live answer must be declared (status), in a declared media type, and its body must
 * validate against the declared schema (ajv 8, the validator Fastify itself uses).
 */
import type { LightMyRequestResponse } from 'fastify';
import { schemaValidator } from '../test-helpers/ajv';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

type Json = Record<string, unknown>;
type Schema = Json & { $ref?: string; type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; enum?: unknown[]; const?: unknown };
type Operation = { operationId?: string; summary?: string; security?: unknown[]; parameters?: (Json & { in: string; name: string; required?: boolean; schema: Schema })[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, Json> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema>; responses: Record<string, Json>; securitySchemes: Json }; 'x-websockets': Record<string, Json> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const UUID = '00000000-0000-4000-8000-000000000000';

describe('OpenAPI conformance', () => {
  let t: TestContext;
  let doc: Doc;
  const ajv = schemaValidator();
  const checked = new Map<string, Set<number>>();

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    doc = (await t.client().get('/api/openapi.json')).json();
  }, 120_000);
  afterAll(async () => t?.close());

  const operations = (): [string, string, Operation][] =>
    Object.entries(doc.paths).flatMap(([path, ops]) => METHODS.filter((m) => ops[m]).map((m) => [path, m, ops[m]!] as [string, string, Operation]));

  const resolve = <T extends Json>(value: T): T => {
    const ref = value.$ref as string | undefined;
    if (!ref) return value;
    const target = ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Json)[key], doc);
    return resolve(target as T);
  };

  /** Asserts that one live answer is what the document declares for this operation. */
  const conforms = (path: string, method: string, res: LightMyRequestResponse): void => {
    const op = doc.paths[path]![method]!;
    const where = `${method.toUpperCase()} ${path} → ${res.statusCode} ${res.headers['content-type'] ?? ''} ${res.body.slice(0, 200)}`;
    const declared = op.responses[String(res.statusCode)];
    expect({ where, declared: declared !== undefined }).toEqual({ where, declared: true });
    const key = `${method} ${path}`;
    checked.set(key, (checked.get(key) ?? new Set()).add(res.statusCode));
    const response = resolve(declared!) as { content?: Record<string, { schema: Schema }> };
    if (!response.content) {
      expect({ where, body: res.body }).toEqual({ where, body: '' });
      return;
    }
    const media = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
    expect({ where, media: Object.keys(response.content).includes(media) }).toEqual({ where, media: true });
    const schema = response.content[media]!.schema;
    if (schema.format === 'binary') {
      expect(res.rawPayload.length).toBeGreaterThan(0);
    } else {
      const body = media === 'application/json' || media.endsWith('+json') ? JSON.parse(res.body) : res.body;
      const validate = ajv.compile({ ...schema, components: doc.components });
      const ok = validate(body);
      expect({ where, errors: ok ? null : validate.errors }).toEqual({ where, errors: null });
    }
  };

  /** A value that satisfies `schema` (first enum value, the minimum, a UUID for UUID patterns, ...). */
  const sample = (raw: Schema): unknown => {
    const schema = resolve(raw);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum[0];
    const choice = schema.anyOf ?? schema.oneOf;
    if (choice) return sample(choice.find((s) => resolve(s).type !== 'null') ?? choice[0]!);
    switch (schema.type) {
      case 'object':
        return Object.fromEntries((schema.required ?? []).map((name) => [name, sample(schema.properties?.[name] ?? {})]));
      case 'array':
        return Array.from({ length: Number(schema.minItems ?? 1) }, () => sample(schema.items ?? {}));
      case 'integer':
      case 'number':
        return Math.min(Number(schema.minimum ?? 1), Number(schema.maximum ?? Number.MAX_SAFE_INTEGER));
      case 'boolean':
        // false: a `true` could switch on a tenant's MFA requirement and end the administrator's sign-ins.
        return false;
      case 'string': {
        const min = Number(schema.minLength ?? 1);
        const max = Number(schema.maxLength ?? 100);
        const pattern = schema.pattern ? new RegExp(String(schema.pattern), 'u') : null;
        const candidates = [UUID, 'sample', 'Sample1', 'sample@example.test', '00042', '#336699', 'AAAA', '2030-01-01', 'UTC', 'a'.repeat(Math.max(min, 1))];
        return candidates.find((c) => c.length >= min && c.length <= max && (!pattern || pattern.test(c))) ?? 'a'.repeat(Math.max(min, 1));
      }
      default:
        return 'sample';
    }
  };

  /** The URL of an operation with its path parameters filled and, unless `bare`, its required query parameters. */
  const urlOf = (path: string, op: Operation, bare = false): string => {
    let url = path;
    const query = new URLSearchParams();
    for (const p of op.parameters ?? []) {
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(sample(p.schema))));
      if (p.in === 'query' && p.required && !bare) query.set(p.name, String(sample(p.schema)));
    }
    const q = query.toString();
    return q ? `${url}?${q}` : url;
  };

  const bodyOf = (op: Operation): unknown => {
    const schema = op.requestBody?.content['application/json']?.schema;
    return schema ? sample(schema) : undefined;
  };

  const call = (client: TestClient, method: string, url: string, body?: unknown) =>
    client.request(method.toUpperCase() as 'GET', url, body === undefined ? {} : { body });

  const admin = async (): Promise<TestClient> => {
    const c = t.client();
    await c.login('admin', TEST_PASSWORD);
    return c;
  };

  it('should give every operation a unique operationId, a summary and its security, and define the schemes it uses', () => {
    const ids = new Set<string>();
    for (const [path, method, op] of operations()) {
      const where = `${method} ${path}`;
      expect({ where, id: typeof op.operationId, summary: typeof op.summary, security: Array.isArray(op.security) }).toEqual({ where, id: 'string', summary: 'string', security: true });
      expect({ where, duplicate: ids.has(op.operationId!) }).toEqual({ where, duplicate: false });
      ids.add(op.operationId!);
      for (const requirement of op.security as Json[]) for (const name of Object.keys(requirement)) expect(doc.components.securitySchemes[name]).toBeDefined();
    }
    expect(doc.paths['/api2/Authentication-v1/PrepareFido2Authentication']!.post!.operationId).toBe('PrepareFido2Authentication');
    expect(doc.paths['/api2/Authentication-v1/check-session']!.post!.security).toEqual([{ sessionCookie: [], xsrfCookie: [], xsrfHeader: [] }, { apiKey: [] }]);
    expect(doc.paths['/api2/IDM-v1/Users']!.get!.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
    expect(doc.paths['/api2/IDM-v1/Version']!.get!.security).toEqual([]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Every websocket stream of the spec (signin §7 "per version": both CMS versions) and the designed ones (the
    // temporary card's in both, IssueVSC's in CMS-v2 as IssueVSC itself), each with what a client needs to use it.
    const streams = ['ListReadersStream', 'IssueCardStream', 'ReissueCardStream', 'RegisterCardStream', 'UnregisterCardStream', 'IssueTemporaryCardStream'];
    const paths = [...['CMS-v1', 'CMS-v2'].flatMap((version) => streams.map((stream) => `/api2/${version}/${stream}`)), '/api2/CMS-v2/IssueVSCStream'];
    expect(Object.keys(doc['x-websockets']).sort()).toEqual([...paths].sort());
    for (const path of paths) {
      expect({ path, doc: doc['x-websockets'][path] }).toEqual({ path, doc: expect.objectContaining({ summary: expect.any(String), description: expect.stringContaining('Upgrade: websocket'), refusals: expect.objectContaining({ 401: 'not_logged_in' }), serverMessages: expect.objectContaining({ oneOf: expect.any(Array) }) }) });
    }
    // The documented message schemas compile (a live ListReadersStream's messages are validated against them in
    // smartcards/cms-client.routes.test.ts).
    for (const [path, entry] of Object.entries(doc['x-websockets'])) expect({ path, valid: ajv.validate(entry.serverMessages, { type: 'not-a-message' }) }).toEqual({ path, valid: false });
  });

  it('should declare what the three answers of issue 11 really are', async () => {
    const wrong = await t.client().post('/api2/Authentication-v1/login', { username: 'admin', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toMatch(/^application\/json/);
    conforms('/api2/Authentication-v1/login', 'post', wrong);

    const anonymous = await t.client().post('/api2/Authentication-v1/check-session');
    expect([anonymous.statusCode, anonymous.headers['content-type'], anonymous.body]).toEqual([401, 'text/plain; charset=utf-8', 'not_logged_in']);
    conforms('/api2/Authentication-v1/check-session', 'post', anonymous);

    const challenge = await t.app.inject({ method: 'POST', url: '/api2/Authentication-v1/PrepareFido2Authentication', headers: { accept: 'application/x-webauthn-challenge' } });
    expect([challenge.statusCode, challenge.headers['content-type'], challenge.rawPayload.length]).toEqual([200, 'application/x-webauthn-challenge', 32]);
    conforms('/api2/Authentication-v1/PrepareFido2Authentication', 'post', challenge);
  });

  it('should answer every operation as declared: anonymous, with a wrong body, with a body from its schema, and with the audit broken', async () => {
    // Sign-outs last: they end the administrator's session.
    const ops = operations().sort(([a], [b]) => Number(/logout/.test(a)) - Number(/logout/.test(b)));
    for (const [path, method, op] of ops) {
      const sessionRoute = (op.security ?? []).some((r) => 'sessionCookie' in (r as Json));
      // Anonymous, without and with the XSRF pair.
      const bare = await t.app.inject({ method: method.toUpperCase() as 'GET', url: urlOf(path, op) });
      conforms(path, method, bare);
      const anonymous = await call(t.client(), method, urlOf(path, op), bodyOf(op));
      conforms(path, method, anonymous);
      if (sessionRoute) expect({ path, method, status: anonymous.statusCode, body: anonymous.body }).toEqual({ path, method, status: 401, body: 'not_logged_in' });

      const c = await admin();
      // A wrong body (an array where an object is due) or missing required query parameters: 400 naming the field.
      const required = (op.parameters ?? []).some((p) => p.in === 'query' && p.required);
      if (op.requestBody || required) {
        const wrong = await call(c, method, urlOf(path, op, true), op.requestBody ? [] : undefined);
        conforms(path, method, wrong);
        expect({ path, method, status: wrong.statusCode, field: typeof (wrong.headers['content-type']?.toString().startsWith('application/json') ? wrong.json().field : wrong.body) }).toEqual({ path, method, status: 400, field: 'string' });
      }
      // A body built from the schema (unknown ids mostly: 404s, 409s without a CMS Client, 2xx).
      conforms(path, method, await call(c, method, urlOf(path, op), bodyOf(op)));
      // The same with the audit broken: 503 `Audit failed` where the route audits.
      await t.breakAudit();
      try {
        conforms(path, method, await call(c, method, urlOf(path, op), bodyOf(op)));
      } finally {
        await t.repairAudit();
      }
    }
    // Every operation was called; some answered 2xx, some 503.
    expect(checked.size).toBe(operations().length);
    const statuses = [...checked.values()].flatMap((s) => [...s]);
    for (const status of [200, 204, 400, 401, 403, 404, 503]) expect(statuses).toContain(status);
  }, 600_000);

  it('should fail an answer the document does not declare', () => {
    const fake = { statusCode: 418, headers: { 'content-type': 'application/json' }, body: '{}', rawPayload: Buffer.from('{}') } as unknown as LightMyRequestResponse;
    expect(() => conforms('/api2/IDM-v1/Version', 'get', fake)).toThrow();
    const wrongType = { statusCode: 200, headers: { 'content-type': 'text/plain' }, body: 'x', rawPayload: Buffer.from('x') } as unknown as LightMyRequestResponse;
    expect(() => conforms('/api2/IDM-v1/Version', 'get', wrongType)).toThrow();
    const wrongBody = { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{"product":1}', rawPayload: Buffer.from('{"product":1}') } as unknown as LightMyRequestResponse;
    expect(() => conforms('/api2/IDM-v1/Version', 'get', wrongBody)).toThrow();
  });
});
