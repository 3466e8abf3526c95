import { useEffect } from 'react';
import type { Device } from '@tessera/domain';
import { PageLayout, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useAction } from '../../requests/useRequest';
import { DeviceForm } from '../DeviceForm';

const TOAST = { title: 'Devices', success: 'Device added' };

/** `/identity/devices/add` [deviceAdd]: a new device, filed under the subnet holding its address. */
export function DeviceAddPage() {
  const create = useAction<Device>('devices:create', 'createDevice', TOAST);
  useEffect(() => {
    if (create.status === 'succeeded' && create.data) navigate(`/identity/devices/view/${encodeURIComponent(create.data.id)}`);
  }, [create.status, create.data]);
  return (
    <PageLayout title="Add device">
      <IdentityNav />
      <DeviceForm label="Add device" submitLabel="Add device" initial={{ hostname: '' }} busy={create.status === 'loading'} failure={create.failure} onSubmit={(v) => create.run(v)} />
    </PageLayout>
  );
}
