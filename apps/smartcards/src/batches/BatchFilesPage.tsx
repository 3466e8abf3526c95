import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@primer/react';
import { RESULTS_PER_PAGE, type BatchSummary } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, TextField, type PagedTableColumn } from '@tessera/ui';
import { batchStatusActions as A, batchStatusSelectors } from './batches.slice';

/** The CSV of a batch (`GET /api2/CMS-v2/batchfiles/download?batch_id`), downloaded by the browser with the session. */
export const batchFileHref = (batchId: string): string => `/api2/CMS-v2/batchfiles/download?batch_id=${encodeURIComponent(batchId)}`;

/**
 * `/credentials/smartcards/batchfiles/download` [smartcardBatchFiles] (admin-console §2.2): the card batches, newest
 * first, searched (a user's DN or the batch id) and paged on the server, each with its batch file (the batch's
 * records as CSV) to download.
 */
export function BatchFilesPage() {
  const dispatch = useDispatch();
  const { list } = useSelector(batchStatusSelectors.selectState);
  const [search, setSearch] = useState(list.search);
  useEffect(() => {
    dispatch(A.listRequested(undefined));
  }, [dispatch]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(A.listRequested({ search, page: 1 }));
  };
  const columns: readonly PagedTableColumn<BatchSummary>[] = [
    { id: 'batch', header: 'Batch', cell: (b) => <code>{b.batchId}</code> },
    { id: 'state', header: 'State', cell: (b) => b.state },
    { id: 'cards', header: 'Cards', cell: (b) => `${b.total} (${b.done} done, ${b.failed} failed)` },
    { id: 'created', header: 'Created', cell: (b) => new Date(b.createdAt).toLocaleString() },
    {
      id: 'file',
      header: 'Batch file',
      cell: (b) => (
        <a href={batchFileHref(b.batchId)} download aria-label={`Download the batch file of ${b.batchId} (CSV)`}>
          Download CSV
        </a>
      ),
    },
  ];
  return (
    <PageLayout title="Batch files">
      <form role="search" aria-label="Search batch files" onSubmit={submit} style={{ display: 'flex', gap: 8, alignItems: 'flex-end', maxWidth: 560 }}>
        <TextField label="User DN or batch id" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit">Search</Button>
      </form>
      <FormError>{list.error}</FormError>
      <PagedTable
        label="Batch files"
        columns={columns}
        rows={list.batches}
        rowKey={(b) => b.batchId}
        totalResults={list.total}
        pageIndex={list.page - 1}
        onPageChange={(index) => dispatch(A.listRequested({ page: index + 1 }))}
        emptyText={list.loading ? 'Loading…' : 'No batches'}
      />
      <p>
        {list.total} batch{list.total === 1 ? '' : 'es'} ({RESULTS_PER_PAGE} a page)
      </p>
    </PageLayout>
  );
}
