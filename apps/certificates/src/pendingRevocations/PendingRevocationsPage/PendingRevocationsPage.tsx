import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@primer/react';
import type { Revocation } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, followLink, type PagedTableColumn } from '@tessera/ui';
import { pendingRevocationsActions, pendingRevocationsSelectors } from '../pendingRevocations.slice';

/**
 * `/credentials/certificates/revocations/viewPending/{certId}` and `viewPending/{caId}/{certId}`
 * [viewPendingFailedRevocations] (admin-console §2.2, §4 revocation flow): the pending and failed revocations of
 * one certificate; a pending one can be approved or denied (certApprovals, checked by the server) or cancelled.
 */
export function PendingRevocationsPage({ certId }: { certId: string }) {
  const dispatch = useDispatch();
  const { status, results, acting, error } = useSelector(pendingRevocationsSelectors.select);
  useEffect(() => {
    dispatch(pendingRevocationsActions.listRequested({ certId }));
  }, [dispatch, certId]);
  const act = (revocationId: string, action: 'approve' | 'deny' | 'cancel') => dispatch(pendingRevocationsActions.actionRequested({ revocationId, action }));
  const columns: readonly PagedTableColumn<Revocation>[] = [
    { id: 'reason', header: 'Reason', cell: (r) => r.reason },
    { id: 'state', header: 'State', cell: (r) => (r.failureCode ? `${r.state} (${r.failureCode})` : r.state) },
    { id: 'by', header: 'Requested by', cell: (r) => r.requestedBy ?? '—' },
    { id: 'at', header: 'Requested', cell: (r) => new Date(r.requestedAt).toLocaleString() },
    {
      id: 'act',
      header: 'Action',
      cell: (r) =>
        r.state === 'pending' ? (
          <span style={{ display: 'inline-flex', gap: 8 }}>
            <Button size="small" variant="danger" disabled={acting !== null} onClick={() => act(r.revocationId, 'approve')}>
              Approve revocation
            </Button>
            <Button size="small" disabled={acting !== null} onClick={() => act(r.revocationId, 'deny')}>
              Deny
            </Button>
            <Button size="small" disabled={acting !== null} onClick={() => act(r.revocationId, 'cancel')}>
              Cancel revocation
            </Button>
          </span>
        ) : (
          '—'
        ),
    },
  ];
  const subject = results[0]?.subject;
  return (
    <PageLayout title="Pending and failed revocations">
      <p>
        Certificate:{' '}
        <a href={`/credentials/certificates/view/${certId}`} onClick={followLink}>
          {subject ?? certId}
        </a>
      </p>
      <FormError>{status === 'loadFailed' ? error : null}</FormError>
      <PagedTable
        label="Pending and failed revocations"
        columns={columns}
        rows={results}
        rowKey={(r) => r.revocationId}
        totalResults={results.length}
        pageIndex={0}
        onPageChange={() => undefined}
        emptyText={status === 'loading' ? 'Loading…' : 'No pending or failed revocations'}
      />
    </PageLayout>
  );
}
