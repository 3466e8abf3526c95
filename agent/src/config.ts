/** The agent's configuration: `TESSERA_AGENT_*` read once, validated, frozen. */
import os from 'node:os';
import path from 'node:path';

/** The agent's configuration. */
export interface AgentConfig {
  /** Listen address (`TESSERA_AGENT_HOST`, default 127.0.0.1): loopback only. */
  host: string;
  /** Listen port (`TESSERA_AGENT_PORT`, default 8802, signin §9). */
  port: number;
  /** Console origins allowed to drive the agent (`TESSERA_AGENT_ORIGINS`, comma separated). */
  origins: string[];
  /** Reader backend (`TESSERA_AGENT_READERS`: `virtual` (default) or `pcsc`). */
  readers: 'virtual' | 'pcsc';
  /** Number of virtual readers (`TESSERA_AGENT_VIRTUAL_READERS`, default 1), each holding a card at start. */
  virtualReaders: number;
  /** Only PC/SC readers whose name contains this (`TESSERA_AGENT_PCSC_FILTER`). */
  pcscFilter: string | undefined;
  /** Folder of the virtual card printer (`TESSERA_AGENT_PRINTER_DIR`). */
  printerDir: string;
  /** Index of the virtual reader that is the virtual printer's card encoder (`TESSERA_AGENT_PRINTER_READER`), or null. */
  printerReader: number | null;
  /**
   * The PC/SC reader of the virtual printer's card encoder when `readers` is `pcsc` (`TESSERA_AGENT_PRINTER_ENCODER`),
   * or null: the cards are then fed into that reader by whoever drives it (a vpcd virtual card in the tests).
   */
  printerEncoder: string | null;
  /**
   * IPP card printers (`TESSERA_AGENT_IPP_PRINTERS`, a JSON list of `{name, uri, reader}`): each printer's IPP
   * queue and the PC/SC reader of its card encoder (or null).
   */
  ippPrinters: { name: string; uri: string; reader: string | null }[];
  /** Debug logging (`TESSERA_AGENT_DEBUG=1`). */
  debug: boolean;
  /** PEM file of the CA that signs the agent hub's TLS certificate (`TESSERA_AGENT_SERVER_CA`); default: system roots. */
  serverCa: string | undefined;
  /** The agent's data directory (`TESSERA_AGENT_DATA_DIR`, default ~/.tessera-agent): its virtual smart cards live in `vsc/` there. */
  dataDir: string;
  /**
   * The key that encrypts the virtual smart cards at rest (`TESSERA_AGENT_VSC_KEY`: 64 hex digits, AES-256-GCM), or
   * null: the agent then holds no VSC (IssueVSC is refused).
   */
  vscKey: Buffer | null;
}

/** A configuration value is wrong; the message names the variable. */
export class AgentConfigError extends Error {
  readonly code = 'CONFIG' as const;
  constructor(message: string) {
    super(message);
    this.name = 'AgentConfigError';
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Reads and validates the configuration. @throws AgentConfigError */
export function loadAgentConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AgentConfig> = {}): Readonly<AgentConfig> {
  const host = env.TESSERA_AGENT_HOST?.trim() || '127.0.0.1';
  if (!LOOPBACK.has(host)) throw new AgentConfigError(`env: TESSERA_AGENT_HOST must be a loopback address (127.0.0.1, ::1, localhost), got '${host}'`);
  const portText = env.TESSERA_AGENT_PORT?.trim() || '8802';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) throw new AgentConfigError(`env: TESSERA_AGENT_PORT must be a port number, got '${portText}'`);
  const origins = (env.TESSERA_AGENT_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      let url: URL;
      try {
        url = new URL(o);
      } catch {
        throw new AgentConfigError(`env: TESSERA_AGENT_ORIGINS holds '${o}', expected origins like http://127.0.0.1:8080`);
      }
      return url.origin;
    });
  const readers = env.TESSERA_AGENT_READERS?.trim() || 'virtual';
  if (readers !== 'virtual' && readers !== 'pcsc') throw new AgentConfigError(`env: TESSERA_AGENT_READERS must be 'virtual' or 'pcsc', got '${readers}'`);
  const countText = env.TESSERA_AGENT_VIRTUAL_READERS?.trim() || '1';
  if (!/^\d+$/.test(countText) || Number(countText) > 16) throw new AgentConfigError(`env: TESSERA_AGENT_VIRTUAL_READERS must be 0 to 16, got '${countText}'`);
  return Object.freeze({
    ippPrinters: parseIppPrinters(env.TESSERA_AGENT_IPP_PRINTERS),
    host,
    port: Number(portText),
    origins,
    readers,
    virtualReaders: Number(countText),
    pcscFilter: env.TESSERA_AGENT_PCSC_FILTER?.trim() || undefined,
    printerReader: /^\d+$/.test(env.TESSERA_AGENT_PRINTER_READER?.trim() ?? '') ? Number(env.TESSERA_AGENT_PRINTER_READER!.trim()) : null,
    printerEncoder: env.TESSERA_AGENT_PRINTER_ENCODER?.trim() || null,
    printerDir: path.resolve(env.TESSERA_AGENT_PRINTER_DIR?.trim() || path.join(os.tmpdir(), 'tessera-printed-cards')),
    debug: env.TESSERA_AGENT_DEBUG === '1',
    serverCa: env.TESSERA_AGENT_SERVER_CA?.trim() || undefined,
    dataDir: path.resolve(env.TESSERA_AGENT_DATA_DIR?.trim() || path.join(os.homedir(), '.tessera-agent')),
    vscKey: parseVscKey(env.TESSERA_AGENT_VSC_KEY),
    ...overrides,
  });
}

/** Parses `TESSERA_AGENT_IPP_PRINTERS`. @throws AgentConfigError naming the variable and the entry */
function parseIppPrinters(text: string | undefined): AgentConfig['ippPrinters'] {
  if (!text?.trim()) return [];
  const bad = (why: string) => new AgentConfigError(`env: TESSERA_AGENT_IPP_PRINTERS ${why}; expected a JSON list like [{"name":"Card printer","uri":"ipp://127.0.0.1:631/printers/Card","reader":"Encoder 0"}]`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad('is not JSON');
  }
  if (!Array.isArray(value)) throw bad('is not a list');
  return value.map((entry: unknown, index) => {
    const { name, uri, reader } = (entry ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim() || name.length > 200) throw bad(`entry ${index} needs a 'name'`);
    if (typeof uri !== 'string' || !/^ipps?:\/\/[^\s]+$/.test(uri)) throw bad(`entry ${index} needs an ipp:// or ipps:// 'uri'`);
    if (reader !== undefined && reader !== null && (typeof reader !== 'string' || !reader.trim())) throw bad(`entry ${index} has a 'reader' that is not a reader name`);
    return { name: name.trim(), uri, reader: typeof reader === 'string' ? reader : null };
  });
}

/** Parses `TESSERA_AGENT_VSC_KEY` (never echoed). @throws AgentConfigError naming the variable */
function parseVscKey(text: string | undefined): Buffer | null {
  const value = text?.trim();
  if (!value) return null;
  if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new AgentConfigError('env: TESSERA_AGENT_VSC_KEY must be 64 hex digits (a 256-bit key), e.g. from `openssl rand -hex 32`');
  return Buffer.from(value, 'hex');
}
