/**
 * The agent hub end to end on one machine: a real agent (virtual readers) linked over gRPC to a real
 * app, driven like the console drives them. Also the security rules: foreign origins, spent or
 * expired agent tokens, one session reaching another's agent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { schemaValidator } from '../test-helpers/ajv';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { CONSOLE_ORIGIN, connectAgent, linkAgent, testAgent, waitFor } from '../test-helpers/agent-link';
import type { Agent } from '../../../agent/src/agent';
import { ServerLink } from '../../../agent/src/server-link/ServerLink';
import { upsertPinRequirements } from './pin-requirements.repository';
import { PIV_PIN_LENGTH } from '@tessera/domain';

interface Linked {
  agent: Agent;
  base: string;
}

/** A test agent (one virtual reader) listening, not linked yet. */
async function startAgent(): Promise<Linked> {
  const agent = testAgent();
  const port = await agent.listen();
  return { agent, base: `http://127.0.0.1:${port}` };
}

describe('CMS Client relay through the agent hub', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let grpcPort: number;
  const agents: Agent[] = [];

  /** The agent's own answer to a link asked for as the console does, for the tests of that answer. */
  async function link(client: TestClient, linked: Linked): Promise<{ status: number; body: { message?: string; connected?: boolean } }> {
    const response = await connectAgent(client, linked.base);
    return { status: response.status, body: (await response.json()) as { message?: string } };
  }

  beforeAll(async () => {
    t = await build({ config: { agentCallTimeoutMs: 1500 } });
    ({ tenantId } = await t.bootstrap());
    grpcPort = await t.app.agentHub.listen('127.0.0.1', 0);
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
  });
  afterAll(async () => {
    for (const agent of agents) await agent.close();
    await t?.close();
  });

  it('should tell where agents dial and answer No CMS Client connected without an agent', async () => {
    expect((await admin.get('/api2/CMS-v2/CMSClientGRPCConfig')).json()).toEqual({ AgentAddress: '127.0.0.1', AgentPort: grpcPort });
    const response = await admin.get('/api2/CMS-v2/ListReaders');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'NO_CMS_CLIENT', message: 'No CMS Client connected' });
    expect((await t.client().get('/api2/CMS-v2/CMSClientGRPCConfig')).statusCode).toBe(401);
  });

  it('should relay ListReaders, GetReader and PingClient on both paths, audited', async () => {
    const linked = await startAgent();
    agents.push(linked.agent);
    expect(await link(admin, linked)).toMatchObject({ status: 200, body: { connected: true } });
    await waitFor(() => linked.agent.readers.list()[0]?.smartcard?.cardType === 'PIV');
    for (const v of ['CMS-v1', 'CMS-v2']) {
      const readers = await admin.get(`/api2/${v}/ListReaders`);
      expect(readers.statusCode).toBe(200);
      expect(readers.json().readers).toEqual([
        expect.objectContaining({ name: 'Tessera Virtual Reader 0', cardPresent: true, smartcard: expect.objectContaining({ cardType: 'PIV', atr: expect.stringMatching(/^3B8C/) }) }),
      ]);
      expect((await admin.get(`/api2/${v}/PingClient`)).json()).toEqual({ pong: true, version: '2.0.0' });
    }
    const reader = await admin.post('/api2/CMS-v2/GetReader', { card_id: { readerName: 'Tessera Virtual Reader 0' } });
    expect(reader.json()).toMatchObject({ name: 'Tessera Virtual Reader 0', status: 'PRESENT' });
    const missing = await admin.post('/api2/CMS-v1/GetReader', { card_id: { reader_name: 'nope' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'READER_NOT_FOUND' });
    expect((await t.auditRows('cms.ListReaders')).length).toBeGreaterThanOrEqual(2);
    expect((await t.auditRows('cms.GetReader')).at(-1)).toMatchObject({ actor_username: 'admin', detail: { readerName: 'nope' } });
    expect((await t.auditRows('cms.CMSClientSessionToken')).length).toBeGreaterThanOrEqual(1);
  });

  it('should validate the card PIN: 200, then 403 Incorrect PIN with tries left', async () => {
    const ok = await admin.post('/api2/CMS-v2/ValidatePin', { card_id: { readerName: 'Tessera Virtual Reader 0' }, pin: '123456' });
    expect(ok.json()).toEqual({ valid: true });
    const wrong = await admin.post('/api2/CMS-v1/ValidatePin', { card_id: { readerName: 'Tessera Virtual Reader 0' }, pin: '999999' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'INCORRECT_PIN', message: 'Incorrect PIN. 2 tries left.' });
    const rows = await t.auditRows('cms.ValidatePin');
    expect(JSON.stringify(rows)).not.toContain('999999');
    await admin.post('/api2/CMS-v2/ValidatePin', { card_id: { readerName: 'Tessera Virtual Reader 0' }, pin: '123456' });
  });

  it("should refuse a PIN shorter or longer than the card's limit (PIV_PIN_LENGTH) with 400 naming the pin, before the reader", async () => {
    for (const pin of ['1'.repeat(PIV_PIN_LENGTH.min - 1), '1'.repeat(PIV_PIN_LENGTH.max + 1)]) {
      const res = await admin.post('/api2/CMS-v2/ValidatePin', { card_id: { readerName: 'Tessera Virtual Reader 0' }, pin });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field: 'pin' });
    }
  });

  it('should answer an unknown reader with 404 READER_NOT_FOUND without echoing the name, on every call naming a reader', async () => {
    const name = '<script>alert(1)</script> no such reader';
    for (const v of ['CMS-v1', 'CMS-v2']) {
      const reader = await admin.post(`/api2/${v}/GetReader`, { card_id: { readerName: name } });
      expect(reader.statusCode).toBe(404);
      expect(reader.json()).toEqual({ code: 'READER_NOT_FOUND', message: 'The card reader was not found.' });
      const pin = await admin.post(`/api2/${v}/ValidatePin`, { card_id: { reader_name: name }, pin: '123456' });
      expect(pin.statusCode).toBe(404);
      expect(pin.json()).toEqual({ code: 'READER_NOT_FOUND', message: 'The card reader was not found.' });
      expect(pin.body).not.toContain('script');
    }
  });

  it('should keep the live agent link when /connect is called with a bad token', async () => {
    const client = t.client();
    await client.login('admin', TEST_PASSWORD);
    const linked = await startAgent();
    agents.push(linked.agent);
    expect((await link(client, linked)).status).toBe(200);
    const live = linked.agent.links();
    expect(live).toHaveLength(1);
    const config = (await client.get('/api2/CMS-v2/CMSClientGRPCConfig')).json();
    const bad = await fetch(`${linked.base}/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: CONSOLE_ORIGIN },
      body: JSON.stringify({ SessionCookie: 'x'.repeat(43), GRPCConfig: config }),
    });
    expect(bad.status).toBe(502);
    expect(((await bad.json()) as { message: string }).message).toContain('refused the agent token');
    expect(linked.agent.links()).toEqual(live);
    expect(live[0]!.active).toBe(true);
    const readers = await client.get('/api2/CMS-v2/ListReaders');
    expect(readers.statusCode).toBe(200);
    expect(readers.json().readers[0]).toMatchObject({ name: 'Tessera Virtual Reader 0' });
    // A good token still replaces the link: the old one ends, the new one answers.
    expect((await link(client, linked)).status).toBe(200);
    await waitFor(() => !live[0]!.active);
    expect(linked.agent.links()).toHaveLength(1);
    expect(linked.agent.links()[0]).not.toBe(live[0]);
    expect((await client.get('/api2/CMS-v2/PingClient')).statusCode).toBe(200);
  });

  it('should give the tenant PIN requirements, or 6-8 digits by default', async () => {
    expect((await admin.post('/api2/CMS-v2/GetPinRequirements', {})).json()).toEqual({ minLength: 6, maxLength: 8, digitsOnly: true, description: 'PIN must be between 6-8 numbers' });
    await upsertPinRequirements(t.db, tenantId, { minLength: 4, maxLength: 8, digitsOnly: true, description: null });
    expect((await admin.post('/api2/CMS-v1/GetPinRequirements', {})).json()).toMatchObject({ minLength: 4, description: 'PIN must be between 4-8 numbers' });
  });

  it('should refuse a spent agent token and an expired one', async () => {
    const linked = await startAgent();
    agents.push(linked.agent);
    const config = (await admin.get('/api2/CMS-v2/CMSClientGRPCConfig')).json();
    const token = (await admin.post('/api2/CMS-v2/CMSClientSessionToken')).json().SessionCookie as string;
    const connect = (SessionCookie: string) =>
      fetch(`${linked.base}/connect`, { method: 'POST', headers: { 'content-type': 'application/json', origin: CONSOLE_ORIGIN }, body: JSON.stringify({ SessionCookie, GRPCConfig: config }) });
    expect((await connect(token)).status).toBe(200);
    const reused = await connect(token);
    expect(reused.status).toBe(502);
    expect(((await reused.json()) as { message: string }).message).toContain('refused the agent token');
    const late = (await admin.post('/api2/CMS-v2/CMSClientSessionToken')).json().SessionCookie as string;
    t.advance(61_000);
    try {
      const expired = await connect(late);
      expect(expired.status).toBe(502);
      expect(((await expired.json()) as { message: string }).message).toContain('refused');
    } finally {
      t.advance(-61_000);
    }
  });

  it('should refuse a foreign Origin and a foreign Host on the agent, including the websocket upgrade', async () => {
    const linked = await startAgent();
    agents.push(linked.agent);
    const foreign = await fetch(`${linked.base}/version`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${linked.base}/connect`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
    const allowed = await fetch(`${linked.base}/version`, { headers: { origin: CONSOLE_ORIGIN } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(CONSOLE_ORIGIN);
    expect(await allowed.json()).toEqual({ version: '2.0.0' });
    const port = new URL(linked.base).port;
    const rebinding = await new Promise<number>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/version', headers: { host: `attacker.example:${port}` } }, (res) => resolve(res.statusCode ?? 0));
    });
    expect(rebinding).toBe(421);
    const upgrade = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/events`, { origin: 'https://evil.example' });
      ws.on('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
      ws.on('open', () => resolve('open'));
      ws.on('error', () => resolve('error'));
    });
    expect(upgrade).toBe('refused 403');
    const local = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/events`, { origin: CONSOLE_ORIGIN });
      ws.on('message', (data) => {
        resolve(JSON.parse(String(data)).type);
        ws.close();
      });
    });
    expect(local).toBe('readers');
  });

  it('should keep one session away from another session\'s agent', async () => {
    await t.createUser(tenantId, 'operator', ['smartcardManage']);
    const operator = t.client();
    await operator.login('operator', TEST_PASSWORD);
    const response = await operator.get('/api2/CMS-v2/ListReaders');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('No CMS Client connected');
    // A user without a smartcard permission may not drive even their own agent.
    await t.createUser(tenantId, 'viewer', ['userView']);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await viewer.get('/api2/CMS-v2/ListReaders')).statusCode).toBe(403);
  });

  it('should answer a clear error when the agent does not answer in time or vanishes, never hang', async () => {
    const client = t.client();
    await client.login('operator', TEST_PASSWORD);
    const token = (await client.post('/api2/CMS-v2/CMSClientSessionToken')).json().SessionCookie as string;
    const link: ServerLink = new ServerLink({
      target: { address: '127.0.0.1', port: grpcPort, token },
      agentVersion: '2.0.0',
      backend: 'test',
      subscribe: () => () => {},
      handlers: {
        ListReaders: () => new Promise(() => {}),
        Ping: async () => {
          link.close('crash');
          return new Promise(() => {});
        },
      },
    });
    await link.open();
    const started = Date.now();
    const slow = await client.get('/api2/CMS-v2/ListReaders');
    expect(slow.statusCode).toBe(504);
    expect(slow.json()).toMatchObject({ code: 'CMS_CLIENT_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(3000);
    const vanished = await client.get('/api2/CMS-v2/PingClient');
    expect(vanished.statusCode).toBe(502);
    expect(vanished.json().message).toContain('went away');
  });

  it('should stream reader events on ListReadersStream to the same-origin console only', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const first = agents[0]!;
    const foreign = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api2/CMS-v2/ListReadersStream`, { headers: { cookie }, origin: 'https://evil.example' });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    });
    expect(foreign).toBe(403);
    // The admin session now holds several agents; the newest answers. Use the first agent's events.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api2/CMS-v1/ListReadersStream`, { headers: { cookie }, origin: `http://127.0.0.1:${port}` });
    const messages: { type: string; readerName: string; reader?: { cardPresent: boolean } }[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await waitFor(() => messages.some((m) => m.type === 'readers'));
    first.virtual!.remove(0);
    await waitFor(() => messages.some((m) => m.type === 'cardRemoved' && m.readerName === 'Tessera Virtual Reader 0'));
    first.virtual!.insert(0);
    await waitFor(() => messages.some((m) => m.type === 'cardIdentified'));
    ws.close(1000);
    expect((await t.auditRows('cms.ListReadersStream')).length).toBe(1);
    // Each message is one the OpenAPI document declares for the stream (`x-websockets`, issue 11).
    const declared = (await admin.get('/api/openapi.json')).json()['x-websockets']['/api2/CMS-v1/ListReadersStream'].serverMessages;
    const ajv = schemaValidator();
    for (const message of messages) expect({ message, valid: ajv.validate(declared, message) || ajv.errorsText() }).toEqual({ message, valid: true });
    expect([...new Set(messages.map((m) => m.type))]).toEqual(expect.arrayContaining(['readers', 'cardRemoved', 'cardInserted', 'cardIdentified']));
  });

  it('should list readers for an anonymous session on AnonymousListReaders only', async () => {
    const visitor = t.client();
    expect((await visitor.post('/api2/Authentication-v1/AnonymousSession')).statusCode).toBe(200);
    expect((await visitor.get('/api2/CMS-v2/AnonymousListReaders')).json()).toMatchObject({ code: 'NO_CMS_CLIENT' });
    const linked = await startAgent();
    agents.push(linked.agent);
    expect((await link(visitor, linked)).status).toBe(200);
    const readers = await visitor.get('/api2/CMS-v1/AnonymousListReaders');
    expect(readers.statusCode).toBe(200);
    expect(readers.json().readers[0]).toMatchObject({ name: 'Tessera Virtual Reader 0' });
    expect((await visitor.get('/api2/CMS-v2/ListReaders')).statusCode).toBe(401);
    expect((await t.client().get('/api2/CMS-v2/AnonymousListReaders')).statusCode).toBe(401);
  });

  it('should end the agents of a session on KillSession and on logout', async () => {
    const client = t.client();
    await client.login('operator', TEST_PASSWORD);
    const linked = await startAgent();
    agents.push(linked.agent);
    await linkAgent(t, client, linked.base);
    expect(linked.agent.links()).toHaveLength(1);
    expect((await client.post('/api2/CMS-v2/KillSession')).json()).toEqual({ killed: true });
    await waitFor(() => linked.agent.links().length === 0);
    expect((await client.get('/api2/CMS-v2/ListReaders')).statusCode).toBe(409);

    await linkAgent(t, client, linked.base);
    await waitFor(() => linked.agent.links().length === 1);
    await client.post('/api2/Authentication-v1/logout');
    await waitFor(() => linked.agent.links().length === 0);
  });
});
