/**
 * @tessera/app-fido: passkeys and synced FIDO credentials (admin-console §2 "FIDO"; signin §3, §4, §8).
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`.
 */
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { FidoRoot } from './FidoRoot';
import { fidoEpic, fidoSlices } from './state';

const app = createAreaApp({
  area: 'fido',
  Root: FidoRoot,
  injectState() {
    for (const slice of fidoSlices) injectSlice(slice);
    injectEpic(fidoEpic);
  },
});

/** single-spa lifecycles: the state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;
