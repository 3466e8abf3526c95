import { combineEpics, type Epic } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import { linkLocalAgent } from '@tessera/agent-client';
import { getSessionState } from '@tessera/bus';
import type { StoreDependencies } from '@tessera/store';
import { cardQuestionsEpic, pinResetEpic, portalLinkEpic, type AnonymousPortalDependencies } from './anonymousPortal.epics';

export { anonymousPortalSlice } from './anonymousPortal.slice';

/** The portal's epics, as one. */
export const anonymousPortalEpic = combineEpics<Action, Action, unknown, AnonymousPortalDependencies>(portalLinkEpic, cardQuestionsEpic, pinResetEpic);

/** The portal epic over the store's dependencies: the agent found at the user's address, else the server's, else the default. */
export function anonymousPortalFeatureEpic(): Epic<Action, Action, never, StoreDependencies> {
  return (action$, state$, deps) => {
    const connectAgent = async () => (await linkLocalAgent({ api: deps.api, fetch: globalThis.fetch.bind(globalThis) })).cmsVersion;
    return anonymousPortalEpic(action$, state$, { api: deps.api, bus: deps.bus, connectAgent, isSignedIn: () => getSessionState().status === 'signedIn' });
  };
}
