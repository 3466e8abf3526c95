import type { Device } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, followLink } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { DeviceEndpointsSection } from '../DeviceEndpointsSection';
import type { IdentityPageProps } from '../../pages';
import { useLoad } from '../../requests/useRequest';
import { hasPermission, useViewer } from '../../viewer/useViewer';

/** `/identity/devices/view/{id}` [deviceView]: a device's fields, with edit and clone for those allowed. */
export function DeviceViewPage({ params }: IdentityPageProps) {
  const id = params.id ?? '';
  const viewer = useViewer();
  const device = useLoad<Device>(`device:${id}`, 'getDevice', [id]);
  if (device.status === 'failed')
    return (
      <PageLayout title="Device">
        <IdentityNav />
        <FormError>{device.failure?.message}</FormError>
      </PageLayout>
    );
  if (!device.data || device.data.id !== id) return <FullPageSpinner label="Loading device" />;
  const d = device.data;
  const rows: [string, string][] = [
    ['Host name', d.hostname],
    ['Device type', d.deviceType],
    ['Serial number', d.serialNumber],
    ['IP address', d.ipAddress],
    ['MAC address', d.macAddress],
    ['Description', d.description],
    ['Added', d.createdAt],
  ];
  return (
    <PageLayout
      title={d.hostname}
      actions={
        <span style={{ display: 'flex', gap: 'var(--base-size-12, 12px)' }}>
          {hasPermission(viewer, 'deviceEdit') ? (
            <a href={`/identity/devices/edit/${encodeURIComponent(d.id)}`} onClick={followLink}>
              Edit
            </a>
          ) : null}
          {hasPermission(viewer, 'deviceAdd') ? (
            <a href={`/identity/devices/clone/${encodeURIComponent(d.id)}`} onClick={followLink}>
              Clone
            </a>
          ) : null}
        </span>
      }
    >
      <IdentityNav />
      <dl aria-label="Device">
        {rows.map(([k, v]) => (
          <div key={k} style={{ display: 'flex', gap: 'var(--base-size-8, 8px)' }}>
            <dt style={{ fontWeight: 600, minWidth: 140 }}>{k}</dt>
            <dd style={{ margin: 0 }}>{v || '—'}</dd>
          </div>
        ))}
      </dl>
      <DeviceEndpointsSection deviceId={d.id} canEdit={hasPermission(viewer, 'deviceEdit')} />
    </PageLayout>
  );
}
