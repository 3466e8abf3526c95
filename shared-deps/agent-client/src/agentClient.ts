/**
 * The console's side of the local security client (signin §4 "Local security client", §7, §8, §9):
 * read the agent's version (which picks the CMS-v1 or CMS-v2 paths), connect it to the server
 * (gRPC config + a single-use agent token from the server, posted to the agent's /connect), and keep
 * it alive with a ping every 60000 ms that reconnects and retries once when it fails.
 */
import { AGENT_HOST, AGENT_PORT, CLIENT_PING_MS, MESSAGES, type CmsClientGrpcConfig, type CmsVersion } from '@tessera/domain';

/** What the agent client needs from the server API (a subset of `@tessera/api`'s client). */
export interface AgentClientApi {
  cmsClientGrpcConfig(): Promise<CmsClientGrpcConfig>;
  cmsClientSessionToken(): Promise<{ SessionCookie: string }>;
  pingClient(v: CmsVersion): Promise<unknown>;
}

/** Codes of agent client failures. */
export type AgentClientErrorCode = 'AGENT_UNREACHABLE' | 'SESSION_COOKIE' | 'CONNECT_FAILED' | 'PING_FAILED';

/** A failure with the spec's toast text as message (signin §8). */
export class AgentClientError extends Error {
  readonly code: AgentClientErrorCode;
  /** Toast title / first line (e.g. 'Unable to connect to local CMS Client'). */
  readonly title: string;
  /** The detail (the server's text, or 'Ensure that your security client is running.'). */
  readonly detail: string;
  constructor(code: AgentClientErrorCode, title: string, detail: string, options?: { cause?: unknown }) {
    super(detail ? `${title}: ${detail}` : title, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AgentClientError';
    this.code = code;
    this.title = title;
    this.detail = detail;
  }
}

/** The protocol paths of an agent version: starting with `1` → CMS-v1, anything else CMS-v2 (signin §5). */
export function cmsVersionFor(agentVersion: string): CmsVersion {
  return agentVersion.trim().startsWith('1') ? 'CMS-v1' : 'CMS-v2';
}

/** The agent's default address (signin §9: loopback, port 8802). */
export const DEFAULT_AGENT_URL = `http://${AGENT_HOST}:${AGENT_PORT}`;

/** Options of {@link createAgentClient}. */
export interface AgentClientOptions {
  api: AgentClientApi;
  fetch: typeof fetch;
  /** The agent's base URL. @default http://127.0.0.1:8802 */
  agentUrl?: string;
  /** Timers (tests pass fakes). */
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/** A connected agent. */
export interface AgentConnection {
  version: string;
  cmsVersion: CmsVersion;
}

/** The agent client. */
export interface AgentClient {
  /** `GET /version` of the agent. @throws AgentClientError AGENT_UNREACHABLE */
  version(): Promise<string>;
  /** Links the agent to the server for this session. @throws AgentClientError */
  connect(): Promise<AgentConnection>;
  /** One ping through the server; on failure reconnects and retries once (signin §4). */
  ping(v: CmsVersion): Promise<void>;
  /** Pings every 60000 ms; `onFailure` gets a failed retry. Returns the teardown. */
  keepAlive(v: CmsVersion, onFailure: (error: unknown) => void): () => void;
  /** Tells the agent to end its link (`POST /KillSession`). */
  killSession(): Promise<void>;
}

/** Creates the agent client. */
export function createAgentClient({ api, fetch: fetchImpl, agentUrl = DEFAULT_AGENT_URL, ...timers }: AgentClientOptions): AgentClient {
  const base = agentUrl.replace(/\/+$/, '');
  const every = timers.setInterval ?? ((fn: () => void, ms: number) => globalThis.setInterval(fn, ms));
  const stop = timers.clearInterval ?? ((handle: unknown) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>));

  const unreachable = (cause: unknown) => new AgentClientError('AGENT_UNREACHABLE', MESSAGES.CMS_CLIENT_UNREACHABLE, MESSAGES.CMS_CLIENT_HINT, { cause });

  const version = async (): Promise<string> => {
    let response: Response;
    try {
      response = await fetchImpl(`${base}/version`, { method: 'GET', credentials: 'omit' });
    } catch (cause) {
      throw unreachable(cause);
    }
    if (!response.ok) throw unreachable(new Error(`agent answered ${response.status}`));
    const body = (await response.json()) as { version?: unknown };
    if (typeof body.version !== 'string') throw unreachable(new Error('agent version missing'));
    return body.version;
  };

  const connect = async (): Promise<AgentConnection> => {
    const agentVersion = await version();
    let config: CmsClientGrpcConfig;
    let token: string;
    try {
      [config, { SessionCookie: token }] = await Promise.all([api.cmsClientGrpcConfig(), api.cmsClientSessionToken()]);
    } catch (cause) {
      throw new AgentClientError('SESSION_COOKIE', MESSAGES.SESSION_COOKIE_UNAVAILABLE, '', { cause });
    }
    let response: Response;
    try {
      response = await fetchImpl(`${base}/connect`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ SessionCookie: token, GRPCConfig: config }),
      });
    } catch (cause) {
      throw unreachable(cause);
    }
    if (!response.ok) {
      let text = '';
      try {
        text = ((await response.json()) as { message?: string }).message ?? '';
      } catch {
        text = '';
      }
      throw new AgentClientError('CONNECT_FAILED', MESSAGES.CMS_CLIENT_UNREACHABLE, text || MESSAGES.CMS_CLIENT_HINT);
    }
    return { version: agentVersion, cmsVersion: cmsVersionFor(agentVersion) };
  };

  const ping = async (v: CmsVersion): Promise<void> => {
    try {
      await api.pingClient(v);
    } catch {
      await connect();
      await api.pingClient(v);
    }
  };

  return {
    version,
    connect,
    ping,
    keepAlive(v, onFailure) {
      const handle = every(() => {
        ping(v).catch(onFailure);
      }, CLIENT_PING_MS);
      return () => stop(handle);
    },
    async killSession() {
      try {
        await fetchImpl(`${base}/KillSession`, { method: 'POST', credentials: 'omit' });
      } catch (cause) {
        throw unreachable(cause);
      }
    },
  };
}
