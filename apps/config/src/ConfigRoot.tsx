import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { NotAvailablePage } from './NotAvailablePage';
import { TenancyConfigPage } from './tenancy/TenancyConfigPage';
import { AcmeConfigPage } from './acme/AcmeConfigPage';
import { AllowedDomainsPage } from './domains/AllowedDomainsPage';

/** The config area's pages by path; root-config mounts this app only on routes of the `config` area. */
export function ConfigRoot() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== 'config') return null;
  switch (match.route.path) {
    case '/config/tenancy':
      return <TenancyConfigPage />;
    case '/config/acme':
      return <AcmeConfigPage />;
    case '/admin/alloweddomains':
      return <AllowedDomainsPage />;
    default:
      return <NotAvailablePage />;
  }
}
