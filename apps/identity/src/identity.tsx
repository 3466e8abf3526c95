/**
 * @tessera/app-identity: the identity area (admin-console §2.2 Users, Organisations, Roles, Sponsors,
 * Devices, `/identity/visitor/visit/{id}`; issue 13). Exports only the single-spa lifecycles; mounts into
 * its own element inside `#tessera-main`.
 */
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { IdentityRoot } from './IdentityRoot';
import { identityEpic, identitySlices } from './state';

const app = createAreaApp({
  area: 'identity',
  Root: IdentityRoot,
  injectState() {
    for (const slice of identitySlices) injectSlice(slice);
    injectEpic(identityEpic);
  },
});

/** single-spa lifecycles: the state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;
