/**
 * Two server instances on one Redis (TESSERA_TEST_REDIS_URL, set by `node scripts/test-services.mjs
 * start` when redis-server is installed; skipped without it, like the other Redis tests): a call that
 * lands on the instance without the agent's stream still reaches the agent, its events reach the other
 * instance's subscribers, and a logout on one instance ends the agent linked to the other; a sign-in on one
 * instance moves the agent linked to the other to the new session (AgentHub.rebindSession).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { build, TEST_PASSWORD, type TestContext } from '../../test-helpers/build';
import { TestClient } from '../../test-helpers/client';
import { createAgent, type Agent } from '../../../../agent/src/agent';
import { loadAgentConfig } from '../../../../agent/src/config';
import { ServerLink } from '../../../../agent/src/server-link/ServerLink';
import { sessionIdOf } from '../session-store';

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

(process.env.TESSERA_TEST_REDIS_URL ? describe : describe.skip)('agent hub fan-out through Redis', () => {
  let t: TestContext;
  let other: FastifyInstance;
  let agent: Agent;

  beforeAll(async () => {
    t = await build({ redis: true });
    await t.bootstrap();
    other = await buildApp({ env: {}, db: t.db, config: { ...t.app.config, webDir: '/nonexistent-tessera-test-web' } });
    await other.ready();
    await t.app.agentHub.listen('127.0.0.1', 0);
    agent = createAgent(loadAgentConfig({}, { port: 0, origins: ['http://console.test'], virtualReaders: 1, printerDir: '/tmp/tessera-test-printer' }));
    await agent.listen();
  });
  afterAll(async () => {
    await agent?.close();
    await other?.close();
    await t?.close();
  });

  it('should relay a call, an agent failure, events and the session end across instances', async () => {
    const a = t.client();
    await a.login('admin', TEST_PASSWORD);
    const config = (await a.get('/api2/CMS-v2/CMSClientGRPCConfig')).json();
    const token = (await a.post('/api2/CMS-v2/CMSClientSessionToken')).json().SessionCookie as string;
    // Link the agent's readers to instance A (as the agent's /connect does).
    expect(agent.readers.list()).toHaveLength(1);
    const events: string[] = [];
    const link = new ServerLink({
      target: { address: config.AgentAddress, port: config.AgentPort, token },
      agentVersion: '2.0.0',
      backend: 'virtual',
      handlers: {
        ListReaders: async () => ({ readers: agent.readers.list() }),
        GetReader: async ({ readerName }) => agent.readers.get(readerName),
        Ping: async () => ({ pong: true, version: '2.0.0' }),
      },
      subscribe: (send) => agent.readers.onChange((c) => send(c.type, c.readerName, { reader: c.reader })),
    });
    await link.open();
    expect(t.app.agentHub.localAgentCount()).toBe(1);
    expect(other.agentHub.localAgentCount()).toBe(0);

    // The same browser session on instance B.
    const b = new TestClient(other);
    for (const [k, v] of a.cookies) b.cookies.set(k, v);
    const readers = await b.get('/api2/CMS-v2/ListReaders');
    expect(readers.statusCode).toBe(200);
    expect(readers.json().readers[0]).toMatchObject({ name: 'Tessera Virtual Reader 0', cardPresent: true });
    expect((await b.get('/api2/CMS-v1/PingClient')).json()).toEqual({ pong: true, version: '2.0.0' });
    // An agent failure crosses instances with its mapping: an unknown reader is a 404 on B too.
    const missing = await b.post('/api2/CMS-v2/GetReader', { card_id: { readerName: 'no such reader' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'READER_NOT_FOUND', message: 'The card reader was not found.' });

    const sessionId = sessionIdOf(a.cookies.get('tessera_session')!);
    const off = other.agentHub.subscribe(sessionId, (e) => events.push(e.type));
    agent.virtual!.remove(0);
    await waitFor(() => events.includes('cardRemoved'));
    off();

    await b.post('/api2/Authentication-v1/logout');
    await waitFor(() => !link.active);
    expect(t.app.agentHub.localAgentCount()).toBe(0);
  });

  it('should move an agent linked to the other instance to the new session when a sign-in replaces its session here', async () => {
    const a = t.client();
    await a.login('admin', TEST_PASSWORD);
    const from = sessionIdOf(a.cookies.get('tessera_session')!);
    const config = (await a.get('/api2/CMS-v2/CMSClientGRPCConfig')).json();
    const token = (await a.post('/api2/CMS-v2/CMSClientSessionToken')).json().SessionCookie as string;
    const link = new ServerLink({
      target: { address: config.AgentAddress, port: config.AgentPort, token },
      agentVersion: '2.0.0',
      backend: 'virtual',
      handlers: { Ping: async () => ({ pong: true, version: '2.0.0' }) },
      subscribe: () => () => undefined,
    });
    await link.open();
    expect(t.app.agentHub.localAgentCount(from)).toBe(1);

    // The sign-in runs on instance B: its commit deletes `from` and makes a new session (a second sign-in here).
    const next = t.client();
    await next.login('admin', TEST_PASSWORD);
    const to = sessionIdOf(next.cookies.get('tessera_session')!);
    const { value, moved } = await other.agentHub.rebindSession(from, async () => {
      await other.sessions.delete(from);
      return { value: 'signed in', to: { sessionId: to, userId: null } };
    });
    expect([value, moved]).toEqual(['signed in', 0]);
    await waitFor(() => t.app.agentHub.localAgentCount(to) === 1);
    expect(t.app.agentHub.localAgentCount(from)).toBe(0);
    // A call for the new session from B reaches the agent on A; the old session has none.
    expect(await other.agentHub.call(to, 'Ping', {})).toEqual({ pong: true, version: '2.0.0' });
    await expect(other.agentHub.call(from, 'Ping', {})).rejects.toMatchObject({ code: 'NO_CMS_CLIENT' });
    // A's sweep (every 5 s) finds `from` gone and leaves the moved agent alone.
    await new Promise((r) => setTimeout(r, 5_500));
    expect(link.active).toBe(true);
    expect(t.app.agentHub.localAgentCount(to)).toBe(1);

    await next.post('/api2/Authentication-v1/logout');
    await waitFor(() => !link.active);
  }, 20_000);
});
