import type { IdentityPage } from '../pages';
import { DeviceAddPage } from './DeviceAddPage';
import { DeviceClonePage } from './DeviceClonePage';
import { DeviceEditPage } from './DeviceEditPage';
import { DeviceViewPage } from './DeviceViewPage';
import { DevicesBatchPage } from './DevicesBatchPage';
import { DevicesListPage } from './DevicesListPage';
import { IpamPage } from './IpamPage';
import { DeviceEndpointMapPage } from './DeviceEndpointMapPage';

/** The devices screens (admin-console §2.2 Devices; the list path is designed). */
export const devicePages: readonly IdentityPage[] = [
  { path: '/identity/devices', Page: DevicesListPage, link: { label: 'Devices', permission: 'deviceView' } },
  { path: '/identity/devices/add', Page: DeviceAddPage, link: { label: 'Add device', permission: 'deviceAdd' } },
  { path: '/identity/devices/batch', Page: DevicesBatchPage, link: { label: 'Add devices from CSV', permission: 'deviceAdd' } },
  { path: '/identity/devices/view/:id', Page: DeviceViewPage },
  { path: '/identity/devices/edit/:id', Page: DeviceEditPage },
  { path: '/identity/devices/clone/:id', Page: DeviceClonePage },
  { path: '/identity/devices/ipam', Page: IpamPage, link: { label: 'Subnets', permission: 'deviceIpam' } },
  { path: '/identity/devices/endpoints', Page: DeviceEndpointMapPage, link: { label: 'Certificate endpoints', permission: 'deviceView' } },
];
