import { useEffect } from 'react';
import type { Device } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useAction, useLoad } from '../../requests/useRequest';
import { DeviceForm } from '../DeviceForm';

const TOAST = { title: 'Devices', success: 'Device saved' };

/** `/identity/devices/edit/{id}` [deviceEdit]. */
export function DeviceEditPage({ params }: IdentityPageProps) {
  const id = params.id ?? '';
  const device = useLoad<Device>(`device:${id}`, 'getDevice', [id]);
  const save = useAction<Device>('devices:update', 'updateDevice', TOAST);
  useEffect(() => {
    if (save.status === 'succeeded') navigate(`/identity/devices/view/${encodeURIComponent(id)}`);
  }, [save.status, id]);
  if (device.status === 'failed')
    return (
      <PageLayout title="Edit device">
        <IdentityNav />
        <FormError>{device.failure?.message}</FormError>
      </PageLayout>
    );
  if (!device.data || device.data.id !== id) return <FullPageSpinner label="Loading device" />;
  const d = device.data;
  return (
    <PageLayout title={`Edit ${d.hostname}`}>
      <IdentityNav />
      <DeviceForm
        label="Edit device"
        submitLabel="Save"
        initial={{ hostname: d.hostname, deviceType: d.deviceType, serialNumber: d.serialNumber, ipAddress: d.ipAddress, macAddress: d.macAddress, description: d.description }}
        busy={save.status === 'loading'}
        failure={save.failure}
        onSubmit={(v) => save.run({ id, ...v })}
      />
    </PageLayout>
  );
}
