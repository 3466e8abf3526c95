import { useState } from 'react';
import { RESULTS_PER_PAGE, type Page, type Role } from '@tessera/domain';
import { ListPage, followLink, type PagedTableColumn } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useLoad } from '../../requests/useRequest';
import { hasPermission, useViewer } from '../../viewer/useViewer';

const COLUMNS: readonly PagedTableColumn<Role>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (r) => (
      <a href={`/identity/roles/view/${encodeURIComponent(r.id)}`} onClick={followLink}>
        {r.name}
      </a>
    ),
  },
  { id: 'permissions', header: 'Permissions', cell: (r) => String(r.permissions.length) },
  { id: 'blacklist', header: 'Blacklisted', cell: (r) => String(r.blacklist.length) },
];

/** `/identity/roles` [roleView] (designed list path): the tenant's roles, paged on the server. */
export function RolesListPage() {
  const viewer = useViewer();
  const [pageIndex, setPageIndex] = useState(0);
  const roles = useLoad<Page<Role>>('roles:list', 'listRoles', [{ skip: pageIndex * RESULTS_PER_PAGE, take: RESULTS_PER_PAGE }]);
  return (
    <ListPage
      title="Roles"
      actions={
        hasPermission(viewer, 'roleAdd') ? (
          <a href="/identity/roles/add" onClick={followLink}>
            Add role
          </a>
        ) : null
      }
      nav={<IdentityNav />}
      failure={roles.failure?.message}
      loading={roles.status === 'loading'}
      columns={COLUMNS}
      rows={roles.data?.results ?? []}
      rowKey={(r) => r.id}
      totalResults={roles.data?.totalResults ?? 0}
      pageIndex={pageIndex}
      onPageChange={setPageIndex}
      emptyText="No roles"
    />
  );
}
