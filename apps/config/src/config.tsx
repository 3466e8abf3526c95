/**
 * @tessera/app-config: the configuration area (admin-console §2.2 "Config").
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`.
 */
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { ConfigRoot } from './ConfigRoot';
import { configEpic, configSlices } from './state';

const app = createAreaApp({
  area: 'config',
  Root: ConfigRoot,
  injectState() {
    for (const slice of configSlices) injectSlice(slice);
    injectEpic(configEpic);
  },
});

/** single-spa lifecycles: the state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;
