import { matchRoute } from '@tessera/domain';
import { useLocation } from '@tessera/ui';
import { CaListPage } from './cas/CaListPage';
import { CaViewPage } from './cas/CaViewPage';
import { PkiVisualiserPage } from './cas/PkiVisualiserPage';
import { TpmKeyAttestationPage } from './tpm/TpmKeyAttestationPage';
import { TemplateEditorPage } from './templates/TemplateEditorPage';
import { TemplateListPage } from './templates/TemplateListPage';

/** The pki area's pages by path; root-config mounts this app only on routes of the `pki` area. */
export function PkiRoot() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== 'pki') return null;
  switch (match.route.path) {
    case '/pki/manage/certificate-authorities/:id?':
      return match.params.id ? <CaViewPage key={match.params.id} caId={match.params.id} /> : <CaListPage />;
    case '/pki/manage/certificate-templates/:id?':
      return match.params.id ? <TemplateEditorPage key={match.params.id} templateId={match.params.id} /> : <TemplateListPage />;
    case '/pki/tpm-key-attestation':
      return <TpmKeyAttestationPage />;
    case '/monitor/pki-visualiser':
      return <PkiVisualiserPage />;
    default:
      return null;
  }
}
