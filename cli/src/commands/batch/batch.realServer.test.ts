/**
 * `tessera batch create | print` against the real server, with a real agent (virtual readers, the virtual printer
 * feeding a factory-fresh virtual card on each insert) that the CLI links to its own session: users from a CSV
 * file, each card issued and printed (the PDFs hold their names) with a progress bar and a summary table; a batch
 * stopped by a printer fault exits 4 and the same command goes on without printing a card twice.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { createAgent, type Agent } from '../../../../agent/src/agent';
import { loadAgentConfig } from '../../../../agent/src/config';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from '../auth/login';
import { batchCommand } from './index';

const ENCODER = 'Tessera Virtual Reader 1';
const LAYOUT = { front: { background: { color: '#ffffff' }, elements: [{ type: 'text', source: { field: 'givenName' }, x: 4, y: 4, fontSize: 5 }, { type: 'text', source: { field: 'familyName' }, x: 4, y: 11, fontSize: 5 }] } };
const NAMES = [['Ada', 'Lovelace'], ['Alan', 'Turing'], ['Grace', 'Hopper']] as const;

describe('tessera batch against the real server and a linked agent', () => {
  let t: TestContext;
  let url: string;
  let agent: Agent;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;
  let dir: string;
  let printed: string;
  let stdin = '';
  const pdfs = () => readdirSync(printed).filter((f) => f.endsWith('.pdf'));

  beforeAll(async () => {
    t = await build();
    const { tenantId } = await t.bootstrap();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await t.app.agentHub.listen('127.0.0.1', 0);
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'tessera-batch-cli-'));
    printed = join(dir, 'printed');
    agent = createAgent(loadAgentConfig({}, { port: 0, origins: [url], virtualReaders: 2, printerReader: 1, printerDir: printed }));
    const agentUrl = `http://127.0.0.1:${await agent.listen()}`;
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const ca = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Card CA', keyAlgorithm: 'P-256', subject: 'CN=Card CA, O=Acme' })).json();
    expect((await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: 'piv-auth', class: 'USER', caId: ca.id, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['clientAuth'] })).statusCode).toBe(201);
    const templateId = (await admin.post('/api2/CMS-v2/CardTemplate', { name: 'staff', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' }], pin: { minLength: 8, maxLength: 8, digitsOnly: true } })).json().cardTemplateId;
    expect((await admin.put('/api2/CMS-v2/CardLayout', { templateId, layout: LAYOUT })).statusCode).toBe(200);
    for (const [given, family] of NAMES) {
      const { userId } = await t.createUser(tenantId, given.toLowerCase(), ['selfServicePortal']);
      await t.db.updateTable('users').set({ given_name: given, family_name: family }).where('id', '=', userId).execute();
    }
    harness = testContext({ readStdin: async () => stdin });
    harness.context.env.TESSERA_AGENT_URL = agentUrl;
  }, 120_000);
  afterAll(async () => {
    harness?.cleanup();
    rmSync(dir, { recursive: true, force: true });
    await agent?.close();
    await t?.close();
  });
  beforeEach(async () => {
    exit = stubExit();
    stdin = `${TEST_PASSWORD}\n`;
    expect(await run(loginCommand(harness.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(0);
  });
  afterEach(() => exit.mockRestore());

  it('should refuse a file without the user column and an unknown template, with one-line errors', async () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'name,dn\nada,CN=Ada\n');
    expect(await run(batchCommand(harness.context), ['create', '--users', bad, '--template', 'staff'])).toBe(2);
    expect(harness.stderr()).toContain("the header has no 'user' column");
    const good = join(dir, 'good.csv');
    writeFileSync(good, 'user,userDn\nada,"CN=Ada Lovelace,O=Acme"\n');
    expect(await run(batchCommand(harness.context), ['create', '--users', good, '--template', 'nope'])).toBe(1);
    expect(harness.stderr()).toContain("No card template named 'nope'");
  });

  it('should create a batch from a CSV file and print it with a progress bar and a summary; stopped, the same command goes on and prints no card twice', async () => {
    const file = join(dir, 'staff.csv');
    writeFileSync(file, 'user,userDn\nada,"CN=Ada Lovelace,O=Acme"\nalan,"CN=Alan Turing,O=Acme"\ngrace,"CN=Grace Hopper,O=Acme"\n');
    let mark = harness.stdout().length;
    expect(await run(batchCommand(harness.context), ['create', '--users', file, '--template', 'staff', '--json'])).toBe(0);
    const { batchId, users } = JSON.parse(harness.stdout().slice(mark));
    expect(users).toBe(3);

    // The printer refuses the second print: the batch stops there, exit 4 (partial).
    const hub = t.app.agentHub;
    const original = hub.call.bind(hub);
    let prints = 0;
    hub.call = (async (sessionId: string, method: string, params: unknown, timeoutMs?: number) => {
      if (method === 'PrinterCardPrint' && ++prints === 2) throw new Error('out of ribbon');
      return (original as (...a: unknown[]) => Promise<unknown>)(sessionId, method, params, timeoutMs);
    }) as typeof hub.call;
    try {
      mark = harness.stdout().length;
      expect(await run(batchCommand(harness.context), ['print', batchId, '--reader', ENCODER])).toBe(4);
    } finally {
      hub.call = original;
    }
    expect(harness.stdout().slice(mark)).toMatch(/1\s+CN=Ada Lovelace,O=Acme\s+done\s+\d+\s+[0-9a-f-]{36}\n2\s+CN=Alan Turing,O=Acme\s+failed\s+\d+\s+-\s+print: out of ribbon\n3\s+CN=Grace Hopper,O=Acme\s+pending/);
    expect(harness.stderr()).toContain('error: 1 of 3 cards done, 1 failed: run the same command to go on');
    expect(pdfs()).toHaveLength(1);

    mark = harness.stdout().length;
    expect(await run(batchCommand(harness.context), ['print', batchId, '--reader', ENCODER, '--json'])).toBe(0);
    const result = JSON.parse(harness.stdout().slice(mark));
    expect(result).toMatchObject({ state: 'done', done: 3, printedNow: 2, skipped: 1 });
    expect(harness.stderr()).toMatch(/Cards \[.*\] 3\/3/);
    expect(pdfs()).toHaveLength(3);
    for (const [i, card] of (result.cards as { printedCardId: string }[]).entries()) {
      expect(execFileSync('pdftotext', [join(printed, `${card.printedCardId}.pdf`), '-'], { encoding: 'utf8' })).toContain(NAMES[i]![1]);
    }
  }, 180_000);
});
