import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Label } from '@primer/react';
import { FormError, FullPageSpinner, PageLayout, downloadTextFile, followLink } from '@tessera/ui';
import { casActions, casSelectors } from '../cas.slice';
import { CA_STATUS_STYLE } from '../caStatusStyle';
import { CaLicensingForm } from '../CaLicensingForm';

/** `/pki/manage/certificate-authorities/{id}` [manageCAs] (admin-console §3 "CA"): one CA, its certificate and URLs. */
export function CaViewPage({ caId }: { caId: string }) {
  const dispatch = useDispatch();
  const { status, cas, loadError } = useSelector(casSelectors.select);
  useEffect(() => {
    dispatch(casActions.listRequested());
  }, [dispatch]);
  if (status === 'loadFailed') {
    return (
      <PageLayout title="Certificate authority">
        <FormError>{loadError}</FormError>
      </PageLayout>
    );
  }
  if (status !== 'loaded') return <FullPageSpinner />;
  const ca = cas.find((c) => c.id === caId);
  if (!ca) {
    return (
      <PageLayout title="Certificate authority">
        <FormError>No certificate authority has this id.</FormError>
      </PageLayout>
    );
  }
  const parent = cas.find((c) => c.id === ca.parentId);
  const children = cas.filter((c) => c.parentId === ca.id);
  const rows: [string, ReactNode][] = [
    ['Status', <Label key="s" variant={CA_STATUS_STYLE[ca.status].label}>{CA_STATUS_STYLE[ca.status].text}</Label>],
    ['Subject', ca.caCert.subject],
    ['Serial number', <code key="n">{ca.caCert.serialNumber}</code>],
    ['Valid from', new Date(ca.caCert.notBefore).toLocaleString()],
    ['Valid to', new Date(ca.caCert.notAfter).toLocaleString()],
    ['Key', `${ca.keyAlgorithm} (${ca.keyStore === 'software' ? 'encrypted at rest' : 'HSM'})`],
    ['Issued by', parent ? <a key="p" href={`/pki/manage/certificate-authorities/${parent.id}`} onClick={followLink}>{parent.friendlyName}</a> : 'Root (self-signed)'],
    ['Issues for', children.length === 0 ? 'No subordinate CAs' : children.map((c) => c.friendlyName).join(', ')],
    ['CRL', <a key="c" href={ca.crlLocation}>{ca.crlLocation}</a>],
    ['OCSP', ca.ocspLocation],
    ['Imported', ca.imported ? 'yes' : 'no'],
  ];
  return (
    <PageLayout title={ca.friendlyName} actions={<a href="/pki/manage/certificate-authorities" onClick={followLink}>All certificate authorities</a>}>
      <table aria-label="Certificate authority details" cellPadding={6} style={{ borderCollapse: 'collapse', textAlign: 'left', marginBottom: 16 }}>
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name}>
              <th scope="row" style={{ width: 160 }}>{name}</th>
              <td style={{ wordBreak: 'break-all' }}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button onClick={() => downloadTextFile(`${ca.friendlyName}.pem`, ca.caCert.pem)}>Download certificate (PEM)</Button>
      <CaLicensingForm key={ca.id} ca={ca} />
    </PageLayout>
  );
}
