/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PagedTable, type PagedTableColumn } from './PagedTable';

interface Row { id: string; name: string }
const columns: PagedTableColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, sortField: 'name' },
  { id: 'id', header: 'Id', cell: (row) => row.id },
];
const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({ id: `u${i}`, name: `User ${i}` }));

function setup(props: Partial<React.ComponentProps<typeof PagedTable<Row>>> = {}) {
  const onPageChange = jest.fn();
  const onSortChange = jest.fn();
  render(
    <PagedTable<Row>
      label="Users"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      totalResults={250}
      pageIndex={0}
      onPageChange={onPageChange}
      onSortChange={onSortChange}
      {...props}
    />,
  );
  return { onPageChange, onSortChange, user: userEvent.setup() };
}

describe('PagedTable', () => {
  it('should render the rows with their cells', () => {
    setup();
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByRole('cell', { name: 'User 3' })).toBeTruthy();
  });

  it('should show page links 1 to 10 and a next-block link on the first block', () => {
    setup();
    const nav = screen.getByRole('navigation', { name: 'Users pages' });
    const pageButtons = within(nav).getAllByRole('button', { name: /^Page / });
    expect(pageButtons.map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(within(nav).queryByRole('button', { name: 'Previous pages' })).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('should report the picked page, 0-based', async () => {
    const { onPageChange, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('should move to the first page of the next and previous blocks', async () => {
    const { onPageChange, user } = setup({ pageIndex: 12 });
    expect(screen.getByRole('button', { name: 'Page 11' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next pages' }));
    expect(onPageChange).toHaveBeenLastCalledWith(20);
    await user.click(screen.getByRole('button', { name: 'Previous pages' }));
    expect(onPageChange).toHaveBeenLastCalledWith(0);
  });

  it('should report the sort field from a sortable header and mark the sorted column', async () => {
    const { onSortChange, user } = setup({ sort: { field: 'name', direction: 'desc' } });
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortChange).toHaveBeenCalledWith('name');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    expect(within(screen.getByRole('columnheader', { name: 'Id' })).queryByRole('button')).toBeNull();
  });

  it('should show the empty text when there are no rows', () => {
    setup({ rows: [], totalResults: 0, emptyText: 'No users found' });
    expect(screen.getByRole('cell', { name: 'No users found' })).toBeTruthy();
  });

  it('should pass className and extra props to the root', () => {
    setup({ className: 'extra', id: 'users-table' } as never);
    const root = screen.getByRole('table', { name: 'Users' }).parentElement?.parentElement as HTMLElement;
    expect(root.className).toBe('extra');
    expect(root.id).toBe('users-table');
  });

  it('should let the table scroll in its own box on a narrow screen, not the page', () => {
    setup();
    const box = screen.getByRole('table', { name: 'Users' }).parentElement as HTMLElement;
    expect(box.style.overflowX).toBe('auto');
    expect(box.style.maxWidth).toBe('100%');
  });
});
