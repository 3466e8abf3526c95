import { matchRoute } from '@tessera/domain';
import { NotAvailablePage, useLocation } from '@tessera/ui';
import { RateLimitsPage } from './rate-limits/RateLimitsPage';

/** The monitoring area's pages by path; root-config mounts this app only on routes of the `monitoring` area. */
export function MonitoringRoot() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== 'monitoring') return null;
  if (match.route.path === '/monitor/api-Rates') return <RateLimitsPage />;
  // The rate monitor is unguarded (admin-console §2.2), so it is not one of the permission-linked screens.
  return <NotAvailablePage title="Monitoring" screens={[]} />;
}
