/** The readers feature: its page, slice and epics, and the agent client they use. */
import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { StoreDependencies } from '@tessera/store';
import { createAgentClient, DEFAULT_AGENT_URL, type AgentClient } from '@tessera/agent-client';
import { locateAgent, saveUserAgentUrl } from './agentUrl';
import { readersEpic } from './readers.epics';

export { ReadersPage } from './ReadersPage';
export { readersSlice } from './readers.slice';
export { pinPolicySlice } from './pinPolicy.slice';

/**
 * The readers epics with the browser's agent client and websocket URL added to the store dependencies.
 * The agent client follows the address found before each connect (the user's, the server's or the default).
 */
export function readersFeatureEpic(): Epic<Action, Action, never, StoreDependencies> {
  let current: { url: string; client: AgentClient } | null = null;
  return (action$, state$, deps) => {
    const clientFor = (url: string): AgentClient => {
      if (current?.url !== url) current = { url, client: createAgentClient({ api: deps.api, fetch: globalThis.fetch.bind(globalThis), agentUrl: url }) };
      return current.client;
    };
    const client = (): AgentClient => current?.client ?? clientFor(DEFAULT_AGENT_URL);
    const agentClient: AgentClient = {
      version: () => client().version(),
      connect: () => client().connect(),
      ping: (v) => client().ping(v),
      keepAlive: (v, onFailure) => client().keepAlive(v, onFailure),
      killSession: () => client().killSession(),
    };
    const locate = async () => {
      const located = await locateAgent(() => deps.api.cmsClientLocalAddress());
      clientFor(located.url);
      return located;
    };
    const streamUrl = (path: string) => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
    return readersEpic(action$, state$, { api: deps.api, bus: deps.bus, agentClient, streamUrl, locateAgent: locate, saveAgentUrl: (url) => saveUserAgentUrl(url) });
  };
}
