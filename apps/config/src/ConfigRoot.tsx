import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { NotAvailablePage } from './NotAvailablePage';
import { TenancyConfigPage } from './tenancy/TenancyConfigPage';
import { SmartcardConfigPage } from './smartcard/SmartcardConfigPage';
import { CardTemplateNewPage } from './smartcard/CardTemplateNewPage';
import { CardLayoutEditorPage } from './smartcard/CardLayoutEditorPage';
import { IntuneScepPage } from './scep/IntuneScepPage';
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
    case '/config/smartcard':
      return <SmartcardConfigPage />;
    case '/config/smartcard/new':
      return <CardTemplateNewPage />;
    case '/config/smartcard/edit/:smartcardConfigID':
      return <CardLayoutEditorPage templateId={match.params.smartcardConfigID ?? ''} />;
    case '/config/scep':
      return <IntuneScepPage />;
    case '/config/acme':
      return <AcmeConfigPage />;
    case '/admin/alloweddomains':
      return <AllowedDomainsPage />;
    default:
      return <NotAvailablePage />;
  }
}
