import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { PasskeysPage } from './passkeys/PasskeysPage';
import { SyncedCredentialPage } from './synced/SyncedCredentialPage';

/** The FIDO area's pages by path; root-config mounts this app only on routes of the `fido` area. */
export function FidoRoot() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== 'fido') return null;
  if (match.route.path === '/credentials/fido/passkeys/:userID') return <PasskeysPage key={match.params.userID} userId={match.params.userID ?? ''} />;
  return <SyncedCredentialPage key={match.params.id} credentialId={match.params.id ?? ''} />;
}
