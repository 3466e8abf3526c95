/**
 * Where the console finds the local security client: the `agentUrl` of the user settings entry in
 * local storage (the one entry kept at start, signin §2), else the default http://127.0.0.1:8802.
 */
import { USER_SETTINGS_STORAGE_KEY } from '@tessera/domain';
import { DEFAULT_AGENT_URL } from '@tessera/agent-client';

/** The agent URL from the settings text, or the default. Only loopback http URLs are accepted. */
export function agentUrlFromSettings(settingsText: string | null): string {
  if (!settingsText) return DEFAULT_AGENT_URL;
  try {
    const value = (JSON.parse(settingsText) as { agentUrl?: unknown }).agentUrl;
    if (typeof value !== 'string') return DEFAULT_AGENT_URL;
    const url = new URL(value);
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
    return url.protocol === 'http:' && loopback ? url.origin : DEFAULT_AGENT_URL;
  } catch {
    return DEFAULT_AGENT_URL;
  }
}

/** The agent URL of this browser. */
export function agentUrl(): string {
  return agentUrlFromSettings(globalThis.localStorage?.getItem(USER_SETTINGS_STORAGE_KEY) ?? null);
}
