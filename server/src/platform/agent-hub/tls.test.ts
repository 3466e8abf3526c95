/** The agent hub over TLS: the config says so, an agent trusting the hub's CA links, a plaintext dial fails. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, TEST_PASSWORD, type TestContext } from '../../test-helpers/build';
import { createAgent, type Agent } from '../../../../agent/src/agent';
import { loadAgentConfig } from '../../../../agent/src/config';

const CONSOLE = 'http://console.test';

describe('agent hub over TLS', () => {
  let t: TestContext;
  let dir: string;
  let agent: Agent;
  let agentBase: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-hub-tls-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    t = await build();
    await t.bootstrap();
    await t.app.agentHub.listen('127.0.0.1', 0, { cert: readFileSync(path.join(dir, 'cert.pem')), key: readFileSync(path.join(dir, 'key.pem')) });
    agent = createAgent(loadAgentConfig({}, { port: 0, origins: [CONSOLE], virtualReaders: 1, printerDir: path.join(dir, 'printed'), serverCa: path.join(dir, 'cert.pem') }));
    agentBase = `http://127.0.0.1:${await agent.listen()}`;
  });
  afterAll(async () => {
    await agent?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should link an agent that trusts the hub certificate and refuse a plaintext dial', async () => {
    const client = t.client();
    await client.login('admin', TEST_PASSWORD);
    const config = (await client.get('/api2/CMS-v2/CMSClientGRPCConfig')).json();
    expect(config).toMatchObject({ AgentAddress: '127.0.0.1', AgentTls: true });
    const connect = async (GRPCConfig: unknown) => {
      const SessionCookie = (await client.post('/api2/CMS-v2/CMSClientSessionToken')).json().SessionCookie as string;
      return fetch(`${agentBase}/connect`, { method: 'POST', headers: { 'content-type': 'application/json', origin: CONSOLE }, body: JSON.stringify({ SessionCookie, GRPCConfig }) });
    };
    const plaintext = await connect({ AgentAddress: config.AgentAddress, AgentPort: config.AgentPort });
    expect(plaintext.status).toBe(502);
    const secure = await connect(config);
    expect(secure.status).toBe(200);
    const readers = await client.get('/api2/CMS-v2/ListReaders');
    expect(readers.json().readers[0]).toMatchObject({ name: 'Tessera Virtual Reader 0' });
  });
});
