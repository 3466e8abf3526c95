/**
 * The gRPC endpoint agents dial (AgentHub.Connect, `authorization: Bearer <agent token>` in the
 * metadata). It spends the token, checks the token's session, answers Welcome with a resume token,
 * and turns the stream into a {@link LinkedAgent}; its messages go to the hooks (replies, events) and
 * the end of the stream is reported once per signal (the hub dedupes through the registry).
 */
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { AGENT_TOKEN_METADATA, loadAgentHub, type AgentEvent, type AgentMessage, type AgentReply, type ServerMessage } from '@tessera/agent-protocol';
import { isExpired, type SessionStore } from '../session-store';
import type { LinkedAgent, HubLog } from './registry';
import type { AgentTokenStore } from './tokens';

/** Lifetime of a resume token (the agent redials with it after a broken stream). */
export const RESUME_TOKEN_TTL_MS = 15 * 60_000;

/** What the endpoint tells the hub. */
export interface StreamHooks {
  /** A stream was accepted; runs before the Welcome is sent. */
  linked(agent: LinkedAgent): Promise<void>;
  reply(agent: LinkedAgent, reply: AgentReply): void;
  event(agent: LinkedAgent, event: AgentEvent): void;
  /** The stream ended or broke (may be called more than once for one stream). */
  gone(agent: LinkedAgent, reason: string): void;
}

/** Options of the endpoint. */
export interface StreamEndpointOptions {
  sessions: SessionStore;
  tokens: AgentTokenStore;
  now: () => number;
  hooks: StreamHooks;
  log?: HubLog | undefined;
}

type Call = grpc.ServerDuplexStream<AgentMessage, ServerMessage>;

/** The endpoint. */
export class AgentStreamEndpoint {
  readonly #options: StreamEndpointOptions;
  #server: grpc.Server | null = null;
  #boundPort: number | null = null;
  #tls = false;
  #closed = false;

  constructor(options: StreamEndpointOptions) {
    this.#options = options;
  }

  /** Listens on host:port (0: any free port), over TLS when a PEM chain and key are given. */
  async listen(host: string, port: number, tls?: { cert: Buffer; key: Buffer }): Promise<number> {
    const server = new grpc.Server();
    const credentials = tls ? grpc.ServerCredentials.createSsl(null, [{ cert_chain: tls.cert, private_key: tls.key }], false) : grpc.ServerCredentials.createInsecure();
    this.#tls = Boolean(tls);
    server.addService(loadAgentHub().service, { Connect: (call: Call) => void this.#accept(call) });
    const bound = await new Promise<number>((resolve, reject) => {
      server.bindAsync(`${host.includes(':') ? `[${host}]` : host}:${port}`, credentials, (error, p) => (error ? reject(error) : resolve(p)));
    });
    this.#server = server;
    this.#boundPort = bound;
    return bound;
  }

  /** Whether agents must dial with TLS. */
  get tls(): boolean {
    return this.#tls;
  }

  /** The bound port, or null before {@link listen}. */
  get boundPort(): number | null {
    return this.#boundPort;
  }

  async #accept(call: Call): Promise<void> {
    const { tokens, sessions, now, hooks } = this.#options;
    const refuse = (details: string): void => {
      call.emit('error', { code: grpc.status.UNAUTHENTICATED, details } satisfies Partial<grpc.ServiceError>);
    };
    const header = call.metadata.get(AGENT_TOKEN_METADATA)[0];
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = token ? await tokens.take(token) : null;
    if (!claims) return refuse('agent token refused: unknown, expired or already used');
    const session = await sessions.get(claims.sessionId);
    if (!session || isExpired(session, now()) || session.tenantId !== claims.tenantId || (session.state !== 'active' && session.state !== 'anonymous')) {
      return refuse('agent token refused: the session has ended');
    }
    if (this.#closed) return refuse('server shutting down');
    const agent: LinkedAgent = {
      id: randomUUID(),
      claims,
      connectedAt: now(),
      info: null,
      send: (message) => void call.write(message),
      end: () => call.end(),
    };
    await hooks.linked(agent);
    const resumeToken = await tokens.issue({ ...claims, kind: 'resume' }, RESUME_TOKEN_TTL_MS);
    call.write({ welcome: { agentId: agent.id, resumeToken } });
    this.#options.log?.debug({ agentId: agent.id }, 'agent linked');

    call.on('data', (message: AgentMessage) => {
      if (message.hello) agent.info = message.hello;
      else if (message.reply) hooks.reply(agent, message.reply);
      else if (message.event) hooks.event(agent, message.event);
    });
    const gone = () => hooks.gone(agent, 'the CMS Client disconnected');
    call.on('end', () => {
      gone();
      call.end();
    });
    call.on('error', gone);
    call.on('cancelled', gone);
    call.on('close', gone);
  }

  /** Refuses every new stream from now on (shutdown). */
  stopAccepting(): void {
    this.#closed = true;
  }

  /** Refuses new streams and stops listening (open streams are ended by the hub first). */
  async close(): Promise<void> {
    this.#closed = true;
    const server = this.#server;
    this.#server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        server.forceShutdown();
        resolve();
      }, 1000);
      server.tryShutdown(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
