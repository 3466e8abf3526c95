/** Issue 11: security headers, the console's CSP, the index.html fallback and the limiter's reach. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import { consolePolicy, inlineScripts } from '../platform/security-headers';

const INLINE_EARLY = "window.tesseraEarlyFetch = {};";
const INLINE_IMPORT = 'System.import("root-config");';
const INDEX = `<!doctype html><html><head><title>Tessera</title><script>${INLINE_EARLY}</script>
<script type="systemjs-importmap">{"imports":{}}</script><script src="/assets/s.0123abcd.js"></script><script>${INLINE_IMPORT}</script></head><body></body></html>`;

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const NAVIGATE = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };

describe('security headers and the console fallback', () => {
  let t: TestContext;
  let web: string;
  let adminId: string;

  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-web-'));
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), INDEX);
    fs.writeFileSync(path.join(web, 'assets', 's.0123abcd.js'), 'var System;');
    t = await build({ config: { webDir: web, rateLimitMax: 6 } });
    ({ userId: adminId } = await t.bootstrap());
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('should send a strict CSP with the hashes of the inline scripts and no unsafe-inline for scripts', async () => {
    const res = await t.client({ remoteAddress: '10.20.0.1' }).get('/login', { headers: NAVIGATE });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain(sha(INLINE_EARLY));
    expect(scriptSrc).toContain(sha(INLINE_IMPORT));
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(inlineScripts(INDEX)).toEqual([INLINE_EARLY, '{"imports":{}}', INLINE_IMPORT]);
    expect(consolePolicy('<p>no scripts</p>')).toContain("script-src 'self';");
  });

  it('should send Referrer-Policy on every answer and nosniff on API answers', async () => {
    const c = t.client({ remoteAddress: '10.20.0.2' });
    for (const res of [await c.get('/login'), await c.get('/assets/s.0123abcd.js'), await c.get('/api2/IDM-v1/Version'), await c.get('/api2/Nope-v1/X'), await c.post('/api2/Authentication-v1/check-session')]) {
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('should send Cache-Control: no-store on API answers with personal data', async () => {
    const c = t.client({ remoteAddress: '10.20.0.3' });
    const signIn = await c.post('/api2/Authentication-v1/login', { username: 'admin', password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const me = (await c.get('/api/login'));
    for (const res of [me, await c.get('/api2/IDM-v1/Users'), await c.get('/api2/Monitoring-v1/AuditEvents')]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const c2 = t.client({ remoteAddress: '10.20.0.4' });
    await c2.login('admin', TEST_PASSWORD);
    const user = await c2.get(`/api2/IDM-v1/User?id=${adminId}`);
    expect(user.statusCode).toBe(200);
    expect(user.headers['cache-control']).toBe('no-store');
    const tenancy = await c2.get('/api2/IDM-v1/TenancyConfig');
    expect(tenancy.statusCode).toBe(200);
    expect(tenancy.headers['cache-control']).toBe('no-store');
    // The console's files keep their own caching.
    expect((await c2.get('/assets/s.0123abcd.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('should answer 404 JSON, not index.html, for API paths outside /api and for unknown non-navigations', async () => {
    let n = 0;
    // A fresh address per request: the limiter (6 here) is not what this test is about.
    const c = { get: (url: string, o?: { headers: Record<string, string> }) => t.client({ remoteAddress: `10.21.0.${++n}` }).get(url, o), post: (url: string) => t.client({ remoteAddress: `10.21.0.${++n}` }).post(url) };
    for (const url of ['/workflowItems', '/transaction-history', '/user/noSuchCall/1', '/ad/list/users', '/documentation/files']) {
      const res = await c.get(url, { headers: NAVIGATE });
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 404, code: 'NOT_FOUND' });
    }
    // Built since (issues 12, 13, 15): the API answers them, even to a navigation, never the console.
    for (const url of ['/certificate-request-status?tid=1&ca=1', '/smartcards/users/1']) {
      const built = await c.get(url, { headers: NAVIGATE });
      expect({ url, status: built.statusCode, body: built.body }).toEqual({ url, status: 401, body: 'not_logged_in' });
    }
    expect((await c.post('/ad/list/users')).body).toBe('not_logged_in');
    const unknownFetch = await c.get('/no-such-screen', { headers: { accept: 'application/json' } });
    expect(unknownFetch.statusCode).toBe(404);
    expect(unknownFetch.json().code).toBe('NOT_FOUND');
    // A browser navigating to an unknown screen gets the console (its not-found page); a known screen always does.
    expect((await c.get('/no-such-screen', { headers: NAVIGATE })).body).toContain('<title>Tessera</title>');
    expect((await c.get('/home', { headers: { accept: 'application/json' } })).body).toContain('<title>Tessera</title>');
  });

  it('should rate-limit every route whatever its prefix, but not the console files', async () => {
    const c = t.client({ remoteAddress: '10.20.0.6' });
    for (let i = 0; i < 20; i++) expect((await c.get('/assets/s.0123abcd.js')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (const url of ['/workflowItems', '/transaction-history', '/login', '/api2/IDM-v1/Users', '/api2/IDM-v1/Version', '/documentation/files', '/workflowItems']) {
      statuses.push((await c.get(url)).statusCode);
    }
    // Six counted requests pass (404, 404, 200, 401 without a session, 200, 404); the seventh is refused.
    expect(statuses).toEqual([404, 404, 200, 401, 200, 404, 429]);
    const refused = await c.post('/api2/Authentication-v1/check-session');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe('Too Many Requests');
  });
});
