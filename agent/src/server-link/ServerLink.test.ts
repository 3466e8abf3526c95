/**
 * The server link against a small AgentHub server written here (the real hub is tested in
 * server/src/smartcards/cms-client.routes.test.ts): redial with backoff on a broken stream using the
 * resume token, and stop for good on a refused token or a Goodbye.
 */
import * as grpc from '@grpc/grpc-js';
import { loadAgentHub, type AgentMessage, type ServerMessage } from '@tessera/agent-protocol';
import { LinkError, ServerLink } from './ServerLink';

type Call = grpc.ServerDuplexStream<AgentMessage, ServerMessage>;

async function hub(onCall: (call: Call, token: string, n: number) => void): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new grpc.Server();
  let n = 0;
  server.addService(loadAgentHub().service, {
    Connect: (call: Call) => {
      n += 1;
      onCall(call, String(call.metadata.get('authorization')[0] ?? ''), n);
    },
  });
  const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
  return { port, close: async () => server.forceShutdown() };
}

function link(port: number, token: string, onEnd?: (reason: string) => void): ServerLink {
  return new ServerLink({
    target: { address: '127.0.0.1', port, token },
    handlers: { Ping: async () => ({ pong: true, version: '2.0.0' }) },
    agentVersion: '2.0.0',
    backend: 'test',
    subscribe: () => () => {},
    baseDelayMs: 20,
    ...(onEnd ? { onEnd } : {}),
  });
}

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('ServerLink', () => {
  it('should redial a broken stream with the resume token and answer requests again', async () => {
    const tokens: string[] = [];
    const replies: string[] = [];
    const server = await hub((call, token, n) => {
      tokens.push(token);
      call.on('data', (m: AgentMessage) => m.reply && replies.push(`${n}:${m.reply.json}`));
      call.on('error', () => {});
      call.write({ welcome: { agentId: `agent-${n}`, resumeToken: `resume-${n}` } });
      if (n === 1) setTimeout(() => call.emit('error', { code: grpc.status.UNAVAILABLE, details: 'network blip' }), 50);
      else call.write({ request: { id: 'r', method: 'Ping', json: '{}' } });
    });
    const l = link(server.port, 'first-token');
    try {
      await l.open();
      expect(l.agentId).toBe('agent-1');
      await waitFor(() => replies.length === 1);
      expect(tokens).toEqual(['Bearer first-token', 'Bearer resume-1']);
      expect(replies).toEqual(['2:{"pong":true,"version":"2.0.0"}']);
      expect(l.agentId).toBe('agent-2');
      expect(l.active).toBe(true);
    } finally {
      l.close();
      await server.close();
    }
  });

  it('should answer a call outside the protocol, or with parameters of the wrong shape, with the protocol error code', async () => {
    const replies: { id: string; ok: boolean; errorCode: string }[] = [];
    const server = await hub((call) => {
      call.on('data', (m: AgentMessage) => m.reply && replies.push({ id: m.reply.id, ok: m.reply.ok, errorCode: m.reply.errorCode }));
      call.on('error', () => {});
      call.write({ welcome: { agentId: 'a', resumeToken: 'r' } });
      call.write({ request: { id: 'unknown', method: 'FormatDisk', json: '{}' } });
      call.write({ request: { id: 'unanswered', method: 'ListPrinters', json: '{}' } });
      call.write({ request: { id: 'bad', method: 'GetReader', json: '{"readerName":7}' } });
    });
    const l = link(server.port, 'token');
    try {
      await l.open();
      await waitFor(() => replies.length === 3);
      expect(replies.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
        { id: 'bad', ok: false, errorCode: 'BAD_PARAMS' },
        { id: 'unanswered', ok: false, errorCode: 'UNKNOWN_METHOD' },
        { id: 'unknown', ok: false, errorCode: 'UNKNOWN_METHOD' },
      ]);
    } finally {
      l.close();
      await server.close();
    }
  });

  it('should refuse to open with a token the server refuses', async () => {
    const server = await hub((call) => call.emit('error', { code: grpc.status.UNAUTHENTICATED, details: 'agent token refused: already used' }));
    const l = link(server.port, 'spent');
    try {
      const error = await l.open().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LinkError);
      expect(error).toMatchObject({ code: 'REFUSED', message: expect.stringContaining('already used') });
    } finally {
      l.close();
      await server.close();
    }
  });

  it('should end for good on Goodbye', async () => {
    const ended: string[] = [];
    const server = await hub((call) => {
      call.on('error', () => {});
      call.write({ welcome: { agentId: 'a', resumeToken: 'r' } });
      setTimeout(() => call.write({ goodbye: { reason: 'KillSession' } }), 20);
    });
    const l = link(server.port, 'token', (reason) => ended.push(reason));
    try {
      await l.open();
      await waitFor(() => ended.length === 1);
      expect(ended[0]).toContain('KillSession');
      expect(l.active).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('should say the server is unreachable when nothing listens', async () => {
    const l = link(1, 'token');
    await expect(l.open(2000)).rejects.toMatchObject({ code: 'UNREACHABLE' });
    l.close();
  });
});
