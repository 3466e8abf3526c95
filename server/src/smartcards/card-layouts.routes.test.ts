/**
 * Card layouts (issue 16; signin §7 CardLayoutCompressed, CardLayoutCompressedUserData and its Stream) through the
 * real server and PGlite: a layout saved on a card template (audited, refused fields named, nothing changed on a
 * refusal or a 503), rendered to PNG with a user's data by user id, by card serial and from the body; tenants apart.
 */
import { MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/CMS-v2';
const LAYOUT = {
  front: {
    background: { color: '#003366' },
    elements: [
      { type: 'text', source: { field: 'givenName' }, x: 4, y: 4, fontSize: 5, color: '#ffffff', bold: true },
      { type: 'text', source: { field: 'familyName' }, x: 4, y: 11, fontSize: 5, color: '#ffffff' },
    ],
  },
  back: { elements: [{ type: 'qr', source: { field: 'emailAddress' }, x: 5, y: 5, size: 30 }] },
};
const png = (b64: string) => Buffer.from(b64, 'base64');

describe('Card layouts', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let templateId: string;
  let adaId: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    templateId = (await t.db.insertInto('card_templates').values({ tenant_id: tenantId, name: 'staff', slots: '[]', pin: 'null' }).returning('id').executeTakeFirstOrThrow()).id;
    ({ userId: adaId } = await t.createUser(tenantId, 'ada', []));
    await t.db.updateTable('users').set({ given_name: 'Ada', family_name: 'Lovelace' }).where('id', '=', adaId).execute();
  });
  afterAll(async () => t?.close());

  it('should answer a blank card for a template without a layout, save a layout audited card-template.layout, and read it back with its defaults', async () => {
    expect((await admin.get(`${P}/CardLayout?templateId=${templateId}`)).json()).toEqual({ cardTemplateId: templateId, layout: { front: { background: { color: '#ffffff', image: null }, elements: [] }, back: { background: { color: '#ffffff', image: null }, elements: [] } } });
    const saved = await admin.put(`${P}/CardLayout`, { templateId, layout: LAYOUT });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().layout.back.elements[0]).toEqual({ type: 'qr', source: { field: 'emailAddress' }, x: 5, y: 5, size: 30 });
    expect((await admin.get(`${P}/CardLayout?templateId=${templateId}`)).json().layout.front.elements[1]).toEqual({ type: 'text', source: { field: 'familyName' }, x: 4, y: 11, fontSize: 5, color: '#ffffff', bold: false });
    expect((await t.auditRows('card-template.layout')).at(-1)).toMatchObject({ actor_username: 'admin', tenant_id: tenantId, target_id: templateId, detail: { elements: { front: 2, back: 1 } } });
  });

  it('should refuse a layout element off the card with its field named, and change nothing', async () => {
    await admin.put(`${P}/CardLayout`, { templateId, layout: LAYOUT });
    const bad = await admin.put(`${P}/CardLayout`, { templateId, layout: { front: { elements: [{ type: 'photo', x: 80, y: 0, width: 20, height: 20 }] } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'VALIDATION', field: 'layout.front.elements[0]', message: `layout.front.elements[0] ${MESSAGES.CARD_LAYOUT_OFF_CARD}` });
    expect((await admin.get(`${P}/CardLayout?templateId=${templateId}`)).json().layout.front.elements).toHaveLength(2);
  });

  it('should render a PNG per side from user data, the same bytes for the same data and others when a field changes', async () => {
    await admin.put(`${P}/CardLayout`, { templateId, layout: LAYOUT });
    const first = await admin.post(`${P}/CardLayoutCompressedUserData`, { templateId, userData: { givenName: 'Ada', familyName: 'Lovelace', emailAddress: 'ada@example.test' } });
    expect(first.statusCode).toBe(200);
    const { frontCompressed, backCompressed } = first.json();
    expect(png(frontCompressed).subarray(1, 4).toString()).toBe('PNG');
    expect(png(frontCompressed).readUInt32BE(16)).toBe(1011);
    const same = (await admin.post(`${P}/CardLayoutCompressedUserData`, { templateId, userData: { givenName: 'Ada', familyName: 'Lovelace', emailAddress: 'ada@example.test' } })).json();
    expect(same.frontCompressed).toBe(frontCompressed);
    const changed = (await admin.post(`${P}/CardLayoutCompressedUserData`, { templateId, userData: { givenName: 'Grace', familyName: 'Lovelace', emailAddress: 'ada@example.test' } })).json();
    expect(changed.frontCompressed).not.toBe(frontCompressed);
    expect(changed.backCompressed).toBe(backCompressed);
    // an unsaved layout in the body previews it
    const unsaved = (await admin.post(`${P}/CardLayoutCompressedUserData`, { templateId, userData: { givenName: 'Ada' }, layout: { front: { background: { color: '#ff0000' } } } })).json();
    expect(unsaved.frontCompressed).not.toBe(frontCompressed);
    const badData = await admin.post(`${P}/CardLayoutCompressedUserData`, { templateId, userData: { extensions: { 'a b': 'x' } } });
    expect(badData.json()).toMatchObject({ code: 'VALIDATION', field: 'userData.extensions.a b' });
  });

  it("should render a user's card by user id and by card serial, the same pixels as from the user's data", async () => {
    await admin.put(`${P}/CardLayout`, { templateId, layout: LAYOUT });
    const byUser = await admin.get(`${P}/CardLayoutCompressed?userId=${adaId}&templateId=${templateId}`);
    expect(byUser.statusCode).toBe(200);
    const fromData = (await admin.post(`${P}/CardLayoutCompressedUserData`, { templateId, userData: { givenName: 'Ada', familyName: 'Lovelace', emailAddress: 'ada@example.test' } })).json();
    expect(byUser.json().frontCompressed).toBe(fromData.frontCompressed);
    expect(byUser.json().backCompressed).toBe(fromData.backCompressed);
    await t.db.insertInto('smartcards').values({ tenant_id: tenantId, serial_number: 'SER-1', atr: '3B', card_type: 'PIV', status: 'ISSUED', user_id: adaId, card_template_id: templateId }).execute();
    expect((await admin.get(`${P}/CardLayoutCompressed?cardSerial=SER-1`)).json().frontCompressed).toBe(fromData.frontCompressed);
    expect((await admin.get(`${P}/CardLayoutCompressed?cardSerial=NOPE`)).statusCode).toBe(404);
    expect((await admin.get(`${P}/CardLayoutCompressed`)).json()).toMatchObject({ field: 'cardSerial' });
  });

  it('should stream one JSON line a user, with an error line for an unknown user', async () => {
    const streamed = await admin.post(`${P}/CardLayoutCompressedUserDataStream`, { templateId, users: [{ userId: adaId }, { userData: { givenName: 'Grace' } }, { userId: '00000000-0000-4000-8000-000000000000' }] });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toContain('application/x-ndjson');
    const lines = streamed.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.index)).toEqual([0, 1, 2]);
    expect(lines[0]).toMatchObject({ userId: adaId, frontCompressed: expect.any(String) });
    expect(lines[1].frontCompressed).not.toBe(lines[0].frontCompressed);
    expect(lines[2]).toEqual({ index: 2, error: expect.stringContaining('user') });
  });

  it('should keep tenants apart, refuse callers without smartcardManage, and change nothing on 503 Audit failed', async () => {
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardManage']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get(`${P}/CardLayout?templateId=${templateId}`)).statusCode).toBe(404);
    expect((await olga.put(`${P}/CardLayout`, { templateId, layout: LAYOUT })).statusCode).toBe(404);
    expect((await olga.get(`${P}/CardLayoutCompressed?userId=${adaId}&templateId=${templateId}`)).statusCode).toBe(404);
    expect((await olga.post(`${P}/CardLayoutCompressedUserData`, { templateId, userData: {} })).statusCode).toBe(404);
    await t.createUser(tenantId, 'selma', ['selfServicePortal']);
    const selma = t.client();
    await selma.login('selma', TEST_PASSWORD);
    expect((await selma.get(`${P}/CardLayout?templateId=${templateId}`)).statusCode).toBe(403);
    expect((await selma.post(`${P}/CardLayoutCompressedUserData`, { templateId, userData: {} })).statusCode).toBe(403);

    await admin.put(`${P}/CardLayout`, { templateId, layout: LAYOUT });
    await t.breakAudit();
    try {
      const response = await admin.put(`${P}/CardLayout`, { templateId, layout: { front: { elements: [] } } });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect((await admin.get(`${P}/CardLayout?templateId=${templateId}`)).json().layout.front.elements).toHaveLength(2);
  });
});
