/** The readers feature: its page, slice and epics, and the agent client they use. */
import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { StoreDependencies } from '@tessera/store';
import { createAgentClient } from '@tessera/agent-client';
import { agentUrl } from './agentUrl';
import { readersEpic } from './readers.epics';

export { ReadersPage } from './ReadersPage';
export { readersSlice } from './readers.slice';
export { pinPolicySlice } from './pinPolicy.slice';

/** The readers epics with the browser's agent client and websocket URL added to the store dependencies. */
export function readersFeatureEpic(): Epic<Action, Action, never, StoreDependencies> {
  let agentClient: ReturnType<typeof createAgentClient> | null = null;
  return (action$, state$, deps) => {
    agentClient ??= createAgentClient({ api: deps.api, fetch: globalThis.fetch.bind(globalThis), agentUrl: agentUrl() });
    const streamUrl = (path: string) => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
    return readersEpic(action$, state$, { api: deps.api, bus: deps.bus, agentClient, streamUrl });
  };
}
