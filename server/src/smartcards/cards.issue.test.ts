/**
 * IssueCard through the real parts on one machine (issue 15): a real app with its agent hub and PGlite, a real
 * agent (virtual readers, virtual PIV cards) linked over gRPC, the PIV driver on the server over RemoteCard, and
 * the real PKI issuing from requests the card signed. The card afterwards answers to the new PIN and to the
 * server's sealed management key only, holds certificates that verify against the CA and match its keys; a card
 * pulled out mid-issue leaves an `error` record, never an `issued` one.
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { ALGORITHM, DEFAULT_MANAGEMENT_KEY, PivCommands, SLOT } from '@tessera/card';
import { MESSAGES } from '@tessera/domain';
import { TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { expectNoCardSecrets } from '../test-helpers/card-secrets';
import { cardTestbed, type CardTestbed } from '../test-helpers/card-testbed';
import type { Agent } from '../../../agent/src/agent';
import { secretBoxFor } from '../platform/secret-box';
import type { HubEvent } from '../platform/agent-hub/AgentHub';
import { x509 } from '../pki/pki.service';
import { CARD_PROGRESS_EVENT, withRemoteCard } from './remote-card';

const READER = 'Tessera Virtual Reader 0';
const SPARE = 'Tessera Virtual Reader 1';
const PIN = '24681357';

describe('IssueCard through the agent and the virtual card', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let agent: Agent;
  let sessionId: string;
  let caPem: string;
  let cardTemplateId: string;
  let aliceId: string;

  let bed: CardTestbed;
  beforeAll(async () => {
    bed = await cardTestbed({ agent: { virtualReaders: 2 }, certificateTemplates: ['piv-auth', 'piv-sign'], cardTemplates: [
      { name: 'staff', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' }, { slot: '9C', certificateTemplate: 'piv-sign', keyType: 'P-256' }], pin: { minLength: 8, maxLength: 8, digitsOnly: true } },
    ] });
    ({ t, tenantId, admin, agent, sessionId, caPem } = bed);
    cardTemplateId = bed.cardTemplateIds.staff!;
    ({ userId: aliceId } = await t.createUser(tenantId, 'alice', ['selfServicePortal']));
  });
  afterAll(async () => bed?.close());

  const cards = () => t.db.selectFrom('smartcards').select(['serial_number', 'status', 'user_id', 'failure']).orderBy('created_at').execute();

  it('should refuse a PIN the card template does not allow, naming the field, and touch nothing', async () => {
    const response = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplateId, pin: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', field: 'pin', message: 'PIN must be between 8-8 numbers' });
    expect(await cards()).toEqual([]);
  });

  it('should refuse to issue to a user without secret questions when the tenant requires them, and touch nothing', async () => {
    expect((await admin.put('/api2/CMS-v2/SecretQuestionsPolicy', { required: true })).statusCode).toBe(200);
    const events: HubEvent[] = [];
    const off = t.app.agentHub.subscribe(sessionId, (event) => events.push(event));
    const response = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    off();
    expect((await admin.put('/api2/CMS-v2/SecretQuestionsPolicy', { required: false })).statusCode).toBe(200);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', field: 'user_id', message: MESSAGES.SECRET_QUESTIONS_REQUIRED });
    expect(await cards()).toEqual([]);
    // The card was never opened.
    expect(events.filter((e) => e.type === CARD_PROGRESS_EVENT)).toEqual([]);
  });

  it('should issue: PIN, PUK, keys and certificates on the card, its own management key, in 5 Transmits with progress', async () => {
    const events: HubEvent[] = [];
    const off = t.app.agentHub.subscribe(sessionId, (event) => events.push(event));
    const response = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    off();
    expect(response.statusCode).toBe(200);
    const card = response.json();
    expect(card).toMatchObject({ status: 'issued', userId: aliceId, cardTemplateId, cardType: 'PIV', serialNumber: agent.readers.get(READER).smartcard?.serialNumber, failure: null });
    expectNoCardSecrets(card);
    expect(card.certificates.map((c: { slot: string }) => c.slot)).toEqual(['9A', '9C']);

    const steps = events.filter((e) => e.type === CARD_PROGRESS_EVENT).map((e) => e.step);
    expect(steps).toEqual(['open', 'read card', 'generate keys', 'sign requests', 'issue certificates', 'write certificates', 'done']);
    const audit = (await t.auditRows('smartcard.issue')).at(-1)!;
    expect(audit).toMatchObject({ outcome: 'success', tenant_id: tenantId, target_id: card.cardId, detail: { userId: aliceId, roundTrips: 5 } });
    expect(JSON.stringify(audit.detail)).not.toContain(PIN);

    // The certificates verify against the CA and name the user.
    const ca = new x509.X509Certificate(caPem);
    for (const c of card.certificates) {
      const certificate = new x509.X509Certificate(c.pem);
      expect(await certificate.verify({ publicKey: ca, signatureOnly: true })).toBe(true);
      expect(certificate.subject).toBe('CN=alice');
    }

    // The card answers to the new PIN and the server's management key, not the factory key; its keys match its certificates.
    const row = await t.db.selectFrom('smartcards').select(['id', 'sealed_management_key', 'sealed_puk']).where('id', '=', card.cardId).executeTakeFirstOrThrow();
    const box = secretBoxFor(t.app.config);
    const managementKey = Buffer.from(box.decrypt(row.sealed_management_key!, `smartcard-management-key:${row.id}`), 'hex');
    expect(box.decrypt(row.sealed_puk!, `smartcard-puk:${row.id}`)).toMatch(/^\d{8}$/);
    await withRemoteCard({ hub: t.app.agentHub, sessionId, readerName: READER }, async (_card, piv) => {
      await piv.select();
      await expect(piv.authenticate(DEFAULT_MANAGEMENT_KEY)).rejects.toMatchObject({ code: 'AUTH_FAILED' });
      await piv.authenticate(managementKey);
      const message = Buffer.from('a challenge for the issued card');
      const [, der, signature] = await piv.batch([PivCommands.verifyPin(PIN), PivCommands.getCertificate(SLOT.AUTHENTICATION), PivCommands.sign(SLOT.AUTHENTICATION, ALGORITHM.ECC_P256, createHash('sha256').update(message).digest())]);
      const onCard = new x509.X509Certificate(new Uint8Array(der!));
      expect(onCard.serialNumber.toLowerCase()).toBe(card.certificates[0].serialNumber);
      const publicKey = createPublicKey({ key: Buffer.from(onCard.publicKey.rawData), format: 'der', type: 'spki' });
      expect(verify('sha256', message, publicKey, signature)).toBe(true);
    });

    expect((await admin.get(`/api2/CMS-v2/Smartcard?id=${card.cardId}`)).json()).toEqual(card);
    expect((await admin.get(`/smartcards/users/${aliceId}`)).json()).toEqual([card]);
    expect((await admin.get(`/api2/CMS-v2/Smartcards?user_id=${aliceId}`)).json()).toEqual({ smartcards: [card], total: 1, page: 1, pageSize: 20 });
  });

  it('should refuse to issue a card the server already knows, and leave its record alone', async () => {
    const before = await cards();
    const response = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: MESSAGES.SMARTCARD_ALREADY_KNOWN });
    expect(await cards()).toEqual(before);
  });

  it('should change the PIN, block it with wrong PINs, unblock it with the server-held PUK, revoke, clean and issue again', async () => {
    const card = { readerName: READER };
    const validate = (pin: string) => admin.post('/api2/CMS-v2/ValidatePin', { card_id: card, pin });
    const [record] = (await admin.get(`/api2/CMS-v2/Smartcards?user_id=${aliceId}`)).json().smartcards;

    const wrongOld = await admin.post('/api2/CMS-v2/ChangePin', { card_id: card, old_pin: '99999999', new_pin: '13572468' });
    expect(wrongOld.statusCode).toBe(403);
    expect(wrongOld.json()).toMatchObject({ code: 'INCORRECT_PIN', message: `${MESSAGES.INCORRECT_PIN_PROVIDED} 2 tries left.` });
    const short = await admin.post('/api2/CMS-v2/ChangePin', { card_id: card, old_pin: PIN, new_pin: '1357246' });
    expect(short.json()).toEqual({ code: 'VALIDATION', field: 'new_pin', message: 'PIN must be between 8-8 numbers' });
    expect((await validate(PIN)).json()).toEqual({ valid: true });
    // The audit store down: the card is not touched at all (its `.started` event is written before the card changes;
    // the wrong-PIN attempt above wrote one too).
    const startedBefore = (await t.auditRows('smartcard.change-pin.started')).length;
    expect(startedBefore).toBe(1);
    await t.breakAudit();
    const auditDown = await admin.post('/api2/CMS-v2/ChangePin', { card_id: card, old_pin: PIN, new_pin: '13572468' });
    await t.repairAudit();
    expect([auditDown.statusCode, auditDown.body]).toEqual([503, 'Audit failed']);
    expect((await validate(PIN)).json()).toEqual({ valid: true });
    expect(await t.auditRows('smartcard.change-pin.started')).toHaveLength(startedBefore);
    expect((await admin.post('/api2/CMS-v2/ChangePin', { card_id: card, old_pin: PIN, new_pin: '13572468' })).json()).toEqual({ changed: true });
    expect((await t.auditRows('smartcard.change-pin.started')).map((r) => r.target_id)).toEqual([record.cardId, record.cardId]);
    expect((await validate(PIN)).statusCode).toBe(403);
    expect((await validate('13572468')).json()).toEqual({ valid: true });
    expect((await t.auditRows('smartcard.change-pin')).at(-1)).toMatchObject({ target_id: record.cardId });

    // A suspended card blocks use: no PIN change, no unblock, until it is resumed.
    expect((await admin.post('/api2/CMS-v2/SuspendCard', { smartcard_id: record.cardId })).json()).toMatchObject({ status: 'suspended' });
    for (const [call, body] of [['ChangePin', { card_id: card, old_pin: '13572468', new_pin: '24682468' }], ['UnblockCard', { card_id: card, new_pin: '24682468' }]] as const) {
      const refused = await admin.post(`/api2/CMS-v2/${call}`, body);
      expect([refused.statusCode, refused.json()]).toEqual([409, expect.objectContaining({ field: 'card_id', message: MESSAGES.SMARTCARD_IS_SUSPENDED })]);
    }
    expect((await validate('13572468')).json()).toEqual({ valid: true });
    expect((await admin.post('/api2/CMS-v2/ResumeCard', { smartcard_id: record.cardId })).json()).toMatchObject({ status: 'issued' });

    for (let i = 0; i < 3; i += 1) expect((await validate('00000000')).statusCode).toBe(403);
    expect((await validate('13572468')).statusCode).toBe(403); // blocked: even the right PIN is refused
    expect((await admin.post('/api2/CMS-v2/UnblockCard', { card_id: card, new_pin: '11223344' })).json()).toEqual({ unblocked: true });
    expect((await validate('11223344')).json()).toEqual({ valid: true });
    expect((await t.auditRows('smartcard.unblock')).at(-1)).toMatchObject({ target_id: record.cardId });

    const revoked = await admin.post('/api2/CMS-v2/RevokeCard', { smartcard_id: record.cardId });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ certRevokeError: null, smartcard: { status: 'revoked' } });
    const serials = record.certificates.map((c: { serialNumber: string }) => c.serialNumber);
    const pki = await t.db.selectFrom('certificates').select(['serial_number', 'status']).where('serial_number', 'in', serials).execute();
    expect(pki.map((r) => r.status)).toEqual(['revoked', 'revoked']);

    await t.breakAudit();
    const cleanAuditDown = await admin.post('/api2/CMS-v2/CleanCard', { card_id: card });
    await t.repairAudit();
    expect(cleanAuditDown.statusCode).toBe(503);
    expect((await admin.get(`/api2/CMS-v2/Smartcard?id=${record.cardId}`)).statusCode).toBe(200);
    await withRemoteCard({ hub: t.app.agentHub, sessionId, readerName: READER }, async (_card, piv) => {
      await piv.select();
      expect(await piv.getCertificate(SLOT.AUTHENTICATION)).not.toBeNull(); // not wiped
    });
    const cleaned = await admin.post('/api2/CMS-v2/CleanCard', { card_id: card });
    expect(cleaned.json()).toEqual({ cleaned: true, certRevokeError: null });
    expect((await admin.get(`/api2/CMS-v2/Smartcard?id=${record.cardId}`)).statusCode).toBe(404);
    expect((await t.auditRows('smartcard.clean')).at(-1)).toMatchObject({ target_id: record.cardId });
    await withRemoteCard({ hub: t.app.agentHub, sessionId, readerName: READER }, async (_card, piv) => {
      await piv.select();
      await piv.authenticate(DEFAULT_MANAGEMENT_KEY);
      expect(await piv.getCertificate(SLOT.AUTHENTICATION)).toBeNull();
    });
    const again = await admin.post('/api2/CMS-v2/IssueCard', { card_id: card, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(again.json()).toMatchObject({ status: 'issued', serialNumber: record.serialNumber });
  });

  it('should leave an error record, never an issued one, when the card is pulled out mid-issue', async () => {
    const off = t.app.agentHub.subscribe(sessionId, (event) => {
      if (event.type === CARD_PROGRESS_EVENT && event.readerName === SPARE && event.step === 'write certificates') agent.virtual!.remove(1);
    });
    const response = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: SPARE }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    off();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'CMS_CLIENT_ERROR' });
    const spare = (await cards()).find((c) => c.status === 'error');
    expect(spare).toMatchObject({ status: 'error', user_id: aliceId, failure: expect.any(String) });
    const record = (await admin.get(`/smartcards/users/${aliceId}`)).json().find((c: { status: string }) => c.status === 'error');
    // The certificates already issued are on the record, so they can be revoked when the card is cleaned.
    expect(record.certificates).toHaveLength(2);
    expect((await t.auditRows('smartcard.issue')).at(-1)).toMatchObject({ outcome: 'failure', target_id: record.cardId });
    expect(agent.readers.cardSessions()).toEqual([]);
    agent.virtual!.insert(1);
  });

  it('should keep tenants apart', async () => {
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardManage']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    const [card] = (await admin.get('/api2/CMS-v2/Smartcards')).json().smartcards;
    expect((await olga.get(`/api2/CMS-v2/Smartcard?id=${card.cardId}`)).statusCode).toBe(404);
    expect((await olga.get('/api2/CMS-v2/Smartcards')).json()).toEqual({ smartcards: [], total: 0, page: 1, pageSize: 20 });
    expect((await olga.get(`/smartcards/users/${aliceId}`)).statusCode).toBe(404);
    // signin §7: 404 means the user has no smartcards.
    const { userId: carolId } = await t.createUser(tenantId, 'carol', ['selfServicePortal']);
    const none = await admin.get(`/smartcards/users/${carolId}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await admin.get(`/smartcards/users/${aliceId}`)).json().length).toBeGreaterThan(0);
    const issue = await olga.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(issue.json()).toMatchObject({ code: 'VALIDATION', field: 'card_template_id' });
  });

  it('should issue over IssueCardStream: the request as the one message, this operation\'s progress steps, then the card; refusals name the field; same origin and smartcardManage only', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = `ws://127.0.0.1:${port}/api2/CMS-v1/IssueCardStream`;
    const refusal = (headers: Record<string, string>, origin: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, { headers, origin });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
      });
    expect(await refusal({ cookie }, 'https://evil.example')).toBe(403);
    expect(await refusal({}, `http://127.0.0.1:${port}`)).toBe(401);
    const { userId: bobId } = await t.createUser(tenantId, 'bob', ['selfServicePortal']);
    const bob = t.client();
    await bob.login('bob', TEST_PASSWORD);
    expect(await refusal({ cookie: [...bob.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }, `http://127.0.0.1:${port}`)).toBe(403);

    type Message = { type: string; readerName: string; operationId?: string; step?: string; field?: string; status?: number; message?: string; result?: { status: string; userId: string; serialNumber: string } };
    const run = (request: unknown) =>
      new Promise<{ messages: Message[]; closeCode: number }>((resolve, reject) => {
        const ws = new WebSocket(url, { headers: { cookie }, origin: `http://127.0.0.1:${port}` });
        const messages: Message[] = [];
        ws.on('open', () => ws.send(JSON.stringify(request)));
        ws.on('message', (data) => messages.push(JSON.parse(String(data))));
        ws.on('close', (code) => resolve({ messages, closeCode: code }));
        ws.on('error', reject);
      });

    // A body the schema refuses: the field named, nothing opened.
    const bad = await run({ card_id: { readerName: READER }, user_id: bobId, card_template_id: cardTemplateId, pin: '12' });
    expect(bad.closeCode).toBe(1000);
    expect(bad.messages).toEqual([{ type: 'cardOperationFailed', readerName: READER, operationId: expect.any(String), status: 400, code: 'VALIDATION', field: 'pin', message: expect.stringMatching(/^pin /) }]);

    // The card in READER is issued already: clean it, then issue it to bob over the stream while another operation's progress goes by.
    expect((await admin.post('/api2/CMS-v2/CleanCard', { card_id: { readerName: READER } })).statusCode).toBe(200);
    const other = setTimeout(() => t.app.agentHub.publish(sessionId, { type: CARD_PROGRESS_EVENT, readerName: READER, operationId: 'someone-else', step: 'read card' }), 5);
    const good = await run({ card_id: { readerName: READER }, user_id: bobId, card_template_id: cardTemplateId, pin: PIN });
    clearTimeout(other);
    expect(good.closeCode).toBe(1000);
    const operationIds = new Set(good.messages.map((m) => m.operationId));
    expect(operationIds.size).toBe(1);
    expect(good.messages.filter((m) => m.type === CARD_PROGRESS_EVENT).map((m) => m.step)).toEqual(['open', 'read card', 'generate keys', 'sign requests', 'issue certificates', 'write certificates', 'done']);
    const last = good.messages.at(-1)!;
    expect(last).toMatchObject({ type: 'cardOperationDone', readerName: READER, result: { status: 'issued', userId: bobId, serialNumber: agent.readers.get(READER).smartcard?.serialNumber } });
    expectNoCardSecrets(good.messages);
    expect((await t.auditRows('smartcard.issue')).at(-1)).toMatchObject({ outcome: 'success', actor_username: 'admin', detail: { userId: bobId } });

    // The card now has a record: the service's refusal comes back as the HTTP call's would.
    const again = await run({ card_id: { readerName: READER }, user_id: bobId, card_template_id: cardTemplateId, pin: PIN });
    expect(again.messages.at(-1)).toMatchObject({ type: 'cardOperationFailed', status: 409, field: 'card_id', message: MESSAGES.SMARTCARD_ALREADY_KNOWN });
  });

  it('should register a card, assign, unassign and assign it, issue it on its record, refuse to assign it then, and unregister it (certificates revoked)', async () => {
    // The card in READER is bob's from the stream test: forget it first.
    expect((await admin.post('/api2/CMS-v2/CleanCard', { card_id: { readerName: READER } })).statusCode).toBe(200);
    const serialNumber = agent.readers.get(READER).smartcard?.serialNumber;

    // Issue details are all or nothing, checked before the card is touched.
    const partial = await admin.post('/api2/CMS-v1/RegisterCard', { card_id: { readerName: READER }, user_id: aliceId });
    expect(partial.json()).toMatchObject({ code: 'VALIDATION', field: 'card_template_id' });
    expect(await cards()).not.toContainEqual(expect.objectContaining({ serial_number: serialNumber }));

    const registered = await admin.post('/api2/CMS-v1/RegisterCard', { card_id: { readerName: READER, applet_id: 'piv' } });
    expect(registered.statusCode).toBe(200);
    const { smartcard, issued } = registered.json();
    expect(issued).toBe(false);
    expect(smartcard).toMatchObject({ status: 'registered', serialNumber, userId: null, cardTemplateId: null, certificates: [], extensions: { applet_id: 'piv' } });
    expect((await admin.post('/api2/CMS-v2/RegisterCard', { card_id: { readerName: READER } })).json()).toMatchObject({ code: 'CONFLICT', field: 'card_id', message: MESSAGES.SMARTCARD_ALREADY_KNOWN });
    expect((await t.auditRows('smartcard.register')).at(-1)).toMatchObject({ target_id: smartcard.cardId, detail: { serialNumber } });

    const assign = (body: Record<string, unknown>) => admin.post('/api2/CMS-v2/AssignCard', { card_id: smartcard.cardId, user_id: aliceId, card_template_id: cardTemplateId, ...body });
    expect((await assign({ user_id: tenantId })).json()).toMatchObject({ code: 'VALIDATION', field: 'user_id' });
    expect((await assign({ extensions: { temporary_card: false } })).json()).toMatchObject({ status: 'assigned', userId: aliceId, cardTemplateId, extensions: { applet_id: 'piv', temporary_card: false } });
    expect((await admin.post('/api2/CMS-v2/UnassignCard', { card_id: smartcard.cardId })).json()).toMatchObject({ status: 'registered', userId: null, cardTemplateId: null });
    expect((await assign({})).json()).toMatchObject({ status: 'assigned', userId: aliceId });
    expect((await t.auditRows('smartcard.assign')).length).toBe(2);
    expect((await t.auditRows('smartcard.unassign')).length).toBe(1);

    // Issue on the assigned record: the same card id, now issued.
    const issuedCard = (await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN })).json();
    expect(issuedCard).toMatchObject({ cardId: smartcard.cardId, status: 'issued', serialNumber });
    expect((await assign({})).json()).toMatchObject({ code: 'CONFLICT', field: 'card_id', message: MESSAGES.SMARTCARD_NOT_ASSIGNABLE });
    expect((await admin.post('/api2/CMS-v2/UnassignCard', { card_id: smartcard.cardId })).statusCode).toBe(409);

    // Unregister: every certificate revoked, the record gone.
    const unregistered = await admin.post('/api2/CMS-v2/UnregisterCard', { smartcard_id: smartcard.cardId });
    expect(unregistered.json()).toEqual({ unregistered: true, pkiError: false, certRevokeError: null });
    for (const c of issuedCard.certificates) {
      expect((await admin.get(`/api2/Certificates-v1/Certificate?certId=${encodeURIComponent(c.certId)}`)).json()).toMatchObject({ status: 'revoked' });
    }
    expect((await admin.get(`/api2/CMS-v2/Smartcard?id=${smartcard.cardId}`)).statusCode).toBe(404);
    expect((await admin.post('/api2/CMS-v2/UnregisterCard', { smartcard_id: smartcard.cardId })).statusCode).toBe(404);
    expect((await t.auditRows('smartcard.unregister')).at(-1)).toMatchObject({ outcome: 'success', target_id: smartcard.cardId });

    // Register chaining into issue (signin §4), and another tenant sees none of it. Unregister left the card's keys
    // and management key on it: clean it (a card the server does not know is cleaned too) before it is reused.
    expect((await admin.post('/api2/CMS-v2/CleanCard', { card_id: { readerName: READER } })).statusCode).toBe(200);
    const chained = (await admin.post('/api2/CMS-v2/RegisterCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN })).json();
    expect(chained).toMatchObject({ issued: true, smartcard: { status: 'issued', serialNumber, userId: aliceId } });
    expect(chained.smartcard.certificates).toHaveLength(2);
    const other = await t.createTenant('Initech', ['initech.example']);
    await t.createUser(other, 'ivan', ['smartcardManage']);
    const ivan = t.client();
    await ivan.post('/api2/Authentication-v1/login', { username: 'ivan', password: TEST_PASSWORD }, { headers: { host: 'initech.example' } });
    expect((await ivan.post('/api2/CMS-v2/UnregisterCard', { smartcard_id: chained.smartcard.cardId })).statusCode).toBe(404);
    expect((await ivan.post('/api2/CMS-v2/AssignCard', { card_id: chained.smartcard.cardId, user_id: aliceId, card_template_id: cardTemplateId })).statusCode).toBe(404);
    expect((await admin.get(`/api2/CMS-v2/Smartcard?id=${chained.smartcard.cardId}`)).json()).toMatchObject({ status: 'issued' });
  });

  it('should register chaining into issue over RegisterCardStream and unregister over UnregisterCardStream, with one operation id and its steps', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    type Message = { type: string; operationId?: string; step?: string; result?: Record<string, unknown>; field?: string };
    const run = (stream: string, request: unknown) =>
      new Promise<Message[]>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api2/CMS-v2/${stream}`, { headers: { cookie }, origin: `http://127.0.0.1:${port}` });
        const messages: Message[] = [];
        ws.on('open', () => ws.send(JSON.stringify(request)));
        ws.on('message', (data) => messages.push(JSON.parse(String(data))));
        ws.on('close', () => resolve(messages));
        ws.on('error', reject);
      });
    const [existing] = (await admin.get('/api2/CMS-v2/Smartcards')).json().smartcards.filter((c: { serialNumber: string }) => c.serialNumber === agent.readers.get(READER).smartcard?.serialNumber);
    expect((await admin.post('/api2/CMS-v2/UnregisterCard', { smartcard_id: existing.cardId })).json()).toMatchObject({ unregistered: true });
    expect((await admin.post('/api2/CMS-v2/CleanCard', { card_id: { readerName: READER } })).statusCode).toBe(200);

    const partial = await run('RegisterCardStream', { card_id: { readerName: READER }, pin: PIN });
    expect(partial).toEqual([expect.objectContaining({ type: 'cardOperationFailed', status: 400, field: 'user_id' })]);

    const registered = await run('RegisterCardStream', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(new Set(registered.map((m) => m.operationId)).size).toBe(1);
    // The registration's steps, then the issue's.
    expect(registered.filter((m) => m.type === CARD_PROGRESS_EVENT).map((m) => m.step)).toEqual(['open', 'read card', 'done', 'open', 'read card', 'generate keys', 'sign requests', 'issue certificates', 'write certificates', 'done']);
    const outcome = registered.at(-1)!;
    expect(outcome).toMatchObject({ type: 'cardOperationDone', result: { issued: true, smartcard: { status: 'issued', userId: aliceId } } });

    const cardId = (outcome.result!.smartcard as { cardId: string }).cardId;
    const unregistered = await run('UnregisterCardStream', { smartcard_id: cardId });
    expect(unregistered).toEqual([expect.objectContaining({ type: 'cardOperationDone', result: { unregistered: true, pkiError: false, certRevokeError: null } })]);
    expect((await admin.get(`/api2/CMS-v2/Smartcard?id=${cardId}`)).statusCode).toBe(404);
  });
});
