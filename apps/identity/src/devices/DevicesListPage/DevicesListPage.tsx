import { useState } from 'react';
import { RESULTS_PER_PAGE, type Device, type Page } from '@tessera/domain';
import { ListPage, followLink, type PagedTableColumn } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useLoad } from '../../requests/useRequest';
import { hasPermission, useViewer } from '../../viewer/useViewer';

const COLUMNS: readonly PagedTableColumn<Device>[] = [
  {
    id: 'hostname',
    header: 'Host name',
    cell: (d) => (
      <a href={`/identity/devices/view/${encodeURIComponent(d.id)}`} onClick={followLink}>
        {d.hostname}
      </a>
    ),
  },
  { id: 'deviceType', header: 'Type', cell: (d) => d.deviceType },
  { id: 'ipAddress', header: 'IP address', cell: (d) => d.ipAddress },
  { id: 'serialNumber', header: 'Serial number', cell: (d) => d.serialNumber },
];

/** `/identity/devices` [deviceView] (designed list path): the tenant's devices, searched and paged on the server. */
export function DevicesListPage() {
  const viewer = useViewer();
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const devices = useLoad<Page<Device>>('devices:list', 'listDevices', [{ skip: pageIndex * RESULTS_PER_PAGE, take: RESULTS_PER_PAGE, ...(search ? { search } : {}) }]);
  const links = [
    { href: '/identity/devices/add', label: 'Add device', permission: 'deviceAdd' },
    { href: '/identity/devices/batch', label: 'Add devices from CSV', permission: 'deviceAdd' },
    { href: '/identity/devices/ipam', label: 'Subnets', permission: 'deviceIpam' },
  ].filter((l) => hasPermission(viewer, l.permission));
  return (
    <ListPage
      title="Devices"
      actions={
        <span style={{ display: 'flex', gap: 'var(--base-size-12, 12px)' }}>
          {links.map((l) => (
            <a key={l.href} href={l.href} onClick={followLink}>
              {l.label}
            </a>
          ))}
        </span>
      }
      nav={<IdentityNav />}
      search={{
        label: 'Search devices',
        placeholder: 'Host name, serial, type or address',
        onSearch: (text) => {
          setPageIndex(0);
          setSearch(text);
        },
      }}
      failure={devices.failure?.message}
      loading={devices.status === 'loading'}
      columns={COLUMNS}
      rows={devices.data?.results ?? []}
      rowKey={(d) => d.id}
      totalResults={devices.data?.totalResults ?? 0}
      pageIndex={pageIndex}
      onPageChange={setPageIndex}
      emptyText="No devices"
    />
  );
}
