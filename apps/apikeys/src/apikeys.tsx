/**
 * @tessera/app-apikeys: the API keys area (admin-console §2.2 "API keys" `/apikey/manage`; issue 11).
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`.
 */
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { ApiKeysRoot } from './ApiKeysRoot';
import { apiKeysEpic, apiKeysSlices } from './state';

const app = createAreaApp({
  area: 'apikeys',
  Root: ApiKeysRoot,
  injectState() {
    for (const slice of apiKeysSlices) injectSlice(slice);
    injectEpic(apiKeysEpic);
  },
});

/** single-spa lifecycles: the state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;
