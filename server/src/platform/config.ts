/**
 * `TESSERA_*` configuration: read once, validated, frozen. `loadConfig` is pure (takes the environment);
 * `plugins/env.ts` decorates `app.config` with it.
 */
import path from 'node:path';
import { ConfigError } from './errors';
import { AGENT_URL_INVALID, normaliseAgentUrl } from '@tessera/domain';

/** The server's configuration. */
export interface ServerConfig {
  /** Listen address (`TESSERA_HOST`, default 127.0.0.1). */
  host: string;
  /** Listen port (`TESSERA_PORT`, default 8080). */
  port: number;
  /** Folder of the embedded database (`TESSERA_DATA_DIR`, default ./data). */
  dataDir: string;
  /** PostgreSQL URL (`TESSERA_DATABASE_URL`); null: embedded PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | null;
  /** Redis URL (`TESSERA_REDIS_URL`); null: in-process sessions and rate limits. */
  redisUrl: string | null;
  /** Prefix of every Redis key (`TESSERA_REDIS_PREFIX`, default `tessera:`). */
  redisPrefix: string;
  /** Build output of the console (`TESSERA_WEB_DIR`, default `<repo>/dist/web`). */
  webDir: string;
  /** Idle lifetime of a session in seconds (`TESSERA_SESSION_IDLE_SECONDS`, default 900). */
  sessionIdleSeconds: number;
  /** Absolute lifetime of a session in seconds (`TESSERA_SESSION_ABSOLUTE_SECONDS`, default 28800). */
  sessionAbsoluteSeconds: number;
  /** Fastify `trustProxy` (`TESSERA_TRUST_PROXY`: true/false, a hop count, or addresses). */
  trustProxy: boolean | number | string;
  /**
   * Requests per address per window of the seeded stage-0 rate-limit rule (`TESSERA_RATE_LIMIT_MAX`, default
   * 30000; used on the installation's first start only, the rules are data afterwards); 0 turns the rule engine off.
   */
  rateLimitMax: number;
  /** Period of the seeded stage-0 rule in seconds (`TESSERA_RATE_LIMIT_WINDOW_SECONDS`, default 60). */
  rateLimitWindowSeconds: number;
  /**
   * Requests per address per minute of the public PKI routes' own seeded bucket (`/pki/*`: CRL, OCSP, CA
   * certificates; `TESSERA_PKI_RATE_LIMIT_MAX`, default 6000; first start only, like `rateLimitMax`).
   */
  pkiRateLimitMax: number;
  /** Port ACME http-01 validation connects to (`TESSERA_ACME_HTTP01_PORT`, default 80; tests on loopback use another). */
  acmeHttp01Port: number;
  /** Port ACME tls-alpn-01 validation connects to (`TESSERA_ACME_TLS_ALPN01_PORT`, default 443, RFC 8737). */
  acmeTlsAlpn01Port: number;
  /**
   * Failed sign-ins of one account from one address per window before that address is throttled for that
   * account (`TESSERA_LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS`, default 5).
   */
  loginMaxFailuresPerAccountAddress: number;
  /**
   * Failed sign-ins of one account from any address per account window before the account is throttled
   * (`TESSERA_LOGIN_MAX_FAILURES_PER_ACCOUNT`, default 100): the slower limit against distributed guessing.
   */
  loginMaxFailuresPerAccount: number;
  /** Window of the per-account counter in seconds (`TESSERA_LOGIN_ACCOUNT_WINDOW_SECONDS`, default 3600). */
  loginAccountWindowSeconds: number;
  /** Failed sign-ins per address per window before throttling (`TESSERA_LOGIN_MAX_FAILURES_PER_ADDRESS`, default 50). */
  loginMaxFailuresPerAddress: number;
  /** Window of the account+address and address counters in seconds (`TESSERA_LOGIN_WINDOW_SECONDS`, default 900). */
  loginWindowSeconds: number;
  /** Log level (`TESSERA_LOG_LEVEL`, default info). */
  logLevel: string;
  /**
   * Key encrypting secrets at rest (`TESSERA_SECRET_KEY`, 32 bytes base64 or hex); null: a key file
   * `<dataDir>/secret.key` created on first use (issue 4).
   */
  secretKey: string | null;
  /** SMTP server of outgoing mail (`TESSERA_SMTP_URL`, smtp: or smtps:); null: .eml files under `<dataDir>/mail`. */
  smtpUrl: string | null;
  /** Sender of outgoing mail (`TESSERA_MAIL_FROM`, default `no-reply@tessera.invalid`). */
  mailFrom: string;
  /** Public origin of the console for links in mail and WebAuthn (`TESSERA_PUBLIC_URL`); null: the request's origin. */
  publicUrl: string | null;
  /** WebAuthn relying-party id (`TESSERA_WEBAUTHN_RP_ID`); null: the request's host name (the tenant's domain). */
  webauthnRpId: string | null;
  /** Extra accepted WebAuthn origins (`TESSERA_WEBAUTHN_ORIGINS`, comma-separated). */
  webauthnOrigins: string[];
  /** Address the agent hub's gRPC endpoint listens on (`TESSERA_AGENT_GRPC_HOST`, default 127.0.0.1). */
  agentGrpcHost: string;
  /** Its port (`TESSERA_AGENT_GRPC_PORT`, default 8803; 0 = any free port). */
  agentGrpcPort: number;
  /** AgentAddress told to agents (`TESSERA_AGENT_ADDRESS`, default: the gRPC host, or 127.0.0.1 for a wildcard). */
  agentAddress: string;
  /** AgentPort told to agents (`TESSERA_AGENT_PUBLIC_PORT`, default: the bound gRPC port). */
  agentPublicPort: number | null;
  /** Timeout of a relayed agent call in ms (`TESSERA_AGENT_CALL_TIMEOUT_MS`, default 15000). */
  agentCallTimeoutMs: number;
  /** TLS certificate chain and key (PEM files) of the agent hub (`TESSERA_AGENT_GRPC_TLS_CERT`, `..._KEY`); null: plaintext (loopback). */
  agentGrpcTlsCert: string | null;
  agentGrpcTlsKey: string | null;
  /**
   * Where the console (in the user's browser) finds the local security client (`TESSERA_AGENT_URL`, a
   * loopback http URL; default `http://127.0.0.1:<TESSERA_AGENT_PORT or 8802>`, the port `npm start`
   * starts the agent on).
   */
  agentLocalUrl: string;
  /**
   * Port of the HTTPS listener (`TESSERA_HTTPS_PORT`; null, the default: none). It serves the same app over
   * TLS and asks for client certificates (EST, RFC 7030); its certificate is `TESSERA_TLS_CERT` and
   * `TESSERA_TLS_KEY` (PEM files), else one issued at start by the oldest Tessera CA.
   */
  httpsPort: number | null;
  tlsCert: string | null;
  tlsKey: string | null;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`env: ${name} must be an integer, got '${raw}'`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new ConfigError(`env: ${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function optionalUrl(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch (cause) {
    throw new ConfigError(`env: ${name} must be a URL (${protocols.join(', ')})`, { cause });
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`env: ${name} must use ${protocols.join(' or ')}, got '${url.protocol}'`);
  }
  return raw.trim();
}

/**
 * `TESSERA_AGENT_URL`, else http://127.0.0.1 on `TESSERA_AGENT_PORT` (the agent's own variable) or 8802.
 * The URL rule is domain's `normaliseAgentUrl`, the same the readers page applies to an address a user types.
 */
function agentLocalUrl(env: NodeJS.ProcessEnv): string {
  const raw = env.TESSERA_AGENT_URL?.trim();
  if (!raw) return `http://127.0.0.1:${integer(env, 'TESSERA_AGENT_PORT', 8802, 1, 65535)}`;
  const url = normaliseAgentUrl(raw);
  if (url === null) throw new ConfigError(`env: TESSERA_AGENT_URL: ${AGENT_URL_INVALID}; got '${raw}'`);
  return url;
}

/**
 * The address people open the console at, as the server prints it: `TESSERA_PUBLIC_URL` when set, else
 * http://localhost:<port> for a loopback or wildcard listen address (an IP address is not a valid
 * WebAuthn RP ID, so passkeys only work on a name), else the listen host itself.
 */
export function consoleUrl(config: Pick<ServerConfig, 'host' | 'publicUrl'>, port: number): string {
  if (config.publicUrl) return config.publicUrl.endsWith('/') ? config.publicUrl : `${config.publicUrl}/`;
  const host = config.host.replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host === '0.0.0.0' || host === '::' || host === '::1' || /^127\./.test(host);
  const shown = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}/`;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/**
 * Reads and validates the configuration.
 * @param env - the environment (default `process.env`)
 * @param overrides - values that win over the environment (tests)
 * @throws ConfigError naming the variable that is wrong
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): Readonly<ServerConfig> {
  const config: ServerConfig = {
    host: env.TESSERA_HOST?.trim() || '127.0.0.1',
    port: integer(env, 'TESSERA_PORT', 8080, 0, 65535),
    dataDir: path.resolve(env.TESSERA_DATA_DIR?.trim() || './data'),
    databaseUrl: optionalUrl(env, 'TESSERA_DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: optionalUrl(env, 'TESSERA_REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: env.TESSERA_REDIS_PREFIX?.trim() || 'tessera:',
    webDir: path.resolve(env.TESSERA_WEB_DIR?.trim() || path.join(REPO_ROOT, 'dist', 'web')),
    sessionIdleSeconds: integer(env, 'TESSERA_SESSION_IDLE_SECONDS', 900, 10, 86_400 * 30),
    sessionAbsoluteSeconds: integer(env, 'TESSERA_SESSION_ABSOLUTE_SECONDS', 28_800, 10, 86_400 * 365),
    trustProxy: trustProxy(env.TESSERA_TRUST_PROXY?.trim()),
    rateLimitMax: integer(env, 'TESSERA_RATE_LIMIT_MAX', 30000, 0, 1_000_000_000),
    rateLimitWindowSeconds: integer(env, 'TESSERA_RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
    pkiRateLimitMax: integer(env, 'TESSERA_PKI_RATE_LIMIT_MAX', 6000, 1, 1_000_000_000),
    acmeHttp01Port: integer(env, 'TESSERA_ACME_HTTP01_PORT', 80, 1, 65535),
    acmeTlsAlpn01Port: integer(env, 'TESSERA_ACME_TLS_ALPN01_PORT', 443, 1, 65535),
    loginMaxFailuresPerAccountAddress: integer(env, 'TESSERA_LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS', 5, 1, 1_000_000),
    loginMaxFailuresPerAccount: integer(env, 'TESSERA_LOGIN_MAX_FAILURES_PER_ACCOUNT', 100, 1, 1_000_000),
    loginAccountWindowSeconds: integer(env, 'TESSERA_LOGIN_ACCOUNT_WINDOW_SECONDS', 3600, 1, 86_400),
    loginMaxFailuresPerAddress: integer(env, 'TESSERA_LOGIN_MAX_FAILURES_PER_ADDRESS', 50, 1, 1_000_000),
    loginWindowSeconds: integer(env, 'TESSERA_LOGIN_WINDOW_SECONDS', 900, 1, 86_400),
    logLevel: env.TESSERA_LOG_LEVEL?.trim() || 'info',
    secretKey: env.TESSERA_SECRET_KEY?.trim() || null,
    smtpUrl: optionalUrl(env, 'TESSERA_SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.TESSERA_MAIL_FROM?.trim() || 'no-reply@tessera.invalid',
    publicUrl: optionalUrl(env, 'TESSERA_PUBLIC_URL', ['http:', 'https:']),
    webauthnRpId: env.TESSERA_WEBAUTHN_RP_ID?.trim() || null,
    webauthnOrigins: (env.TESSERA_WEBAUTHN_ORIGINS ?? '').split(',').map((o) => o.trim()).filter((o) => o !== ''),
    agentGrpcHost: env.TESSERA_AGENT_GRPC_HOST?.trim() || '127.0.0.1',
    agentGrpcPort: integer(env, 'TESSERA_AGENT_GRPC_PORT', 8803, 0, 65535),
    agentAddress: env.TESSERA_AGENT_ADDRESS?.trim() || (['0.0.0.0', '::'].includes(env.TESSERA_AGENT_GRPC_HOST?.trim() ?? '') ? '127.0.0.1' : env.TESSERA_AGENT_GRPC_HOST?.trim() || '127.0.0.1'),
    agentPublicPort: env.TESSERA_AGENT_PUBLIC_PORT?.trim() ? integer(env, 'TESSERA_AGENT_PUBLIC_PORT', 0, 1, 65535) : null,
    agentCallTimeoutMs: integer(env, 'TESSERA_AGENT_CALL_TIMEOUT_MS', 15_000, 100, 600_000),
    agentGrpcTlsCert: env.TESSERA_AGENT_GRPC_TLS_CERT?.trim() || null,
    agentGrpcTlsKey: env.TESSERA_AGENT_GRPC_TLS_KEY?.trim() || null,
    agentLocalUrl: agentLocalUrl(env),
    httpsPort: env.TESSERA_HTTPS_PORT?.trim() ? integer(env, 'TESSERA_HTTPS_PORT', 0, 0, 65535) : null,
    tlsCert: env.TESSERA_TLS_CERT?.trim() || null,
    tlsKey: env.TESSERA_TLS_KEY?.trim() || null,
    ...overrides,
  };
  if ((config.tlsCert === null) !== (config.tlsKey === null)) {
    throw new ConfigError('env: TESSERA_TLS_CERT and TESSERA_TLS_KEY go together');
  }
  if ((config.agentGrpcTlsCert === null) !== (config.agentGrpcTlsKey === null)) {
    throw new ConfigError('env: TESSERA_AGENT_GRPC_TLS_CERT and TESSERA_AGENT_GRPC_TLS_KEY go together');
  }
  if (config.sessionAbsoluteSeconds < config.sessionIdleSeconds) {
    throw new ConfigError('env: TESSERA_SESSION_ABSOLUTE_SECONDS must not be less than TESSERA_SESSION_IDLE_SECONDS');
  }
  return Object.freeze(config);
}
