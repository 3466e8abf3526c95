import { combineEpics, type Epic } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import { createAgentClient, DEFAULT_AGENT_URL } from '@tessera/agent-client';
import { getSessionState } from '@tessera/bus';
import { normaliseAgentUrl, USER_SETTINGS_STORAGE_KEY } from '@tessera/domain';
import type { StoreDependencies } from '@tessera/store';
import { cardQuestionsEpic, pinResetEpic, portalLinkEpic, type AnonymousPortalDependencies } from './anonymousPortal.epics';

export { anonymousPortalSlice } from './anonymousPortal.slice';

/** The portal's epics, as one. */
export const anonymousPortalEpic = combineEpics<Action, Action, unknown, AnonymousPortalDependencies>(portalLinkEpic, cardQuestionsEpic, pinResetEpic);

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

/** The portal epic over the store's dependencies: the agent found at the user's address, else the server's, else the default. */
export function anonymousPortalFeatureEpic(): Epic<Action, Action, never, StoreDependencies> {
  return (action$, state$, deps) => {
    const connectAgent = async () => {
      let url = ownAgentUrl();
      if (!url) url = await deps.api.cmsClientLocalAddress().then((a) => normaliseAgentUrl(a.AgentUrl), () => null);
      const client = createAgentClient({ api: deps.api, fetch: globalThis.fetch.bind(globalThis), agentUrl: url ?? DEFAULT_AGENT_URL });
      return (await client.connect()).cmsVersion;
    };
    return anonymousPortalEpic(action$, state$, { api: deps.api, bus: deps.bus, connectAgent, isSignedIn: () => getSessionState().status === 'signedIn' });
  };
}
