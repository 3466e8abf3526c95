/** `tessera printers list` against the real server, with a real agent (its virtual printer) linked to the CLI's session. */
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { createAgent, type Agent } from '../../../../agent/src/agent';
import { loadAgentConfig } from '../../../../agent/src/config';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from '../auth/login';
import { printersCommand } from './index';

describe('tessera printers list against the real server and a linked agent', () => {
  let t: TestContext;
  let url: string;
  let agent: Agent;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await t.app.agentHub.listen('127.0.0.1', 0);
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    agent = createAgent(loadAgentConfig({ TESSERA_AGENT_IPP_PRINTERS: '[{"name":"Desk printer","uri":"ipp://127.0.0.1:9/printers/x","reader":null}]' }, { port: 0, origins: [url], virtualReaders: 1, printerDir: '/tmp/tessera-test-printer' }));
    const agentUrl = `http://127.0.0.1:${await agent.listen()}`;
    exit = stubExit();
    harness = testContext({ readStdin: async () => `${TEST_PASSWORD}\n` });
    harness.context.env.TESSERA_AGENT_URL = agentUrl;
    expect(await run(loginCommand(harness.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(0);
  });
  afterAll(async () => {
    exit?.mockRestore();
    harness?.cleanup();
    await agent?.close();
    await t?.close();
  });

  it('should list the agent printers as a table and as JSON, audited', async () => {
    let mark = harness.stdout().length;
    expect(await run(printersCommand(harness.context), ['list'])).toBe(0);
    const table = harness.stdout().slice(mark);
    expect(table).toMatch(/^NAME\s+CARD PRINTER\n/);
    expect(table).toMatch(/Tessera Virtual Card Printer\s+yes/);
    expect(table).toMatch(/Desk printer\s+yes/);
    mark = harness.stdout().length;
    expect(await run(printersCommand(harness.context), ['list', '--json'])).toBe(0);
    expect(JSON.parse(harness.stdout().slice(mark))).toEqual([{ name: 'Tessera Virtual Card Printer', isCardPrinter: true }, { name: 'Desk printer', isCardPrinter: true }]);
    expect((await t.auditRows('cms.PrinterListPrinters')).length).toBe(2);
  });

  it('should fail with one line and a non-zero exit when not signed in', async () => {
    const other = testContext();
    try {
      expect(await run(printersCommand(other.context), ['list', '--server', url])).not.toBe(0);
      expect(other.stderr().trim().split('\n')).toHaveLength(1);
    } finally {
      other.cleanup();
    }
  });
});
