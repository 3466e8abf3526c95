/**
 * Temporary replacement cards through the real parts (issue 15): a real app and PKI, a real agent linked over gRPC
 * with three virtual readers. A card is issued to alice, then a temporary card in another reader replaces it: both
 * links read back, the old card suspended with its certificates on hold; once the temporary card's days are over it
 * is expired (certificates revoked, refused for use) and the old card is issued again. Configuration, bad input,
 * another tenant and audit failures change nothing.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { TEMPORARY_CARD_MESSAGES } from '@tessera/domain';
import { TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { cardTestbed, type CardTestbed } from '../test-helpers/card-testbed';

const P = '/api2/CMS-v2';
const reader = (i: number) => `Tessera Virtual Reader ${i}`;
const PIN = '24681357';
const DAY = 86_400_000;

describe('temporary cards', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let cardTemplateId: string;
  let aliceId: string;
  let bobId: string;
  let originalId: string;
  let temporaryId: string;

  let bed: CardTestbed;
  beforeAll(async () => {
    bed = await cardTestbed({ agent: { virtualReaders: 3 } });
    ({ t, tenantId, admin } = bed);
    cardTemplateId = bed.cardTemplateIds.staff!;
    ({ userId: aliceId } = await t.createUser(tenantId, 'alice', ['selfServicePortal']));
    ({ userId: bobId } = await t.createUser(tenantId, 'bob', ['selfServicePortal']));
    const issued = await admin.post(`${P}/IssueCard`, { card_id: { readerName: reader(0) }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(issued.statusCode).toBe(200);
    originalId = issued.json().cardId;
  });
  afterAll(async () => bed?.close());

  const cardRow = (id: string) => t.db.selectFrom('smartcards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const certStatuses = async (id: string) => {
    const serials = (await cardRow(id)).certificates.map((c) => c.serialNumber);
    return (await t.db.selectFrom('certificates').select(['status', 'revocation_reason']).where('serial_number', 'in', serials).execute()).map((c) => `${c.status}:${c.revocation_reason ?? ''}`);
  };

  it('should answer 0 days with unlimited until the tenant sets a configuration, then the setting, audited; bad input names the field', async () => {
    expect((await admin.get(`${P}/TemporaryCardConfiguration`)).json()).toEqual({ defaultDuration: 0, unlimitedIsDefault: true });
    const bad = await admin.put(`${P}/TemporaryCardConfiguration`, { defaultDuration: 400, unlimitedIsDefault: false });
    expect(bad.json()).toEqual({ code: 'VALIDATION', field: 'defaultDuration', message: TEMPORARY_CARD_MESSAGES.DURATION_RANGE });
    expect((await admin.put(`${P}/TemporaryCardConfiguration`, { defaultDuration: 3, unlimitedIsDefault: 'no' })).json().field).toBe('unlimitedIsDefault');
    expect((await admin.get(`${P}/TemporaryCardConfiguration`)).json()).toEqual({ defaultDuration: 0, unlimitedIsDefault: true });
    const saved = await admin.put(`${P}/TemporaryCardConfiguration`, { defaultDuration: 2, unlimitedIsDefault: false });
    expect(saved.json()).toEqual({ defaultDuration: 2, unlimitedIsDefault: false });
    expect((await admin.get(`${P}/TemporaryCardConfiguration`)).json()).toEqual({ defaultDuration: 2, unlimitedIsDefault: false });
    expect((await t.auditRows('smartcard.temporary-config')).at(-1)).toMatchObject({ tenant_id: tenantId, detail: { before: { defaultDuration: 0, unlimitedIsDefault: true }, after: { defaultDuration: 2, unlimitedIsDefault: false } } });
    await t.breakAudit();
    const failed = await admin.put(`${P}/TemporaryCardConfiguration`, { defaultDuration: 9, unlimitedIsDefault: false });
    await t.repairAudit();
    expect(failed.statusCode).toBe(503);
    expect((await admin.get(`${P}/TemporaryCardConfiguration`)).json()).toEqual({ defaultDuration: 2, unlimitedIsDefault: false });
  });

  it('should list the user\'s assigned or issued cards that are not temporary as the ones a temporary card may replace', async () => {
    expect((await admin.get(`${P}/TemporaryCardCandidates?user_id=${aliceId}`)).json().smartcards.map((c: { cardId: string }) => c.cardId)).toEqual([originalId]);
    expect((await admin.get(`${P}/TemporaryCardCandidates?user_id=${bobId}`)).json()).toEqual({ smartcards: [] });
  });

  it('should refuse a bad temporary card request naming the field, before the card is touched', async () => {
    const body = (over: Record<string, unknown>) => ({ card_request: { card_id: { readerName: reader(1) }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN }, old_card_id: originalId, ...over });
    const before = await t.db.selectFrom('smartcards').select('id').execute();
    expect((await admin.post(`${P}/IssueTemporaryCard`, body({ validity_duration: -1 }))).json()).toMatchObject({ field: 'validity_duration' });
    expect((await admin.post(`${P}/IssueTemporaryCard`, body({ validity_duration: 366 }))).json()).toEqual({ code: 'VALIDATION', field: 'validity_duration', message: TEMPORARY_CARD_MESSAGES.DURATION_RANGE });
    expect((await admin.post(`${P}/IssueTemporaryCard`, body({ old_card_id: '00000000-0000-4000-8000-000000000000' }))).json()).toMatchObject({ field: 'old_card_id' });
    const otherUser = await admin.post(`${P}/IssueTemporaryCard`, { ...body({}), card_request: { ...body({}).card_request, user_id: bobId } });
    expect(otherUser.json()).toEqual({ code: 'VALIDATION', field: 'old_card_id', message: TEMPORARY_CARD_MESSAGES.OTHER_USER });
    expect((await admin.post(`${P}/IssueTemporaryCard`, { ...body({}), extra: 1 })).statusCode).toBe(400);
    expect(await t.db.selectFrom('smartcards').select('id').execute()).toEqual(before);
  });

  it('should refuse over IssueTemporaryCardStream as the HTTP call does: the field named, the reader of card_request on each message, nothing touched', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const run = (path: string, request: unknown) =>
      new Promise<{ messages: { type: string; readerName: string; status?: number; field?: string; message?: string }[]; closeCode: number }>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers: { cookie }, origin: `http://127.0.0.1:${port}` });
        const messages: { type: string; readerName: string }[] = [];
        ws.on('open', () => ws.send(JSON.stringify(request)));
        ws.on('message', (data) => messages.push(JSON.parse(String(data))));
        ws.on('close', (code) => resolve({ messages, closeCode: code }));
        ws.on('error', reject);
      });
    const body = { card_request: { card_id: { readerName: reader(1) }, user_id: bobId, card_template_id: cardTemplateId, pin: PIN }, old_card_id: originalId };
    const before = await t.db.selectFrom('smartcards').select('id').execute();
    for (const v of ['CMS-v1', 'CMS-v2']) {
      // The service's refusal (alice's card, bob's request): the operation ran and refused before the card was touched.
      const otherUser = await run(`/api2/${v}/IssueTemporaryCardStream`, body);
      expect(otherUser.closeCode).toBe(1000);
      expect(otherUser.messages).toEqual([expect.objectContaining({ type: 'cardOperationFailed', readerName: reader(1), status: 400, field: 'old_card_id', message: TEMPORARY_CARD_MESSAGES.OTHER_USER })]);
    }
    const schema = await run(`${P}/IssueTemporaryCardStream`, { ...body, validity_duration: 366 });
    expect(schema.messages).toEqual([expect.objectContaining({ type: 'cardOperationFailed', readerName: reader(1), status: 400, field: 'validity_duration' })]);
    expect(await t.db.selectFrom('smartcards').select('id').execute()).toEqual(before);
  });

  it('should issue a temporary card that replaces the card: both links, the old card suspended with its certificates on hold', async () => {
    const response = await admin.post(`${P}/IssueTemporaryCard`, { card_request: { card_id: { readerName: reader(1) }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN }, old_card_id: originalId });
    expect(response.statusCode).toBe(200);
    const temporary = response.json();
    temporaryId = temporary.cardId;
    // No validity asked: the tenant's default of 2 days (unlimited is not the default).
    expect(temporary).toMatchObject({ status: 'issued', userId: aliceId, extensions: { temporary_card: true, temporarily_replaces: originalId } });
    expect(Math.abs(Date.parse(temporary.extensions.temporary_card_expires_at) - (t.app.now() + 2 * DAY))).toBeLessThan(60_000);
    expect((await admin.get(`${P}/TemporarilyReplacedBy?smartcard_id=${originalId}`)).json().smartcards.map((c: { cardId: string }) => c.cardId)).toEqual([temporaryId]);
    expect((await admin.get(`${P}/TemporarilyReplaces?smartcard_id=${temporaryId}`)).json().smartcards.map((c: { cardId: string }) => c.cardId)).toEqual([originalId]);
    expect((await admin.get(`${P}/TemporarilyReplaces?smartcard_id=${originalId}`)).json()).toEqual({ smartcards: [] });
    const old = await cardRow(originalId);
    expect(old).toMatchObject({ status: 'suspended', suspended_from: 'issued' });
    expect(old.extensions).toMatchObject({ temporarily_replaced_by: temporaryId });
    expect(await certStatuses(originalId)).toEqual(['revoked:certificateHold']);
    expect((await t.auditRows('smartcard.temporary-issue')).at(-1)).toMatchObject({ target_id: temporaryId, detail: { replaces: originalId, validityDays: 2 } });
    // Neither a replaced card nor a temporary card is offered again.
    expect((await admin.get(`${P}/TemporaryCardCandidates?user_id=${aliceId}`)).json()).toEqual({ smartcards: [] });
    const twice = await admin.post(`${P}/IssueTemporaryCard`, { card_request: { card_id: { readerName: reader(2) }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN }, old_card_id: originalId });
    expect(twice.json()).toEqual({ code: 'VALIDATION', field: 'old_card_id', message: TEMPORARY_CARD_MESSAGES.ALREADY_REPLACED });
    const ofTemporary = await admin.post(`${P}/IssueTemporaryCard`, { card_request: { card_id: { readerName: reader(2) }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN }, old_card_id: temporaryId });
    expect(ofTemporary.json()).toEqual({ code: 'VALIDATION', field: 'old_card_id', message: TEMPORARY_CARD_MESSAGES.NOT_REPLACEABLE });
  });

  it('should keep another tenant out of the links and callers without smartcardManage out altogether', async () => {
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardManage']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get(`${P}/TemporarilyReplacedBy?smartcard_id=${originalId}`)).statusCode).toBe(404);
    expect((await olga.get(`${P}/TemporarilyReplaces?smartcard_id=${temporaryId}`)).statusCode).toBe(404);
    expect((await olga.get(`${P}/TemporaryCardCandidates?user_id=${aliceId}`)).json()).toEqual({ smartcards: [] });
    expect((await olga.get(`${P}/TemporaryCardConfiguration`)).json()).toEqual({ defaultDuration: 0, unlimitedIsDefault: true });
    await t.createUser(tenantId, 'viewer', ['smartcardReqView']);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await viewer.get(`${P}/TemporarilyReplacedBy?smartcard_id=${originalId}`)).statusCode).toBe(403);
    expect((await viewer.put(`${P}/TemporaryCardConfiguration`, { defaultDuration: 1, unlimitedIsDefault: false })).statusCode).toBe(403);
    expect((await t.client().get(`${P}/TemporaryCardConfiguration`)).statusCode).toBe(401);
  });

  it("should move a temporary card's expiry, audited; refuse a past date naming the field, an ordinary card, another tenant and a viewer", async () => {
    const expiry = (body: Record<string, unknown>, client = admin) => client.put(`${P}/SmartcardExpiry`, body);
    const later = new Date(t.app.now() + 5 * DAY).toISOString();
    const moved = await expiry({ smartcard_id: temporaryId, expiresAt: later });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().extensions.temporary_card_expires_at).toBe(later);
    const audit = (await t.auditRows('smartcard.temporary-expiry')).at(-1)!;
    expect(audit).toMatchObject({ target_id: temporaryId, detail: { after: later } });
    expect(typeof audit.detail.before).toBe('string');
    const past = await expiry({ smartcard_id: temporaryId, expiresAt: new Date(t.app.now() - DAY).toISOString() });
    expect([past.statusCode, past.json()]).toEqual([400, { code: 'VALIDATION', field: 'expiresAt', message: TEMPORARY_CARD_MESSAGES.EXPIRY_RANGE }]);
    const ordinary = await expiry({ smartcard_id: originalId, expiresAt: later });
    expect([ordinary.statusCode, ordinary.json()]).toEqual([409, expect.objectContaining({ field: 'smartcard_id', message: TEMPORARY_CARD_MESSAGES.NOT_TEMPORARY })]);
    expect((await cardRow(temporaryId)).extensions.temporary_card_expires_at).toBe(later);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await expiry({ smartcard_id: temporaryId, expiresAt: null }, olga)).statusCode).toBe(404);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await expiry({ smartcard_id: temporaryId, expiresAt: null }, viewer)).statusCode).toBe(403);
    // The audit store down: nothing changes.
    await t.breakAudit();
    const down = await expiry({ smartcard_id: temporaryId, expiresAt: null });
    await t.repairAudit();
    expect(down.statusCode).toBe(503);
    expect((await cardRow(temporaryId)).extensions.temporary_card_expires_at).toBe(later);
  });

  it('should expire the temporary card after its days: refused for use, certificates revoked, the old card issued again', async () => {
    // Still valid: the card takes a PIN change.
    expect((await admin.post(`${P}/ChangePin`, { card_id: { readerName: reader(1) }, old_pin: PIN, new_pin: '13572468' })).json()).toEqual({ changed: true });
    // Its two days pass (moving the app's clock would end the session the agent is linked to: the expiry moves instead).
    const row = await cardRow(temporaryId);
    await t.db.updateTable('smartcards').set({ extensions: JSON.stringify({ ...row.extensions, temporary_card_expires_at: new Date(t.app.now() - 1).toISOString() }) }).where('id', '=', temporaryId).execute();
    // Use is refused at once, before any sweep ran.
    const refused = await admin.post(`${P}/ChangePin`, { card_id: { readerName: reader(1) }, old_pin: '13572468', new_pin: PIN });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ field: 'card_id', message: TEMPORARY_CARD_MESSAGES.EXPIRED });
    const links = (await admin.get(`${P}/TemporarilyReplacedBy?smartcard_id=${originalId}`)).json().smartcards;
    expect(links).toMatchObject([{ cardId: temporaryId, status: 'expired' }]);
    expect(await certStatuses(temporaryId)).toEqual(['revoked:cessationOfOperation']);
    const old = await cardRow(originalId);
    expect(old).toMatchObject({ status: 'issued', suspended_from: null, suspended_at: null, suspension_reason: null });
    expect(old.extensions.temporarily_replaced_by).toBeUndefined();
    expect(await certStatuses(originalId)).toEqual(['issued:']);
    expect((await t.auditRows('smartcard.temporary-expire')).at(-1)).toMatchObject({ actor_username: 'system', target_id: temporaryId, detail: { replaced: originalId, restoredStatus: 'issued' } });
    // An expired temporary card can still be cleaned (wiped and forgotten) for reuse.
    expect((await admin.post(`${P}/CleanCard`, { card_id: { readerName: reader(1) } })).json()).toEqual({ cleaned: true, certRevokeError: null });
    expect((await admin.get(`${P}/TemporarilyReplacedBy?smartcard_id=${originalId}`)).json()).toEqual({ smartcards: [] });
    // The old card may be replaced again.
    expect((await admin.get(`${P}/TemporaryCardCandidates?user_id=${aliceId}`)).json().smartcards.map((c: { cardId: string }) => c.cardId)).toEqual([originalId]);
  });

  it('should assign a registered card as an unlimited temporary card for the card', async () => {
    const registered = await admin.post(`${P}/RegisterCard`, { card_id: { readerName: reader(2) } });
    expect(registered.statusCode).toBe(200);
    const cardId = registered.json().smartcard.cardId;
    const response = await admin.post(`${P}/AssignTemporaryCard`, { card_id: cardId, user_id: aliceId, card_template_id: cardTemplateId, old_card_id: originalId, validity_duration: 0 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'assigned', userId: aliceId, extensions: { temporary_card: true, temporarily_replaces: originalId, temporary_card_expires_at: null } });
    expect((await admin.get(`${P}/TemporarilyReplacedBy?smartcard_id=${originalId}`)).json().smartcards.map((c: { cardId: string; status: string }) => `${c.cardId}:${c.status}`)).toEqual([`${cardId}:assigned`]);
    expect((await cardRow(originalId)).status).toBe('suspended');
    expect((await t.auditRows('smartcard.temporary-assign')).at(-1)).toMatchObject({ target_id: cardId, detail: { replaces: originalId, expiresAt: null } });
    // Unlimited: a year later it is still the replacement.
    t.advance(365 * DAY);
    const later = t.client();
    await later.login('admin', TEST_PASSWORD);
    expect((await later.get(`${P}/TemporarilyReplaces?smartcard_id=${cardId}`)).json().smartcards).toMatchObject([{ cardId: originalId, status: 'suspended' }]);
  });
});
