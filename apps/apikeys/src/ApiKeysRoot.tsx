import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { ApiKeysPage } from './keys/ApiKeysPage';

/** The API keys area's pages by path; root-config mounts this app only on routes of the `apikeys` area. */
export function ApiKeysRoot() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== 'apikeys') return null;
  return <ApiKeysPage />;
}
