import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Select, TextInput } from '@primer/react';
import { REVOCATION_STATES, type Revocation, type RevocationSortField, type RevocationState } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, followLink, type PagedTableColumn } from '@tessera/ui';
import { revocationsActions, revocationsSelectors } from '../revocations.slice';

const COLUMNS: readonly PagedTableColumn<Revocation>[] = [
  {
    id: 'subject',
    header: 'Certificate',
    sortField: 'subject',
    cell: (r) => (
      <a href={`/credentials/certificates/view/${r.certId}`} onClick={followLink}>
        {r.subject}
      </a>
    ),
  },
  { id: 'serial', header: 'Serial number', sortField: 'serialNumber', cell: (r) => <code>{r.serialNumber}</code> },
  { id: 'reason', header: 'Reason', sortField: 'reason', cell: (r) => r.reason },
  { id: 'state', header: 'State', sortField: 'state', cell: (r) => (r.failureCode ? `${r.state} (${r.failureCode})` : r.state) },
  { id: 'by', header: 'Requested by', cell: (r) => r.requestedBy ?? '—' },
  { id: 'at', header: 'Revoked', sortField: 'revokedAt', cell: (r) => (r.revokedAt ? new Date(r.revokedAt).toLocaleString() : '—') },
  {
    id: 'open',
    header: 'Pending and failed',
    // A pending or failed revocation is decided on its certificate's viewPending/{caId}/{certId} page.
    cell: (r) =>
      r.state === 'pending' || r.state === 'failed' ? (
        <a href={`/credentials/certificates/revocations/viewPending/${r.caId}/${r.serialNumber}`} onClick={followLink} aria-label={`Pending and failed revocations of ${r.subject}`}>
          Open
        </a>
      ) : (
        '—'
      ),
  },
];

/**
 * `/credentials/certificates/revocations` [certRevokeView] (admin-console §2.2, §4 revocation): the revocations of
 * the tenant, 10 a page from the server, filtered by state, searched by subject or serial and sorted by a column
 * on the server; `revocations/searchPending` opens on the pending ones.
 */
export function RevocationsPage({ pendingOnly = false }: { pendingOnly?: boolean }) {
  const dispatch = useDispatch();
  const { status, page, totalResults, results, error, sortField, sortDirection } = useSelector(revocationsSelectors.select);
  const query = useSelector(revocationsSelectors.query);
  const [search, setSearch] = useState('');
  useEffect(() => {
    dispatch(revocationsActions.pageRequested({ state: pendingOnly ? 'pending' : null, page: 1 }));
  }, [dispatch, pendingOnly]);
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(revocationsActions.pageRequested({ ...query, search, page: 1 }));
  };
  return (
    <PageLayout title={pendingOnly ? 'Pending revocations' : 'Revocations'}>
      <form role="search" aria-label="Search revocations" onSubmit={onSearch} style={{ display: 'flex', gap: 12, alignItems: 'flex-end', flexWrap: 'wrap', marginBottom: 12 }}>
        <label style={{ display: 'inline-flex', flexDirection: 'column', gap: 4, fontWeight: 600 }}>
          State
          <Select aria-label="State" value={query.state ?? ''} onChange={(e) => dispatch(revocationsActions.pageRequested({ ...query, state: (e.target.value || null) as RevocationState | null, page: 1 }))}>
            <Select.Option value="">All</Select.Option>
            {REVOCATION_STATES.map((s) => (
              <Select.Option key={s} value={s}>
                {s}
              </Select.Option>
            ))}
          </Select>
        </label>
        <label style={{ display: 'inline-flex', flexDirection: 'column', gap: 4, fontWeight: 600 }}>
          Subject or serial number
          <TextInput aria-label="Subject or serial number" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <Button type="submit">Search</Button>
      </form>
      <FormError>{status === 'loadFailed' ? error : null}</FormError>
      <PagedTable
        label="Revocations"
        columns={COLUMNS}
        rows={results}
        rowKey={(r) => r.revocationId}
        totalResults={totalResults}
        pageIndex={page - 1}
        onPageChange={(index) => dispatch(revocationsActions.pageRequested({ ...query, page: index + 1 }))}
        sort={sortField ? { field: sortField, direction: sortDirection } : undefined}
        onSortChange={(field) =>
          dispatch(revocationsActions.pageRequested({ ...query, page: 1, sortField: field as RevocationSortField, sortDirection: sortField === field && sortDirection === 'asc' ? 'desc' : 'asc' }))
        }
        emptyText={status === 'loading' ? 'Loading…' : 'No revocations'}
      />
    </PageLayout>
  );
}
