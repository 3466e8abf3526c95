/**
 * BatchAppletUpload through the real PC/SC stack (issue 16): three virtual cards dial pcscd's vpcd driver one
 * after another in reader 1 ("Virtual PCD 00 01"), the agent's `pcsc` backend reads them (pcsclite → pcscd →
 * vpcd), the server drives the GlobalPlatform session over the gRPC relay: SCP03 with each card's keys, INSTALL
 * [for load], LOAD, INSTALL [for install], and GET STATUS, whose answer through pcscd lists the applets on each
 * card; each card, asked again in process afterwards, lists them too. Also prints the time per card.
 * Needs pcscd with vsmartcard-vpcd running; skipped with the reason elsewhere, a failure in CI (CI=true).
 * Uses vpcd reader 1 (35964), as agent/src/readers/pcsc.test.ts does: holdVpcdReader makes the two take turns.
 */
import { buildCapFile, DEFAULT_SCP03_KEY, GpSession, STATUS_SCOPE, VirtualPivCard } from '@tessera/card';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { startLinkedAgent, waitFor } from '../test-helpers/agent-link';
import type { Agent } from '../../../agent/src/agent';
import { insertIntoVpcd, type VpcdInsertion } from '../../../agent/src/virtual-card/vpcd';
import { APPLET_PROGRESS_EVENT } from './applets.service';
import { describePcsc, holdVpcdReader } from '../../../agent/src/testing/pcsc';

const READER_INDEX = 1;
const READER = `Virtual PCD 00 0${READER_INDEX}`;
const APPLETS = ['A000000888090101', 'A000000888090102'];
const key = Buffer.from(DEFAULT_SCP03_KEY, 'hex');

const TITLE = 'should upload an applet to 3 cards presented one after another in vpcd reader 1, each listing it in GET STATUS';

describePcsc('BatchAppletUpload through pcscd and vpcd', TITLE, {}, () => {
  let release: (() => void) | undefined;
  // vpcd reader 1 takes one card at a time: wait for any other test file that holds it.
  beforeAll(async () => {
    release = await holdVpcdReader(READER_INDEX);
  }, 300_000);

  let t: TestContext;
  let admin: TestClient;
  let agent: Agent;
  let sessionId: string;
  let insertion: VpcdInsertion | null = null;

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    await t.app.agentHub.listen('127.0.0.1', 0);
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    ({ agent, sessionId } = await startLinkedAgent(t, admin, { readers: 'pcsc', pcscFilter: READER }));
  }, 120_000);
  afterAll(async () => {
    await insertion?.remove();
    await agent?.close();
    await t?.close();
    release?.();
  });

  it(TITLE, async () => {
    const added = await admin.post('/api2/CMS-v2/AddSmartcardApplet', { name: 'Access', fileName: 'access.cap', cap: buildCapFile({ packageAid: 'A0000008880901', appletAids: APPLETS, version: '1.0', methodBytes: 900 }).toString('base64') });
    expect(added.statusCode).toBe(201);
    const cards = [new VirtualPivCard({ serial: 7654401 }), new VirtualPivCard({ serial: 7654402 }), new VirtualPivCard({ serial: 7654403 })];
    insertion = await insertIntoVpcd(cards[0]!, { reader: READER_INDEX });
    await waitFor(() => agent.readers.list().some((r) => r.name === READER && r.cardPresent));
    let next = 1;
    const swaps: Promise<void>[] = [];
    const stop = t.app.agentHub.subscribe(sessionId, (event) => {
      if (event.type !== APPLET_PROGRESS_EVENT || event.step !== 'done' || next >= cards.length) return;
      const card = cards[next]!;
      next += 1;
      swaps.push(
        (async () => {
          await insertion?.remove();
          insertion = await insertIntoVpcd(card, { reader: READER_INDEX });
        })(),
      );
    });
    const started = performance.now();
    let result;
    try {
      const response = await admin.post('/api2/CMS-v2/BatchAppletUpload', { reader: READER, card_count: 3, applet_id: added.json().applet_id });
      expect({ status: response.statusCode, body: response.statusCode === 200 ? null : response.body }).toEqual({ status: 200, body: null });
      result = response.json();
    } finally {
      stop();
      await Promise.all(swaps);
    }
    const seconds = (performance.now() - started) / 1000;
    expect(result).toMatchObject({ succeeded: 3, failed: 0 });
    // GET STATUS through pcscd, on each of the three cards.
    expect(result.cards.map((c: { installed: string[] }) => c.installed)).toEqual([APPLETS, APPLETS, APPLETS]);
    expect(new Set(result.cards.map((c: { cardId: string }) => c.cardId)).size).toBe(3);
    for (const card of cards) {
      const gp = new GpSession({ transmit: async (c: Buffer) => card.process(c) });
      card.reset();
      await gp.select();
      await gp.openSecureChannel({ enc: key, mac: key, dek: key });
      expect((await gp.getStatus(STATUS_SCOPE.APPLICATIONS)).map((e) => e.aid)).toEqual(APPLETS);
    }
    process.stdout.write(`BatchAppletUpload through pcscd: 3 cards in ${seconds.toFixed(2)} s\n`);
  }, 120_000);
});
