/**
 * @tessera/app-certificates: certificates (admin-console §2.2 "Certificates", `/admin/certificate/*`,
 * `/transactionHistory/csrCheckRedirector`; issue 12). Exports only the single-spa lifecycles; mounts into its
 * own element inside `#tessera-main`.
 */
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { CertificatesRoot } from './CertificatesRoot';
import { certificatesEpic, certificatesSlices } from './state';

const app = createAreaApp({
  area: 'certificates',
  Root: CertificatesRoot,
  injectState() {
    for (const slice of certificatesSlices) injectSlice(slice);
    injectEpic(certificatesEpic);
  },
});

/** single-spa lifecycles: the state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;
