import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { AnonymousPortalPage } from './portal/AnonymousPortalPage';
import { ManageSmartcardPage } from './portal/ManageSmartcardPage';

/** The anonymous portal's pages by path; root-config mounts this app only on routes of the `anonymous` area. */
export function AnonymousRoot() {
  const { pathname, search } = useLocation();
  const route = matchRoute(pathname)?.route;
  if (!route || route.area !== 'anonymous') return null;
  if (route.path === '/anonymousportal/manageSmartcard') return <ManageSmartcardPage reader={new URLSearchParams(search).get('reader')} />;
  return <AnonymousPortalPage />;
}
