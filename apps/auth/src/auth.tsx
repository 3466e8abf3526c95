/**
 * @tessera/app-auth: sign-in, first-run setup, home and about (signin §2; admin-console §2.1).
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`.
 */
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { AuthRoot } from './AuthRoot';
import { authEpic, authSlices } from './state';

const app = createAreaApp({
  area: 'auth',
  Root: AuthRoot,
  injectState() {
    for (const slice of authSlices) injectSlice(slice);
    injectEpic(authEpic);
  },
});

/** single-spa lifecycles: the state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;
