import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { build, TEST_PASSWORD, type TestContext } from './test-helpers/build';
import { createTestDatabase } from './test-helpers/database';

/** Every endpoint of docs/api.md (issue 3). */
const API_ENDPOINTS: [string, string][] = [
  ['get', '/api2/Authentication-v1/Xsrf'],
  ['get', '/api2/IDM-v1/BootstrapStatus'],
  ['post', '/api2/IDM-v1/Bootstrap'],
  ['post', '/api2/Authentication-v1/login'],
  ['post', '/api2/Authentication-v1/check-session'],
  ['post', '/api2/Authentication-v1/refresh-session'],
  ['post', '/api2/Authentication-v1/logout'],
  ['post', '/api2/Authentication-v1/AnonymousSession'],
  ['get', '/api2/Authentication-v1/Disclaimer'],
  ['get', '/api/login'],
  ['post', '/api/logout'],
  ['get', '/api2/IDM-v1/Version'],
  ['get', '/api2/IDM-v1/News'],
  ['get', '/api2/IDM-v1/Users'],
  ['get', '/api2/IDM-v1/User'],
  ['post', '/api2/IDM-v1/User'],
  ['put', '/api2/IDM-v1/User'],
  ['get', '/api2/IDM-v1/Roles'],
  ['get', '/api2/IDM-v1/Role'],
  ['post', '/api2/IDM-v1/Role'],
  ['put', '/api2/IDM-v1/Role'],
  ['get', '/api2/Monitoring-v1/AuditEvents'],
];

describe('app', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
  });
  afterAll(async () => t?.close());

  it('should serve an OpenAPI document with every endpoint and its schemas', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const [method, url] of API_ENDPOINTS) {
      const op = doc.paths[url]?.[method];
      expect({ url, method, has: op !== undefined }).toEqual({ url, method, has: true });
      expect(Object.keys(op.responses).length).toBeGreaterThan(1);
    }
    expect(doc.paths['/api2/IDM-v1/User'].post.requestBody).toBeDefined();
  });

  it('should answer Version and News publicly (the public /about and /home read them)', async () => {
    expect((await t.client().get('/api2/IDM-v1/Version')).json()).toEqual({ product: 'Tessera', version: expect.any(String) });
    expect((await t.client().get('/api2/IDM-v1/News')).json()).toEqual({ version: '5', items: [] });
    const c = t.client();
    await c.login('admin', TEST_PASSWORD);
    expect((await c.get('/api2/IDM-v1/News')).json()).toEqual({ version: '5', items: [] });
  });

  it('should answer 404 JSON for unknown API paths and methods', async () => {
    for (const res of [await t.client().get('/api2/Nope-v1/Thing'), await t.client().get('/api/nothing'), await t.client().post('/home')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('should say how to build the console when the web folder is missing', async () => {
    const res = await t.client().get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
    expect((await t.client().get('/login')).body).toContain('npm run build');
  });

  it('should not leak internals when the body is malformed', async () => {
    const res = await t.client().request('POST', '/api2/Authentication-v1/login', { payload: '{"username": "a", "password": "b"', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.js/);
  });
});

describe('app construction', () => {
  it('should refuse a route without config.auth at startup, and hide 5xx messages', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ env: {}, db: database.db, config: { webDir: '/nonexistent' } });
    try {
      expect(() => app.get('/api2/Test-v1/NoConfig', async () => 'x')).toThrow(/has no config\.auth/);
      app.get('/api2/Test-v1/Boom', { config: { auth: 'public' } }, async () => {
        throw new Error('secret database detail');
      });
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api2/Test-v1/Boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Internal Server Error' });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('should answer 429 Too Many Requests from the global limiter', async () => {
    const t = await build({ config: { rateLimitMax: 3 } });
    try {
      const c = t.client();
      for (let i = 0; i < 3; i++) expect((await c.get('/api2/IDM-v1/Version')).statusCode).toBe(200);
      const res = await c.get('/api2/IDM-v1/Version');
      expect(res.statusCode).toBe(429);
      expect(res.body).toBe('Too Many Requests');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      // Another address is not limited.
      expect((await t.client({ remoteAddress: '10.9.9.9' }).get('/api2/IDM-v1/Version')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('should send the precompressed sibling the request accepts', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    const source = 'console.log("tessera");'.repeat(50);
    fs.writeFileSync(path.join(web, 'assets', 'app.0123abcd.js'), source);
    fs.writeFileSync(path.join(web, 'assets', 'app.0123abcd.js.gz'), zlib.gzipSync(source));
    fs.writeFileSync(path.join(web, 'assets', 'app.0123abcd.js.br'), zlib.brotliCompressSync(source));
    const t = await build({ config: { webDir: web } });
    try {
      const get = (acceptEncoding?: string) =>
        t.app.inject({ method: 'GET', url: '/assets/app.0123abcd.js', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(source);
      const gz = await get('gzip, br;q=0');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(source);
      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(source);
      expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
    } finally {
      await t.close();
      fs.rmSync(web, { recursive: true, force: true });
    }
  });

  it('should serve the built console with the cache headers of docs/api.md', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Tessera</title>');
    fs.writeFileSync(path.join(web, 'importmap.json'), '{"imports":{}}');
    fs.writeFileSync(path.join(web, 'assets', 'app.0123abcd.js'), 'console.log(1)');
    const t = await build({ config: { webDir: web } });
    try {
      const c = t.client();
      for (const url of ['/', '/home', '/identity/users/view/1']) {
        const res = await c.get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<title>Tessera</title>');
      }
      const importmap = await c.get('/importmap.json');
      expect(importmap.headers['cache-control']).toBe('no-cache');
      expect(importmap.json()).toEqual({ imports: {} });
      const asset = await c.get('/assets/app.0123abcd.js');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
      expect(asset.headers['content-encoding']).toBeUndefined();
      expect(asset.body).toBe('console.log(1)');
      expect((await c.get('/assets/missing.js')).statusCode).toBe(404);
      expect((await c.get('/..%2f..%2fetc%2fpasswd.txt')).statusCode).toBe(404);
    } finally {
      await t.close();
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});
