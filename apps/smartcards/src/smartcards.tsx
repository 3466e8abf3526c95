/**
 * @tessera/app-smartcards: the smartcards area (admin-console §2.2 "Smartcards"): the live card readers
 * panel, the temporary passes screen and smartcard requests. Exports only the single-spa lifecycles;
 * mounts into its own element inside `#tessera-main`. Each screen has its own folder (`readers/`,
 * `temporary-passes/`, `smartcard-request/`) and injects its slices and epics here.
 */
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { SmartcardsRoot } from './SmartcardsRoot';
import { pinPolicySlice, readersFeatureEpic, readersSlice } from './readers';
import { smartcardsEpic, smartcardsSlices } from './state';

const app = createAreaApp({
  area: 'smartcards',
  Root: SmartcardsRoot,
  injectState() {
    for (const slice of smartcardsSlices) injectSlice(slice);
    injectEpic(smartcardsEpic);
    injectSlice(readersSlice);
    injectSlice(pinPolicySlice);
    injectEpic(readersFeatureEpic());
  },
});

/** single-spa lifecycles: the area's state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;
