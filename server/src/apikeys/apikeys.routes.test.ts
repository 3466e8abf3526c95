import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { hashApiKey } from './apikeys.service';

const KEYS = '/api2/IDM-v1/ApiKeys';
const TICKET = '/api2/Monitoring-v1/Ticket';
const SEARCH = '/api2/Monitoring-v1/SearchSupportTickets';
const DAY = 86_400_000;

describe('IDM-v1 ApiKeys and Bearer sign-in', () => {
  let t: TestContext;
  let tenantId: string;
  let otherTenantId: string;
  let admin: TestClient;
  let globexAdmin: TestClient;
  const globex = { headers: { host: 'globex.test' } };

  /** A cookie-less request with the key, as the CLI and CI send it. */
  const withKey = (key: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${key}`, ...headers }, ...(body === undefined ? {} : { payload: body as object }) });

  const createKey = async (client: TestClient, body: Record<string, unknown>, options = {}) => client.post(KEYS, body, options);

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    otherTenantId = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(otherTenantId, 'globexadmin', ['apiKeyManage', 'ticketView', 'ticketAdd']);
    globexAdmin = t.client();
    await globexAdmin.request('POST', '/api2/Authentication-v1/login', { body: { username: 'globexadmin', password: TEST_PASSWORD }, headers: globex.headers });
  });
  afterAll(async () => t?.close());

  it('should create a key, answer its secret once, store only its SHA-256 and audit apikey.create', async () => {
    const res = await createKey(admin, { name: 'ci-deploy', permissions: ['ticketView', 'ticketAdd'], expiresInDays: 30 });
    expect(res.statusCode).toBe(201);
    const key = res.json();
    expect(key).toMatchObject({ name: 'ci-deploy', permissions: ['ticketAdd', 'ticketView'], createdBy: 'admin', lastUsedAt: null });
    expect(key.secret).toMatch(/^tsk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(key.secret).toContain(key.keyId);
    expect(Date.parse(key.expiresAt) - Date.parse(key.createdAt)).toBe(30 * DAY);
    const row = await t.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashApiKey(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(21));
    const audit = (await t.auditRows('apikey.create')).at(-1);
    expect(audit).toMatchObject({ tenant_id: tenantId, actor_username: 'admin', target_id: key.id, detail: expect.objectContaining({ name: 'ci-deploy', permissions: ['ticketAdd', 'ticketView'] }) });
    expect(JSON.stringify(audit)).not.toContain(key.secret);
  });

  it('should list keys without secret or hash', async () => {
    const res = await admin.get(KEYS);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((k: { name: string }) => k.name)).toContain('ci-deploy');
    for (const k of list) {
      expect(Object.keys(k).sort()).toEqual(['createdAt', 'createdBy', 'expiresAt', 'id', 'keyId', 'lastUsedAt', 'name', 'permissions']);
    }
    expect(res.body).not.toMatch(/tsk_/);
  });

  it('should refuse bad input naming the field, and change nothing', async () => {
    const before = await t.db.selectFrom('api_keys').select('id').execute();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: '', permissions: ['ticketView'], expiresInDays: 30 }, 400, 'name'],
      [{ name: ' padded', permissions: ['ticketView'], expiresInDays: 30 }, 400, 'name'],
      [{ name: 'x'.repeat(65), permissions: ['ticketView'], expiresInDays: 30 }, 400, 'name'],
      [{ name: 'k', permissions: [], expiresInDays: 30 }, 400, 'permissions'],
      [{ name: 'k', permissions: ['noSuchPermission'], expiresInDays: 30 }, 400, 'permissions'],
      [{ name: 'k', permissions: ['apiKeyManage'], expiresInDays: 30 }, 400, 'permissions'],
      [{ name: 'k', permissions: ['ticketView'] }, 400, 'expiresInDays'],
      [{ name: 'k', permissions: ['ticketView'], expiresInDays: 0 }, 400, 'expiresInDays'],
      [{ name: 'k', permissions: ['ticketView'], expiresInDays: 366 }, 400, 'expiresInDays'],
      [{ name: 'CI-DEPLOY', permissions: ['ticketView'], expiresInDays: 30 }, 409, 'name'],
    ];
    for (const [body, status, field] of cases) {
      const res = await createKey(admin, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(res.json()).toMatchObject({ field: expect.stringContaining(field) });
    }
    expect(await t.db.selectFrom('api_keys').select('id').execute()).toHaveLength(before.length);
  });

  it('should refuse permissions the creator does not hold, naming them', async () => {
    await t.createUser(tenantId, 'keymaker', ['apiKeyManage', 'ticketView']);
    const keymaker = t.client();
    await keymaker.login('keymaker', TEST_PASSWORD);
    const res = await createKey(keymaker, { name: 'too-much', permissions: ['ticketView', 'userEdit', 'audit'], expiresInDays: 7 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION', field: 'permissions', message: 'permissions includes permissions you do not hold: userEdit, audit' });
    expect((await createKey(keymaker, { name: 'fine', permissions: ['ticketView'], expiresInDays: 7 })).statusCode).toBe(201);
  });

  it('should refuse viewers without apiKeyView or apiKeyManage', async () => {
    await t.createUser(tenantId, 'plain', ['ticketView']);
    const plain = t.client();
    await plain.login('plain', TEST_PASSWORD);
    expect((await plain.get(KEYS)).statusCode).toBe(403);
    expect((await createKey(plain, { name: 'nope', permissions: ['ticketView'], expiresInDays: 7 })).statusCode).toBe(403);
  });

  it('should authorise a Bearer request by the key permissions, without CSRF header, and audit it under the key name', async () => {
    const { secret, id } = (await createKey(admin, { name: 'ticket-bot', permissions: ['ticketView', 'ticketAdd'], expiresInDays: 30 })).json();
    const created = await withKey(secret, 'POST', TICKET, { title: 'From CI', category: 'General', description: 'Made by a key' });
    expect(created.statusCode).toBe(201);
    const audit = await t.db.selectFrom('audit_events').selectAll().where('action', '=', 'ticket.create').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_username: 'ticket-bot', actor_api_key_id: id, tenant_id: tenantId });
    const ticket = await withKey(secret, 'GET', `${TICKET}?ticketId=${created.json().ticketId}`);
    expect(ticket.statusCode).toBe(200);
    // A permission the creator holds but the key does not.
    expect((await withKey(secret, 'PUT', TICKET, { ticketId: created.json().ticketId, status: 'TICKET_STATUS_CLOSED' })).statusCode).toBe(403);
    expect((await withKey(secret, 'GET', '/api2/IDM-v1/Users')).statusCode).toBe(403);
  });

  it('should still require the CSRF header for a cookie session', async () => {
    const res = await admin.post(KEYS, { name: 'no-csrf', permissions: ['ticketView'], expiresInDays: 7 }, { xsrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF' });
    // A Bearer header does not lift the check when a session cookie rides along.
    const { secret } = (await createKey(admin, { name: 'with-cookie', permissions: ['ticketAdd'], expiresInDays: 7 })).json();
    const mixed = await admin.request('POST', TICKET, { body: { title: 'x', category: 'General', description: 'y' }, xsrf: false, headers: { authorization: `Bearer ${secret}` } });
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json()).toMatchObject({ code: 'CSRF' });
  });

  it('should answer whoami with the key permissions', async () => {
    const { secret } = (await createKey(admin, { name: 'whoami-key', permissions: ['ticketView'], expiresInDays: 7 })).json();
    const res = await withKey(secret, 'GET', '/api/login');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'admin', roles: [], permission: { View: ['ticketView'] } });
  });

  it('should refuse a key on sign-in, password, MFA, session and API key calls', async () => {
    const { secret } = (await createKey(admin, { name: 'limited', permissions: ['ticketView', 'selfServicePortal'], expiresInDays: 7 })).json();
    for (const [method, url, body] of [
      ['GET', KEYS],
      ['POST', KEYS, { name: 'minted', permissions: ['ticketView'], expiresInDays: 7 }],
      ['POST', '/api2/IDM-v1/ChangePassword', { currentPassword: TEST_PASSWORD, newPassword: 'another long passphrase 42' }],
      ['GET', '/api2/Authentication-v1/MfaStatus'],
      ['POST', '/api2/Authentication-v1/MfaEnrol', { password: TEST_PASSWORD }],
      ['POST', '/api2/Authentication-v1/check-session'],
    ] as const) {
      const res = await withKey(secret, method, url, body);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
    expect(await t.db.selectFrom('api_keys').select('id').where('name', '=', 'minted').execute()).toEqual([]);
  });

  it('should refuse malformed, wrong and unknown keys with not_logged_in', async () => {
    const { secret } = (await createKey(admin, { name: 'tamper', permissions: ['ticketView'], expiresInDays: 7 })).json();
    const wrong = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
    for (const key of ['', 'nonsense', wrong, 'tsk_0000000000000000_' + 'a'.repeat(43)]) {
      const res = await withKey(key, 'POST', SEARCH, {});
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe('not_logged_in');
    }
  });

  it('should refuse an expired key', async () => {
    const { secret } = (await createKey(admin, { name: 'short-lived', permissions: ['ticketView'], expiresInDays: 1 })).json();
    expect((await withKey(secret, 'POST', SEARCH, {})).statusCode).toBe(200);
    t.advance(DAY);
    try {
      expect((await withKey(secret, 'POST', SEARCH, {})).statusCode).toBe(401);
    } finally {
      t.advance(-DAY);
    }
  });

  it('should revoke a key at once, audit apikey.revoke, and 404 an unknown id', async () => {
    const { secret, id } = (await createKey(admin, { name: 'revoke-me', permissions: ['ticketView'], expiresInDays: 7 })).json();
    expect((await withKey(secret, 'POST', SEARCH, {})).statusCode).toBe(200);
    const res = await admin.request('DELETE', `${KEYS}/${id}`);
    expect(res.statusCode).toBe(204);
    expect((await withKey(secret, 'POST', SEARCH, {})).statusCode).toBe(401);
    expect((await t.auditRows('apikey.revoke')).at(-1)).toMatchObject({ actor_username: 'admin', target_id: id, detail: expect.objectContaining({ name: 'revoke-me' }) });
    expect((await admin.request('DELETE', `${KEYS}/${id}`)).statusCode).toBe(404);
    expect((await admin.get(KEYS)).json().map((k: { id: string }) => k.id)).not.toContain(id);
  });

  it('should take a permission from the key when its creator loses it, and refuse the key of a disabled creator', async () => {
    const { userId, roleId } = await t.createUser(tenantId, 'shifting', ['apiKeyManage', 'ticketView']);
    const shifting = t.client();
    await shifting.login('shifting', TEST_PASSWORD);
    const { secret } = (await createKey(shifting, { name: 'shifting-key', permissions: ['ticketView'], expiresInDays: 7 })).json();
    expect((await withKey(secret, 'POST', SEARCH, {})).statusCode).toBe(200);
    await t.db.updateTable('roles').set({ permissions: ['apiKeyManage'] }).where('id', '=', roleId).execute();
    expect((await withKey(secret, 'POST', SEARCH, {})).statusCode).toBe(403);
    await t.db.updateTable('users').set({ enabled: false }).where('id', '=', userId).execute();
    expect((await withKey(secret, 'POST', SEARCH, {})).statusCode).toBe(401);
  });

  it('should record the last use at most once a minute', async () => {
    const { secret, id } = (await createKey(admin, { name: 'usage', permissions: ['ticketView'], expiresInDays: 7 })).json();
    const lastUsed = async () => (await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow()).last_used_at;
    expect(await lastUsed()).toBeNull();
    await withKey(secret, 'POST', SEARCH, {});
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await withKey(secret, 'POST', SEARCH, {});
    expect(await lastUsed()).toEqual(first);
    t.advance(61_000);
    await withKey(secret, 'POST', SEARCH, {});
    expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime());
    const listed = (await admin.get(KEYS)).json().find((k: { id: string }) => k.id === id);
    expect(listed.lastUsedAt).toBe((await lastUsed())!.toISOString());
  });

  it('should keep tenants apart: lists, revocation and what a key sees', async () => {
    const acmeTicket = (await admin.post(TICKET, { title: 'Acme only', category: 'General', description: 'secret plans' })).json().ticketId;
    const globexKey = (await globexAdmin.request('POST', KEYS, { body: { name: 'globex-ci', permissions: ['ticketView'], expiresInDays: 7 }, headers: globex.headers })).json();
    expect(globexKey.secret).toBeDefined();
    const acmeList = (await admin.get(KEYS)).json().map((k: { name: string }) => k.name);
    expect(acmeList).not.toContain('globex-ci');
    const globexList = (await globexAdmin.request('GET', KEYS, { headers: globex.headers })).json().map((k: { name: string }) => k.name);
    expect(globexList).toEqual(['globex-ci']);
    // The key works whatever host it is sent to, and always as its own tenant.
    expect((await withKey(globexKey.secret, 'GET', `${TICKET}?ticketId=${acmeTicket}`)).statusCode).toBe(404);
    const search = (await withKey(globexKey.secret, 'POST', SEARCH, {})).json();
    expect(search.results.map((r: { title: string }) => r.title)).not.toContain('Acme only');
    expect((await admin.request('DELETE', `${KEYS}/${globexKey.id}`)).statusCode).toBe(404);
    // The same name is free in another tenant.
    expect((await createKey(admin, { name: 'globex-ci', permissions: ['ticketView'], expiresInDays: 7 })).statusCode).toBe(201);
  });

  it('should roll back the key when its audit event cannot be written', async () => {
    await t.breakAudit();
    try {
      const res = await createKey(admin, { name: 'unaudited', permissions: ['ticketView'], expiresInDays: 7 });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect(await t.db.selectFrom('api_keys').select('id').where('name', '=', 'unaudited').execute()).toEqual([]);
  });
});

describe('Bearer rate limiting', () => {
  let t: TestContext;
  afterAll(async () => t?.close());

  it('should count key requests in the same limiter as sessions (429 Too Many Requests)', async () => {
    t = await build({ config: { rateLimitMax: 8 } });
    await t.bootstrap();
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const { secret } = (await admin.post(KEYS, { name: 'busy', permissions: ['ticketView'], expiresInDays: 7 })).json();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await t.app.inject({ method: 'POST', url: SEARCH, payload: {}, headers: { authorization: `Bearer ${secret}` } })).statusCode);
    expect(statuses).toContain(429);
    const limited = await t.app.inject({ method: 'POST', url: SEARCH, payload: {}, headers: { authorization: `Bearer ${secret}` } });
    expect(limited.body).toBe('Too Many Requests');
  });
});
