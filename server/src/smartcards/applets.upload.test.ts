/**
 * BatchAppletUpload through the real parts on one machine (issue 16): a real app with its agent hub and PGlite,
 * a real agent (virtual readers holding virtual cards) linked over gRPC, the GlobalPlatform driver on the server
 * over RemoteCard. Cards are swapped in the reader as the progress events say a card is done; each card then
 * lists the applets in GET STATUS when asked directly (not through the server). A card whose keys the server
 * does not hold fails alone; the server keeps each card's keys sealed; every card is audited.
 */
import { buildCapFile, DEFAULT_SCP03_KEY, GpSession, STATUS_SCOPE, VirtualPivCard } from '@tessera/card';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { startLinkedAgent } from '../test-helpers/agent-link';
import type { Agent } from '../../../agent/src/agent';
import type { HubEvent } from '../platform/agent-hub/AgentHub';
import { APPLET_PROGRESS_EVENT } from './applets.service';

const READER = 'Tessera Virtual Reader 0';
const P = '/api2/CMS-v2';
const APPLETS = ['A000000888050101', 'A000000888050102'];
const defaultKey = Buffer.from(DEFAULT_SCP03_KEY, 'hex');

/** What GET STATUS lists on a card, asked in process with the card's keys. */
async function appletsOn(card: VirtualPivCard, keys = { enc: defaultKey, mac: defaultKey, dek: defaultKey }): Promise<string[]> {
  const gp = new GpSession({ transmit: async (c: Buffer) => card.process(c) });
  card.reset();
  await gp.select();
  await gp.openSecureChannel(keys);
  return (await gp.getStatus(STATUS_SCOPE.APPLICATIONS)).map((e) => e.aid);
}

describe('BatchAppletUpload through the agent and virtual cards', () => {
  let t: TestContext;
  let admin: TestClient;
  let agent: Agent;
  let sessionId: string;
  let appletId: string;

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    await t.app.agentHub.listen('127.0.0.1', 0);
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    ({ agent, sessionId } = await startLinkedAgent(t, admin));
    const added = await admin.post(`${P}/AddSmartcardApplet`, { name: 'Loyalty', fileName: 'loyalty.cap', cap: buildCapFile({ packageAid: 'A0000008880501', appletAids: APPLETS, version: '2.1', methodBytes: 600 }).toString('base64') });
    expect(added.statusCode).toBe(201);
    appletId = added.json().applet_id;
  });
  afterAll(async () => {
    await agent?.close();
    await t?.close();
  });

  it('should load and install the applet on three cards presented one after another, each listing it in GET STATUS', async () => {
    const cards = [new VirtualPivCard(), new VirtualPivCard(), new VirtualPivCard()];
    agent.virtual!.remove(0);
    agent.virtual!.insert(0, cards[0]);
    const events: HubEvent[] = [];
    let next = 1;
    const stop = t.app.agentHub.subscribe(sessionId, (event) => {
      if (event.type !== APPLET_PROGRESS_EVENT) return;
      events.push(event);
      // The operator swaps the card once the server says it is done.
      if (event.step === 'done' && next < cards.length) {
        agent.virtual!.remove(0);
        const card = cards[next];
        next += 1;
        setTimeout(() => agent.virtual!.insert(0, card), 50);
      }
    });
    try {
      const response = await admin.post(`${P}/BatchAppletUpload`, { reader: READER, card_count: 3, applet_id: appletId });
      expect(response.statusCode).toBe(200);
      const result = response.json();
      expect(result).toMatchObject({ applet_id: appletId, reader: READER, succeeded: 3, failed: 0 });
      expect(new Set(result.cards.map((c: { cardId: string }) => c.cardId)).size).toBe(3);
      for (const c of result.cards) expect(c).toMatchObject({ ok: true, error: null, installed: APPLETS });
    } finally {
      stop();
    }
    for (const card of cards) expect(await appletsOn(card)).toEqual(APPLETS);
    // Progress per card: waiting, the GP steps, done, for cards 1, 2 and 3.
    expect(events.filter((e) => e.step === 'done').map((e) => e.card)).toEqual([1, 2, 3]);
    expect(events.filter((e) => e.card === 2).map((e) => e.step)).toEqual(['waiting', 'secure-channel', 'load', 'install', 'verify', 'done']);
    // The server keeps each card's key set sealed: no key bytes in the row.
    const keys = await t.db.selectFrom('smartcard_gp_keys').select(['kdd', 'sealed_keys']).execute();
    expect(keys).toHaveLength(3);
    for (const row of keys) expect(row.sealed_keys.toLowerCase()).not.toContain(DEFAULT_SCP03_KEY.toLowerCase());
    expect((await t.auditRows('smartcard-applet.upload')).slice(-3).map((r) => r.detail)).toEqual(result_details(keys.map((k) => k.kdd)));
  });

  it('should answer a card it has no keys for as failed and go on with the next card; a card already done is waited past', async () => {
    const stranger = new VirtualPivCard({ gpKeys: { enc: Buffer.alloc(16, 1), mac: Buffer.alloc(16, 2), dek: Buffer.alloc(16, 3) } });
    const fresh = new VirtualPivCard();
    agent.virtual!.remove(0);
    agent.virtual!.insert(0, stranger);
    const stop = t.app.agentHub.subscribe(sessionId, (event) => {
      if (event.type === APPLET_PROGRESS_EVENT && event.step === 'failed' && event.card === 1) {
        agent.virtual!.remove(0);
        // The stranger goes back in first: the server waits past it until a new card comes.
        agent.virtual!.insert(0, stranger);
        setTimeout(() => {
          agent.virtual!.remove(0);
          agent.virtual!.insert(0, fresh);
        }, 700);
      }
    });
    let result;
    try {
      result = (await admin.post(`${P}/BatchAppletUpload`, { reader: READER, card_count: 2, applet_id: appletId })).json();
    } finally {
      stop();
    }
    expect(result).toMatchObject({ succeeded: 1, failed: 1 });
    expect(result.cards[0]).toMatchObject({ ok: false, error: expect.stringContaining('card cryptogram does not match'), installed: [] });
    expect(result.cards[1]).toMatchObject({ ok: true, installed: APPLETS });
    expect(await appletsOn(fresh)).toEqual(APPLETS);
    expect(await appletsOn(stranger, { enc: Buffer.alloc(16, 1), mac: Buffer.alloc(16, 2), dek: Buffer.alloc(16, 3) })).toEqual([]);
  });

  it('should refuse a card count out of range and an unknown applet, naming the field', async () => {
    const bad = await admin.post(`${P}/BatchAppletUpload`, { reader: READER, card_count: 0, applet_id: appletId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('card_count');
    expect((await admin.post(`${P}/BatchAppletUpload`, { reader: READER, card_count: 1, applet_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await admin.post(`${P}/BatchAppletUpload`, { reader: 'No such reader', card_count: 1, applet_id: appletId })).statusCode).toBe(404);
  });
});

function result_details(kdds: string[]) {
  return kdds.map((cardId) => expect.objectContaining({ cardId, ok: true, installed: APPLETS }));
}
