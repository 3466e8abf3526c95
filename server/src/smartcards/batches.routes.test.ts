/**
 * Card batches end to end on one machine (issue 16; signin §7 AddBatch, PrintBatch, DeactivatePrintedCard;
 * admin-console §2.2 batchPrintStatus/{id}, batchfiles/download): a real agent with virtual readers and its virtual
 * printer (each insert feeds a factory-fresh virtual card into the encoder's reader) linked over gRPC to a real
 * app. Each card is inserted, issued (the PKI issues its certificate), printed as the server's PDF and ejected; a
 * batch stopped by a printer fault goes on with the same call and prints no card twice; permissions, audit and
 * tenants kept apart.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BATCH_PROGRESS_EVENT } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import { SESSION_COOKIE } from '../platform/session-cookie';
import { sessionIdOf } from '../platform/session-store';
import type { TestClient } from '../test-helpers/client';
import { startLinkedAgent } from '../test-helpers/agent-link';
import type { Agent } from '../../../agent/src/agent';

const ENCODER = 'Tessera Virtual Reader 1';
const LAYOUT = { front: { background: { color: '#ffffff' }, elements: [{ type: 'text', source: { field: 'givenName' }, x: 4, y: 4, fontSize: 5 }, { type: 'text', source: { field: 'familyName' }, x: 4, y: 11, fontSize: 5 }] } };
const NAMES = [['Ada', 'Lovelace'], ['Alan', 'Turing'], ['Grace', 'Hopper'], ['Edsger', 'Dijkstra'], ['Barbara', 'Liskov'], ['Donald', 'Knuth']] as const;

describe('Card batches through the agent, its virtual readers and printer', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let agent: Agent;
  let folder: string;
  let templateId: string;
  const userIds: string[] = [];

  const pdfs = () => readdirSync(folder).filter((f) => f.endsWith('.pdf'));
  const textOf = (printedCardId: string) => execFileSync('pdftotext', [path.join(folder, `${printedCardId}.pdf`), '-'], { encoding: 'utf8' });
  const entry = (i: number) => ({ cardTemplateId: templateId, userId: userIds[i]!, userDn: `CN=${NAMES[i]![0]} ${NAMES[i]![1]},O=Acme` });
  const batchCount = async () => Number((await t.db.selectFrom('smartcard_batches').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'tessera-batch-'));
    t = await build({ config: { agentCallTimeoutMs: 10_000 } });
    ({ tenantId } = await t.bootstrap());
    await t.app.agentHub.listen('127.0.0.1', 0);
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    ({ agent } = await startLinkedAgent(t, admin, { virtualReaders: 2, printerReader: 1, printerDir: folder }));
    const ca = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Card CA', keyAlgorithm: 'P-256', subject: 'CN=Card CA, O=Acme' })).json();
    expect((await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: 'piv-auth', class: 'USER', caId: ca.id, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['clientAuth'] })).statusCode).toBe(201);
    const template = await admin.post('/api2/CMS-v2/CardTemplate', { name: 'staff', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' }], pin: { minLength: 8, maxLength: 8, digitsOnly: true } });
    templateId = template.json().cardTemplateId;
    expect((await admin.put('/api2/CMS-v2/CardLayout', { templateId, layout: LAYOUT })).statusCode).toBe(200);
    for (const [given, family] of NAMES) {
      const { userId } = await t.createUser(tenantId, given.toLowerCase(), ['selfServicePortal']);
      await t.db.updateTable('users').set({ given_name: given, family_name: family }).where('id', '=', userId).execute();
      userIds.push(userId);
    }
  }, 120_000);
  afterAll(async () => {
    await agent?.close();
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('should refuse a bad AddBatch naming the field, and add nothing', async () => {
    const before = await batchCount();
    const empty = await admin.post('/api2/CMS-v2/AddBatch', { users: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'users', message: 'users names no user' });
    const unknown = await admin.post('/api2/CMS-v2/AddBatch', { users: [entry(0), { ...entry(1), userId: '00000000-0000-4000-8000-000000000001' }] });
    expect(unknown.json()).toMatchObject({ field: 'users[1].userId', message: 'users[1].userId is not a user of this tenant' });
    const twice = await admin.post('/api2/CMS-v2/AddBatch', { users: [entry(0), entry(0)] });
    expect(twice.json()).toMatchObject({ field: 'users[1].userId' });
    const badTemplate = await admin.post('/api2/CMS-v2/AddBatch', { users: [{ ...entry(0), cardTemplateId: '00000000-0000-4000-8000-000000000002' }] });
    expect(badTemplate.json()).toMatchObject({ field: 'users[0].cardTemplateId' });
    const shape = await admin.post('/api2/CMS-v2/AddBatch', { users: [{ ...entry(0), userId: 'nope' }] });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().message).toContain('userId');
    expect(await batchCount()).toBe(before);
  });

  it('should issue and print each card of a batch, record the printed cards, answer the status and the CSV', async () => {
    const added = await admin.post('/api2/CMS-v1/AddBatch', { users: [entry(0), entry(1)] });
    expect(added.statusCode).toBe(201);
    const { batchId } = added.json();
    const status0 = (await admin.get(`/api2/CMS-v2/BatchPrintStatus?batch_id=${batchId}`)).json();
    expect(status0).toMatchObject({ batchId, state: 'new', total: 2, done: 0, cards: [{ position: 1, state: 'pending', userId: userIds[0] }, { position: 2, state: 'pending' }] });

    const before = pdfs().length;
    // Each card's progress is pushed on the printing session's stream (ListReadersStream) as it happens.
    const pushed: { position: unknown; state: unknown; batchId: unknown; readerName: string }[] = [];
    const stop = t.app.agentHub.subscribe(sessionIdOf(admin.cookies.get(SESSION_COOKIE)!), (event) => {
      if (event.type === BATCH_PROGRESS_EVENT) pushed.push({ position: event.card, state: event.step, batchId: event.operationId, readerName: event.readerName });
    });
    const printed = await admin.post('/api2/CMS-v2/PrintBatch', { batch_id: batchId, reader: ENCODER, printOnly: false }).finally(stop);
    expect(printed.statusCode).toBe(200);
    expect(pushed.every((e) => e.batchId === batchId && e.readerName === ENCODER)).toBe(true);
    expect(pushed.map((e) => `${String(e.position)}:${String(e.state)}`)).toEqual(['1:inserted', '1:issued', '1:printed', '1:done', '2:inserted', '2:issued', '2:printed', '2:done']);
    const body = printed.json();
    expect(body).toMatchObject({ state: 'done', total: 2, done: 2, failed: 0, printedNow: 2, skipped: 0, reader: ENCODER, printOnly: false });
    expect(pdfs().length).toBe(before + 2);
    const cards = await t.db.selectFrom('smartcards').select(['id', 'serial_number', 'status', 'user_id']).execute();
    for (const [i, card] of (body.cards as { cardId: string; cardSerial: string; printedCardId: string; state: string }[]).entries()) {
      expect(card.state).toBe('done');
      const text = textOf(card.printedCardId);
      expect(text).toContain(NAMES[i]![0]);
      expect(text).toContain(NAMES[i]![1]);
      // issued on a card of its own, to the right user
      expect(cards.find((c) => c.id === card.cardId)).toMatchObject({ status: 'issued', user_id: userIds[i], serial_number: card.cardSerial });
    }
    expect(new Set(body.cards.map((c: { cardSerial: string }) => c.cardSerial)).size).toBe(2);
    expect(await t.auditRows('smartcard.batch.card')).toHaveLength(2);
    expect(await t.auditRows('smartcard.issue')).toHaveLength(2);

    const csv = await admin.get(`/api2/CMS-v2/batchfiles/download?batch_id=${batchId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"CN=Ada Lovelace,O=Acme"`);
    expect(lines[1]).toContain(body.cards[0].printedCardId);

    const again = await admin.post('/api2/CMS-v2/PrintBatch', { batch_id: batchId, reader: ENCODER, printOnly: false });
    expect(again.statusCode).toBe(409);
    expect(pdfs().length).toBe(before + 2);
  }, 120_000);

  it('should go on from where a stopped batch stopped with the same call, printing no card twice and telling which failed and why', async () => {
    const { batchId } = (await admin.post('/api2/CMS-v2/AddBatch', { users: [entry(2), entry(3), entry(4), entry(5)] })).json();
    const hub = t.app.agentHub;
    const original = hub.call.bind(hub);
    let prints = 0;
    // The printer refuses the second print (out of ribbon) before printing anything.
    hub.call = (async (sessionId: string, method: string, params: unknown, timeoutMs?: number) => {
      if (method === 'PrinterCardPrint' && ++prints === 2) throw new Error('out of ribbon');
      return (original as (...a: unknown[]) => Promise<unknown>)(sessionId, method, params, timeoutMs);
    }) as typeof hub.call;
    const before = pdfs().length;
    let first;
    try {
      first = (await admin.post('/api2/CMS-v2/PrintBatch', { batch_id: batchId, reader: ENCODER, printOnly: false })).json();
    } finally {
      hub.call = original;
    }
    expect(first).toMatchObject({ state: 'printing', done: 1, failed: 1, printedNow: 1 });
    expect(first.cards.map((c: { state: string }) => c.state)).toEqual(['done', 'failed', 'pending', 'pending']);
    expect(first.cards[1]).toMatchObject({ error: 'print: out of ribbon', printedCardId: null, cardId: expect.any(String) });
    expect(pdfs().length).toBe(before + 1);
    const status = (await admin.get(`/api2/CMS-v2/BatchPrintStatus?batch_id=${batchId}`)).json();
    expect(status.cards.map((c: { state: string }) => c.state)).toEqual(['done', 'failed', 'pending', 'pending']);

    const second = (await admin.post('/api2/CMS-v2/PrintBatch', { batch_id: batchId, reader: ENCODER, printOnly: false })).json();
    expect(second).toMatchObject({ state: 'done', done: 4, failed: 0, printedNow: 3, skipped: 1 });
    // 4 cards, 4 prints: the first card was not printed again; the issued card left in the encoder was printed
    expect(pdfs().length).toBe(before + 4);
    expect(second.cards[0].printedCardId).toBe(first.cards[0].printedCardId);
    expect(second.cards[1].cardId).toBe(first.cards[1].cardId);
    for (const [i, card] of (second.cards as { printedCardId: string }[]).entries()) expect(textOf(card.printedCardId)).toContain(NAMES[i + 2]![1]);
    // one issued card per user
    const issued = await t.db.selectFrom('smartcards').select('user_id').where('user_id', 'in', userIds.slice(2)).where('status', '=', 'issued').execute();
    expect(issued.map((r) => r.user_id).sort()).toEqual(userIds.slice(2).sort());
  }, 180_000);

  it('should print only when printOnly (no card issued), and deactivate a printed card once', async () => {
    const { batchId } = (await admin.post('/api2/CMS-v2/AddBatch', { users: [{ ...entry(0), userDn: 'CN=reprint' }] })).json();
    const cardsBefore = (await t.db.selectFrom('smartcards').select('id').execute()).length;
    const printed = (await admin.post('/api2/CMS-v1/PrintBatch', { batch_id: batchId, reader: ENCODER, printOnly: true })).json();
    expect(printed).toMatchObject({ state: 'done', printOnly: true, cards: [{ state: 'done', cardId: null }] });
    expect((await t.db.selectFrom('smartcards').select('id').execute()).length).toBe(cardsBefore);
    const { printedCardId } = printed.cards[0];
    expect(textOf(printedCardId)).toContain('Lovelace');

    const deactivated = await admin.post('/api2/CMS-v2/DeactivatePrintedCard', { printedCardId });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json()).toMatchObject({ printedCardId, deactivated: true });
    expect((await admin.post('/api2/CMS-v2/DeactivatePrintedCard', { printedCardId })).statusCode).toBe(409);
    expect((await admin.post('/api2/CMS-v2/DeactivatePrintedCard', { printedCardId: 'nope' })).statusCode).toBe(404);
    expect(await t.auditRows('smartcard.printed.deactivate')).toHaveLength(1);
  }, 120_000);

  it('should name a reader without a printer, and keep tenants and permissions apart', async () => {
    const { batchId } = (await admin.post('/api2/CMS-v2/AddBatch', { users: [entry(1)] })).json();
    const noPrinter = await admin.post('/api2/CMS-v2/PrintBatch', { batch_id: batchId, reader: 'Tessera Virtual Reader 0', printOnly: true });
    expect(noPrinter.statusCode).toBe(400);
    expect(noPrinter.json()).toMatchObject({ field: 'reader', message: 'reader has no card printer attached' });

    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardBatchFilesPrint', 'smartcardBatchFilesPrintStatus', 'smartcardBatchFiles']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get(`/api2/CMS-v2/BatchPrintStatus?batch_id=${batchId}`)).statusCode).toBe(404);
    expect((await olga.get(`/api2/CMS-v2/batchfiles/download?batch_id=${batchId}`)).statusCode).toBe(404);
    expect((await olga.post('/api2/CMS-v2/PrintBatch', { batch_id: batchId, reader: ENCODER, printOnly: true })).statusCode).toBe(404);
    const foreign = await olga.post('/api2/CMS-v2/AddBatch', { users: [entry(1)] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field).toBe('users[0].cardTemplateId');

    await t.createUser(tenantId, 'selma', ['selfServicePortal']);
    const selma = t.client();
    await selma.login('selma', TEST_PASSWORD);
    expect((await selma.post('/api2/CMS-v2/AddBatch', { users: [entry(1)] })).statusCode).toBe(403);
    expect((await selma.post('/api2/CMS-v2/PrintBatch', { batch_id: batchId, reader: ENCODER, printOnly: true })).statusCode).toBe(403);
    expect((await selma.get(`/api2/CMS-v2/BatchPrintStatus?batch_id=${batchId}`)).statusCode).toBe(403);
    expect((await selma.get(`/api2/CMS-v2/batchfiles/download?batch_id=${batchId}`)).statusCode).toBe(403);
  });

  it('should list the batches newest first, paged and searched on the server, for this tenant only', async () => {
    const all = (await admin.get('/api2/CMS-v2/Batches?pageSize=2')).json();
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.batches).toHaveLength(2);
    expect(all.batches[0].createdAt >= all.batches[1].createdAt).toBe(true);
    const found = (await admin.get(`/api2/CMS-v2/Batches?search=${encodeURIComponent('Edsger Dijkstra')}`)).json();
    expect(found.total).toBe(1);
    expect(found.batches[0]).toMatchObject({ state: 'done', total: 4, done: 4, failed: 0 });
    expect(found.batches[0].cards).toBeUndefined();
    const bad = await admin.get('/api2/CMS-v2/Batches?pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('pageSize');
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get('/api2/CMS-v2/Batches')).json()).toMatchObject({ total: 0, batches: [] });

    // The batch files screen (batchfiles/download [smartcardBatchFiles]) lists them too; nobody else does.
    await t.createUser(tenantId, 'fiona', ['smartcardBatchFiles']);
    const fiona = t.client();
    await fiona.login('fiona', TEST_PASSWORD);
    const files = (await fiona.get(`/api2/CMS-v2/Batches?search=${encodeURIComponent('Edsger Dijkstra')}`)).json();
    expect(files).toMatchObject({ total: 1, batches: [{ batchId: found.batches[0].batchId }] });
    expect((await fiona.get(`/api2/CMS-v2/batchfiles/download?batch_id=${found.batches[0].batchId}`)).statusCode).toBe(200);
    expect((await fiona.post('/api2/CMS-v2/AddBatch', { users: [entry(1)] })).statusCode).toBe(403);
    const selma = t.client();
    await selma.login('selma', TEST_PASSWORD);
    expect((await selma.get('/api2/CMS-v2/Batches')).statusCode).toBe(403);
  });

  it('should add nothing on 503 Audit failed', async () => {
    const before = await batchCount();
    await t.breakAudit();
    try {
      const response = await admin.post('/api2/CMS-v2/AddBatch', { users: [entry(0)] });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect(await batchCount()).toBe(before);
  });
});
