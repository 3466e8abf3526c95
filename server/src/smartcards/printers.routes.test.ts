/**
 * Card printers end to end on one machine (issue 16; signin §7 PrinterListPrinters, PrinterInsertCard,
 * PrinterEjectCard, PrinterCardPrint): a real agent with its virtual printer linked over gRPC to a real app; a
 * printed card lands in the printer's folder as the server's PNG sides (the same bytes CardLayoutCompressed
 * answers) and a PDF holding the user's name; each call audited; permissions and tenants kept apart.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { startLinkedAgent } from '../test-helpers/agent-link';
import type { Agent } from '../../../agent/src/agent';

const PRINTER = 'Tessera Virtual Card Printer';
const LAYOUT = { front: { background: { color: '#ffffff' }, elements: [{ type: 'text', source: { field: 'givenName' }, x: 4, y: 4, fontSize: 5 }, { type: 'text', source: { field: 'familyName' }, x: 4, y: 11, fontSize: 5 }] } };

describe('Card printers through the agent hub', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let agent: Agent;
  let folder: string;
  let templateId: string;
  let adaId: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'tessera-printed-'));
    t = await build({ config: { agentCallTimeoutMs: 5000 } });
    ({ tenantId } = await t.bootstrap());
    await t.app.agentHub.listen('127.0.0.1', 0);
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    ({ agent } = await startLinkedAgent(t, admin, { virtualReaders: 2, printerReader: 1, printerDir: folder }));
    templateId = (await t.db.insertInto('card_templates').values({ tenant_id: tenantId, name: 'staff', slots: '[]', pin: 'null' }).returning('id').executeTakeFirstOrThrow()).id;
    expect((await admin.put('/api2/CMS-v2/CardLayout', { templateId, layout: LAYOUT })).statusCode).toBe(200);
    ({ userId: adaId } = await t.createUser(tenantId, 'ada', []));
    await t.db.updateTable('users').set({ given_name: 'Ada', family_name: 'Lovelace' }).where('id', '=', adaId).execute();
  }, 120_000);
  afterAll(async () => {
    await agent?.close();
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('should list the printers on both paths, audited', async () => {
    for (const v of ['CMS-v1', 'CMS-v2']) {
      const listed = await admin.get(`/api2/${v}/PrinterListPrinters`);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual({ printers: [{ name: PRINTER, isCardPrinter: true }] });
    }
    expect(await t.auditRows('cms.PrinterListPrinters')).toHaveLength(2);
  });

  it("should insert a card (answering the encoder's reader), refuse a second insert, print the server's rendering as PNG and PDF, and eject", async () => {
    const inserted = await admin.post('/api2/CMS-v2/PrinterInsertCard', { printer: PRINTER });
    expect(inserted.json()).toEqual({ inserted: true, readerName: 'Tessera Virtual Reader 1' });
    // the encoder's reader is the one ListReaders shows with the printer
    const readers = (await admin.get('/api2/CMS-v2/ListReaders')).json().readers as { name: string; printer: unknown }[];
    expect(readers.find((r) => r.name === 'Tessera Virtual Reader 1')?.printer).toEqual({ name: PRINTER, isCardPrinter: true });
    const again = await admin.post('/api2/CMS-v2/PrinterInsertCard', { printer: PRINTER });
    expect(again.statusCode).toBe(502);
    expect(again.json().message).toContain('already holds a card');

    const printed = await admin.post('/api2/CMS-v2/PrinterCardPrint', { printer: PRINTER, cardSerial: 'SER-7', userId: adaId, cardTemplateId: templateId });
    expect(printed.statusCode).toBe(200);
    const { printedCardId } = printed.json();
    const preview = (await admin.get(`/api2/CMS-v2/CardLayoutCompressed?userId=${adaId}&templateId=${templateId}`)).json();
    expect(readFileSync(path.join(folder, `${printedCardId}-front.png`)).toString('base64')).toBe(preview.frontCompressed);
    expect(readFileSync(path.join(folder, `${printedCardId}-back.png`)).toString('base64')).toBe(preview.backCompressed);
    const text = execFileSync('pdftotext', [path.join(folder, `${printedCardId}.pdf`), '-'], { encoding: 'utf8' });
    expect(text).toContain('Ada');
    expect(text).toContain('Lovelace');
    expect((await t.auditRows('cms.PrinterCardPrint')).at(-1)).toMatchObject({ actor_username: 'admin', detail: { printer: PRINTER, cardSerial: 'SER-7', userId: adaId, cardTemplateId: templateId } });

    // printing ejected the card; an eject now has nothing to eject
    expect((await admin.post('/api2/CMS-v2/PrinterEjectCard', { printer: PRINTER })).statusCode).toBe(502);
    await admin.post('/api2/CMS-v2/PrinterInsertCard', { printer: PRINTER });
    expect((await admin.post('/api2/CMS-v2/PrinterEjectCard', { printer: PRINTER })).json()).toEqual({ ejected: true });
    expect(await t.auditRows('cms.PrinterEjectCard')).toHaveLength(2);
  });

  it('should name an unknown printer, refuse a bad body with its field, and print nothing for another tenant', async () => {
    const unknown = await admin.post('/api2/CMS-v2/PrinterInsertCard', { printer: 'Nope' });
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json().message).toContain("no printer 'Nope'");
    const bad = await admin.post('/api2/CMS-v2/PrinterCardPrint', { printer: PRINTER, cardSerial: 'S', userId: 'not-a-uuid', cardTemplateId: templateId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('userId');
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardManage']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    const before = existsSync(folder) ? execFileSync('ls', [folder], { encoding: 'utf8' }) : '';
    expect((await olga.post('/api2/CMS-v2/PrinterCardPrint', { printer: PRINTER, cardSerial: 'S', userId: adaId, cardTemplateId: templateId })).statusCode).toBe(404);
    expect(execFileSync('ls', [folder], { encoding: 'utf8' })).toBe(before);
  });

  it('should refuse callers without smartcardManage and change nothing on 503 Audit failed', async () => {
    await t.createUser(tenantId, 'selma', ['selfServicePortal']);
    const selma = t.client();
    await selma.login('selma', TEST_PASSWORD);
    expect((await selma.get('/api2/CMS-v2/PrinterListPrinters')).statusCode).toBe(403);
    expect((await selma.post('/api2/CMS-v2/PrinterInsertCard', { printer: PRINTER })).statusCode).toBe(403);
    await t.breakAudit();
    try {
      const response = await admin.post('/api2/CMS-v2/PrinterInsertCard', { printer: PRINTER });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    // the 503 moved no card: an insert now succeeds
    expect((await admin.post('/api2/CMS-v2/PrinterInsertCard', { printer: PRINTER })).statusCode).toBe(200);
    await admin.post('/api2/CMS-v2/PrinterEjectCard', { printer: PRINTER });
  });

  it('should print temporary passes from batch/print with the layout showing each pass number, and refuse a printer without a template before adding any pass', async () => {
    const passTemplate = (await t.db.insertInto('card_templates').values({ tenant_id: tenantId, name: 'pass', slots: '[]', pin: 'null' }).returning('id').executeTakeFirstOrThrow()).id;
    const layout = { front: { elements: [{ type: 'text', source: { text: 'VISITOR' }, x: 4, y: 4, fontSize: 5 }, { type: 'text', source: { extension: 'passNumber' }, x: 4, y: 12, fontSize: 5 }] } };
    expect((await admin.put('/api2/CMS-v2/CardLayout', { templateId: passTemplate, layout })).statusCode).toBe(200);
    const count = async () => Number((await t.db.selectFrom('temporary_passes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const refused = await admin.post('/api/smartcards/temporary/batch/print', { quantity: 2, cardType: 'guest', printer: PRINTER });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'cardTemplateId' });
    expect(await count()).toBe(before);

    const response = await admin.post('/api/smartcards/temporary/batch/print', { quantity: 2, cardType: 'guest', printer: PRINTER, cardTemplateId: passTemplate });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.passNumbers).toHaveLength(2);
    expect(body.printFailure).toBeNull();
    expect(body.printed.map((p: { passNumber: string }) => p.passNumber)).toEqual(body.passNumbers);
    for (const { passNumber, printedCardId } of body.printed as { passNumber: string; printedCardId: string }[]) {
      const text = execFileSync('pdftotext', [path.join(folder, `${printedCardId}.pdf`), '-'], { encoding: 'utf8' });
      expect(text).toContain('VISITOR');
      expect(text).toContain(passNumber);
    }
    expect(await count()).toBe(before + 2);
  });
});
