import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { NotAvailablePage } from './NotAvailablePage';
import { IDENTITY_PAGES } from './identityPages';

/** The identity area's pages by path; root-config mounts this app only on routes of the `identity` area. */
export function IdentityRoot() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== 'identity') return null;
  const page = IDENTITY_PAGES.find((p) => p.path === match.route.path);
  if (!page) return <NotAvailablePage />;
  const { Page } = page;
  return <Page params={match.params} />;
}
