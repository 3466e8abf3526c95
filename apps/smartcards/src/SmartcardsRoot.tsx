import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { NotAvailablePage } from './NotAvailablePage';
import { ReadersPage } from './readers';

/** The smartcards area's pages by route path (root-config mounts this app only on `smartcards` routes). */
export function SmartcardsRoot() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname)?.route;
  if (!route || route.area !== 'smartcards') return null;
  switch (route.path) {
    case '/credentials/smartcards/cms':
      return <ReadersPage />;
    default:
      return <NotAvailablePage />;
  }
}
