/**
 * Cloud HSM configs (issue 15): add, get, patch and delete by customer_sc_hardware, the client secret write-only
 * (sealed, never answered or audited), bad input naming the field, tenants apart, permissions; HSM authentication
 * against a real HTTP service standing in for the HSM's: its yes, its no, and its silence.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLOUD_HSM_MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/CMS-v2';
const SECRET = 'client secret of acme';

describe('cloud HSM configs', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let hsm: http.Server;
  let endpoint: string;
  const seen: { authorization?: string; body: string }[] = [];

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    // The HSM service: yes to credential "right", no to anything else, 500 to "broken".
    hsm = http.createServer((request, response) => {
      let body = '';
      request.on('data', (c: Buffer) => (body += c.toString()));
      request.on('end', () => {
        seen.push({ ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}), body });
        const { credential } = JSON.parse(body) as { credential: string };
        const expected = `Basic ${Buffer.from(`acme:${SECRET}`).toString('base64')}`;
        response.statusCode = request.headers.authorization !== expected ? 401 : credential === 'right' ? 200 : credential === 'broken' ? 500 : 403;
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => hsm.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(hsm.address() as AddressInfo).port}/auth`;
  });
  afterAll(async () => {
    await new Promise((resolve) => hsm.close(resolve));
    await t?.close();
  });

  const rows = () => t.db.selectFrom('cloud_hsm_configs').select(['customer_sc_hardware', 'endpoint', 'client_id', 'sealed_client_secret']).execute();

  it('should refuse bad input naming the field, and add nothing', async () => {
    const good = { customer_sc_hardware: 'acme-cards', endpoint, client_id: 'acme', client_secret: SECRET };
    expect((await admin.post(`${P}/AddCloudHSMConfig`, { ...good, customer_sc_hardware: '../etc' })).json()).toMatchObject({ code: 'VALIDATION', field: 'customer_sc_hardware' });
    expect((await admin.post(`${P}/AddCloudHSMConfig`, { ...good, endpoint: 'http://hsm.example.com/auth' })).json()).toMatchObject({ field: 'endpoint', message: expect.stringContaining(CLOUD_HSM_MESSAGES.ENDPOINT) });
    expect((await admin.post(`${P}/AddCloudHSMConfig`, { ...good, client_secret: 'short' })).json()).toMatchObject({ field: 'client_secret' });
    const { client_id: _omitted, ...noClientId } = good;
    expect((await admin.post(`${P}/AddCloudHSMConfig`, noClientId)).json()).toMatchObject({ field: 'client_id' });
    expect((await admin.post(`${P}/AddCloudHSMConfig`, { ...good, extra: 1 })).statusCode).toBe(400);
    expect(await rows()).toEqual([]);
  });

  it('should add a config whose client secret is sealed and never answered, get it, and refuse a second of the same name', async () => {
    const added = await admin.post(`${P}/AddCloudHSMConfig`, { customer_sc_hardware: 'acme-cards', endpoint, client_id: 'acme', client_secret: SECRET });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ customer_sc_hardware: 'acme-cards', endpoint, client_id: 'acme', hasClientSecret: true });
    expect(added.body).not.toContain(SECRET);
    const [row] = await rows();
    expect(row!.sealed_client_secret).not.toContain(SECRET);
    const got = await admin.post(`${P}/GetCloudHSMConfig`, { customer_sc_hardware: 'acme-cards' });
    expect(got.json()).toEqual(added.json());
    expect((await admin.get(`${P}/CloudHSMConfigs`)).json()).toEqual({ configs: [added.json()] });
    expect((await admin.post(`${P}/GetCloudHSMConfig`, { customer_sc_hardware: 'none' })).statusCode).toBe(404);
    const twice = await admin.post(`${P}/AddCloudHSMConfig`, { customer_sc_hardware: 'acme-cards', endpoint, client_id: 'other', client_secret: SECRET });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ field: 'customer_sc_hardware', message: CLOUD_HSM_MESSAGES.EXISTS });
    const audit = (await t.auditRows('smartcard.hsm-config-add')).at(-1)!;
    expect(audit).toMatchObject({ tenant_id: tenantId, detail: { customer_sc_hardware: 'acme-cards', client_id: 'acme' } });
    expect(JSON.stringify(audit)).not.toContain(SECRET);
  });

  it('should authenticate to the HSM: true for the right credential, false for a wrong one, 502 when it fails', async () => {
    await t.createUser(tenantId, 'operator', ['HSMAuthenticate']);
    const operator = t.client();
    await operator.login('operator', TEST_PASSWORD);
    expect((await operator.post(`${P}/AuthenticateHSM`, { customer_sc_hardware: 'acme-cards', credential: 'right' })).json()).toEqual({ authenticated: true });
    expect(seen.at(-1)).toEqual({ authorization: `Basic ${Buffer.from(`acme:${SECRET}`).toString('base64')}`, body: JSON.stringify({ client_id: 'acme', credential: 'right' }) });
    expect((await operator.post(`${P}/AuthenticateHSM`, { customer_sc_hardware: 'acme-cards', credential: 'wrong' })).json()).toEqual({ authenticated: false });
    const broken = await operator.post(`${P}/AuthenticateHSM`, { customer_sc_hardware: 'acme-cards', credential: 'broken' });
    expect(broken.statusCode).toBe(502);
    expect(broken.json().message).toBe('The HSM service answered 500');
    const audits = await t.auditRows('smartcard.hsm-authenticate');
    expect(audits.map((a) => a.outcome)).toEqual(['success', 'failure']);
    expect(JSON.stringify(audits)).not.toMatch(/right|wrong/);
    // The operator may authenticate but not read or change configs.
    expect((await operator.post(`${P}/GetCloudHSMConfig`, { customer_sc_hardware: 'acme-cards' })).statusCode).toBe(403);
    expect((await t.client().post(`${P}/AuthenticateHSM`, { customer_sc_hardware: 'acme-cards', credential: 'right' })).statusCode).toBe(401);
  });

  it('should patch the fields given, a new secret replacing the old one, audited without the secret', async () => {
    const patched = await admin.request('PATCH', `${P}/CloudHSMConfig`, { body: { customer_sc_hardware: 'acme-cards', client_secret: 'a new client secret' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ client_id: 'acme', endpoint, hasClientSecret: true });
    // The HSM service knows only the old secret: the new one is what is sent now.
    expect((await admin.post(`${P}/AuthenticateHSM`, { customer_sc_hardware: 'acme-cards', credential: 'right' })).json()).toEqual({ authenticated: false });
    expect(seen.at(-1)!.authorization).toBe(`Basic ${Buffer.from('acme:a new client secret').toString('base64')}`);
    const audit = (await t.auditRows('smartcard.hsm-config-update')).at(-1)!;
    expect(audit.detail).toEqual({ customer_sc_hardware: 'acme-cards', changed: ['client_secret'] });
    expect((await admin.request('PATCH', `${P}/CloudHSMConfig`, { body: { customer_sc_hardware: 'acme-cards', endpoint: 'ftp://x' } })).json()).toMatchObject({ field: 'endpoint' });
    expect((await admin.request('PATCH', `${P}/CloudHSMConfig`, { body: { customer_sc_hardware: 'acme-cards', client_secret: SECRET } })).statusCode).toBe(200);
    expect((await admin.request('PATCH', `${P}/CloudHSMConfig`, { body: { customer_sc_hardware: 'nope', client_id: 'x' } })).statusCode).toBe(404);
  });

  it('should keep tenants apart and change nothing when the audit fails', async () => {
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardManage', 'HSMAuthenticate']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.post(`${P}/GetCloudHSMConfig`, { customer_sc_hardware: 'acme-cards' })).statusCode).toBe(404);
    expect((await olga.post(`${P}/AuthenticateHSM`, { customer_sc_hardware: 'acme-cards', credential: 'right' })).statusCode).toBe(404);
    expect((await olga.post(`${P}/DeleteCloudHSMConfig`, { customer_sc_hardware: 'acme-cards' })).statusCode).toBe(404);
    expect((await olga.get(`${P}/CloudHSMConfigs`)).json()).toEqual({ configs: [] });
    // The same name is free in another tenant.
    expect((await olga.post(`${P}/AddCloudHSMConfig`, { customer_sc_hardware: 'acme-cards', endpoint, client_id: 'globex', client_secret: SECRET })).statusCode).toBe(201);

    await t.breakAudit();
    const failed = await admin.post(`${P}/DeleteCloudHSMConfig`, { customer_sc_hardware: 'acme-cards' });
    await t.repairAudit();
    expect(failed.statusCode).toBe(503);
    expect((await rows()).filter((r) => r.client_id === 'acme')).toHaveLength(1);
    expect((await admin.post(`${P}/DeleteCloudHSMConfig`, { customer_sc_hardware: 'acme-cards' })).json()).toEqual({ deleted: true });
    expect((await admin.post(`${P}/GetCloudHSMConfig`, { customer_sc_hardware: 'acme-cards' })).statusCode).toBe(404);
    expect((await t.auditRows('smartcard.hsm-config-delete')).at(-1)).toMatchObject({ tenant_id: tenantId, detail: { customer_sc_hardware: 'acme-cards' } });
  });
});
