import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@primer/react';
import { getSessionState } from '@tessera/bus';
import type { SuspendedCard, SuspensionSortKey } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, TextField, followLink, type PagedTableColumn } from '@tessera/ui';
import { suspensionsActions as A, suspensionsSelectors } from './suspensions.slice';

/**
 * `/credentials/smartcards/suspensions` [smartcardSuspendedReport] (admin-console §2.2 "suspensions and reports"):
 * the tenant's suspended cards (user, serial, template, suspended since and by, reason), paged, sorted and searched
 * on the server (SuspendedCards). Resume (ResumeCard) is offered to callers with smartcardManage; the server checks it.
 */
export function SuspensionsPage() {
  const dispatch = useDispatch();
  const state = useSelector(suspensionsSelectors.selectState);
  const session = getSessionState();
  const canResume = session.status === 'signedIn' && session.viewer.permission.View.includes('smartcardManage');
  const [search, setSearch] = useState(state.search);
  useEffect(() => {
    dispatch(A.listRequested(undefined));
  }, [dispatch]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(A.listRequested({ search, page: 1 }));
  };
  const columns: PagedTableColumn<SuspendedCard>[] = [
    {
      id: 'serial',
      header: 'Serial',
      sortField: 'serialNumber',
      cell: (c) => (
        <a href={`/credentials/smartcards/view/${c.cardId}`} onClick={followLink}>
          {c.serialNumber}
        </a>
      ),
    },
    { id: 'user', header: 'User', sortField: 'username', cell: (c) => c.username ?? '—' },
    { id: 'template', header: 'Template', sortField: 'template', cell: (c) => c.template ?? '—' },
    { id: 'since', header: 'Suspended since', sortField: 'suspendedAt', cell: (c) => (c.suspendedAt ? new Date(c.suspendedAt).toLocaleString() : '—') },
    { id: 'by', header: 'Suspended by', sortField: 'suspendedBy', cell: (c) => c.suspendedBy ?? '—' },
    { id: 'reason', header: 'Reason', cell: (c) => c.reason ?? '—' },
  ];
  if (canResume) {
    columns.push({
      id: 'resume',
      header: 'Actions',
      cell: (c) => (
        <Button size="small" aria-label={`Resume ${c.serialNumber}`} disabled={state.resuming === c.cardId} onClick={() => dispatch(A.resumeRequested({ cardId: c.cardId }))}>
          Resume
        </Button>
      ),
    });
  }
  return (
    <PageLayout title="Suspended smartcards">
      <form role="search" aria-label="Search suspended cards" onSubmit={submit} style={{ display: 'flex', gap: 8, alignItems: 'flex-end', maxWidth: 560 }}>
        <TextField label="User, serial, template, reason or suspended by" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit">Search</Button>
      </form>
      <FormError>{state.error}</FormError>
      {state.notice ? <p role="status">{state.notice}</p> : null}
      <PagedTable
        label="Suspended cards"
        columns={columns}
        rows={state.cards}
        rowKey={(c) => c.cardId}
        totalResults={state.total}
        pageIndex={state.page - 1}
        onPageChange={(index) => dispatch(A.listRequested({ page: index + 1 }))}
        sort={{ field: state.sort, direction: state.order }}
        onSortChange={(field) => dispatch(A.listRequested({ sort: field as SuspensionSortKey, order: field === state.sort && state.order === 'asc' ? 'desc' : 'asc', page: 1 }))}
        emptyText={state.loading ? 'Loading…' : 'No suspended cards'}
      />
      <p>
        {state.total} suspended card{state.total === 1 ? '' : 's'}
      </p>
    </PageLayout>
  );
}
