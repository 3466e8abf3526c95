/**
 * Where the console finds the local security client: the address a user set on the readers page (the
 * `agentUrl` of the user settings entry in local storage, the one entry kept at start, signin §2), else
 * the address the server was configured with (`GET /api2/CMS-v2/CMSClientLocalAddress`: `npm start`
 * passes the agent's port), else the default http://127.0.0.1:8802. Only loopback http addresses count.
 */
import { USER_SETTINGS_STORAGE_KEY, normaliseAgentUrl } from '@tessera/domain';
import { DEFAULT_AGENT_URL } from '@tessera/agent-client';

/** Where an agent address came from. */
export type AgentUrlSource = 'user' | 'server' | 'default';

/** An agent address and where it came from. */
export interface LocatedAgent {
  url: string;
  source: AgentUrlSource;
}

function settingsOf(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The user's own agent address from the settings text, or null. */
export function userAgentUrl(settingsText: string | null): string | null {
  const value = settingsOf(settingsText).agentUrl;
  return typeof value === 'string' ? normaliseAgentUrl(value) : null;
}

/** The agent URL from the settings text, or the default. */
export function agentUrlFromSettings(settingsText: string | null): string {
  return userAgentUrl(settingsText) ?? DEFAULT_AGENT_URL;
}

/** The settings text with `agentUrl` set (or removed for null), other settings kept. */
export function withAgentUrl(settingsText: string | null, url: string | null): string {
  const { agentUrl: _old, ...rest } = settingsOf(settingsText);
  return JSON.stringify(url === null ? rest : { ...rest, agentUrl: url });
}

/** The storage the address is kept in (tests pass their own). */
type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): SettingsStorage | null => globalThis.localStorage ?? null;

/** Keeps (or, with null, forgets) the user's own agent address in this browser. */
export function saveUserAgentUrl(url: string | null, storage: SettingsStorage | null = browserStorage()): void {
  storage?.setItem(USER_SETTINGS_STORAGE_KEY, withAgentUrl(storage.getItem(USER_SETTINGS_STORAGE_KEY), url));
}

/**
 * The agent address to use: the user's own, else the server's answer, else the default (when the
 * server's answer fails or is not a loopback address).
 */
export async function locateAgent(serverAddress: () => Promise<{ AgentUrl: string }>, storage: SettingsStorage | null = browserStorage()): Promise<LocatedAgent> {
  const own = userAgentUrl(storage?.getItem(USER_SETTINGS_STORAGE_KEY) ?? null);
  if (own) return { url: own, source: 'user' };
  try {
    const url = normaliseAgentUrl((await serverAddress()).AgentUrl);
    if (url) return { url, source: 'server' };
  } catch {
    // The default address below.
  }
  return { url: DEFAULT_AGENT_URL, source: 'default' };
}
