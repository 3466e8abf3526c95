/**
 * @tessera/app-anonymous: the anonymous portal (admin-console §2.1 `/anonymousportal`, manageSmartcard).
 * Exports only the single-spa lifecycles; mounts into its own element inside `#tessera-main`.
 */
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { AnonymousRoot } from './AnonymousRoot';
import { anonymousPortalFeatureEpic, anonymousPortalSlice } from './portal/state';

const app = createAreaApp({
  area: 'anonymous',
  Root: AnonymousRoot,
  injectState() {
    injectSlice(anonymousPortalSlice);
    injectEpic(anonymousPortalFeatureEpic());
  },
});

/** single-spa lifecycles: the state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;
