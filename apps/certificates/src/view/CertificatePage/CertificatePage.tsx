import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Heading, Label, Select, Text } from '@primer/react';
import { CERTIFICATE_FORMATS, REVOKE_REASONS, type CertificateDetails, type CertificateInfo, type DeviceEndpoint, type RevocationReason } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, followLink } from '@tessera/ui';
import { certificateActions, certificateSelectors } from '../certificate.slice';

const FORMAT_LABELS: Record<(typeof CERTIFICATE_FORMATS)[number], string> = { pem: 'PEM', der: 'DER', p7b: 'PKCS#7 (with chain)' };
const SEVERITY_VARIANT = { warn: 'attention', error: 'danger', fatal: 'danger' } as const;

/** The §3 certificate details shown as rows (empty values left out). */
function detailRows(d: CertificateDetails): [string, ReactNode][] {
  const rows: [string, ReactNode | null][] = [
    ['Status', <Label key="s" variant={d.status === 'revoked' ? 'danger' : d.status === 'issued' || d.status === 'issued_out_of_band' ? 'success' : 'secondary'}>{d.status}</Label>],
    ['Subject', d.subject],
    ['Name', d.name],
    ['Friendly name', d.friendly_name],
    ['Serial number', <code key="n">{d.serialNumber}</code>],
    ['Issued by', d.caName],
    ['Template', d.template],
    ['Class', d.class],
    ['Valid from', new Date(d.valid_from).toLocaleString()],
    ['Valid to', new Date(d.valid_to).toLocaleString()],
    ['Version', String(d.version)],
    ['Signature algorithm', d.signature_algorithm],
    ['Key usage', d.key_usage.join(', ') || null],
    ['Extended key usage', d.eku.join(', ') || null],
    ['Email', d.email ?? d.contact_email],
    ['Device', d.device_id],
    ['Card serial', d.card_serial],
    ['CRL', d.crl_location],
    ['OCSP', d.ocsp_enabled ? 'enabled' : 'disabled'],
    ['Revocation reason', d.revocation_reason],
    ['Revoked', d.revocation_date ? new Date(d.revocation_date).toLocaleString() : null],
    ['Created', new Date(d.created_at).toLocaleString()],
  ];
  return rows.filter((row): row is [string, ReactNode] => row[1] !== null && row[1] !== '');
}

/** "Seen at": the device endpoints where a scan last found this certificate (issue 13, certificate endpoint map). */
function SeenAt({ endpoints }: { endpoints: DeviceEndpoint[] }) {
  return (
    <section aria-label="Seen at" style={{ margin: '8px 0 16px' }}>
      <Heading as="h2" variant="small">
        Seen at
      </Heading>
      {endpoints.length === 0 ? (
        <Text as="p">No device endpoint presents this certificate</Text>
      ) : (
        <ul aria-label="Endpoints presenting this certificate">
          {endpoints.map((e) => (
            <li key={e.id}>
              <a href={`/identity/devices/view/${encodeURIComponent(e.deviceId)}`} onClick={followLink}>
                {e.deviceHostname}
              </a>{' '}
              {e.host}:{e.port}
              {e.lastScanAt ? ` (scanned ${e.lastScanAt.replace('T', ' ').slice(0, 16)})` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Certificate info (admin-console §3): who and what the certificate belongs to. */
function InfoTable({ info }: { info: CertificateInfo }) {
  const device = info.associatedDevice;
  const rows: [string, ReactNode][] = [
    ['User', info.associatedUser ? info.associatedUser.username : 'None'],
    ['Device', device ? `${device.hostname}${device.serial_number ? ` (serial ${device.serial_number})` : ''}` : 'None'],
    ['Smartcard', info.associatedSmartcardDetails ? info.associatedSmartcardDetails.card_serial : 'None'],
  ];
  return (
    <table aria-label="Certificate info" cellPadding={6} style={{ borderCollapse: 'collapse', textAlign: 'left', margin: '8px 0 16px' }}>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row" style={{ width: 180 }}>
              {name}
            </th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The revoke form (RFC 5280 §5.3.1 reasons). */
function RevokeForm({ details }: { details: CertificateDetails }) {
  const dispatch = useDispatch();
  const { revoking, revokeResult, revokeError } = useSelector(certificateSelectors.select);
  const [reason, setReason] = useState<RevocationReason>('unspecified');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(certificateActions.revokeRequested({ certId: details.certId, caId: details.ca_id, serialNumber: details.serialNumber, reason }));
  };
  if (details.status === 'revoked') return <Text as="p">This certificate is revoked.</Text>;
  return (
    <form onSubmit={onSubmit} aria-label="Revoke the certificate" style={{ border: '1px solid var(--borderColor-danger-muted, #ff818266)', borderRadius: 6, padding: 16, maxWidth: 560 }}>
      <FormError>{revokeError ?? (revokeResult?.status === 'failed' ? `The certificate was not revoked: ${revokeResult.failureCode ?? 'failed'}` : null)}</FormError>
      {revokeResult?.status === 'pending' ? (
        <Flash role="status" style={{ marginBottom: 12 }}>
          The revocation awaits approval.
        </Flash>
      ) : null}
      <label style={{ display: 'flex', flexDirection: 'column', gap: 4, fontWeight: 600, marginBottom: 12 }}>
        Reason
        <Select aria-label="Reason" value={reason} onChange={(e) => setReason(e.target.value as RevocationReason)}>
          {REVOKE_REASONS.map((r) => (
            <Select.Option key={r} value={r}>
              {r}
            </Select.Option>
          ))}
        </Select>
      </label>
      <Button type="submit" variant="danger" loading={revoking}>
        Revoke certificate
      </Button>
    </form>
  );
}

/**
 * `/credentials/certificates/view/{certId}` and `view/{caId}/{certId}` [certView] (admin-console §2.2, §3 certificate
 * details): the details, lint findings, chain and downloads; the `/revoke` variants add the revoke form.
 */
export function CertificatePage({ certId, revoke = false }: { certId: string; revoke?: boolean }) {
  const dispatch = useDispatch();
  const { status, details, info, seenAt, loadError } = useSelector(certificateSelectors.select);
  useEffect(() => {
    dispatch(certificateActions.loadRequested({ certId }));
  }, [dispatch, certId]);
  if (status === 'failed') {
    return (
      <PageLayout title="Certificate">
        <FormError>{loadError}</FormError>
      </PageLayout>
    );
  }
  if (status !== 'succeeded' || !details || details.certId !== certId) return <FullPageSpinner />;
  const base = `/credentials/certificates/view/${details.certId}`;
  return (
    <PageLayout
      title={details.name || details.subject}
      actions={
        revoke ? (
          <a href={base} onClick={followLink}>
            Back to the certificate
          </a>
        ) : details.status !== 'revoked' ? (
          <a href={`${base}/revoke`} onClick={followLink}>
            Revoke
          </a>
        ) : null
      }
    >
      {revoke ? <RevokeForm details={details} /> : null}
      <table aria-label="Certificate details" cellPadding={6} style={{ borderCollapse: 'collapse', textAlign: 'left', margin: '16px 0' }}>
        <tbody>
          {detailRows(details).map(([name, value]) => (
            <tr key={name}>
              <th scope="row" style={{ width: 180, verticalAlign: 'top' }}>
                {name}
              </th>
              <td style={{ wordBreak: 'break-all' }}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Heading as="h2" variant="small">
        Certificate info
      </Heading>
      {info ? <InfoTable info={info} /> : <Text as="p">Loading…</Text>}
      {seenAt ? <SeenAt endpoints={seenAt} /> : null}
      <div role="group" aria-label="Download" style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
        {CERTIFICATE_FORMATS.map((format) => (
          <Button key={format} onClick={() => dispatch(certificateActions.downloadRequested({ certId: details.certId, format }))}>
            Download {FORMAT_LABELS[format]}
          </Button>
        ))}
      </div>
      <Heading as="h2" variant="small">
        Lint
      </Heading>
      {details.lint.length === 0 ? (
        <Text as="p">No findings.</Text>
      ) : (
        <ul aria-label="Lint findings">
          {details.lint.map((finding) => (
            <li key={finding.ruleId}>
              <Label variant={SEVERITY_VARIANT[finding.severity]}>{finding.severity}</Label> {finding.message} <Text size="small" style={{ color: 'var(--fgColor-muted)' }}>({finding.citation})</Text>
            </li>
          ))}
        </ul>
      )}
      <Heading as="h2" variant="small">
        Chain
      </Heading>
      <ol aria-label="Certificate chain">
        {details.chain.map((pem, index) => (
          <li key={index}>
            <pre style={{ fontSize: 11, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{pem}</pre>
          </li>
        ))}
      </ol>
    </PageLayout>
  );
}
