/**
 * `tessera cards issue | list | show | revoke` against the real server, with a real agent (virtual reader and
 * PIV card) that the CLI links to its own session through @tessera/agent-client, as the console does.
 */
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { createAgent, type Agent } from '../../../../agent/src/agent';
import { loadAgentConfig } from '../../../../agent/src/config';
import { x509 } from '../../../../server/src/pki/pki.service';
import { sessionIdOf } from '../../../../server/src/platform/session-store';
import { SESSION_COOKIE } from '../../../../server/src/platform/session-cookie';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from '../auth/login';
import { cardsCommand } from './index';
import { readersCommand } from '../readers';

const READER = 'Tessera Virtual Reader 0';

describe('tessera cards against the real server and a linked agent', () => {
  let t: TestContext;
  let url: string;
  let agent: Agent;
  let agentUrl: string;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;
  let caPem: string;
  let stdin = '';

  beforeAll(async () => {
    t = await build();
    const { tenantId } = await t.bootstrap();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await t.app.agentHub.listen('127.0.0.1', 0);
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    agent = createAgent(loadAgentConfig({}, { port: 0, origins: [url], virtualReaders: 1, printerDir: '/tmp/tessera-test-printer' }));
    agentUrl = `http://127.0.0.1:${await agent.listen()}`;
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const ca = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Card CA', keyAlgorithm: 'P-256' })).json();
    caPem = ca.caCert.pem;
    expect((await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: 'piv-auth', class: 'USER', caId: ca.id, keyTypes: ['EC_NIST'], validityPeriod: 1 })).statusCode).toBe(201);
    expect((await admin.post('/api2/CMS-v2/CardTemplate', { name: 'staff', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' }] })).statusCode).toBe(201);
    await t.createUser(tenantId, 'alice', ['selfServicePortal']);
  });
  afterAll(async () => {
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

  it('should list the readers of the linked agent (tessera readers list), as a table and as JSON', async () => {
    let mark = harness.stdout().length;
    expect(await run(readersCommand(harness.context), ['list'])).toBe(0);
    const table = harness.stdout().slice(mark);
    expect(table).toMatch(/^READER\s+CARD\s+SERIAL\s+TYPE\s+STATUS\s+BUSY\n/);
    expect(table).toMatch(new RegExp(`${READER}\\s+yes\\s+${agent.readers.get(READER).smartcard?.serialNumber}\\s+PIV\\s+`));
    agent.virtual!.remove(0);
    mark = harness.stdout().length;
    expect(await run(readersCommand(harness.context), ['list', '--json'])).toBe(0);
    expect(JSON.parse(harness.stdout().slice(mark))).toEqual([expect.objectContaining({ name: READER, cardPresent: false })]);
    agent.virtual!.insert(0);
    for (let i = 0; i < 100 && agent.readers.get(READER).smartcard?.cardType !== 'PIV'; i += 1) await new Promise((r) => setTimeout(r, 20));

    // Without the agent: a one-line error, non-zero exit.
    harness.context.env.TESSERA_AGENT_URL = 'http://127.0.0.1:1';
    expect(await run(readersCommand(harness.context), ['list'])).not.toBe(0);
    expect(harness.stderr()).toMatch(/Unable to connect to local CMS Client/);
  });

  it('should refuse a PIN the card template does not allow before touching the card', async () => {
    stdin = '12ab56\n';
    expect(await run(cardsCommand(harness.context), ['issue', '--user', 'alice', '--reader', READER, '--template', 'staff', '--pin-stdin'])).toBe(2);
    expect(harness.stderr()).toContain('error: PIN: PIN must be between 6-8 numbers');
    expect(await t.db.selectFrom('smartcards').select('id').execute()).toEqual([]);
  });

  it('should link the agent, issue the card (--json with cardId), list it, show its certificate and revoke it', async () => {
    stdin = '24681357\n';
    let mark = harness.stdout().length;
    expect(await run(cardsCommand(harness.context), ['issue', '--user', 'alice', '--reader', READER, '--template', 'staff', '--pin-stdin', '--json'])).toBe(0);
    const card = JSON.parse(harness.stdout().slice(mark));
    expect(card).toMatchObject({ cardId: expect.any(String), status: 'issued', serialNumber: agent.readers.get(READER).smartcard?.serialNumber });
    expect(harness.stderr()).toMatch(/Issuing \[.*\] 4\/4/);

    mark = harness.stdout().length;
    expect(await run(cardsCommand(harness.context), ['list', '--user', 'alice'])).toBe(0);
    expect(harness.stdout().slice(mark)).toMatch(new RegExp(`${card.cardId}\\s+${card.serialNumber}\\s+issued`));
    expect(harness.stdout().slice(mark)).toContain('1 card\n');
    // Searched on the server: by the serial, then by something no card holds; a bad page is a usage error.
    mark = harness.stdout().length;
    expect(await run(cardsCommand(harness.context), ['list', '--search', card.serialNumber.slice(-6), '--json'])).toBe(0);
    expect(JSON.parse(harness.stdout().slice(mark)).map((c: { cardId: string }) => c.cardId)).toEqual([card.cardId]);
    mark = harness.stdout().length;
    expect(await run(cardsCommand(harness.context), ['list', '--search', 'no-such-card', '--json'])).toBe(0);
    expect(JSON.parse(harness.stdout().slice(mark))).toEqual([]);
    expect(await run(cardsCommand(harness.context), ['list', '--page', '0'])).not.toBe(0);
    expect(harness.stderr()).toContain('--page must be a whole number from 1');

    mark = harness.stdout().length;
    expect(await run(cardsCommand(harness.context), ['show', card.cardId, '--certs'])).toBe(0);
    const shown = harness.stdout().slice(mark);
    const pem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(shown)![0];
    expect(await new x509.X509Certificate(pem).verify({ publicKey: new x509.X509Certificate(caPem), signatureOnly: true })).toBe(true);

    mark = harness.stdout().length;
    expect(await run(cardsCommand(harness.context), ['revoke', card.cardId])).toBe(0);
    expect(harness.stdout().slice(mark)).toContain(`Revoked card ${card.cardId} (1 certificates)`);
    expect((await t.db.selectFrom('smartcards').select('status').where('id', '=', card.cardId).executeTakeFirstOrThrow()).status).toBe('revoked');

    // Block the PIN through the server, then unblock with the server-held PUK from the CLI; then clean the card.
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const config = (await admin.get('/api2/CMS-v2/CMSClientGRPCConfig')).json();
    const token = (await admin.post('/api2/CMS-v2/CMSClientSessionToken')).json().SessionCookie as string;
    expect((await fetch(`${agentUrl}/connect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ SessionCookie: token, GRPCConfig: config }) })).status).toBe(200);
    const sessionId = sessionIdOf(admin.cookies.get(SESSION_COOKIE)!);
    for (let i = 0; i < 20 && !(await t.app.agentHub.hasAgent(sessionId)); i += 1) await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 3; i += 1) expect((await admin.post('/api2/CMS-v2/ValidatePin', { card_id: { readerName: READER }, pin: '00000000' })).statusCode).toBe(403);
    stdin = '11223344\n';
    mark = harness.stdout().length;
    expect(await run(cardsCommand(harness.context), ['unblock', '--reader', READER, '--pin-stdin'])).toBe(0);
    expect(harness.stdout().slice(mark)).toContain(`Unblocked the card in '${READER}' with a new PIN`);
    mark = harness.stdout().length;
    expect(await run(cardsCommand(harness.context), ['clean', '--reader', READER])).toBe(0);
    expect(harness.stdout().slice(mark)).toContain(`Cleaned the card in '${READER}'`);
    expect(await t.db.selectFrom('smartcards').select('id').execute()).toEqual([]);
  });
});
