import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Checkbox, Select } from '@primer/react';
import { TICKET_CATEGORIES, TICKET_STATUSES, TICKET_STATUS_LABELS, type Ticket, type TicketSearchFilter, type TicketSortField } from '@tessera/domain';
import { followLink, FormError, PagedTable, PageLayout, TextField, type PagedTableColumn } from '@tessera/ui';
import { TicketsNav } from '../../TicketsNav';
import { hasPermission, useViewer } from '../../viewer/useViewer';
import { DEFAULT_QUERY, searchActions, searchSelectors } from '../search.slice';

/** The filter form. `assigned`: '' anyone, 'me' the viewer, 'none' unassigned. */
export interface TicketFilterForm {
  text: string;
  category: string;
  status: string;
  assigned: '' | 'me' | 'none';
}

const EMPTY_FORM: TicketFilterForm = { text: '', category: '', status: '', assigned: '' };

/** The filters of the form as search_groups (empty fields are left out). */
export function filtersOf(form: TicketFilterForm, createdBy: string | null, viewerId: string | null = null): TicketSearchFilter[] {
  const filters: TicketSearchFilter[] = [];
  if (createdBy) filters.push({ field: 'createdBy', value: createdBy });
  if (form.assigned === 'none') filters.push({ field: 'assignedTo', value: '' });
  if (form.assigned === 'me' && viewerId) filters.push({ field: 'assignedTo', value: viewerId });
  if (form.text.trim()) filters.push({ field: 'text', operator: 'contains', value: form.text.trim() });
  if (form.category) filters.push({ field: 'category', value: form.category });
  if (form.status) filters.push({ field: 'ticketStatus', value: form.status });
  return filters;
}

/**
 * `/tickets/search` and `/tickets/myTickets` [ticketView]: tickets filtered, sorted and paged on the
 * server (10 a page, updatedAt descending by default); staff can select tickets and close them at once.
 */
export function TicketListPage({ mode }: { mode: 'search' | 'mine' }) {
  const dispatch = useDispatch();
  const viewer = useViewer();
  const staff = hasPermission(viewer, 'ticketEdit');
  const bulk = staff && mode === 'search';
  const { query, results, totalResults, selected, closing, status, error } = useSelector(searchSelectors.selectSearch);
  const [form, setForm] = useState<TicketFilterForm>(EMPTY_FORM);
  const mine = mode === 'mine' ? (viewer?.id ?? null) : null;

  useEffect(() => {
    dispatch(searchActions.selectionSet([]));
    dispatch(searchActions.searchRequested({ ...DEFAULT_QUERY, filters: filtersOf(EMPTY_FORM, mine) }));
  }, [dispatch, mine]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(searchActions.searchRequested({ ...query, pageIndex: 0, filters: filtersOf(form, mine, viewer?.id ?? null) }));
  };
  const allOnPage = results.length > 0 && results.every((t) => selected.includes(t.ticketId));

  const columns: PagedTableColumn<Ticket>[] = [
    ...(bulk
      ? [
          {
            id: 'select',
            header: (
              <Checkbox
                aria-label="Select all tickets on this page"
                checked={allOnPage}
                onChange={() => dispatch(searchActions.selectionSet(allOnPage ? [] : results.map((t) => t.ticketId)))}
              />
            ),
            cell: (t: Ticket) => (
              <Checkbox aria-label={`Select ${t.title}`} checked={selected.includes(t.ticketId)} onChange={() => dispatch(searchActions.selectionToggled(t.ticketId))} />
            ),
          },
        ]
      : []),
    {
      id: 'title',
      header: 'Title',
      sortField: 'title',
      cell: (t) => (
        <a href={`/tickets/${t.ticketId}/view`} onClick={followLink}>
          {t.title}
        </a>
      ),
    },
    { id: 'category', header: 'Category', sortField: 'category', cell: (t) => t.category },
    { id: 'status', header: 'Status', sortField: 'ticketStatus', cell: (t) => TICKET_STATUS_LABELS[t.ticketStatus] },
    { id: 'priority', header: 'Priority', sortField: 'priority', cell: (t) => t.priority },
    { id: 'createdBy', header: 'Created by', cell: (t) => t.username },
    { id: 'assigned', header: 'Assigned to', cell: (t) => t.assignedToUsername || '–' },
    { id: 'updated', header: 'Updated', sortField: 'updatedAt', cell: (t) => new Date(t.updatedAt).toLocaleString() },
  ];

  return (
    <PageLayout title={mode === 'mine' ? 'My tickets' : 'Search tickets'}>
      <TicketsNav />
      <form aria-label="Ticket filters" onSubmit={submit} style={{ display: 'flex', gap: 16, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <TextField label="Text" name="text" value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} />
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
          <label htmlFor="filter-category">Category</label>
          <Select id="filter-category" value={form.category} onChange={(e) => setForm({ ...form, category: e.target.value })}>
            <Select.Option value="">Any category</Select.Option>
            {TICKET_CATEGORIES.map((c) => (
              <Select.Option key={c} value={c}>
                {c}
              </Select.Option>
            ))}
          </Select>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
          <label htmlFor="filter-status">Status</label>
          <Select id="filter-status" value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value })}>
            <Select.Option value="">Any status</Select.Option>
            {TICKET_STATUSES.map((s) => (
              <Select.Option key={s} value={s}>
                {TICKET_STATUS_LABELS[s]}
              </Select.Option>
            ))}
          </Select>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
          <label htmlFor="filter-assigned">Assigned</label>
          <Select id="filter-assigned" value={form.assigned} onChange={(e) => setForm({ ...form, assigned: e.target.value as TicketFilterForm['assigned'] })}>
            <Select.Option value="">Anyone</Select.Option>
            <Select.Option value="me">Me</Select.Option>
            <Select.Option value="none">Unassigned</Select.Option>
          </Select>
        </div>
        <div style={{ marginBottom: 16 }}>
          <Button type="submit">Search</Button>
        </div>
      </form>
      {status === 'failed' ? <FormError>{error?.message ?? 'The search failed.'}</FormError> : null}
      {bulk ? (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
          <Button variant="danger" disabled={selected.length === 0} loading={closing} onClick={() => dispatch(searchActions.bulkCloseRequested())}>
            Close selected tickets
          </Button>
          <span aria-live="polite">{selected.length} selected</span>
        </div>
      ) : null}
      <PagedTable
        label={mode === 'mine' ? 'My tickets' : 'Tickets'}
        columns={columns}
        rows={results}
        rowKey={(t) => t.ticketId}
        totalResults={totalResults}
        pageIndex={query.pageIndex}
        onPageChange={(pageIndex) => dispatch(searchActions.searchRequested({ ...query, pageIndex }))}
        sort={{ field: query.sortField, direction: query.sortDirection }}
        onSortChange={(field) =>
          dispatch(
            searchActions.searchRequested({
              ...query,
              pageIndex: 0,
              sortField: field as TicketSortField,
              sortDirection: query.sortField === field && query.sortDirection === 'desc' ? 'asc' : 'desc',
            }),
          )
        }
        emptyText={status === 'loading' ? 'Loading…' : 'No tickets'}
      />
    </PageLayout>
  );
}
