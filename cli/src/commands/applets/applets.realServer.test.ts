/**
 * `tessera applets add | list | upload` against the real server, with a real agent (virtual reader and cards)
 * that the CLI links to its own session: the CAP file is built in the test; two cards are presented one after
 * another and each lists the applets in GET STATUS afterwards; a card the server has no keys for makes a partial
 * failure (exit 4); a bad file is a usage error or a server refusal naming the problem.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCapFile, DEFAULT_SCP03_KEY, GpSession, STATUS_SCOPE, VirtualPivCard } from '@tessera/card';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { createAgent, type Agent } from '../../../../agent/src/agent';
import { loadAgentConfig } from '../../../../agent/src/config';
import { APPLET_PROGRESS_EVENT } from '../../../../server/src/smartcards/applets.service';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from '../auth/login';
import { appletsCommand } from './index';

const READER = 'Tessera Virtual Reader 0';
const APPLETS = ['A000000888070101'];
const key = Buffer.from(DEFAULT_SCP03_KEY, 'hex');

async function appletsOn(card: VirtualPivCard): Promise<string[]> {
  const gp = new GpSession({ transmit: async (c: Buffer) => card.process(c) });
  card.reset();
  await gp.select();
  await gp.openSecureChannel({ enc: key, mac: key, dek: key });
  return (await gp.getStatus(STATUS_SCOPE.APPLICATIONS)).map((e) => e.aid);
}

describe('tessera applets against the real server and a linked agent', () => {
  let t: TestContext;
  let url: string;
  let agent: Agent;
  let agentUrl: string;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;
  let dir: string;
  let stdin = '';

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await t.app.agentHub.listen('127.0.0.1', 0);
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    agent = createAgent(loadAgentConfig({}, { port: 0, origins: [url], virtualReaders: 1, printerDir: '/tmp/tessera-test-printer' }));
    agentUrl = `http://127.0.0.1:${await agent.listen()}`;
    dir = mkdtempSync(join(tmpdir(), 'tessera-applets-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await agent?.close();
    await t?.close();
  });
  beforeEach(async () => {
    exit = stubExit();
    harness = testContext({ readStdin: async () => stdin });
    harness.context.env.TESSERA_AGENT_URL = agentUrl;
    stdin = `${TEST_PASSWORD}\n`;
    expect(await run(loginCommand(harness.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(0);
  });
  afterEach(() => {
    exit.mockRestore();
    harness.cleanup();
  });

  it('should add a CAP file, list it and upload it to two cards with a progress bar, then fail partly on a card with unknown keys', async () => {
    const file = join(dir, 'transit.cap');
    writeFileSync(file, buildCapFile({ packageAid: 'A0000008880701', appletAids: APPLETS, version: '3.2' }));
    let mark = harness.stdout().length;
    expect(await run(appletsCommand(harness.context), ['add', file, '--json'])).toBe(0);
    const applet = JSON.parse(harness.stdout().slice(mark));
    expect(applet).toMatchObject({ name: 'transit', packageAid: 'A0000008880701', version: '3.2', appletAids: APPLETS });

    mark = harness.stdout().length;
    expect(await run(appletsCommand(harness.context), ['list'])).toBe(0);
    expect(harness.stdout().slice(mark)).toMatch(new RegExp(`${applet.applet_id}\\s+transit\\s+A0000008880701\\s+3\\.2\\s+A000000888070101`));

    // Two cards, swapped when the server says the first is done.
    const cards = [new VirtualPivCard(), new VirtualPivCard()];
    agent.virtual!.remove(0);
    agent.virtual!.insert(0, cards[0]);
    // Once: the second card's 'done' must not swap again (a late insert would put cards[1] back into the reader
    // while the next upload runs).
    let swapped = false;
    const swap = (sessionEvent: { type: string; step?: string }) => {
      if (!swapped && sessionEvent.type === APPLET_PROGRESS_EVENT && sessionEvent.step === 'done') {
        swapped = true;
        agent.virtual!.remove(0);
        setTimeout(() => agent.virtual!.insert(0, cards[1]), 50);
      }
    };
    const sessions = await t.db.selectFrom('sessions').select('id').execute();
    const stops = sessions.map((s) => t.app.agentHub.subscribe(s.id, swap));
    try {
      mark = harness.stdout().length;
      expect(await run(appletsCommand(harness.context), ['upload', applet.applet_id, '--reader', READER, '--count', '2'])).toBe(0);
    } finally {
      stops.forEach((stop) => stop());
    }
    expect(harness.stderr()).toMatch(/Cards \[.*\] 2\/2/);
    expect(harness.stdout().slice(mark)).toMatch(/1\s+[0-9A-F]{20}\s+installed\s+A000000888070101\n2\s+[0-9A-F]{20}\s+installed/);
    for (const card of cards) expect(await appletsOn(card)).toEqual(APPLETS);

    // A card with keys the server does not know, then a good one: exit 4 (partial).
    const stranger = new VirtualPivCard({ gpKeys: { enc: Buffer.alloc(16, 9), mac: Buffer.alloc(16, 8), dek: Buffer.alloc(16, 7) } });
    const good = new VirtualPivCard();
    agent.virtual!.remove(0);
    agent.virtual!.insert(0, stranger);
    let swapped2 = false;
    const swap2 = (e: { type: string; step?: string }) => {
      if (!swapped2 && e.type === APPLET_PROGRESS_EVENT && e.step === 'failed') {
        swapped2 = true;
        agent.virtual!.remove(0);
        setTimeout(() => agent.virtual!.insert(0, good), 50);
      }
    };
    const stops2 = (await t.db.selectFrom('sessions').select('id').execute()).map((s) => t.app.agentHub.subscribe(s.id, swap2));
    try {
      expect(await run(appletsCommand(harness.context), ['upload', applet.applet_id, '--reader', READER, '--count', '2'])).toBe(4);
    } finally {
      stops2.forEach((stop) => stop());
    }
    expect(harness.stderr()).toContain('error: 1 of 2 cards done');
    expect(await appletsOn(good)).toEqual(APPLETS);
  });

  it('should refuse a bad file, a bad count and an unknown applet with one-line errors', async () => {
    const bad = join(dir, 'bad.cap');
    writeFileSync(bad, 'not a zip');
    expect(await run(appletsCommand(harness.context), ['add', bad])).toBe(1);
    expect(harness.stderr()).toContain('The file is not a usable JavaCard CAP file');
    expect(await run(appletsCommand(harness.context), ['add', join(dir, 'missing.cap')])).toBe(2);
    expect(await run(appletsCommand(harness.context), ['upload', '00000000-0000-4000-8000-000000000000', '--reader', READER, '--count', '0'])).toBe(2);
    expect(harness.stderr()).toContain('--count: Enter a number of cards between 1 and 1000');
    expect(await run(appletsCommand(harness.context), ['upload', '00000000-0000-4000-8000-000000000000', '--reader', READER, '--count', '1'])).toBe(1);
  });
});
