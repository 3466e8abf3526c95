/**
 * @tessera/app-pki: certificate authorities and templates (admin-console §2.2 "PKI", `/pki/*`, and the CA
 * hierarchy `/monitor/pki-visualiser`; issue 12). Exports only the single-spa lifecycles.
 */
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { PkiRoot } from './PkiRoot';
import { pkiEpic, pkiSlices } from './state';

const app = createAreaApp({
  area: 'pki',
  Root: PkiRoot,
  injectState() {
    for (const slice of pkiSlices) injectSlice(slice);
    injectEpic(pkiEpic);
  },
});

/** single-spa lifecycles: the state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;
