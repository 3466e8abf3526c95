/**
 * The agent's link to the server's agent hub: one bidirectional gRPC stream (AgentHub.Connect), the
 * agent token in the metadata. Requests come down and are answered by the handlers; reader changes
 * go up as events. A broken stream is redialled with backoff using the resume token the server gave
 * in its Welcome; a Goodbye from the server, a refused token or `close()` ends the link for good.
 * Handlers only translate: the card work is in the reader service.
 */
import os from 'node:os';
import * as grpc from '@grpc/grpc-js';
import {
  AGENT_TOKEN_METADATA,
  AgentProtocolError,
  isAgentErrorCode,
  isAgentMethod,
  loadAgentHub,
  parseAgentParams,
  type AgentErrorCode,
  type AgentMessage,
  type AgentMethod,
  type AgentParams,
  type AgentResult,
  type ServerMessage,
} from '@tessera/agent-protocol';

/** Where and how to dial. */
export interface LinkTarget {
  /** AgentAddress from CMSClientGRPCConfig. */
  address: string;
  /** AgentPort from CMSClientGRPCConfig. */
  port: number;
  /** The single-use agent token (SessionCookie of /connect). */
  token: string;
  /** Dial with TLS (GRPCConfig.AgentTls); `ca` replaces the system roots (TESSERA_AGENT_SERVER_CA). */
  tls?: { ca?: Buffer };
}

/**
 * The handlers of the protocol's calls, typed by its method map: parameters already checked against
 * the method's shape, the method's result out. To fail, throw an error whose `code` is an
 * `AgentErrorCode` (any other error goes up as AGENT_ERROR); a `triesLeft` goes up as the detail.
 */
export type AgentHandlers = { [M in AgentMethod]: (params: AgentParams<M>) => Promise<AgentResult<M>> };

function run<M extends AgentMethod>(handlers: Partial<AgentHandlers>, method: M, params: AgentParams<M>): Promise<AgentResult<M>> {
  const handler = handlers[method] as ((p: AgentParams<M>) => Promise<AgentResult<M>>) | undefined;
  if (!handler) throw new AgentProtocolError('UNKNOWN_METHOD', `this agent does not answer '${method}'`);
  return handler(params);
}

/** Options of a link. */
export interface ServerLinkOptions {
  target: LinkTarget;
  /** The calls this agent answers (a missing one answers UNKNOWN_METHOD). */
  handlers: Partial<AgentHandlers>;
  agentVersion: string;
  backend: string;
  /** Subscribes to events to send up; returns the unsubscribe function. */
  subscribe: (send: (type: string, readerName: string, data: unknown) => void) => () => void;
  /** First retry delay (ms, default 250); doubles up to `maxDelayMs` (default 10000). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Give up after this many failed redials in a row (default 8). */
  maxAttempts?: number;
  debug?: (message: string) => void;
  /** Called once when the link ends for good, with the reason. */
  onEnd?: (reason: string) => void;
  /** Called when the stream breaks (before a redial): card sessions of the link end there. */
  onDisconnect?: (reason: string) => void;
}

/** Why a connect attempt failed. */
export class LinkError extends Error {
  readonly code: 'REFUSED' | 'UNREACHABLE';
  constructor(code: 'REFUSED' | 'UNREACHABLE', message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'LinkError';
    this.code = code;
  }
}

/** The link. Call `open()` once; it resolves when the server has accepted the token. */
export class ServerLink {
  readonly #options: ServerLinkOptions;
  readonly #client: grpc.Client & { Connect(metadata: grpc.Metadata): grpc.ClientDuplexStream<AgentMessage, ServerMessage> };
  #stream: grpc.ClientDuplexStream<AgentMessage, ServerMessage> | null = null;
  #token: string;
  #ended = false;
  #agentId = '';
  #unsubscribe: (() => void) | null = null;
  #retryTimer: NodeJS.Timeout | null = null;

  constructor(options: ServerLinkOptions) {
    this.#options = options;
    this.#token = options.target.token;
    const { Client } = loadAgentHub();
    const { tls } = options.target;
    const credentials = tls ? grpc.credentials.createSsl(tls.ca ?? null) : grpc.credentials.createInsecure();
    this.#client = new Client(`${options.target.address}:${options.target.port}`, credentials) as never;
  }

  /** The id the server gave this agent. */
  get agentId(): string {
    return this.#agentId;
  }

  /** Is the link still wanted (not ended)? */
  get active(): boolean {
    return !this.#ended;
  }

  /** Dials and waits for the server's Welcome. @throws LinkError REFUSED (token) or UNREACHABLE */
  async open(timeoutMs = 5000): Promise<void> {
    await this.#dial(timeoutMs);
    this.#unsubscribe = this.#options.subscribe((type, readerName, data) => {
      this.#stream?.write({ event: { type, readerName, json: JSON.stringify(data ?? null) } });
    });
  }

  #dial(timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const metadata = new grpc.Metadata();
      metadata.set(AGENT_TOKEN_METADATA, `Bearer ${this.#token}`);
      const stream = this.#client.Connect(metadata);
      let welcomed = false;
      // 'error' and 'end' may both come for one broken stream: handle it once.
      let broken = false;
      const lost = (refused: boolean, detail: string) => {
        if (broken || !welcomed || this.#stream !== stream) return;
        broken = true;
        this.#onBroken(refused, detail);
      };
      const timer = setTimeout(() => {
        if (welcomed) return;
        stream.cancel();
        reject(new LinkError('UNREACHABLE', `the server at ${this.#options.target.address}:${this.#options.target.port} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      stream.on('data', (message: ServerMessage) => {
        if (message.welcome) {
          welcomed = true;
          clearTimeout(timer);
          this.#agentId = message.welcome.agentId;
          this.#token = message.welcome.resumeToken;
          this.#stream = stream;
          this.#options.debug?.(`linked to the server as agent ${this.#agentId}`);
          resolve();
          return;
        }
        if (message.goodbye) {
          this.#finish(`server ended the link: ${message.goodbye.reason}`);
          stream.cancel();
          return;
        }
        if (message.request) void this.#handle(stream, message.request.id, message.request.method, message.request.json);
      });
      stream.on('error', (error: grpc.ServiceError) => {
        clearTimeout(timer);
        if (!welcomed) {
          const refused = error.code === grpc.status.UNAUTHENTICATED || error.code === grpc.status.PERMISSION_DENIED;
          reject(new LinkError(refused ? 'REFUSED' : 'UNREACHABLE', refused ? `the server refused the agent token: ${error.details}` : `cannot reach the server: ${error.details || error.message}`, { cause: error }));
          return;
        }
        lost(error.code === grpc.status.UNAUTHENTICATED || error.code === grpc.status.PERMISSION_DENIED, error.details);
      });
      stream.on('end', () => {
        clearTimeout(timer);
        lost(false, 'stream ended');
      });
      stream.write({ hello: { agentVersion: this.#options.agentVersion, backend: this.#options.backend, hostname: os.hostname() } });
    });
  }

  async #handle(stream: grpc.ClientDuplexStream<AgentMessage, ServerMessage>, id: string, method: string, json: string): Promise<void> {
    try {
      if (!isAgentMethod(method)) throw new AgentProtocolError('UNKNOWN_METHOD', `the agent does not know the call '${method.slice(0, 64)}'`);
      const result = await run(this.#options.handlers, method, parseAgentParams(method, json));
      stream.write({ reply: { id, ok: true, json: JSON.stringify(result ?? null), errorCode: '', errorMessage: '' } });
    } catch (error) {
      const e = error as { code?: unknown; message?: string; triesLeft?: number };
      const code: AgentErrorCode = isAgentErrorCode(e.code) ? e.code : 'AGENT_ERROR';
      stream.write({ reply: { id, ok: false, json: JSON.stringify(e.triesLeft === undefined ? null : { triesLeft: e.triesLeft }), errorCode: code, errorMessage: e.message ?? String(error) } });
    }
    if (method === 'KillSession') this.close('KillSession');
  }

  #onBroken(refused: boolean, detail: string): void {
    this.#stream = null;
    this.#options.onDisconnect?.(detail);
    if (this.#ended) return;
    if (refused) return this.#finish(`server refused the agent: ${detail}`);
    this.#options.debug?.(`link broken (${detail}); redialling`);
    this.#redial(0);
  }

  #redial(attempt: number): void {
    if (this.#ended) return;
    const base = this.#options.baseDelayMs ?? 250;
    const max = this.#options.maxDelayMs ?? 10_000;
    if (attempt >= (this.#options.maxAttempts ?? 8)) return this.#finish('server unreachable, gave up redialling');
    const delay = Math.min(max, base * 2 ** attempt);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      this.#dial(5000).catch((error: LinkError) => {
        if (error.code === 'REFUSED') this.#finish(error.message);
        else this.#redial(attempt + 1);
      });
    }, delay);
  }

  #finish(reason: string): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#unsubscribe?.();
    this.#options.debug?.(`link ended: ${reason}`);
    this.#options.onEnd?.(reason);
    setImmediate(() => {
      this.#stream?.end();
      this.#stream = null;
      this.#client.close();
    });
  }

  /** Ends the link for good (KillSession, a new /connect, shutdown). */
  close(reason = 'closed by the agent'): void {
    this.#finish(reason);
  }
}
