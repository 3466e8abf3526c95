import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@primer/react';
import { RESULTS_PER_PAGE, type BatchSummary } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, TextField, followLink, type PagedTableColumn } from '@tessera/ui';
import { batchStatusActions as A, batchStatusSelectors } from './batches.slice';

/**
 * `/credentials/smartcards/printSmartcardSearch` [smartcardBatchFilesPrint] (admin-console §2.2): the card batches,
 * newest first, searched (a user's DN or the batch id) and paged on the server, each linking to its print status.
 */
export function PrintSmartcardSearchPage() {
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
    {
      id: 'batch',
      header: 'Batch',
      cell: (b) => (
        <a href={`/credentials/smartcards/batchPrintStatus/${b.batchId}`} onClick={followLink}>
          <code>{b.batchId}</code>
        </a>
      ),
    },
    { id: 'state', header: 'State', cell: (b) => b.state },
    { id: 'progress', header: 'Progress', cell: (b) => `${b.done} of ${b.total} done, ${b.failed} failed` },
    { id: 'created', header: 'Created', cell: (b) => new Date(b.createdAt).toLocaleString() },
  ];
  return (
    <PageLayout title="Card batches">
      <form role="search" aria-label="Search batches" onSubmit={submit} style={{ display: 'flex', gap: 8, alignItems: 'flex-end', maxWidth: 560 }}>
        <TextField label="User DN or batch id" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit">Search</Button>
      </form>
      <FormError>{list.error}</FormError>
      <PagedTable
        label="Batches"
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
