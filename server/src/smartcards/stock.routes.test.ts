/**
 * Card stock through the API (issue 15 "Beyond the spec: card stock"): a real app on a fresh PGlite. Receive a CSV
 * file or a list (the whole or nothing, every bad line named), the list (paged, sorted, searched, filtered), the
 * counts per card type with a settable low-stock threshold, the moves by hand (a destroy needs a reason, the state
 * machine refuses the rest), the next unused card number (the spec's failure text), the "require stock" setting;
 * every move audited in its transaction, 503 changes nothing, permission checked, tenants kept apart.
 */
import { STOCK_MESSAGES, STOCK_UNUSED_CARD_NUMBER_FAILED } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

describe('Card stock routes', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  const stockCount = async () => Number((await t.db.selectFrom('smartcard_stock').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
  }, 120_000);
  afterAll(async () => t?.close());

  it('should refuse a bad file naming every bad line, and receive nothing', async () => {
    const csv = ['serial,cardType,batch', 'A001,PIV,lot-1', 'a001,PIV,lot-1', 'B 002,PIV', ',PIV', 'C003', 'D004,PIV,lot-1,extra', 'E005,PIV'].join('\n');
    const response = await admin.post('/api2/CMS-v2/StockReceive', { csv });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.field).toBe('csv');
    expect(body.message).toContain('Line 3, serial: is named twice in the file (line 2)');
    expect(body.message).toContain(`Line 4, serial: ${STOCK_MESSAGES.SERIAL_INVALID}`);
    expect(body.message).toContain('Line 5, serial: is required');
    expect(body.message).toContain(`Line 6: ${STOCK_MESSAGES.WRONG_COLUMN_COUNT}`);
    expect(body.message).toContain(`Line 7: ${STOCK_MESSAGES.WRONG_COLUMN_COUNT}`);
    expect(body.message).not.toContain('Line 8');
    const header = await admin.post('/api2/CMS-v2/StockReceive', { csv: 'serial;type\nA1;PIV' });
    expect(header.json()).toMatchObject({ field: 'csv', message: `The file was not received: Line 1: ${STOCK_MESSAGES.BAD_HEADER}` });
    const neither = await admin.post('/api2/CMS-v2/StockReceive', {});
    expect(neither.json()).toMatchObject({ field: 'csv' });
    expect(await stockCount()).toBe(0);
    expect(await t.auditRows('smartcard.stock.receive')).toEqual([]);
  });

  it('should receive a whole file, count it per card type and audit one event naming every serial', async () => {
    const lines = ['serial,cardType,batch', ...Array.from({ length: 25 }, (_, i) => `piv-${String(i).padStart(3, '0')},PIV,lot-1`), 'PROX-1,Prox,', 'PROX-2,,lot-9'];
    const response = await admin.post('/api2/CMS-v2/StockReceive', { csv: lines.join('\r\n'), cardType: 'Prox' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ received: 27, cardTypes: { PIV: 25, Prox: 2 } });
    const [event] = await t.auditRows('smartcard.stock.receive');
    expect(event).toMatchObject({ tenant_id: tenantId, actor_username: 'admin', detail: { how: 'csv', count: 27, cardTypes: { PIV: 25, Prox: 2 } } });
    expect(event!.detail.serials).toHaveLength(27);
    expect(event!.detail.serials).toContain('PIV-007');

    const again = await admin.post('/api2/CMS-v2/StockReceive', { items: [{ serial: 'NEW-1', cardType: 'PIV' }, { serial: 'piv-003', cardType: 'PIV' }] });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'items', message: `The list was not received: Line 3, serial: ${STOCK_MESSAGES.ALREADY_IN_STOCK}` });
    expect(await stockCount()).toBe(27);
  });

  it('should list the stock paged, sorted, searched and filtered on the server', async () => {
    const page = (await admin.get('/api2/CMS-v2/Stock?sort=serial&order=asc&pageSize=10&page=2')).json();
    expect(page).toMatchObject({ total: 27, page: 2, pageSize: 10 });
    expect(page.items.map((i: { serial: string }) => i.serial)).toEqual(Array.from({ length: 10 }, (_, i) => `PIV-${String(i + 10).padStart(3, '0')}`));
    expect(page.items[0]).toMatchObject({ cardType: 'PIV', batch: 'lot-1', state: 'received', receivedBy: 'admin', movedBy: 'admin', cardId: null, reason: null });
    const prox = (await admin.get('/api2/CMS-v2/Stock?cardType=Prox&sort=serial&order=desc')).json();
    expect(prox.items.map((i: { serial: string; batch: string | null }) => [i.serial, i.batch])).toEqual([['PROX-2', 'lot-9'], ['PROX-1', null]]);
    expect((await admin.get('/api2/CMS-v2/Stock?search=lot-9')).json().total).toBe(1);
    expect((await admin.get('/api2/CMS-v2/Stock?state=in_stock')).json().total).toBe(0);
    const bad = await admin.get('/api2/CMS-v2/Stock?state=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('state');
  });

  it('should move cards by the state machine, need a reason to destroy, and audit each move', async () => {
    const shelve = await admin.post('/api2/CMS-v2/StockMove', { serial: 'piv-000', move: 'shelve' });
    expect(shelve.statusCode).toBe(200);
    expect(shelve.json()).toMatchObject({ serial: 'PIV-000', state: 'in_stock' });
    const noReason = await admin.post('/api2/CMS-v2/StockMove', { serial: 'PIV-001', move: 'destroy', reason: '  ' });
    expect(noReason.json()).toMatchObject({ field: 'reason', message: STOCK_MESSAGES.REASON_REQUIRED });
    const destroy = await admin.post('/api2/CMS-v2/StockMove', { serial: 'PIV-001', move: 'destroy', reason: 'Cracked in the printer' });
    expect(destroy.json()).toMatchObject({ state: 'destroyed', reason: 'Cracked in the printer' });
    const refused = await admin.post('/api2/CMS-v2/StockMove', { serial: 'PIV-001', move: 'restock' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A card that is destroyed cannot be put back in stock');
    const notIssued = await admin.post('/api2/CMS-v2/StockMove', { serial: 'PIV-000', move: 'return' });
    expect(notIssued.json().message).toBe('A card that is in stock cannot be returned');
    expect((await admin.post('/api2/CMS-v2/StockMove', { serial: 'NOPE-1', move: 'shelve' })).statusCode).toBe(404);
    const events = [...(await t.auditRows('smartcard.stock.shelve')), ...(await t.auditRows('smartcard.stock.destroy'))];
    expect(events.map((e) => e.detail)).toEqual([
      { serial: 'PIV-000', cardType: 'PIV', from: 'received', to: 'in_stock' },
      { serial: 'PIV-001', cardType: 'PIV', from: 'received', to: 'destroyed', reason: 'Cracked in the printer' },
    ]);
  });

  it('should count per card type with a settable threshold and flag low stock', async () => {
    const counts = (await admin.get('/api2/CMS-v2/StockCounts')).json();
    expect(counts).toEqual({
      counts: [
        { cardType: 'PIV', received: 23, inStock: 1, issued: 0, returned: 0, destroyed: 1, available: 24, threshold: 10, low: false },
        { cardType: 'Prox', received: 2, inStock: 0, issued: 0, returned: 0, destroyed: 0, available: 2, threshold: 10, low: true },
      ],
      requireStock: false,
      requireStockMessage: STOCK_MESSAGES.UNKNOWN_ALLOWED,
    });
    const set = await admin.put('/api2/CMS-v2/StockThreshold', { cardType: 'PIV', threshold: 30 });
    expect(set.statusCode).toBe(200);
    expect(set.json().counts[0]).toMatchObject({ cardType: 'PIV', threshold: 30, low: true });
    const off = await admin.put('/api2/CMS-v2/StockThreshold', { cardType: 'Prox', threshold: 0 });
    expect(off.json().counts[1]).toMatchObject({ cardType: 'Prox', threshold: 0, low: false });
    const bad = await admin.put('/api2/CMS-v2/StockThreshold', { cardType: 'PIV', threshold: -1 });
    expect(bad.json()).toMatchObject({ field: 'threshold', message: STOCK_MESSAGES.THRESHOLD_INVALID });
    // A card type with a threshold and no card yet is listed (zero, and low).
    const empty = await admin.put('/api2/CMS-v2/StockThreshold', { cardType: 'FIDO', threshold: 5 });
    expect(empty.json().counts[0]).toMatchObject({ cardType: 'FIDO', available: 0, low: true });
    expect((await t.auditRows('smartcard.stock.threshold')).map((e) => e.detail)).toEqual([
      { cardType: 'PIV', threshold: 30, before: null },
      { cardType: 'Prox', threshold: 0, before: null },
      { cardType: 'FIDO', threshold: 5, before: null },
    ]);
  });

  it('should give the next unused card number, in stock first, and the spec text when there is none', async () => {
    expect((await admin.get('/api2/CMS-v2/StockNextSerial?cardType=PIV')).json()).toMatchObject({ serial: 'PIV-000', state: 'in_stock' });
    expect((await admin.get('/api2/CMS-v2/StockNextSerial?cardType=Prox')).json().serial).toMatch(/^PROX-[12]$/);
    const none = await admin.get('/api2/CMS-v2/StockNextSerial?cardType=FIDO');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(`${STOCK_UNUSED_CARD_NUMBER_FAILED}: no FIDO card is in stock`);
  });

  it('should set and say the require-stock setting', async () => {
    const on = await admin.put('/api2/CMS-v2/StockSettings', { requireStock: true });
    expect(on.json()).toMatchObject({ requireStock: true, requireStockMessage: STOCK_MESSAGES.NOT_IN_STOCK_REQUIRED });
    expect((await admin.put('/api2/CMS-v2/StockSettings', { requireStock: 'yes' })).statusCode).toBe(400);
    await admin.put('/api2/CMS-v2/StockSettings', { requireStock: false });
    expect((await t.auditRows('smartcard.stock.settings')).map((e) => e.detail)).toEqual([{ requireStock: true, before: false }, { requireStock: false, before: true }]);
  });

  it('should change nothing and answer 503 Audit failed when the audit cannot be written', async () => {
    const before = await stockCount();
    await t.breakAudit();
    try {
      const receive = await admin.post('/api2/CMS-v2/StockReceive', { items: [{ serial: 'AUD-1', cardType: 'PIV' }] });
      expect(receive.statusCode).toBe(503);
      expect(receive.body).toBe('Audit failed');
      expect((await admin.post('/api2/CMS-v2/StockMove', { serial: 'PIV-002', move: 'shelve' })).statusCode).toBe(503);
    } finally {
      await t.repairAudit();
    }
    expect(await stockCount()).toBe(before);
    expect((await admin.get('/api2/CMS-v2/Stock?search=PIV-002')).json().items[0].state).toBe('received');
  });

  it('should need smartcardManage and keep tenants apart', async () => {
    await t.createUser(tenantId, 'selma', ['selfServicePortal']);
    const selma = t.client();
    await selma.login('selma', TEST_PASSWORD);
    expect((await selma.get('/api2/CMS-v2/Stock')).statusCode).toBe(403);
    expect((await selma.get('/api2/CMS-v2/StockCounts')).statusCode).toBe(403);
    expect((await selma.post('/api2/CMS-v2/StockReceive', { items: [{ serial: 'S-1', cardType: 'PIV' }] })).statusCode).toBe(403);
    expect((await selma.post('/api2/CMS-v2/StockMove', { serial: 'PIV-002', move: 'shelve' })).statusCode).toBe(403);
    expect((await selma.put('/api2/CMS-v2/StockSettings', { requireStock: true })).statusCode).toBe(403);

    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardManage']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get('/api2/CMS-v2/Stock')).json().total).toBe(0);
    expect((await olga.get('/api2/CMS-v2/StockCounts')).json().counts).toEqual([]);
    expect((await olga.post('/api2/CMS-v2/StockMove', { serial: 'PIV-002', move: 'shelve' })).statusCode).toBe(404);
    // The same serial may be received by another tenant: serials are unique per tenant.
    expect((await olga.post('/api2/CMS-v2/StockReceive', { items: [{ serial: 'PIV-002', cardType: 'PIV' }] })).statusCode).toBe(201);
    expect((await admin.get('/api2/CMS-v2/Stock?search=PIV-002')).json().items[0].state).toBe('received');
    expect((await olga.get('/api2/CMS-v2/StockNextSerial')).json().serial).toBe('PIV-002');
  });
});
