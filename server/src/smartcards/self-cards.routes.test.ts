/**
 * Self-service smartcards (issue 15; `/self/portal/`, `/self/requestSmartcard/{id}`) through the real server and
 * PGlite: a user lists only their own cards (never another user's, never another tenant's), lists the tenant's
 * card templates, requests a card for themselves only (403 for another id), one open request per user (409
 * `userId`), the template checked (400 `cardTemplateId`), audited, nothing written on 503 Audit failed;
 * selfServicePortal needed.
 */
import { SELF_CARD_MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { expectNoCardSecrets } from '../test-helpers/card-secrets';
import { x509 } from '../pki/pki.service';
import { webcrypto } from 'node:crypto';

describe('Self-service smartcards', () => {
  let t: TestContext;
  let tenantId: string;
  let samId: string;
  let bobId: string;
  let sam: TestClient;
  let templateId: string;

  const addCard = async (tenant: string, serial: string, userId: string | null, extra: { card_template_id?: string; certificates?: string } = {}) =>
    t.db.insertInto('smartcards').values({ tenant_id: tenant, serial_number: serial, atr: '3B8C80', card_type: 'PIV', status: 'issued', user_id: userId, card_template_id: null, ...extra }).execute();
  const requestsOf = (userId: string) => t.db.selectFrom('smartcard_requests').selectAll().where('user_id', '=', userId).execute();

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    ({ userId: samId } = await t.createUser(tenantId, 'sam', ['selfServicePortal']));
    ({ userId: bobId } = await t.createUser(tenantId, 'bob', ['selfServicePortal']));
    templateId = (await t.db.insertInto('card_templates').values({ tenant_id: tenantId, name: 'staff', slots: '[]', pin: 'null' }).returning('id').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('card_templates').values({ tenant_id: tenantId, name: 'contractor', slots: '[]', pin: 'null' }).execute();
    const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '0a', name: 'CN=Sam Smith, O=Acme', notBefore: new Date('2026-01-01T00:00:00Z'), notAfter: new Date('2027-01-01T00:00:00Z'), keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } });
    const certificates = JSON.stringify([{ slot: '9A', certId: 'ca:0a', caId: 'ca', serialNumber: '0a', notAfter: '2027-01-01T00:00:00.000Z', pem: cert.toString('pem') }]);
    await addCard(tenantId, 'SAM-1', samId, { card_template_id: templateId, certificates });
    await addCard(tenantId, 'SAM-2', samId);
    await addCard(tenantId, 'BOB-1', bobId);
    await addCard(tenantId, 'FREE-1', null);
    sam = t.client();
    await sam.login('sam', TEST_PASSWORD);
  });
  afterAll(async () => t?.close());

  it("should list the viewer's own cards only, without secrets, and an empty list for a user with none", async () => {
    const res = await sam.get('/api/self/smartcards');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { serialNumber: string }) => c.serialNumber).sort()).toEqual(['SAM-1', 'SAM-2']);
    expect(res.json().every((c: { userId: string }) => c.userId === samId)).toBe(true);
    expectNoCardSecrets(res.json());
    const withCert = res.json().find((c: { serialNumber: string }) => c.serialNumber === 'SAM-1');
    expect(withCert).toMatchObject({ cardTemplateName: 'staff', certificates: [{ slot: '9A', notAfter: '2027-01-01T00:00:00.000Z', subject: 'CN=Sam Smith, O=Acme' }] });
    expect(res.json().find((c: { serialNumber: string }) => c.serialNumber === 'SAM-2')).toMatchObject({ cardTemplateName: null, certificates: [] });
    await t.createUser(tenantId, 'nina', ['selfServicePortal']);
    const nina = t.client();
    await nina.login('nina', TEST_PASSWORD);
    expect((await nina.get('/api/self/smartcards')).json()).toEqual([]);
    // The operator route for another user's cards stays closed to a self-service user.
    expect((await sam.get(`/smartcards/users/${bobId}`)).statusCode).toBe(403);
  });

  it("should list the tenant's card templates by name, id and name only", async () => {
    const res = await sam.get('/api/self/card-templates');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { name: string }) => x.name)).toEqual(['contractor', 'staff']);
    expect(Object.keys(res.json()[0]).sort()).toEqual(['id', 'name']);
  });

  it('should refuse a request for another user with 403 and write nothing', async () => {
    const res = await sam.post(`/api/self/smartcard-request/${bobId}`, { cardTemplateId: templateId, reason: 'lost mine' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: SELF_CARD_MESSAGES.ONLY_YOURSELF });
    expect(await requestsOf(bobId)).toHaveLength(0);
  });

  it('should refuse bad bodies with the field named and write nothing', async () => {
    const cases: [unknown, string][] = [
      [{ cardTemplateId: 'nope', reason: 'x' }, 'cardTemplateId'],
      [{ cardTemplateId: '00000000-0000-4000-8000-000000000000', reason: 'x' }, 'cardTemplateId'],
      [{ cardTemplateId: templateId }, 'reason'],
      [{ cardTemplateId: templateId, reason: '   ' }, 'reason'],
      [{ cardTemplateId: templateId, reason: 'r'.repeat(501) }, 'reason'],
      [{ cardTemplateId: templateId, reason: 'x', userId: bobId }, 'userId'],
    ];
    for (const [body, field] of cases) {
      const res = await sam.post(`/api/self/smartcard-request/${samId}`, body);
      expect({ field, status: res.statusCode }).toEqual({ field, status: 400 });
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect(await requestsOf(samId)).toHaveLength(0);
  });

  it('should change nothing on 503 Audit failed', async () => {
    await t.breakAudit();
    try {
      const res = await sam.post(`/api/self/smartcard-request/${samId}`, { cardTemplateId: templateId, reason: 'new starter' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect(await requestsOf(samId)).toHaveLength(0);
  });

  it('should record one pending request for oneself, audited, where the operators keep requests, and answer 409 userId for a second', async () => {
    const res = await sam.post(`/api/self/smartcard-request/${samId}`, { cardTemplateId: templateId, reason: '  lost my card  ' });
    expect(res.statusCode).toBe(201);
    const rows = await requestsOf(samId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.json().requestId, status: 'PENDING', requested_by: samId, tenant_id: tenantId });
    expect(rows[0]!.options).toMatchObject({ comment: 'lost my card', cardTemplateId: templateId, cardTemplateName: 'staff', self: true });
    const audit = (await t.auditRows('smartcard.request')).filter((r) => r.target_id === res.json().requestId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_username: 'sam', tenant_id: tenantId, detail: { self: true, cardTemplateId: templateId } });

    const again = await sam.post(`/api/self/smartcard-request/${samId}`, { cardTemplateId: templateId, reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', field: 'userId', message: SELF_CARD_MESSAGES.REQUEST_PENDING });
    expect(await requestsOf(samId)).toHaveLength(1);
    // An operator's bulk request skips the user with the pending self request.
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const bulk = await admin.post('/api/dps/smartcard-request', { selectAll: false, inclusionList: [samId], exclusionList: [], bulkInclusionList: [], options: {} });
    expect(bulk.json()).toMatchObject({ requested: 0 });
  });

  it('should keep tenants apart and refuse callers without selfServicePortal', async () => {
    const other = await t.createTenant('Globex', ['globex.example']);
    const { userId: olgaId } = await t.createUser(other, 'olga', ['selfServicePortal']);
    await addCard(other, 'OLGA-1', olgaId);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get('/api/self/smartcards')).json().map((c: { serialNumber: string }) => c.serialNumber)).toEqual(['OLGA-1']);
    expect((await olga.get('/api/self/card-templates')).json()).toEqual([]);
    // Acme's template is not Globex's.
    const foreign = await olga.post(`/api/self/smartcard-request/${olgaId}`, { cardTemplateId: templateId, reason: 'x' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ field: 'cardTemplateId' });
    expect(await requestsOf(olgaId)).toHaveLength(0);

    await t.createUser(tenantId, 'nobody', []);
    const nobody = t.client();
    await nobody.login('nobody', TEST_PASSWORD);
    expect((await nobody.get('/api/self/smartcards')).statusCode).toBe(403);
    expect((await nobody.get('/api/self/card-templates')).statusCode).toBe(403);
    expect((await t.client().get('/api/self/smartcards')).statusCode).toBe(401);
  });

  it("should render the viewer's own card with its template's layout and the viewer's data, 403 for another's card, 404 without a layout", async () => {
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const layout = { front: { background: { color: '#003366' }, elements: [{ type: 'text', source: { field: 'userName' }, x: 5, y: 5, fontSize: 4 }] }, back: { background: { color: '#ffffff' }, elements: [] } };
    expect((await admin.put('/api2/CMS-v2/CardLayout', { templateId, layout })).statusCode).toBe(200);
    const idOf = async (serial: string) => (await t.db.selectFrom('smartcards').select('id').where('serial_number', '=', serial).executeTakeFirstOrThrow()).id;
    const listed = (await sam.get('/api/self/smartcards')).json() as { serialNumber: string; hasLayout: boolean }[];
    expect(Object.fromEntries(listed.map((c) => [c.serialNumber, c.hasLayout]))).toEqual({ 'SAM-1': true, 'SAM-2': false });

    const picture = await sam.get(`/api/self/smartcards/${await idOf('SAM-1')}/picture`);
    expect(picture.statusCode).toBe(200);
    const front = Buffer.from(picture.json().frontCompressed, 'base64');
    expect(front.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(Buffer.from(picture.json().backCompressed, 'base64').subarray(0, 4).toString('hex')).toBe('89504e47');
    // The same image the operator's renderer makes for sam with this template, and not bob's.
    const forSam = (await admin.get(`/api2/CMS-v2/CardLayoutCompressed?userId=${samId}&templateId=${templateId}`)).json();
    const forBob = (await admin.get(`/api2/CMS-v2/CardLayoutCompressed?userId=${bobId}&templateId=${templateId}`)).json();
    expect(picture.json().frontCompressed).toBe(forSam.frontCompressed);
    expect(picture.json().frontCompressed).not.toBe(forBob.frontCompressed);

    const bobs = await sam.get(`/api/self/smartcards/${await idOf('BOB-1')}/picture`);
    expect([bobs.statusCode, bobs.json()]).toEqual([403, { code: 'FORBIDDEN', message: SELF_CARD_MESSAGES.NOT_YOUR_CARD_PICTURE }]);
    expect((await sam.get(`/api/self/smartcards/${await idOf('FREE-1')}/picture`)).statusCode).toBe(403);
    expect((await sam.get(`/api/self/smartcards/${await idOf('SAM-2')}/picture`)).statusCode).toBe(404);
    expect((await sam.get('/api/self/smartcards/00000000-0000-4000-8000-000000000000/picture')).statusCode).toBe(404);
    expect((await sam.get('/api/self/smartcards/nope/picture')).statusCode).toBe(400);
    // Another tenant's user cannot reach Acme's card at all.
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get(`/api/self/smartcards/${await idOf('SAM-1')}/picture`, { headers: { host: 'globex.example' } })).statusCode).toBe(404);
  });
});
