/**
 * The tenant's card PIN policy (docs/api.md "PIN policy"): smartcardManage reads, sets and resets it;
 * GetPinRequirements answers it; rejected bodies change nothing; tenants stay apart; every change is
 * audited in its transaction.
 */
import { validatePinPolicy } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const CONFIG = '/api2/CMS-v2/PinRequirementsConfig';
/** The domain's text for a length a PIV card cannot take (the browser form shows the same). */
const PIV_RANGE = /^Enter a whole number from 6 to 8: a PIV card takes a PIN of 6 to 8 characters\.$/;
const DEFAULT = { minLength: 6, maxLength: 8, digitsOnly: true, description: null, effectiveDescription: 'PIN must be between 6-8 numbers', isDefault: true };

describe('PinRequirementsConfig', () => {
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
    await t.db.deleteFrom('pin_requirements').execute();
  });

  async function rows() {
    return t.db.selectFrom('pin_requirements').select(['tenant_id', 'min_length', 'max_length', 'digits_only', 'description']).execute();
  }

  it('should answer the default 6-8 digits until a policy is set', async () => {
    const response = await admin.get(CONFIG);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT);
  });

  it('should set a policy, audited pin-requirements.update, and GetPinRequirements should answer it on both paths', async () => {
    const response = await admin.put(CONFIG, { minLength: 6, maxLength: 7, digitsOnly: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ minLength: 6, maxLength: 7, digitsOnly: true, description: null, effectiveDescription: 'PIN must be between 6-7 numbers', isDefault: false });
    expect(await rows()).toEqual([{ tenant_id: tenantId, min_length: 6, max_length: 7, digits_only: true, description: null }]);
    expect((await t.auditRows('pin-requirements.update')).at(-1)).toMatchObject({
      actor_username: 'admin',
      tenant_id: tenantId,
      target_id: tenantId,
      detail: { minLength: 6, maxLength: 7, digitsOnly: true, description: null },
    });
    for (const v of ['CMS-v1', 'CMS-v2']) {
      expect((await admin.post(`/api2/${v}/GetPinRequirements`, {})).json()).toEqual({ minLength: 6, maxLength: 7, digitsOnly: true, description: 'PIN must be between 6-7 numbers' });
    }
    expect((await admin.get(CONFIG)).json()).toMatchObject({ minLength: 6, maxLength: 7, isDefault: false });
  });

  it('should keep a description override and allow a policy that is not digits only', async () => {
    const response = await admin.put(CONFIG, { minLength: 8, maxLength: 8, digitsOnly: false, description: 'Use your 8 character card passphrase' });
    expect(response.json()).toMatchObject({ digitsOnly: false, description: 'Use your 8 character card passphrase', effectiveDescription: 'Use your 8 character card passphrase' });
    expect((await admin.post('/api2/CMS-v2/GetPinRequirements', {})).json()).toEqual({ minLength: 8, maxLength: 8, digitsOnly: false, description: 'Use your 8 character card passphrase' });
    // null (or an empty text) goes back to the generated description
    expect((await admin.put(CONFIG, { minLength: 8, maxLength: 8, digitsOnly: false, description: null })).json()).toMatchObject({
      description: null,
      effectiveDescription: 'PIN must be between 8-8 characters',
    });
    expect((await admin.put(CONFIG, { minLength: 8, maxLength: 8, digitsOnly: false, description: '  ' })).json()).toMatchObject({ description: null });
  });

  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ['fail/min below what a PIV card takes', { minLength: 5, maxLength: 8, digitsOnly: true }, 'minLength', PIV_RANGE],
    ['fail/max above what a PIV card takes', { minLength: 6, maxLength: 9, digitsOnly: true }, 'maxLength', PIV_RANGE],
    ['fail/the 4-16 policy no PIV card can meet', { minLength: 4, maxLength: 16, digitsOnly: true }, 'minLength', PIV_RANGE],
    ['fail/a 10-character maximum', { minLength: 6, maxLength: 10, digitsOnly: false }, 'maxLength', PIV_RANGE],
    ['fail/min above max', { minLength: 8, maxLength: 6, digitsOnly: true }, 'minLength', /The minimum length must not be greater than the maximum length/],
    ['fail/not an integer', { minLength: 6.5, maxLength: 8, digitsOnly: true }, 'minLength', /minLength must be an integer/],
    ['fail/length as text', { minLength: '6', maxLength: 8, digitsOnly: true }, 'minLength', /minLength must be an integer/],
    ['fail/digitsOnly missing', { minLength: 6, maxLength: 8 }, 'digitsOnly', /digitsOnly is required/],
    ['fail/digitsOnly as text', { minLength: 6, maxLength: 8, digitsOnly: 'yes' }, 'digitsOnly', /digitsOnly must be a boolean/],
    ['fail/description with a control character', { minLength: 6, maxLength: 8, digitsOnly: true, description: 'two\nlines' }, 'description', /description must not contain control characters/],
    ['fail/description too long', { minLength: 6, maxLength: 8, digitsOnly: true, description: 'x'.repeat(201) }, 'description', /description must be at most 200 characters/],
    ['fail/unknown field', { minLength: 6, maxLength: 8, digitsOnly: true, tenantId: 'x' }, 'tenantId', /tenantId is not allowed/],
  ])('%s: 400 naming the field, nothing changed', async (_name, body, field, message) => {
    await admin.put(CONFIG, { minLength: 6, maxLength: 7, digitsOnly: true });
    const auditsBefore = (await t.auditRows('pin-requirements.update')).length;
    const response = await admin.put(CONFIG, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field });
    expect(response.json().message).toMatch(message);
    expect(await rows()).toEqual([{ tenant_id: tenantId, min_length: 6, max_length: 7, digits_only: true, description: null }]);
    expect(await t.auditRows('pin-requirements.update')).toHaveLength(auditsBefore);
  });

  it('should refuse a policy a PIV card cannot meet with the field and the text the browser form shows, writing nothing', async () => {
    const body = { minLength: 6, maxLength: 16, digitsOnly: true };
    const response = await admin.put(CONFIG, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', field: 'maxLength', message: validatePinPolicy(body).maxLength });
    expect(await rows()).toEqual([]);
    expect((await t.auditRows('pin-requirements.update')).filter((r) => (r.detail as { maxLength?: number }).maxLength === 16)).toEqual([]);
    expect((await admin.post('/api2/CMS-v2/GetPinRequirements', {})).json()).toMatchObject({ minLength: 6, maxLength: 8 });
  });

  it("should accept the PIV card's bounds 6 and 8 and a 200-character description", async () => {
    expect((await admin.put(CONFIG, { minLength: 6, maxLength: 8, digitsOnly: true, description: 'x'.repeat(200) })).statusCode).toBe(200);
    expect((await admin.put(CONFIG, { minLength: 8, maxLength: 8, digitsOnly: true })).statusCode).toBe(200);
    expect((await admin.put(CONFIG, { minLength: 6, maxLength: 6, digitsOnly: true })).statusCode).toBe(200);
  });

  it('should go back to the default on DELETE, audited pin-requirements.reset', async () => {
    await admin.put(CONFIG, { minLength: 6, maxLength: 7, digitsOnly: true });
    const response = await admin.request('DELETE', CONFIG);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT);
    expect(await rows()).toEqual([]);
    expect((await t.auditRows('pin-requirements.reset')).at(-1)).toMatchObject({ actor_username: 'admin', tenant_id: tenantId });
    expect((await admin.post('/api2/CMS-v2/GetPinRequirements', {})).json()).toEqual({ minLength: 6, maxLength: 8, digitsOnly: true, description: 'PIN must be between 6-8 numbers' });
    // resetting a tenant without a policy is fine
    expect((await admin.request('DELETE', CONFIG)).statusCode).toBe(200);
  });

  it('should refuse every call without smartcardManage (self-service users too), and without a session', async () => {
    await t.createUser(tenantId, 'selma', ['selfServicePortal', 'userView']);
    const selma = t.client();
    await selma.login('selma', TEST_PASSWORD);
    expect((await selma.get(CONFIG)).statusCode).toBe(403);
    expect((await selma.put(CONFIG, { minLength: 6, maxLength: 7, digitsOnly: true })).json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await selma.request('DELETE', CONFIG)).statusCode).toBe(403);
    expect(await rows()).toEqual([]);
    // self-service users still read the requirements that apply to them
    expect((await selma.post('/api2/CMS-v2/GetPinRequirements', {})).statusCode).toBe(200);

    const anonymous = t.client();
    expect((await anonymous.get(CONFIG)).statusCode).toBe(401);
    expect((await anonymous.put(CONFIG, { minLength: 6, maxLength: 7, digitsOnly: true })).body).toBe('not_logged_in');
  });

  it('should keep tenants apart', async () => {
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardManage']);
    const olga = t.client();
    expect((await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } })).statusCode).toBe(200);
    await admin.put(CONFIG, { minLength: 6, maxLength: 7, digitsOnly: true });
    expect((await olga.get(CONFIG)).json()).toEqual(DEFAULT);
    expect((await olga.post('/api2/CMS-v2/GetPinRequirements', {})).json()).toMatchObject({ minLength: 6, maxLength: 8 });
    await olga.put(CONFIG, { minLength: 8, maxLength: 8, digitsOnly: false });
    expect((await admin.get(CONFIG)).json()).toMatchObject({ minLength: 6, maxLength: 7, digitsOnly: true });
    await olga.request('DELETE', CONFIG);
    expect((await admin.get(CONFIG)).json()).toMatchObject({ minLength: 6, maxLength: 7, isDefault: false });
    expect((await t.auditRows('pin-requirements.update')).filter((r) => r.tenant_id === other)).toHaveLength(1);
  });

  it('should change nothing and answer 503 Audit failed when the audit cannot be written', async () => {
    await admin.put(CONFIG, { minLength: 6, maxLength: 7, digitsOnly: true });
    await t.breakAudit();
    try {
      const put = await admin.put(CONFIG, { minLength: 6, maxLength: 7, digitsOnly: false });
      expect(put.statusCode).toBe(503);
      expect(put.body).toBe('Audit failed');
      const del = await admin.request('DELETE', CONFIG);
      expect(del.statusCode).toBe(503);
      expect(del.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect(await rows()).toEqual([{ tenant_id: tenantId, min_length: 6, max_length: 7, digits_only: true, description: null }]);
  });
});
