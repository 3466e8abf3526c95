/**
 * @tessera/app-self: the self-service area (admin-console §2 "Self-service").
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`.
 */
import { linkLocalAgent } from '@tessera/agent-client';
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { SelfRoot } from './SelfRoot';
import { selfEpic, selfSlices } from './state';

const app = createAreaApp({
  area: 'self',
  Root: SelfRoot,
  injectState() {
    for (const slice of selfSlices) injectSlice(slice);
    injectEpic((action$, state$, deps) => selfEpic(action$, state$, { ...deps, connectAgent: async () => (await linkLocalAgent({ api: deps.api, fetch: globalThis.fetch.bind(globalThis) })).cmsVersion }));
  },
});

/** single-spa lifecycles: the state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;
