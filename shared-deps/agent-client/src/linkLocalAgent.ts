/**
 * Links the local security client to the browser's current session, as the self-service pages do (the anonymous
 * portal, `/self/portal/`): the address the user set on the readers page (the `agentUrl` of the user settings entry
 * in this browser), else the server's (`CMSClientLocalAddress`), else the default; then the agent's `/connect`.
 */
import { normaliseAgentUrl, USER_SETTINGS_STORAGE_KEY } from '@tessera/domain';
import { createAgentClient, DEFAULT_AGENT_URL, type AgentClientApi, type AgentConnection } from './agentClient';

/** The user's own agent address (the readers page's setting in this browser), or null. */
export function ownAgentUrl(storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null): string | null {
  try {
    const settings: unknown = JSON.parse(storage?.getItem(USER_SETTINGS_STORAGE_KEY) ?? 'null');
    const value = settings && typeof settings === 'object' ? (settings as { agentUrl?: unknown }).agentUrl : undefined;
    return typeof value === 'string' ? normaliseAgentUrl(value) : null;
  } catch {
    return null;
  }
}

/** What {@link linkLocalAgent} uses. */
export interface LinkLocalAgentOptions {
  api: AgentClientApi & { cmsClientLocalAddress(): Promise<{ AgentUrl: string }> };
  fetch: typeof globalThis.fetch;
  storage?: Pick<Storage, 'getItem'> | null;
}

/** Links the agent found at the user's address, else the server's, else the default. @throws AgentClientError */
export async function linkLocalAgent({ api, fetch, storage }: LinkLocalAgentOptions): Promise<AgentConnection> {
  let url = ownAgentUrl(storage === undefined ? (globalThis.localStorage ?? null) : storage);
  if (!url) url = await api.cmsClientLocalAddress().then((a) => normaliseAgentUrl(a.AgentUrl), () => null);
  return createAgentClient({ api, fetch, agentUrl: url ?? DEFAULT_AGENT_URL }).connect();
}
