import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { NOTHING_TO_CHANGE } from './tenancy-config.service';

const CONFIG = '/api2/IDM-v1/TenancyConfig';

describe('IDM-v1 TenancyConfig', () => {
  let t: TestContext;
  let tenantId: string;
  let otherTenantId: string;
  let admin: TestClient;
  const tenantRow = (id: string) => t.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    otherTenantId = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(tenantId, 'viewer', ['userView']);
  });
  afterAll(async () => t?.close());

  it('should answer the caller tenant configuration with defaults', async () => {
    const res = await admin.get(CONFIG);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Acme',
      supportEmail: expect.stringContaining('@'),
      bannerColour: null,
      toastrTimeout: null,
      disclaimer: null,
      timeZone: 'UTC',
      mfaRequired: false,
      selfRegistration: false,
    });
  });

  it('should change only the sent fields, audit their names, and show them in GET /api/login', async () => {
    const res = await admin.patch(CONFIG, { bannerColour: '#AA3300', toastrTimeout: 5000, supportEmail: 'help@acme.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bannerColour: '#aa3300', toastrTimeout: 5000, supportEmail: 'help@acme.test', timeZone: 'UTC', disclaimer: null });
    expect((await t.auditRows('tenancy.update')).at(-1)).toMatchObject({
      tenant_id: tenantId,
      target_id: tenantId,
      actor_username: 'admin',
      outcome: expect.any(String),
      detail: expect.objectContaining({ changed: ['supportEmail', 'bannerColour', 'toastrTimeout'] }),
    });
    const viewer = (await admin.get('/api/login')).json();
    expect(viewer.tenant).toMatchObject({ bannerColour: '#aa3300', toastrTimeout: 5000, supportEmail: 'help@acme.test' });
    const other = await tenantRow(otherTenantId);
    expect(other).toMatchObject({ banner_colour: null, toastr_timeout: null });
  });

  it('should set a disclaimer and time zone, then put defaults back with null', async () => {
    const set = await admin.patch(CONFIG, { disclaimer: 'Authorised use only.\nActivity is logged.', timeZone: 'Europe/Berlin' });
    expect(set.json()).toMatchObject({ disclaimer: 'Authorised use only.\nActivity is logged.', timeZone: 'Europe/Berlin' });
    const cleared = await admin.patch(CONFIG, { disclaimer: null, bannerColour: null, toastrTimeout: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ disclaimer: null, bannerColour: null, toastrTimeout: null, timeZone: 'Europe/Berlin' });
    expect((await t.auditRows('tenancy.update')).at(-1)?.detail).toMatchObject({ changed: ['bannerColour', 'toastrTimeout', 'disclaimer'] });
    expect((await admin.get('/api/login')).json().tenant).toMatchObject({ bannerColour: null, toastrTimeout: null });
  });

  it.each([
    ['fail/colour name', { bannerColour: 'red' }, 'bannerColour', 'bannerColour must be a colour #rrggbb'],
    ['fail/short colour', { bannerColour: '#abc', toastrTimeout: 4000 }, 'bannerColour', undefined],
    ['fail/timeout too small', { toastrTimeout: 10 }, 'toastrTimeout', 'toastrTimeout must be at least 500'],
    ['fail/timeout too large', { toastrTimeout: 600_000 }, 'toastrTimeout', 'toastrTimeout must be at most 60000'],
    ['fail/timeout not integer', { toastrTimeout: 1500.5 }, 'toastrTimeout', undefined],
    ['fail/timeout as text', { toastrTimeout: '3000' }, 'toastrTimeout', undefined],
    ['fail/disclaimer control char', { disclaimer: 'bad\u0007bell' }, 'disclaimer', 'disclaimer must not contain control characters'],
    ['fail/disclaimer too long', { disclaimer: 'x'.repeat(5001) }, 'disclaimer', 'disclaimer must be at most 5000 characters long'],
    ['fail/support e-mail', { supportEmail: 'not an address' }, 'supportEmail', 'supportEmail must be an e-mail address'],
    ['fail/time zone', { timeZone: 'Mars/Olympus' }, 'timeZone', 'Choose a time zone from the list, such as Europe/London.'],
    ['fail/read-only field', { name: 'Hijacked' }, 'name', 'name is not allowed'],
    ['fail/mfa flag', { mfaRequired: true }, 'mfaRequired', 'mfaRequired is not allowed'],
  ])('%s should answer 400 naming the field and change nothing', async (_name, body, field, message) => {
    const before = await tenantRow(tenantId);
    const res = await admin.patch(CONFIG, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field, ...(message ? { message } : {}) });
    expect(await tenantRow(tenantId)).toEqual(before);
  });

  it('should answer 400 for an empty PATCH or one that changes nothing, without an audit event', async () => {
    const events = (await t.auditRows('tenancy.update')).length;
    const empty = await admin.patch(CONFIG, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION', message: NOTHING_TO_CHANGE });
    const current = (await admin.get(CONFIG)).json();
    const same = await admin.patch(CONFIG, { timeZone: current.timeZone, bannerColour: current.bannerColour });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(NOTHING_TO_CHANGE);
    expect((await t.auditRows('tenancy.update')).length).toBe(events);
  });

  it('should answer 503 Audit failed and change nothing when the audit write fails', async () => {
    const before = await tenantRow(tenantId);
    await t.breakAudit();
    try {
      const res = await admin.patch(CONFIG, { bannerColour: '#123456' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect(await tenantRow(tenantId)).toEqual(before);
  });

  it('should keep tenants apart: another tenant admin sees and changes only its own', async () => {
    await t.createUser(otherTenantId, 'globexadmin', ['tenancyConfig']);
    const globex = t.client();
    await globex.request('POST', '/api2/Authentication-v1/login', { body: { username: 'globexadmin', password: TEST_PASSWORD }, headers: { host: 'globex.test' } });
    const own = await globex.get(CONFIG, { headers: { host: 'globex.test' } });
    expect(own.statusCode).toBe(200);
    expect(own.json().name).toBe('Globex');
    const before = await tenantRow(tenantId);
    expect((await globex.patch(CONFIG, { bannerColour: '#00ff00' }, { headers: { host: 'globex.test' } })).json()).toMatchObject({ name: 'Globex', bannerColour: '#00ff00' });
    expect(await tenantRow(tenantId)).toEqual(before);
  });

  it('should answer 403 without tenancyConfig or CSRF, and 401 without a session', async () => {
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await viewer.get(CONFIG)).statusCode).toBe(403);
    expect((await viewer.patch(CONFIG, { bannerColour: '#111111' })).statusCode).toBe(403);
    expect((await admin.patch(CONFIG, { bannerColour: '#111111' }, { xsrf: false })).json().code).toBe('CSRF');
    const anonymous = t.client();
    expect((await anonymous.get(CONFIG)).body).toBe('not_logged_in');
    expect((await anonymous.patch(CONFIG, { bannerColour: '#111111' })).statusCode).toBe(401);
    expect((await tenantRow(tenantId)).banner_colour).not.toBe('#111111');
  });
});
