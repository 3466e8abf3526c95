import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { NotAvailablePage } from './NotAvailablePage';
import { SmartcardViewPage } from './cards/SmartcardViewPage';
import { SmartcardEditPage } from './cards/SmartcardEditPage';
import { AppletsPage } from './applets/AppletsPage/AppletsPage';
import { BatchPrintStatusPage } from './batches/BatchPrintStatusPage';
import { PrintSmartcardSearchPage } from './batches/PrintSmartcardSearchPage';
import { BatchFilesPage } from './batches/BatchFilesPage';
import { ReadersPage } from './readers';
import { SmartcardRequestPage } from './smartcard-request/SmartcardRequestPage';
import { TemporaryPassesPage } from './temporary-passes/TemporaryPassesPage';
import { HsmAuthenticatePage } from './cloud-hsm/HsmAuthenticatePage';
import { SuspensionsPage } from './suspensions/SuspensionsPage';
import { StockPage } from './stock/StockPage';
import { CardReportPage } from './reports/CardReportPage';

/** The smartcards area's pages by path; root-config mounts this app only on routes of the `smartcards` area. */
export function SmartcardsRoot() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== 'smartcards') return null;
  switch (match.route.path) {
    case '/credentials/smartcards/cms':
      return <ReadersPage />;
    case '/credentials/smartcards/manage':
      return <TemporaryPassesPage />;
    case '/credentials/smartcards/request':
      return <SmartcardRequestPage />;
    case '/credentials/smartcards/view/:smartcardId':
      return <SmartcardViewPage cardId={match.params.smartcardId ?? ''} />;
    case '/credentials/smartcards/edit/:smartcardID':
      return <SmartcardEditPage cardId={match.params.smartcardID ?? ''} />;
    case '/credentials/smartcards/applets':
      return <AppletsPage />;
    case '/credentials/smartcards/batchPrintStatus/:id':
      return <BatchPrintStatusPage batchId={match.params.id ?? ''} />;
    case '/credentials/smartcards/printSmartcardSearch':
      return <PrintSmartcardSearchPage />;
    case '/credentials/smartcards/batchfiles/download':
      return <BatchFilesPage />;
    case '/credentials/smartcards/authenticatehsm':
      return <HsmAuthenticatePage />;
    case '/credentials/smartcards/suspensions':
      return <SuspensionsPage />;
    case '/credentials/smartcards/reports':
      return <CardReportPage />;
    case '/credentials/smartcards/stock':
      return <StockPage />;
    default:
      return <NotAvailablePage />;
  }
}
