import { useState, type ReactNode } from 'react';
import { Button, TextInput } from '@primer/react';
import { FormError } from '../FormError';
import { PageLayout } from '../PageLayout';
import { PagedTable, type PagedTableProps } from '../PagedTable';

/** The search box of a {@link ListPage}: the text is sent to the server, which searches. */
export interface ListPageSearch {
  /** Accessible name of the search form, e.g. 'Search users'. */
  label: string;
  placeholder?: string;
  /** Called with the trimmed text when the form is submitted. */
  onSearch: (text: string) => void;
}

/** Props of {@link ListPage}: the page frame, and a {@link PagedTable} (its `label` is the title unless given). */
export interface ListPageProps<Row> extends Omit<PagedTableProps<Row>, 'label' | 'title'> {
  /** Page title (the `<h1>`), also the table's accessible name unless `tableLabel` is set. */
  title: string;
  tableLabel?: string;
  /** Page actions beside the title (e.g. an 'Add …' link the viewer may follow). */
  actions?: ReactNode;
  /** Shown above everything else in the page body (the area's navigation). */
  nav?: ReactNode;
  /** A server-side search box above the table. */
  search?: ListPageSearch;
  /** The load's failure message, shown above the table. */
  failure?: string | null;
  /** While true the empty table says 'Loading…'. */
  loading?: boolean;
  /** Content between the search box and the table (filters, forms). */
  children?: ReactNode;
}

/**
 * The shape every server-paged list screen shares: title with actions, the area navigation, an optional
 * search box, the failure, and the paged table (10 a page, 10 pages a block).
 */
export function ListPage<Row>({ title, tableLabel, actions, nav, search, failure, loading, emptyText = 'No results', children, ...table }: ListPageProps<Row>) {
  const [text, setText] = useState('');
  return (
    <PageLayout title={title} actions={actions}>
      {nav}
      {search ? (
        <form
          role="search"
          aria-label={search.label}
          style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', marginBottom: 'var(--base-size-16, 16px)' }}
          onSubmit={(e) => {
            e.preventDefault();
            search.onSearch(text.trim());
          }}
        >
          <TextInput aria-label="Search text" value={text} onChange={(e) => setText(e.target.value)} placeholder={search.placeholder} />
          <Button type="submit">Search</Button>
        </form>
      ) : null}
      {children}
      <FormError>{failure ?? undefined}</FormError>
      <PagedTable label={tableLabel ?? title} emptyText={loading ? 'Loading…' : emptyText} {...table} />
    </PageLayout>
  );
}
