/**
 * @tessera/app-monitoring: the monitoring area (admin-console §2.2 "Monitoring"; issue 14 builds its first
 * screen, `/monitor/api-Rates`). Exports only the single-spa lifecycles; mounts into its own element inside
 * `#tessera-main`.
 */
import { injectEpic, injectSlice } from '@tessera/store';
import { createAreaApp } from '@tessera/ui';
import { MonitoringRoot } from './MonitoringRoot';
import { monitoringEpic, monitoringSlices } from './state';

const app = createAreaApp({
  area: 'monitoring',
  Root: MonitoringRoot,
  injectState() {
    for (const slice of monitoringSlices) injectSlice(slice);
    injectEpic(monitoringEpic);
  },
});

/** single-spa lifecycles: the state is injected before the first mount. */
export const { bootstrap, mount, unmount } = app;
