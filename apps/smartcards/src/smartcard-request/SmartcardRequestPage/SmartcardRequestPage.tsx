import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Checkbox, Select, Textarea } from '@primer/react';
import type { CardRequestEntry } from '@tessera/domain';
import { FormError, PageLayout, PagedTable, TextField, type PagedTableColumn } from '@tessera/ui';
import { smartcardRequestActions, smartcardRequestSelectors } from '../smartcardRequest.slice';

/** Usernames from pasted text: one per line or separated by commas or spaces, without repeats. */
export function parseUsernames(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((u) => u.trim()).filter(Boolean))];
}

/**
 * `/credentials/smartcards/request` [smartcardRequest]: request smartcards for every user of the
 * tenant, or for users pasted in bulk (`POST /api/dps/smartcard-request`).
 */
export function SmartcardRequestPage() {
  const dispatch = useDispatch();
  const { sending, result, error } = useSelector(smartcardRequestSelectors.selectRequest);
  const [selectAll, setSelectAll] = useState(false);
  const [users, setUsers] = useState('');
  const [comment, setComment] = useState('');
  const [priority, setPriority] = useState<'normal' | 'urgent'>('normal');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(
      smartcardRequestActions.requestSent({
        selectAll,
        inclusionList: [],
        exclusionList: [],
        bulkInclusionList: selectAll ? [] : parseUsernames(users),
        options: { ...(comment.trim() ? { comment: comment.trim() } : {}), priority },
      }),
    );
  };
  return (
    <PageLayout title="Request smartcards">
      <form aria-label="Request smartcards" onSubmit={submit} noValidate style={{ maxWidth: 640 }}>
        <FormError>{error}</FormError>
        <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 16 }}>
          <Checkbox checked={selectAll} onChange={(e) => setSelectAll(e.target.checked)} />
          All users of the tenant
        </label>
        {selectAll ? null : (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
            <label htmlFor="request-users">Usernames (one per line)</label>
            <Textarea id="request-users" rows={6} block value={users} onChange={(e) => setUsers(e.target.value)} />
          </div>
        )}
        <TextField label="Comment" value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} />
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
          <label htmlFor="request-priority">Priority</label>
          <Select id="request-priority" value={priority} onChange={(e) => setPriority(e.target.value as 'normal' | 'urgent')}>
            <Select.Option value="normal">Normal</Select.Option>
            <Select.Option value="urgent">Urgent</Select.Option>
          </Select>
        </div>
        <Button type="submit" variant="primary" loading={sending}>
          Send request
        </Button>
        {result ? <p role="status">{result.requested} smartcard requests created.</p> : null}
      </form>
      <OpenRequests />
    </PageLayout>
  );
}

/**
 * The open smartcard requests (designed: the operators' side of the requests made here and by users on
 * `/self/requestSmartcard/{id}`): searched by username and paged on the server; each closed as done or rejected.
 */
function OpenRequests() {
  const dispatch = useDispatch();
  const { open } = useSelector(smartcardRequestSelectors.selectRequest);
  const [search, setSearch] = useState('');
  useEffect(() => {
    dispatch(smartcardRequestActions.openRequested({ search: '', pageIndex: 0 }));
  }, [dispatch]);
  const closeButton = (row: CardRequestEntry, status: 'DONE' | 'REJECTED', label: string) => (
    <Button size="small" disabled={open.closing !== null} onClick={() => dispatch(smartcardRequestActions.closeRequested({ id: row.id, status }))} aria-label={`${label} the request of ${row.username}`}>
      {label}
    </Button>
  );
  const columns: PagedTableColumn<CardRequestEntry>[] = [
    { id: 'user', header: 'User', cell: (r) => r.username },
    { id: 'template', header: 'Card template', cell: (r) => r.cardTemplateName ?? '—' },
    { id: 'comment', header: 'Reason or comment', cell: (r) => r.comment ?? '—' },
    { id: 'priority', header: 'Priority', cell: (r) => (r.priority === 'urgent' ? 'Urgent' : 'Normal') },
    { id: 'by', header: 'Requested by', cell: (r) => (r.self ? `${r.requestedBy ?? r.username} (self-service)` : (r.requestedBy ?? '—')) },
    { id: 'at', header: 'Requested', cell: (r) => new Date(r.createdAt).toLocaleString() },
    { id: 'actions', header: 'Actions', cell: (r) => <span style={{ display: 'flex', gap: 8 }}>{closeButton(r, 'DONE', 'Done')}{closeButton(r, 'REJECTED', 'Reject')}</span> },
  ];
  return (
    <section aria-label="Open requests" style={{ marginTop: 32 }}>
      <h2 style={{ fontSize: 18 }}>Open requests</h2>
      <form
        role="search"
        aria-label="Search open requests"
        onSubmit={(e) => {
          e.preventDefault();
          dispatch(smartcardRequestActions.openRequested({ search: search.trim(), pageIndex: 0 }));
        }}
        style={{ display: 'flex', gap: 8, alignItems: 'flex-end', maxWidth: 480 }}
      >
        <TextField label="Username" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button type="submit">Search</Button>
      </form>
      <FormError>{open.status === 'failed' ? open.message : null}</FormError>
      {open.message && open.status !== 'failed' ? <p role="status">{open.message}</p> : null}
      <PagedTable
        label="Open smartcard requests"
        columns={columns}
        rows={open.results}
        rowKey={(r) => r.id}
        totalResults={open.totalResults}
        pageIndex={open.pageIndex}
        onPageChange={(pageIndex) => dispatch(smartcardRequestActions.openRequested({ search: open.search, pageIndex }))}
        emptyText={open.status === 'loading' ? 'Loading…' : 'No open requests.'}
        aria-busy={open.status === 'loading'}
      />
    </section>
  );
}
