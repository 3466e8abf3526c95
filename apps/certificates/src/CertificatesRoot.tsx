import { formatCertId, matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { DecodePemPage } from './decode/DecodePemPage';
import { TemplateConfigPage } from './templates/TemplateConfigPage';
import { CsrUploadPage } from './csr/CsrUploadPage';
import { CertificatePage } from './view/CertificatePage';
import { RevocationsPage } from './revocations/RevocationsPage';
import { ApprovalsPage } from './approvals/ApprovalsPage';
import { PendingRevocationsPage } from './pendingRevocations/PendingRevocationsPage';
import { CertificateUploadPage } from './upload/CertificateUploadPage';
import { LeUploadPage } from './le-upload/LeUploadPage';
import { KeyRequestPage } from './keyRequest/KeyRequestPage';
import { ScepRequestPage } from './scep/ScepRequestPage';
import { RetrieveScepChallengePage } from './scep/RetrieveScepChallengePage';

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
    case '/credentials/certificates/revocations':
      return <RevocationsPage key="all" />;
    case '/credentials/certificates/revocations/searchPending':
      return <RevocationsPage key="pending" pendingOnly />;
    case '/credentials/certificates/scep/request':
      return <ScepRequestPage />;
    case '/retrieveSCEPChallenge/:id':
      return <RetrieveScepChallengePage key={match.params.id} id={match.params.id ?? ''} />;
    case '/credentials/certificates/approvals':
      return <ApprovalsPage key="all" />;
    case '/credentials/certificates/approval/:id':
      return <ApprovalsPage key={match.params.id} requestId={match.params.id} />;
    case '/credentials/certificates/revocations/viewPending/:certId':
    case '/credentials/certificates/revocations/viewPending/:caId/:certId': {
      const certId = match.params.caId ? formatCertId(match.params.caId, match.params.certId ?? '') : (match.params.certId ?? '');
      return <PendingRevocationsPage key={certId} certId={certId} />;
    }
    case '/credentials/certificates/upload':
      return <CertificateUploadPage key="certificate" kind="certificate" />;
    case '/credentials/certificates/:entity/add':
      // A user or device certificate for a key the server generates; other entities have no screen.
      if (match.params.entity === 'user') return <KeyRequestPage key="user" kind="user" />;
      return match.params.entity === 'device' ? <KeyRequestPage key="device" kind="device" /> : null;
    case '/credentials/certificates/le/upload':
      return <LeUploadPage />;
    case '/credentials/csr/user/upload':
      return <CsrUploadPage key="user" kind="user" />;
    case '/credentials/csr/device/upload':
      return <CsrUploadPage key="device" kind="device" />;
    case '/credentials/certificates/view/:certId':
    case '/credentials/certificates/view/:certId/revoke':
    case '/credentials/certificates/view/:caId/:certId':
    case '/credentials/certificates/view/:caId/:certId/revoke': {
      // view/{caId}/{certId} names the certificate by its CA and serial; view/{certId} by `caId:serial` (docs/api.md).
      const certId = match.params.caId ? formatCertId(match.params.caId, match.params.certId ?? '') : (match.params.certId ?? '');
      return <CertificatePage key={certId} certId={certId} revoke={match.route.path.endsWith('/revoke')} />;
    }
    default:
      return null;
  }
}
