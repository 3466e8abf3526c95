import { useEffect, useState } from 'react';
import { Button, Heading, Label, Spinner } from '@primer/react';
import type { DeviceEndpoint, EndpointCertificateStatus } from '@tessera/domain';
import { FormError, TextField, followLink } from '@tessera/ui';
import { useAction, useLoad } from '../../requests/useRequest';

const ADD_TOAST = { title: 'Certificate endpoints', success: 'Endpoint added' };
const DELETE_TOAST = { title: 'Certificate endpoints', success: 'Endpoint deleted', failure: true as const };
const cell = { textAlign: 'left' as const, padding: 'var(--base-size-4, 4px) var(--base-size-8, 8px)', verticalAlign: 'top' as const };

/** Badge text and colour of an endpoint's certificate status. */
export const ENDPOINT_STATUS_BADGES: Record<EndpointCertificateStatus, { text: string; variant: 'default' | 'success' | 'attention' | 'danger' | 'severe' | 'secondary' }> = {
  not_scanned: { text: 'Not scanned', variant: 'secondary' },
  error: { text: 'Scan failed', variant: 'danger' },
  valid: { text: 'Valid', variant: 'success' },
  expiring: { text: 'Expiring', variant: 'attention' },
  expired: { text: 'Expired', variant: 'danger' },
  unknown: { text: 'Unknown to Tessera', variant: 'severe' },
  revoked: { text: 'Revoked', variant: 'danger' },
};

/** What the last scan saw at an endpoint. */
function ScanResult({ e }: { e: DeviceEndpoint }) {
  if (e.lastScanError) return <span>{e.lastScanError}</span>;
  if (!e.certificate) return <span>—</span>;
  const c = e.certificate;
  return (
    <span style={{ display: 'flex', flexDirection: 'column' }}>
      <span>{c.subject || '(empty subject)'}</span>
      <span>Expires {c.notAfter.slice(0, 10)}</span>
      {c.certId ? (
        <a href={`/credentials/certificates/view/${encodeURIComponent(c.certId)}`} onClick={followLink}>Tessera certificate {c.serialNumber}</a>
      ) : (
        <span>Not issued by Tessera (serial {c.serialNumber})</span>
      )}
    </span>
  );
}

/**
 * The "Certificate endpoints" section of a device (issue 13; admin-console §3 "device endpoints"): where the
 * device presents a TLS certificate, with add (host, port, SNI), scan and delete for those with deviceEdit.
 */
export function DeviceEndpointsSection({ deviceId, canEdit }: { deviceId: string; canEdit: boolean }) {
  const list = useLoad<DeviceEndpoint[]>(`device:endpoints:${deviceId}`, 'listDeviceEndpoints', [deviceId]);
  const add = useAction<DeviceEndpoint>('device:endpoints:add', 'createDeviceEndpoint', ADD_TOAST);
  const remove = useAction<void>('device:endpoints:delete', 'deleteDeviceEndpoint', DELETE_TOAST);
  const scan = useAction<DeviceEndpoint>('device:endpoints:scan', 'scanDeviceEndpoint');
  const [form, setForm] = useState({ host: '', port: '443', serverName: '' });
  const [scanning, setScanning] = useState<string | null>(null);
  const { reload } = list;
  useEffect(() => {
    if (add.status === 'succeeded') {
      setForm({ host: '', port: '443', serverName: '' });
      reload();
    }
  }, [add.status, add.successes, reload]);
  useEffect(() => {
    if (remove.status === 'succeeded') reload();
  }, [remove.status, remove.successes, reload]);
  useEffect(() => {
    if (scan.status === 'succeeded' || scan.status === 'failed') {
      setScanning(null);
      if (scan.status === 'succeeded') reload();
    }
  }, [scan.status, scan.successes, reload]);
  const fieldError = (field: string) => (add.failure?.field === field ? add.failure.message : null);
  const endpoints = list.data ?? [];
  return (
    <section aria-label="Certificate endpoints" style={{ marginTop: 'var(--base-size-24, 24px)' }}>
      <Heading as="h2" style={{ fontSize: 'var(--text-title-size-medium, 20px)' }}>
        Certificate endpoints
      </Heading>
      <FormError>{list.failure?.message ?? remove.failure?.message ?? scan.failure?.message}</FormError>
      <table aria-label="Endpoints" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {['Endpoint', 'Status', 'Last scan', 'Certificate', ''].map((h) => (
              <th key={h} style={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {endpoints.length === 0 ? (
            <tr>
              <td colSpan={5} style={cell}>
                {list.status === 'loading' && !list.data ? 'Loading…' : 'No certificate endpoints'}
              </td>
            </tr>
          ) : (
            endpoints.map((e) => {
              const name = `${e.host}:${e.port}`;
              return (
                <tr key={e.id} aria-label={name}>
                  <td style={cell}>
                    {name}
                    {e.serverName ? <div>SNI {e.serverName}</div> : null}
                    {e.label ? <div>{e.label}</div> : null}
                  </td>
                  <td style={cell}>
                    <Label variant={ENDPOINT_STATUS_BADGES[e.status].variant}>{ENDPOINT_STATUS_BADGES[e.status].text}</Label>
                  </td>
                  <td style={cell}>{e.lastScanAt ? e.lastScanAt.replace('T', ' ').slice(0, 19) : 'Never'}</td>
                  <td style={cell}>
                    <ScanResult e={e} />
                  </td>
                  <td style={{ ...cell, whiteSpace: 'nowrap' }}>
                    {canEdit ? (
                      <span style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', alignItems: 'center' }}>
                        <Button
                          size="small"
                          aria-label={`Scan ${name}`}
                          disabled={scanning !== null}
                          onClick={() => {
                            setScanning(e.id);
                            scan.run(e.id);
                          }}
                        >
                          Scan
                        </Button>
                        {scanning === e.id ? <Spinner size="small" srText={`Scanning ${name}`} /> : null}
                        <Button size="small" variant="danger" aria-label={`Delete ${name}`} onClick={() => remove.run(e.id)}>
                          Delete
                        </Button>
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {canEdit ? (
        <form
          aria-label="Add endpoint"
          noValidate
          style={{ marginTop: 'var(--base-size-16, 16px)' }}
          onSubmit={(ev) => {
            ev.preventDefault();
            const serverName = form.serverName.trim();
            add.run({ deviceId, host: form.host.trim(), port: Number(form.port), ...(serverName ? { serverName } : {}) });
          }}
        >
          <FormError>{add.failure && !['host', 'port', 'serverName'].includes(add.failure.field ?? '') ? add.failure.message : null}</FormError>
          <TextField label="Host" placeholder="www.acme.example" value={form.host} onChange={(ev) => setForm({ ...form, host: ev.target.value })} error={fieldError('host')} />
          <TextField label="Port" inputMode="numeric" value={form.port} onChange={(ev) => setForm({ ...form, port: ev.target.value })} error={fieldError('port')} />
          <TextField label="Server name (SNI)" value={form.serverName} onChange={(ev) => setForm({ ...form, serverName: ev.target.value })} error={fieldError('serverName')} />
          <Button type="submit" disabled={add.status === 'loading'}>
            Add endpoint
          </Button>
        </form>
      ) : null}
    </section>
  );
}
