import { useState } from 'react';
import { Label } from '@primer/react';
import { RESULTS_PER_PAGE, type DeviceEndpoint, type Page } from '@tessera/domain';
import { ListPage, followLink, type PagedTableColumn, type PagedTableSort } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useLoad } from '../../requests/useRequest';
import { ENDPOINT_STATUS_BADGES } from '../DeviceEndpointsSection';

const COLUMNS: readonly PagedTableColumn<DeviceEndpoint>[] = [
  { id: 'endpoint', header: 'Endpoint', sortField: 'host', cell: (e) => `${e.host}:${e.port}${e.serverName ? ` (SNI ${e.serverName})` : ''}` },
  {
    id: 'device',
    header: 'Device',
    sortField: 'device',
    cell: (e) => (
      <a href={`/identity/devices/view/${encodeURIComponent(e.deviceId)}`} onClick={followLink}>
        {e.deviceHostname}
      </a>
    ),
  },
  { id: 'status', header: 'Status', cell: (e) => <Label variant={ENDPOINT_STATUS_BADGES[e.status].variant}>{ENDPOINT_STATUS_BADGES[e.status].text}</Label> },
  {
    id: 'certificate',
    header: 'Certificate',
    cell: (e) =>
      e.certificate?.certId ? (
        <a href={`/credentials/certificates/view/${encodeURIComponent(e.certificate.certId)}`} onClick={followLink}>
          {e.certificate.subject || e.certificate.serialNumber}
        </a>
      ) : (
        (e.certificate?.subject ?? e.lastScanError ?? '—')
      ),
  },
  { id: 'notAfter', header: 'Expires', sortField: 'notAfter', cell: (e) => e.certificate?.notAfter.slice(0, 10) ?? '—' },
  { id: 'lastScanAt', header: 'Last scan', sortField: 'lastScanAt', cell: (e) => (e.lastScanAt ? e.lastScanAt.replace('T', ' ').slice(0, 16) : 'Never') },
];

/**
 * `/identity/devices/endpoints` [deviceView]: the certificate endpoint map (admin-console §3): every device
 * endpoint of the tenant with the status of the certificate last seen there, searched, sorted and paged on the server.
 */
export function DeviceEndpointMapPage() {
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [sort, setSort] = useState<PagedTableSort>({ field: 'host', direction: 'asc' });
  const map = useLoad<Page<DeviceEndpoint>>('devices:endpointMap', 'deviceEndpointMap', [
    { skip: pageIndex * RESULTS_PER_PAGE, take: RESULTS_PER_PAGE, sort: sort.field, order: sort.direction, ...(search ? { search } : {}) },
  ]);
  return (
    <ListPage
      title="Certificate endpoints"
      nav={<IdentityNav />}
      search={{
        label: 'Search endpoints',
        placeholder: 'Host, device, SNI or certificate subject',
        onSearch: (text) => {
          setPageIndex(0);
          setSearch(text);
        },
      }}
      failure={map.failure?.message}
      loading={map.status === 'loading'}
      columns={COLUMNS}
      rows={map.data?.results ?? []}
      rowKey={(e) => e.id}
      totalResults={map.data?.totalResults ?? 0}
      pageIndex={pageIndex}
      onPageChange={setPageIndex}
      sort={sort}
      onSortChange={(field) => {
        setPageIndex(0);
        setSort((s) => ({ field, direction: s.field === field && s.direction === 'asc' ? 'desc' : 'asc' }));
      }}
      emptyText="No certificate endpoints"
    />
  );
}
