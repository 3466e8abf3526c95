import { forwardRef, type ComponentPropsWithoutRef, type ForwardedRef, type ReactElement, type ReactNode, type Ref } from 'react';
import { Button, Text } from '@primer/react';
import { RESULTS_PER_PAGE } from '@tessera/domain';
import { pageBlock } from './pageBlock';

/** One column of a {@link PagedTable}. */
export interface PagedTableColumn<Row> {
  /** Stable key of the column. */
  id: string;
  /** Header content; also the accessible name of the sort button. */
  header: ReactNode;
  /** Renders the cell of this column for a row. */
  cell: (row: Row, rowIndex: number) => ReactNode;
  /** Server sort field; when set (and `onSortChange` is given) the header is a sort button. */
  sortField?: string;
}

/** Current sort of a {@link PagedTable}. */
export interface PagedTableSort {
  field: string;
  direction: 'asc' | 'desc';
}

/** Props of {@link PagedTable}. Extra props go to the root `<div>`. */
export interface PagedTableProps<Row> extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Accessible name of the table (e.g. 'Users'). */
  label: string;
  /** The columns, in display order. */
  columns: readonly PagedTableColumn<Row>[];
  /** The rows of the current page (at most RESULTS_PER_PAGE). */
  rows: readonly Row[];
  /** Key of a row. */
  rowKey: (row: Row) => string;
  /** Number of results over all pages, as the server counted them. */
  totalResults: number;
  /** Current page, 0-based. */
  pageIndex: number;
  /** Called with the 0-based page the user picked. */
  onPageChange: (pageIndex: number) => void;
  /** Current sort, shown with `aria-sort` on the sorted header. */
  sort?: PagedTableSort;
  /** Called with a column's `sortField` when its header button is pressed. */
  onSortChange?: (field: string) => void;
  /** Text of the single row shown when there are no rows. */
  emptyText?: string;
  /** The server capped its count at the end of this block: there are more than `totalResults` (shown as 'of more than N', with a link to the next block). */
  totalCapped?: boolean;
}

const cellStyle = {
  textAlign: 'left' as const,
  padding: 'var(--base-size-8, 8px) var(--base-size-12, 12px)',
  borderBottom: 'var(--borderWidth-thin, 1px) solid var(--borderColor-default, #d1d9e0)',
};

function PagedTableImpl<Row>(
  {
    label,
    columns,
    rows,
    rowKey,
    totalResults,
    pageIndex,
    onPageChange,
    sort,
    onSortChange,
    emptyText = 'No results',
    totalCapped = false,
    ...rest
  }: PagedTableProps<Row>,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const block = pageBlock(pageIndex, totalResults, totalCapped);
  const first = totalResults === 0 ? 0 : pageIndex * RESULTS_PER_PAGE + 1;
  const last = Math.min(totalResults, (pageIndex + 1) * RESULTS_PER_PAGE);
  const pages: number[] = [];
  for (let p = block.firstPage; p <= block.lastPage; p++) pages.push(p);

  return (
    <div ref={ref} {...rest}>
      <div data-table-scroll style={{ overflowX: 'auto', maxWidth: '100%' }}>
<table aria-label={label} style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sort && column.sortField === sort.field ? sort.direction : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  style={cellStyle}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {column.sortField && onSortChange ? (
                    <Button
                      variant="invisible"
                      size="small"
                      onClick={() => onSortChange(column.sortField as string)}
                      trailingVisual={sorted ? () => <span aria-hidden="true">{sorted === 'asc' ? '▲' : '▼'}</span> : undefined}
                    >
                      {column.header}
                    </Button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} style={cellStyle}>
                <Text style={{ color: 'var(--fgColor-muted)' }}>{emptyText}</Text>
              </td>
            </tr>
          ) : (
            rows.map((row, rowIndex) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.id} style={cellStyle}>
                    {column.cell(row, rowIndex)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
</div>
      <nav
        aria-label={`${label} pages`}
        style={{ display: 'flex', alignItems: 'center', gap: 'var(--base-size-4, 4px)', marginTop: 'var(--base-size-8, 8px)', flexWrap: 'wrap' }}
      >
        <Text style={{ marginRight: 'var(--base-size-8, 8px)', color: 'var(--fgColor-muted)' }}>
          {first}–{last} of {totalCapped ? `more than ${totalResults}` : totalResults}
        </Text>
        {block.previousBlockPage !== null && (
          <Button size="small" variant="invisible" aria-label="Previous pages" onClick={() => onPageChange(block.previousBlockPage as number)}>
            «
          </Button>
        )}
        {pages.map((p) => (
          <Button
            key={p}
            size="small"
            variant={p === pageIndex ? 'default' : 'invisible'}
            aria-label={`Page ${p + 1}`}
            aria-current={p === pageIndex ? 'page' : undefined}
            onClick={() => onPageChange(p)}
          >
            {p + 1}
          </Button>
        ))}
        {block.nextBlockPage !== null && (
          <Button size="small" variant="invisible" aria-label="Next pages" onClick={() => onPageChange(block.nextBlockPage as number)}>
            »
          </Button>
        )}
      </nav>
    </div>
  );
}

/**
 * A server-paged table: 10 results a page, page links in blocks of 10 with links to the previous and
 * next block (signin §9), optional sort buttons in the headers. The table does no paging itself:
 * it shows `rows` and reports the page or sort the user picks.
 */
export const PagedTable = forwardRef(PagedTableImpl) as <Row>(
  props: PagedTableProps<Row> & { ref?: Ref<HTMLDivElement> },
) => ReactElement;
