import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Select } from '@primer/react';
import { REVOCATION_STATES, type Revocation, type RevocationState } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, followLink, type PagedTableColumn } from '@tessera/ui';
import { revocationsActions, revocationsSelectors } from '../revocations.slice';

const COLUMNS: readonly PagedTableColumn<Revocation>[] = [
  {
    id: 'subject',
    header: 'Certificate',
    cell: (r) => (
      <a href={`/credentials/certificates/view/${r.certId}`} onClick={followLink}>
        {r.subject}
      </a>
    ),
  },
  { id: 'serial', header: 'Serial number', cell: (r) => <code>{r.serialNumber}</code> },
  { id: 'reason', header: 'Reason', cell: (r) => r.reason },
  { id: 'state', header: 'State', cell: (r) => (r.failureCode ? `${r.state} (${r.failureCode})` : r.state) },
  { id: 'by', header: 'Requested by', cell: (r) => r.requestedBy ?? '—' },
  { id: 'at', header: 'Revoked', cell: (r) => (r.revokedAt ? new Date(r.revokedAt).toLocaleString() : '—') },
];

/**
 * `/credentials/certificates/revocations` [certRevokeView] (admin-console §2.2, §4 revocation): the revocations of
 * the tenant, 10 a page from the server, filtered by state; `revocations/searchPending` opens on the pending ones.
 */
export function RevocationsPage({ pendingOnly = false }: { pendingOnly?: boolean }) {
  const dispatch = useDispatch();
  const { status, state, page, totalResults, results, error } = useSelector(revocationsSelectors.select);
  useEffect(() => {
    dispatch(revocationsActions.pageRequested({ state: pendingOnly ? 'pending' : null, page: 1 }));
  }, [dispatch, pendingOnly]);
  return (
    <PageLayout title={pendingOnly ? 'Pending revocations' : 'Revocations'}>
      <label style={{ display: 'inline-flex', flexDirection: 'column', gap: 4, fontWeight: 600, marginBottom: 12 }}>
        State
        <Select aria-label="State" value={state ?? ''} onChange={(e) => dispatch(revocationsActions.pageRequested({ state: (e.target.value || null) as RevocationState | null, page: 1 }))}>
          <Select.Option value="">All</Select.Option>
          {REVOCATION_STATES.map((s) => (
            <Select.Option key={s} value={s}>
              {s}
            </Select.Option>
          ))}
        </Select>
      </label>
      <FormError>{status === 'loadFailed' ? error : null}</FormError>
      <PagedTable
        label="Revocations"
        columns={COLUMNS}
        rows={results}
        rowKey={(r) => r.revocationId}
        totalResults={totalResults}
        pageIndex={page - 1}
        onPageChange={(index) => dispatch(revocationsActions.pageRequested({ state, page: index + 1 }))}
        emptyText={status === 'loading' ? 'Loading…' : 'No revocations'}
      />
    </PageLayout>
  );
}
