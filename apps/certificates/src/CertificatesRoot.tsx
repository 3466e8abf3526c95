import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { DecodePemPage } from './decode/DecodePemPage';
import { TemplateConfigPage } from './templates/TemplateConfigPage';

/** The certificates area's pages by path; root-config mounts this app only on routes of the `certificates` area. */
export function CertificatesRoot() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== 'certificates') return null;
  switch (match.route.path) {
    case '/admin/certificate/decodepem':
      return <DecodePemPage />;
    case '/credentials/certificates/config':
      return <TemplateConfigPage />;
    default:
      return null;
  }
}
