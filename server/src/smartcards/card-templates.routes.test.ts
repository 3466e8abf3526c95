/**
 * Card templates (issue 15; signin §7 CardTemplates?tenancy): CRUD and seed through the real server and
 * PGlite; certificate templates resolved by name among the tenant's, key families checked against them; PIN
 * rules a PIV card cannot meet refused with the field named; GetPinRequirements answers the template's rules,
 * else the tenant policy; tenants apart; every change audited in its transaction (503 changes nothing).
 */
import { MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/CMS-v2';
const PIV_RANGE = 'Enter a whole number from 6 to 8: a PIV card takes a PIN of 6 to 8 characters.';
const staff = {
  name: 'staff',
  slots: [
    { slot: '9C', certificateTemplate: 'piv-sign', keyType: 'P-256' },
    { slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' },
  ],
  pin: { minLength: 6, maxLength: 8, digitsOnly: true },
};

describe('Card templates', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  const certificateTemplateIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const ca = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Card CA', keyAlgorithm: 'P-256', subject: 'CN=Card CA, O=Acme' })).json();
    for (const [templateName, keyTypes] of [['piv-auth', ['EC_NIST', 'RSA']], ['piv-sign', ['EC_NIST']], ['rsa-only', ['RSA']]] as const) {
      const created = await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName, class: 'USER', caId: ca.id, keyTypes, validityPeriod: 1, extendedKeyUsages: ['clientAuth'] });
      expect(created.statusCode).toBe(201);
      certificateTemplateIds[templateName] = created.json().templateId;
    }
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    await t.db.deleteFrom('card_templates').execute();
    await t.db.deleteFrom('pin_requirements').execute();
  });

  const rows = () => t.db.selectFrom('card_templates').select(['tenant_id', 'name', 'slots', 'pin']).orderBy('name').execute();

  it('should create a template with slots in PIV order and certificate templates by name, list it and read it, audited card-template.create', async () => {
    const created = await admin.post(`${P}/CardTemplate`, staff);
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      name: 'staff',
      slots: [
        { slot: '9A', certificateTemplate: 'piv-auth', certificateTemplateId: certificateTemplateIds['piv-auth'], keyType: 'P-256' },
        { slot: '9C', certificateTemplate: 'piv-sign', certificateTemplateId: certificateTemplateIds['piv-sign'], keyType: 'P-256' },
      ],
      pin: { minLength: 6, maxLength: 8, digitsOnly: true, pinRetries: 3, pukRetries: 3 },
      pinRequirements: { minLength: 6, maxLength: 8, digitsOnly: true, description: 'PIN must be between 6-8 numbers' },
    });
    expect(await rows()).toEqual([{ tenant_id: tenantId, name: 'staff', slots: expect.any(Array), pin: expect.objectContaining({ pinRetries: 3 }) }]);
    expect((await t.auditRows('card-template.create')).at(-1)).toMatchObject({ actor_username: 'admin', tenant_id: tenantId, target_id: body.cardTemplateId, detail: { name: 'staff' } });

    expect((await admin.get(`${P}/CardTemplates`)).json()).toEqual({ cardTemplates: [body] });
    const { name: tenancy } = await t.db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirstOrThrow();
    expect((await admin.get(`${P}/CardTemplates?tenancy=${encodeURIComponent(tenancy)}`)).json()).toEqual({ cardTemplates: [body] });
    expect((await admin.get(`${P}/CardTemplates?tenancy=${tenantId}`)).json()).toEqual({ cardTemplates: [body] });
    expect((await admin.get(`${P}/CardTemplate?id=${body.cardTemplateId}`)).json()).toEqual(body);
    expect((await admin.post(`${P}/CardTemplate`, { ...staff, pin: undefined })).statusCode).toBe(409);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a PIN maximum no PIV card takes', { ...staff, pin: { minLength: 6, maxLength: 10, digitsOnly: true } }, 'pin.maxLength', PIV_RANGE],
    ['a 4-digit PIN', { ...staff, pin: { minLength: 4, maxLength: 8, digitsOnly: true } }, 'pin.minLength', PIV_RANGE],
    ['a retry counter of 0', { ...staff, pin: { minLength: 6, maxLength: 8, digitsOnly: true, pinRetries: 0 } }, 'pin.pinRetries', MESSAGES.CARD_TEMPLATE_RETRIES_RANGE],
    ['slot 9B', { ...staff, slots: [{ slot: '9B', certificateTemplate: 'piv-auth', keyType: 'P-256' }] }, 'slots[0].slot', MESSAGES.CARD_TEMPLATE_SLOT_INVALID],
    ['a slot twice', { ...staff, slots: [staff.slots[1], staff.slots[1]] }, 'slots[1].slot', MESSAGES.CARD_TEMPLATE_SLOT_DUPLICATE],
    ['an Ed25519 key', { ...staff, slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'Ed25519' }] }, 'slots[0].keyType', MESSAGES.CARD_TEMPLATE_KEY_TYPE_INVALID],
    ['an unknown certificate template', { ...staff, slots: [{ slot: '9A', certificateTemplate: 'nope', keyType: 'P-256' }] }, 'slots[0].certificateTemplate', MESSAGES.CARD_TEMPLATE_UNKNOWN_CERTIFICATE_TEMPLATE],
    ['an RSA key for an EC-only certificate template', { ...staff, slots: [{ slot: '9C', certificateTemplate: 'piv-sign', keyType: 'RSA-2048' }] }, 'slots[0].keyType', MESSAGES.CARD_TEMPLATE_KEY_TYPE_NOT_ALLOWED],
    ['no slots', { ...staff, slots: [] }, 'slots', MESSAGES.CARD_TEMPLATE_SLOTS_EMPTY],
    ['an unknown field', { ...staff, layout: 'x' }, 'layout', 'layout is not allowed'],
  ])('should refuse %s with 400 naming the field and write nothing', async (_name, body, field, message) => {
    const response = await admin.post(`${P}/CardTemplate`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field });
    expect(response.json().message).toContain(message);
    expect(await rows()).toEqual([]);
  });

  it('should answer GetPinRequirements from the template, else the tenant policy, else the 6-8 digits default', async () => {
    const own = (await admin.post(`${P}/CardTemplate`, { ...staff, pin: { minLength: 7, maxLength: 8, digitsOnly: false } })).json();
    const none = (await admin.post(`${P}/CardTemplate`, { ...staff, name: 'no-pin', pin: null })).json();
    for (const v of ['CMS-v1', 'CMS-v2']) {
      expect((await admin.post(`/api2/${v}/GetPinRequirements`, { card_template_id: own.cardTemplateId })).json()).toEqual({ minLength: 7, maxLength: 8, digitsOnly: false, description: 'PIN must be between 7-8 characters' });
    }
    expect((await admin.post(`${P}/GetPinRequirements`, { card_template_id: none.cardTemplateId })).json()).toEqual({ minLength: 6, maxLength: 8, digitsOnly: true, description: 'PIN must be between 6-8 numbers' });
    await admin.put(`${P}/PinRequirementsConfig`, { minLength: 6, maxLength: 6, digitsOnly: true });
    expect((await admin.post(`${P}/GetPinRequirements`, { card_template_id: none.cardTemplateId })).json()).toEqual({ minLength: 6, maxLength: 6, digitsOnly: true, description: 'PIN must be between 6-6 numbers' });
    expect((await admin.get(`${P}/CardTemplate?id=${none.cardTemplateId}`)).json().pinRequirements).toEqual({ minLength: 6, maxLength: 6, digitsOnly: true, description: 'PIN must be between 6-6 numbers' });
    expect((await admin.post(`${P}/GetPinRequirements`, { card_template_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('should update and delete, audited, and answer 404 for an unknown template', async () => {
    const { cardTemplateId } = (await admin.post(`${P}/CardTemplate`, staff)).json();
    const put = await admin.put(`${P}/CardTemplate`, { cardTemplateId, name: 'staff-2', slots: [{ slot: '9e', certificateTemplate: 'rsa-only', keyType: 'RSA-2048' }] });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'staff-2', slots: [{ slot: '9E', certificateTemplate: 'rsa-only', keyType: 'RSA-2048' }], pin: null });
    expect((await t.auditRows('card-template.update')).at(-1)).toMatchObject({ target_id: cardTemplateId, detail: { name: 'staff-2' } });
    expect((await admin.put(`${P}/CardTemplate`, { ...staff, cardTemplateId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await admin.request('DELETE', `${P}/CardTemplate`, { body: { cardTemplateId } })).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
    expect((await t.auditRows('card-template.delete')).at(-1)).toMatchObject({ target_id: cardTemplateId, detail: { name: 'staff-2' } });
    expect((await admin.request('DELETE', `${P}/CardTemplate`, { body: { cardTemplateId } })).statusCode).toBe(404);
  });

  it('should seed the whole file or nothing, and change nothing on a second run', async () => {
    const file = { cardTemplates: [staff, { name: 'contractor', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-384' }] }] };
    expect((await admin.post(`${P}/CardTemplatesSeed`, file)).json()).toEqual({ created: ['staff', 'contractor'], updated: [], unchanged: [] });
    expect((await admin.post(`${P}/CardTemplatesSeed`, file)).json()).toEqual({ created: [], updated: [], unchanged: ['staff', 'contractor'] });
    expect(await t.auditRows('card-template.seed')).toHaveLength(1);
    const changed = { cardTemplates: [{ ...staff, pin: null }, file.cardTemplates[1]] };
    expect((await admin.post(`${P}/CardTemplatesSeed`, changed)).json()).toEqual({ created: [], updated: ['staff'], unchanged: ['contractor'] });

    const before = await rows();
    const bad = await admin.post(`${P}/CardTemplatesSeed`, { cardTemplates: [{ ...staff, name: 'new-one' }, { ...staff, name: 'broken', slots: [{ slot: '9A', certificateTemplate: 'missing', keyType: 'P-256' }] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'VALIDATION', field: 'cardTemplates[1].slots[0].certificateTemplate', message: MESSAGES.CARD_TEMPLATE_UNKNOWN_CERTIFICATE_TEMPLATE });
    expect(await rows()).toEqual(before);
  });

  it('should keep tenants apart and refuse callers without smartcardManage', async () => {
    const { cardTemplateId } = (await admin.post(`${P}/CardTemplate`, staff)).json();
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardManage']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get(`${P}/CardTemplates`)).json()).toEqual({ cardTemplates: [] });
    expect((await olga.get(`${P}/CardTemplates?tenancy=${tenantId}`)).statusCode).toBe(404);
    expect((await olga.get(`${P}/CardTemplates?tenancy=Globex`)).statusCode).toBe(200);
    expect((await olga.get(`${P}/CardTemplate?id=${cardTemplateId}`)).statusCode).toBe(404);
    expect((await olga.request('DELETE', `${P}/CardTemplate`, { body: { cardTemplateId } })).statusCode).toBe(404);
    expect((await olga.post(`${P}/GetPinRequirements`, { card_template_id: cardTemplateId })).statusCode).toBe(404);
    // the certificate templates of another tenant are not found by name
    expect((await olga.post(`${P}/CardTemplate`, staff)).json()).toMatchObject({ field: 'slots[0].certificateTemplate' });

    await t.createUser(tenantId, 'selma', ['selfServicePortal']);
    const selma = t.client();
    await selma.login('selma', TEST_PASSWORD);
    expect((await selma.get(`${P}/CardTemplates`)).statusCode).toBe(403);
    expect((await selma.post(`${P}/CardTemplate`, { ...staff, name: 'x' })).statusCode).toBe(403);
    expect((await t.client().get(`${P}/CardTemplates`)).body).toBe('not_logged_in');
    expect((await rows()).map((r) => r.name)).toEqual(['staff']);
  });

  it('should change nothing and answer 503 Audit failed when the audit cannot be written', async () => {
    const { cardTemplateId } = (await admin.post(`${P}/CardTemplate`, staff)).json();
    await t.breakAudit();
    try {
      for (const response of [
        await admin.post(`${P}/CardTemplate`, { ...staff, name: 'other' }),
        await admin.put(`${P}/CardTemplate`, { ...staff, cardTemplateId, pin: null }),
        await admin.request('DELETE', `${P}/CardTemplate`, { body: { cardTemplateId } }),
        await admin.post(`${P}/CardTemplatesSeed`, { cardTemplates: [{ ...staff, name: 'seeded' }] }),
      ]) {
        expect(response.statusCode).toBe(503);
        expect(response.body).toBe('Audit failed');
      }
    } finally {
      await t.repairAudit();
    }
    expect(await rows()).toEqual([{ tenant_id: tenantId, name: 'staff', slots: expect.any(Array), pin: expect.objectContaining({ minLength: 6 }) }]);
  });
});
