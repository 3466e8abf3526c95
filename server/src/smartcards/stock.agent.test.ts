/**
 * Card stock with the real parts (issue 15 "Beyond the spec: card stock"): a real app linked over gRPC to a real
 * agent with virtual readers and virtual PIV cards. The card in a reader is scanned into stock by the serial the
 * agent reads; issuing and registering it take it from stock, cleaning it puts it back; a tenant that requires stock
 * refuses a card not in stock before the card is touched. Each move audited.
 */
import { STOCK_MESSAGES } from '@tessera/domain';
import type { TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { cardTestbed, type CardTestbed } from '../test-helpers/card-testbed';
import { waitFor } from '../test-helpers/agent-link';
import type { Agent } from '../../../agent/src/agent';

const READER = 'Tessera Virtual Reader 0';
const SPARE = 'Tessera Virtual Reader 1';
const PIN = '24681357';

describe('Card stock through the agent and the virtual cards', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let agent: Agent;
  let cardTemplateId: string;
  let aliceId: string;
  const serialIn = (reader: string) => agent.readers.get(reader).smartcard!.serialNumber;
  const item = async (serial: string) => (await admin.get(`/api2/CMS-v2/Stock?search=${encodeURIComponent(serial)}`)).json().items[0];
  const available = async () => (await admin.get('/api2/CMS-v2/StockCounts')).json().counts.find((c: { cardType: string }) => c.cardType === 'PIV')?.available;

  let bed: CardTestbed;
  beforeAll(async () => {
    bed = await cardTestbed({ agent: { virtualReaders: 2 } });
    ({ t, tenantId, admin, agent } = bed);
    cardTemplateId = bed.cardTemplateIds.staff!;
    ({ userId: aliceId } = await t.createUser(tenantId, 'alice', ['selfServicePortal']));
    // Stock that is not in the readers: the count is not only the scanned card.
    expect((await admin.post('/api2/CMS-v2/StockReceive', { csv: 'serial,cardType\nSPARE-1,PIV\nSPARE-2,PIV' })).statusCode).toBe(201);
  }, 120_000);
  afterAll(async () => bed?.close());

  it('should scan the card in a reader into stock by the serial the agent reads', async () => {
    const serial = serialIn(READER);
    expect(serial).toMatch(/^[0-9A-F]+$/i);
    const response = await admin.post('/api2/CMS-v2/StockScanIn', { readerName: READER, batch: 'desk-1' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ serial: serial.toUpperCase(), cardType: 'PIV', batch: 'desk-1', state: 'received', receivedBy: 'admin' });
    expect(await available()).toBe(3);
    const twice = await admin.post('/api2/CMS-v2/StockScanIn', { readerName: READER });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`${serial.toUpperCase()} ${STOCK_MESSAGES.ALREADY_IN_STOCK}`);
    expect((await t.auditRows('smartcard.stock.receive')).at(-1)).toMatchObject({ detail: { how: 'scan', readerName: READER, serials: [serial.toUpperCase()] } });
  });

  it('should refuse a reader without a card, and a reader the agent does not have', async () => {
    agent.virtual!.remove(1);
    await waitFor(() => !agent.readers.get(SPARE).cardPresent);
    const empty = await admin.post('/api2/CMS-v2/StockScanIn', { readerName: SPARE });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'readerName', message: STOCK_MESSAGES.NO_CARD_IN_READER });
    expect((await admin.post('/api2/CMS-v2/StockScanIn', { readerName: 'No Such Reader' })).statusCode).toBe(404);
    agent.virtual!.insert(1);
    await waitFor(() => agent.readers.get(SPARE).smartcard?.cardType === 'PIV');
    expect(await available()).toBe(3);
  });

  it('should take the card from stock when it is issued, and put it back when it is cleaned', async () => {
    const serial = serialIn(READER).toUpperCase();
    const issued = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(issued.statusCode).toBe(200);
    expect(await item(serial)).toMatchObject({ state: 'issued', cardId: issued.json().cardId });
    expect(await available()).toBe(2);
    expect((await t.auditRows('smartcard.stock.issue')).map((e) => e.detail)).toEqual([{ serial, cardType: 'PIV', from: 'received', to: 'issued', cardId: issued.json().cardId }]);

    const cleaned = await admin.post('/api2/CMS-v2/CleanCard', { card_id: { readerName: READER } });
    expect(cleaned.statusCode).toBe(200);
    expect(await item(serial)).toMatchObject({ state: 'in_stock', cardId: null });
    expect(await available()).toBe(3);
    expect((await t.auditRows('smartcard.stock.return')).at(-1)!.detail).toMatchObject({ serial, from: 'issued', to: 'returned' });
    expect((await t.auditRows('smartcard.stock.restock')).at(-1)!.detail).toMatchObject({ serial, from: 'returned', to: 'in_stock' });
  });

  it('should take the card from stock when it is registered, and issue it on the same record', async () => {
    const serial = serialIn(READER).toUpperCase();
    const registered = await admin.post('/api2/CMS-v2/RegisterCard', { card_id: { readerName: READER } });
    expect(registered.statusCode).toBe(200);
    const cardId = registered.json().smartcard.cardId;
    expect(cardId).toEqual(expect.any(String));
    expect(await item(serial)).toMatchObject({ state: 'issued', cardId });
    const issued = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: READER }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(issued.statusCode).toBe(200);
    expect(await item(serial)).toMatchObject({ state: 'issued', cardId });
    expect(await t.auditRows('smartcard.stock.issue')).toHaveLength(2);
  });

  it('should refuse a card not in stock when the tenant requires stock, before the card is touched', async () => {
    const serial = serialIn(SPARE).toUpperCase();
    expect((await admin.put('/api2/CMS-v2/StockSettings', { requireStock: true })).json().requireStock).toBe(true);
    const refused = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: SPARE }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ field: 'card_id', message: STOCK_MESSAGES.NOT_IN_STOCK_REQUIRED });
    const records = await t.db.selectFrom('smartcards').select('serial_number').where('tenant_id', '=', tenantId).execute();
    expect(records.map((r) => r.serial_number.toUpperCase())).not.toContain(serial);
    expect((await admin.post('/api2/CMS-v2/RegisterCard', { card_id: { readerName: SPARE } })).statusCode).toBe(409);

    // Allowed again (the default), the same card is issued without stock and the stock is left alone.
    await admin.put('/api2/CMS-v2/StockSettings', { requireStock: false });
    const allowed = await admin.post('/api2/CMS-v2/IssueCard', { card_id: { readerName: SPARE }, user_id: aliceId, card_template_id: cardTemplateId, pin: PIN });
    expect(allowed.statusCode).toBe(200);
    expect(await item(serial)).toBeUndefined();
    expect(await available()).toBe(2);
  });

  it('should return the card to stock when its record is unregistered, for the operator to restock or destroy', async () => {
    const serial = serialIn(READER).toUpperCase();
    const { cardId } = await item(serial);
    expect(cardId).toEqual(expect.any(String));
    const unregistered = await admin.post('/api2/CMS-v2/UnregisterCard', { smartcard_id: cardId });
    expect(unregistered.json()).toMatchObject({ unregistered: true, pkiError: false });
    expect(await item(serial)).toMatchObject({ state: 'returned', cardId: null });
    expect((await t.auditRows('smartcard.stock.return')).at(-1)!.detail).toMatchObject({ serial, from: 'issued', to: 'returned' });
  });
});
