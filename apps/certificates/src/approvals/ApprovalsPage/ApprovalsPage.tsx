import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@primer/react';
import { RESULTS_PER_PAGE, type CertificateRequestSummary } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, followLink, type PagedTableColumn } from '@tessera/ui';
import { approvalsActions, approvalsSelectors } from '../approvals.slice';

/**
 * `/credentials/certificates/approvals` [certApprovals] (admin-console §2.2, §4 request flow): the certificate
 * requests awaiting approval, each issued or denied here. The server refuses a decision on one's own request.
 * `approval/{id}` shows the one request of that id (or says it no longer awaits approval).
 */
export function ApprovalsPage({ requestId }: { requestId?: string } = {}) {
  const dispatch = useDispatch();
  const { status, requests: all, deciding, error } = useSelector(approvalsSelectors.select);
  const requests = requestId ? all.filter((r) => r.requestId === requestId) : all;
  const [pageIndex, setPageIndex] = useState(0);
  // The server answers every request awaiting approval; the table pages them 10 at a time.
  const lastPage = Math.max(0, Math.ceil(requests.length / RESULTS_PER_PAGE) - 1);
  const shown = Math.min(pageIndex, lastPage);
  useEffect(() => {
    dispatch(approvalsActions.listRequested());
  }, [dispatch]);
  const decide = (requestId: string, approve: boolean) => dispatch(approvalsActions.decisionRequested({ requestId, approve }));
  const columns: readonly PagedTableColumn<CertificateRequestSummary>[] = [
    { id: 'subject', header: 'Subject', cell: (r) => r.subject },
    { id: 'template', header: 'Template', cell: (r) => r.template },
    { id: 'by', header: 'Requested by', cell: (r) => r.requestedBy ?? '—' },
    { id: 'at', header: 'Requested', cell: (r) => new Date(r.createdAt).toLocaleString() },
    {
      id: 'decide',
      header: 'Decision',
      cell: (r) => (
        <span style={{ display: 'inline-flex', gap: 8 }}>
          <Button size="small" variant="primary" disabled={deciding !== null} aria-label={`Approve ${r.subject}`} onClick={() => decide(r.requestId, true)}>
            Approve
          </Button>
          <Button size="small" variant="danger" disabled={deciding !== null} aria-label={`Deny ${r.subject}`} onClick={() => decide(r.requestId, false)}>
            Deny
          </Button>
        </span>
      ),
    },
  ];
  return (
    <PageLayout
      title={requestId ? 'Certificate approval' : 'Certificate approvals'}
      actions={
        requestId ? (
          <a href="/credentials/certificates/approvals" onClick={followLink}>
            All requests awaiting approval
          </a>
        ) : undefined
      }
    >
      <FormError>{status === 'loadFailed' ? error : null}</FormError>
      <PagedTable
        label="Requests awaiting approval"
        columns={columns}
        rows={requests.slice(shown * RESULTS_PER_PAGE, (shown + 1) * RESULTS_PER_PAGE)}
        rowKey={(r) => r.requestId}
        totalResults={requests.length}
        pageIndex={shown}
        onPageChange={setPageIndex}
        emptyText={status === 'loading' ? 'Loading…' : requestId ? 'This request does not await approval' : 'No requests await approval'}
      />
    </PageLayout>
  );
}
