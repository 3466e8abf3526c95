import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { NotAvailablePage } from './NotAvailablePage';

/** The identity area's pages by path; root-config mounts this app only on routes of the `identity` area. */
export function IdentityRoot() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== 'identity') return null;
  switch (match.route.path) {
    default:
      return <NotAvailablePage />;
  }
}
