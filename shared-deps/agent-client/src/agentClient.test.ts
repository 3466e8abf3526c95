import { AgentClientError, cmsVersionFor, createAgentClient, type AgentClientApi } from './agentClient';
import * as entry from './index';
import { linkLocalAgent, ownAgentUrl } from './linkLocalAgent';
import { USER_SETTINGS_STORAGE_KEY } from '@tessera/domain';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(options: { version?: string; connect?: Response; unreachable?: boolean; tokenFails?: boolean } = {}) {
  const calls: { url: string; body?: unknown }[] = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
    if (options.unreachable) throw new TypeError('Failed to fetch');
    if (url.endsWith('/version')) return json(200, { version: options.version ?? '2.0.0' });
    if (url.endsWith('/connect')) return options.connect ?? json(200, { connected: true });
    return json(200, {});
  }) as typeof fetch;
  const api: AgentClientApi & { pings: number; failPings: number } = {
    pings: 0,
    failPings: 0,
    cmsClientGrpcConfig: async () => ({ AgentAddress: '127.0.0.1', AgentPort: 8803 }),
    cmsClientSessionToken: async () => {
      if (options.tokenFails) throw new Error('401');
      return { SessionCookie: 'token-token-token-token' };
    },
    async pingClient() {
      api.pings += 1;
      if (api.failPings > 0) {
        api.failPings -= 1;
        throw new Error('No CMS Client connected');
      }
      return { pong: true };
    },
  };
  return { calls, api, client: createAgentClient({ api, fetch: fetchImpl, agentUrl: 'http://127.0.0.1:9999/' }) };
}

describe('agent client', () => {
  it('should choose CMS-v1 for versions starting with 1 and CMS-v2 otherwise', () => {
    expect(cmsVersionFor('1.9.3')).toBe('CMS-v1');
    expect(cmsVersionFor('2.0.0')).toBe('CMS-v2');
    expect(cmsVersionFor('10.0')).toBe('CMS-v1');
    expect(cmsVersionFor('0.1')).toBe('CMS-v2');
  });

  it('should post the gRPC config and the agent token to /connect', async () => {
    const { client, calls } = setup({ version: '1.4.0' });
    expect(await client.connect()).toEqual({ version: '1.4.0', cmsVersion: 'CMS-v1' });
    expect(calls.at(-1)).toEqual({
      url: 'http://127.0.0.1:9999/connect',
      body: { SessionCookie: 'token-token-token-token', GRPCConfig: { AgentAddress: '127.0.0.1', AgentPort: 8803 } },
    });
  });

  it('should say to start the security client when the agent cannot be reached', async () => {
    const { client } = setup({ unreachable: true });
    const error = await client.connect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentClientError);
    expect(error).toMatchObject({ code: 'AGENT_UNREACHABLE', title: 'Unable to connect to local CMS Client', detail: 'Ensure that your security client is running.' });
  });

  it('should show the text of a failed connect', async () => {
    const { client } = setup({ connect: json(502, { message: 'the server refused the agent token' }) });
    await expect(client.connect()).rejects.toMatchObject({ code: 'CONNECT_FAILED', title: 'Unable to connect to local CMS Client', detail: 'the server refused the agent token' });
  });

  it('should report Unable to retrieve session cookie when the token call fails', async () => {
    const { client } = setup({ tokenFails: true });
    await expect(client.connect()).rejects.toMatchObject({ code: 'SESSION_COOKIE', title: 'Unable to retrieve session cookie' });
  });

  it('should ping every 60000 ms and retry once after reconnecting', async () => {
    let tick: (() => void) | undefined;
    let intervalMs = 0;
    const { api, calls } = setup();
    const client = createAgentClient({
      api,
      fetch: (async (url: string) => (String(url).endsWith('/version') ? json(200, { version: '2.0.0' }) : json(200, { connected: true }))) as typeof fetch,
      setInterval: (fn, ms) => {
        tick = fn;
        intervalMs = ms;
        return 1;
      },
      clearInterval: () => (tick = undefined),
    });
    const failures: unknown[] = [];
    const stop = client.keepAlive('CMS-v2', (e) => failures.push(e));
    expect(intervalMs).toBe(60000);
    api.failPings = 1;
    tick!();
    await new Promise((r) => setTimeout(r, 10));
    expect(api.pings).toBe(2);
    expect(failures).toEqual([]);
    api.failPings = 2;
    tick!();
    await new Promise((r) => setTimeout(r, 10));
    expect(api.pings).toBe(4);
    expect(failures).toHaveLength(1);
    stop();
    expect(tick).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('should export exactly its public names', () => {
    expect(Object.keys(entry).sort()).toEqual(['AgentClientError', 'DEFAULT_AGENT_URL', 'cmsVersionFor', 'createAgentClient', 'linkLocalAgent', 'ownAgentUrl']);
  });

  describe('linkLocalAgent', () => {
    const storageWith = (settings: unknown) => ({ getItem: (key: string) => (key === USER_SETTINGS_STORAGE_KEY ? JSON.stringify(settings) : null) });
    const link = async (storage: Pick<Storage, 'getItem'> | null, serverAddress: () => Promise<{ AgentUrl: string }>) => {
      const { api, calls } = setup({ version: '1.4.0' });
      const fetchCalls = calls;
      const fetchImpl = (async (url: string) => {
        fetchCalls.push({ url });
        return url.endsWith('/version') ? json(200, { version: '1.4.0' }) : json(200, { connected: true });
      }) as typeof fetch;
      const connection = await linkLocalAgent({ api: { ...api, cmsClientLocalAddress: serverAddress }, fetch: fetchImpl, storage });
      return { connection, urls: fetchCalls.map((c) => c.url) };
    };

    it("should link the agent at the user's own address first, else the server's, else the default", async () => {
      const server = jest.fn().mockResolvedValue({ AgentUrl: 'http://127.0.0.1:7000' });
      const own = await link(storageWith({ agentUrl: 'http://127.0.0.1:6000' }), server);
      expect(own.urls).toEqual(['http://127.0.0.1:6000/version', 'http://127.0.0.1:6000/connect']);
      expect(own.connection).toEqual({ version: '1.4.0', cmsVersion: 'CMS-v1' });
      expect(server).not.toHaveBeenCalled();
      expect((await link(null, server)).urls).toEqual(['http://127.0.0.1:7000/version', 'http://127.0.0.1:7000/connect']);
      // A server address that is not a loopback http address, or a failing call: the default.
      expect((await link(storageWith({}), async () => ({ AgentUrl: 'http://evil.example:8802' }))).urls[0]).toBe('http://127.0.0.1:8802/version');
      expect((await link(storageWith({}), () => Promise.reject(new Error('down')))).urls[0]).toBe('http://127.0.0.1:8802/version');
    });

    it('should read no address from broken or foreign settings', () => {
      expect(ownAgentUrl({ getItem: () => '{not json' })).toBeNull();
      expect(ownAgentUrl(storageWith({ agentUrl: 'https://example.com' }))).toBeNull();
      expect(ownAgentUrl(storageWith({ agentUrl: 42 }))).toBeNull();
      expect(ownAgentUrl(null)).toBeNull();
    });
  });
});
