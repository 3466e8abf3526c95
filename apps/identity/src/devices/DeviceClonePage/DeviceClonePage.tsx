import { useEffect } from 'react';
import type { Device } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useAction, useLoad } from '../../requests/useRequest';
import { DeviceForm } from '../DeviceForm';

const TOAST = { title: 'Devices', success: 'Device cloned' };

/** `/identity/devices/clone/{id}` [deviceAdd]: a copy of a device under a new host name (no serial number; its own address). */
export function DeviceClonePage({ params }: IdentityPageProps) {
  const id = params.id ?? '';
  const device = useLoad<Device>(`device:${id}`, 'getDevice', [id]);
  const clone = useAction<Device>('devices:clone', 'cloneDevice', TOAST);
  useEffect(() => {
    if (clone.status === 'succeeded' && clone.data) navigate(`/identity/devices/view/${encodeURIComponent(clone.data.id)}`);
  }, [clone.status, clone.data]);
  if (device.status === 'failed')
    return (
      <PageLayout title="Clone device">
        <IdentityNav />
        <FormError>{device.failure?.message}</FormError>
      </PageLayout>
    );
  if (!device.data || device.data.id !== id) return <FullPageSpinner label="Loading device" />;
  return (
    <PageLayout title={`Clone ${device.data.hostname}`}>
      <IdentityNav />
      <DeviceForm
        label="Clone device"
        submitLabel="Clone"
        fields={['hostname', 'ipAddress']}
        initial={{ hostname: '', ipAddress: '' }}
        busy={clone.status === 'loading'}
        failure={clone.failure}
        onSubmit={(v) => clone.run({ id, hostname: v.hostname, ...(v.ipAddress ? { ipAddress: v.ipAddress } : {}) })}
      />
    </PageLayout>
  );
}
