import { useState } from 'react';
import { Label } from '@primer/react';
import { RESULTS_PER_PAGE, type Page, type UserSummary } from '@tessera/domain';
import { ListPage, followLink, type PagedTableColumn, type PagedTableSort } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useLoad } from '../../requests/useRequest';
import { hasPermission, useViewer } from '../../viewer/useViewer';

const COLUMNS: readonly PagedTableColumn<UserSummary>[] = [
  {
    id: 'username',
    header: 'Username',
    sortField: 'username',
    cell: (u) => (
      <a href={`/identity/users/view/${encodeURIComponent(u.id)}`} onClick={followLink}>
        {u.username}
      </a>
    ),
  },
  { id: 'givenName', header: 'Given name', sortField: 'givenName', cell: (u) => u.givenName },
  { id: 'familyName', header: 'Family name', sortField: 'familyName', cell: (u) => u.familyName },
  { id: 'emailAddress', header: 'E-mail', sortField: 'emailAddress', cell: (u) => u.emailAddress },
  { id: 'organisation', header: 'Organisation', cell: (u) => u.organisationName ?? '' },
  { id: 'status', header: 'Status', cell: (u) => (u.enabled ? <Label variant="success">Active</Label> : <Label variant="secondary">Inactive</Label>) },
];

/** `/identity/users` [userView] (designed list path): the tenant's users, searched, sorted and paged on the server. */
export function UsersListPage() {
  const viewer = useViewer();
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [sort, setSort] = useState<PagedTableSort>({ field: 'username', direction: 'asc' });
  const users = useLoad<Page<UserSummary>>('users:list', 'listUsers', [
    { skip: pageIndex * RESULTS_PER_PAGE, take: RESULTS_PER_PAGE, ...(search ? { search } : {}), sortField: sort.field, sortDirection: sort.direction },
  ]);
  return (
    <ListPage
      title="Users"
      actions={
        hasPermission(viewer, 'userAdd') ? (
          <a href="/identity/users/add" onClick={followLink}>
            Add user
          </a>
        ) : null
      }
      nav={<IdentityNav />}
      search={{
        label: 'Search users',
        placeholder: 'Username, name or e-mail',
        onSearch: (text) => {
          setPageIndex(0);
          setSearch(text);
        },
      }}
      failure={users.failure?.message}
      loading={users.status === 'loading'}
      columns={COLUMNS}
      rows={users.data?.results ?? []}
      rowKey={(u) => u.id}
      totalResults={users.data?.totalResults ?? 0}
      totalCapped={users.data?.totalCapped ?? false}
      pageIndex={pageIndex}
      onPageChange={setPageIndex}
      sort={sort}
      onSortChange={(field) => setSort((s) => ({ field, direction: s.field === field && s.direction === 'asc' ? 'desc' : 'asc' }))}
      emptyText="No users"
    />
  );
}
