/**
 * The smartcard applet catalogue (issue 16; signin §7 SmartcardApplets, SmartcardApplet?applet_id,
 * AddSmartcardApplet, PATCH/DELETE SmartcardApplet) through the real server and PGlite: CAP files built in
 * the test, parsed and checked (package AID, applet AIDs, version); a bad file refused naming `cap` with
 * nothing kept; its own body limit; paged, searched and sorted on the server; tenants apart; smartcardManage
 * only; every change audited in its transaction (503 changes nothing).
 */
import { randomBytes } from 'node:crypto';
import { unzipSync, zipSync } from 'fflate';
import { APPLET_LIMITS, APPLET_MESSAGES } from '@tessera/domain';
import { buildCapFile } from '@tessera/card';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/CMS-v2';
const cap = (packageAid: string, appletAids: string[], version = '1.0') => buildCapFile({ packageAid, appletAids, version }).toString('base64');
const HELLO = { name: 'Hello', description: 'says hello', fileName: 'hello.cap', cap: cap('A0000008880101', ['A000000888010101', 'A000000888010102'], '1.3') };

describe('Smartcard applet catalogue', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    await t.db.deleteFrom('smartcard_applets').execute();
  });

  const rows = () => t.db.selectFrom('smartcard_applets').select(['tenant_id', 'name', 'description', 'package_aid', 'version']).orderBy('name').execute();

  it('should add a CAP file with what it holds, read it, rename it and delete it, each audited', async () => {
    const added = await admin.post(`${P}/AddSmartcardApplet`, HELLO);
    expect(added.statusCode).toBe(201);
    const applet = added.json();
    expect(applet).toMatchObject({ name: 'Hello', description: 'says hello', fileName: 'hello.cap', packageAid: 'A0000008880101', appletAids: ['A000000888010101', 'A000000888010102'], version: '1.3' });
    expect(applet.size).toBe(Buffer.from(HELLO.cap, 'base64').length);
    expect(applet.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await admin.get(`${P}/SmartcardApplet?applet_id=${applet.applet_id}`)).json()).toEqual(applet);
    expect((await t.auditRows('smartcard-applet.add')).at(-1)).toMatchObject({ target_id: applet.applet_id, detail: expect.objectContaining({ packageAid: 'A0000008880101', version: '1.3' }) });

    const patched = await admin.request('PATCH', `${P}/SmartcardApplet`, { body: { applet_id: applet.applet_id, name: 'Hello world', description: null } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Hello world', description: null, packageAid: 'A0000008880101' });
    expect((await t.auditRows('smartcard-applet.update')).at(-1)).toMatchObject({ target_id: applet.applet_id });

    expect((await admin.request('DELETE', `${P}/SmartcardApplet`, { body: { applet_id: applet.applet_id } })).statusCode).toBe(204);
    expect((await admin.get(`${P}/SmartcardApplet?applet_id=${applet.applet_id}`)).statusCode).toBe(404);
    expect((await admin.request('DELETE', `${P}/SmartcardApplet`, { body: { applet_id: applet.applet_id } })).statusCode).toBe(404);
    expect((await t.auditRows('smartcard-applet.delete')).at(-1)).toMatchObject({ target_id: applet.applet_id, detail: { name: 'Hello world', packageAid: 'A0000008880101', version: '1.3' } });
  });

  it('should refuse a bad CAP file or bad fields naming the field, and keep nothing', async () => {
    const audited = (await t.auditRows('smartcard-applet.add')).length;
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ ...HELLO, cap: Buffer.from('not a zip at all').toString('base64') }, 'cap', /^The file is not a usable JavaCard CAP file: the file is not a ZIP/],
      [{ ...HELLO, cap: cap('A0000008880109', []) }, 'cap', APPLET_MESSAGES.APPLET_CAP_NO_APPLET],
      [{ ...HELLO, cap: cap('A000', ['A000000888010101']) }, 'cap', /an AID is 5 to 16 bytes/],
      [{ ...HELLO, name: '  ' }, 'name', APPLET_MESSAGES.APPLET_NAME_REQUIRED],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.post(`${P}/AddSmartcardApplet`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe(field);
      expect(response.json().message).toMatch(message);
    }
    const schema = await admin.post(`${P}/AddSmartcardApplet`, { ...HELLO, cap: '***' });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().field).toBe('cap');
    expect((await admin.post(`${P}/AddSmartcardApplet`, { ...HELLO, extra: 1 })).statusCode).toBe(400);
    expect(await rows()).toEqual([]);
    expect(await t.auditRows('smartcard-applet.add')).toHaveLength(audited);
  });

  it('should take a CAP file near its own limit and answer 413 above it; the same package version twice is a 409', async () => {
    // A CAP file of about 900 KB (random bytes beside the components do not compress): over the ordinary 1 MiB body in base64.
    const small = unzipSync(buildCapFile({ packageAid: 'A0000008880102', appletAids: ['A000000888010201'] }));
    const big = Buffer.from(zipSync({ ...small, 'META-INF/padding.bin': [randomBytes(900_000), { level: 0 }] }));
    expect(big.length).toBeLessThan(APPLET_LIMITS.capMaxBytes);
    expect(Math.ceil(big.length / 3) * 4).toBeGreaterThan(1024 * 1024);
    expect((await admin.post(`${P}/AddSmartcardApplet`, { ...HELLO, cap: big.toString('base64') })).statusCode).toBe(201);
    const tooBig = Buffer.alloc(APPLET_LIMITS.capMaxBytes + 64 * 1024, 0x41).toString('base64');
    const refused = await admin.post(`${P}/AddSmartcardApplet`, { ...HELLO, cap: tooBig });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(/CAP file of 1024 KB/);
    // An ordinary route still has the 1 MiB limit, so the CAP route's limit is its own.
    expect((await admin.request('PATCH', `${P}/SmartcardApplet`, { body: { applet_id: '00000000-0000-4000-8000-000000000000', description: 'x'.repeat(1_100_000) } })).statusCode).toBe(413);
    expect((await admin.post(`${P}/AddSmartcardApplet`, HELLO)).statusCode).toBe(201);
    const twice = await admin.post(`${P}/AddSmartcardApplet`, { ...HELLO, name: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ field: 'cap', message: APPLET_MESSAGES.APPLET_PACKAGE_TAKEN });
    expect((await admin.post(`${P}/AddSmartcardApplet`, { ...HELLO, name: 'Newer', cap: cap('A0000008880101', ['A000000888010101'], '1.4') })).statusCode).toBe(201);
  });

  it('should page, sort and search the list on the server', async () => {
    for (let i = 0; i < 7; i += 1) {
      const status = (await admin.post(`${P}/AddSmartcardApplet`, { ...HELLO, name: `Applet ${String.fromCharCode(71 - i)}`, cap: cap(`A00000088802${i.toString(16).padStart(2, '0')}`, [`A00000088802${i.toString(16).padStart(2, '0')}01`]) })).statusCode;
      expect(status).toBe(201);
    }
    const first = (await admin.get(`${P}/SmartcardApplets?pageSize=3`)).json();
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(first.applets.map((a: { name: string }) => a.name)).toEqual(['Applet A', 'Applet B', 'Applet C']);
    const last = (await admin.get(`${P}/SmartcardApplets?pageSize=3&page=3`)).json();
    expect(last.applets.map((a: { name: string }) => a.name)).toEqual(['Applet G']);
    const desc = (await admin.get(`${P}/SmartcardApplets?sort=packageAid&order=desc&pageSize=2`)).json();
    expect(desc.applets.map((a: { packageAid: string }) => a.packageAid)).toEqual(['A0000008880206', 'A0000008880205']);
    const byApplet = (await admin.get(`${P}/SmartcardApplets?search=${encodeURIComponent('a0000008880203')}`)).json();
    expect(byApplet).toMatchObject({ total: 1, applets: [{ packageAid: 'A0000008880203' }] });
    expect((await admin.get(`${P}/SmartcardApplets?search=${encodeURIComponent('Applet B')}`)).json().total).toBe(1);
    expect((await admin.get(`${P}/SmartcardApplets?search=${encodeURIComponent('%')}`)).json().total).toBe(0);
    expect((await admin.get(`${P}/SmartcardApplets?sort=size`)).statusCode).toBe(400);
    expect((await admin.get(`${P}/SmartcardApplets?pageSize=${APPLET_LIMITS.pageSizeMax + 1}`)).statusCode).toBe(400);
  });

  it('should keep tenants apart and refuse callers without smartcardManage', async () => {
    const { applet_id } = (await admin.post(`${P}/AddSmartcardApplet`, HELLO)).json();
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardManage']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get(`${P}/SmartcardApplets`)).json()).toMatchObject({ applets: [], total: 0 });
    expect((await olga.get(`${P}/SmartcardApplet?applet_id=${applet_id}`)).statusCode).toBe(404);
    expect((await olga.request('PATCH', `${P}/SmartcardApplet`, { body: { applet_id, name: 'mine' } })).statusCode).toBe(404);
    expect((await olga.request('DELETE', `${P}/SmartcardApplet`, { body: { applet_id } })).statusCode).toBe(404);
    expect((await olga.post(`${P}/BatchAppletUpload`, { reader: 'r', card_count: 1, applet_id })).statusCode).toBe(404);
    // The same package in another tenant is no conflict.
    expect((await olga.post(`${P}/AddSmartcardApplet`, HELLO)).statusCode).toBe(201);

    await t.createUser(tenantId, 'selma', ['selfServicePortal']);
    const selma = t.client();
    await selma.login('selma', TEST_PASSWORD);
    expect((await selma.get(`${P}/SmartcardApplets`)).statusCode).toBe(403);
    expect((await selma.post(`${P}/AddSmartcardApplet`, { ...HELLO, name: 'x' })).statusCode).toBe(403);
    expect((await selma.post(`${P}/BatchAppletUpload`, { reader: 'r', card_count: 1, applet_id })).statusCode).toBe(403);
    expect((await t.client().get(`${P}/SmartcardApplets`)).body).toBe('not_logged_in');
    expect(await rows()).toEqual([expect.objectContaining({ tenant_id: tenantId, name: 'Hello' }), expect.objectContaining({ tenant_id: other, name: 'Hello' })]);
  });

  it('should change nothing and answer 503 Audit failed when the audit cannot be written', async () => {
    const { applet_id } = (await admin.post(`${P}/AddSmartcardApplet`, HELLO)).json();
    await t.breakAudit();
    try {
      for (const response of [
        await admin.post(`${P}/AddSmartcardApplet`, { ...HELLO, cap: cap('A0000008880301', ['A000000888030101']) }),
        await admin.request('PATCH', `${P}/SmartcardApplet`, { body: { applet_id, name: 'renamed' } }),
        await admin.request('DELETE', `${P}/SmartcardApplet`, { body: { applet_id } }),
      ]) {
        expect(response.statusCode).toBe(503);
        expect(response.body).toBe('Audit failed');
      }
    } finally {
      await t.repairAudit();
    }
    expect(await rows()).toEqual([{ tenant_id: tenantId, name: 'Hello', description: 'says hello', package_aid: 'A0000008880101', version: '1.3' }]);
  });
});
