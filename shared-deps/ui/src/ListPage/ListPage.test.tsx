/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListPage } from './ListPage';

interface Row { id: string; name: string }

describe('ListPage', () => {
  it('should frame a paged table with its title, actions and nav, and send the trimmed search text', async () => {
    const onSearch = jest.fn();
    const onPageChange = jest.fn();
    render(
      <ListPage<Row>
        title="Devices"
        actions={<a href="/add">Add device</a>}
        nav={<nav aria-label="Area">nav</nav>}
        search={{ label: 'Search devices', onSearch }}
        columns={[{ id: 'name', header: 'Name', cell: (r) => r.name }]}
        rows={[{ id: '1', name: 'printer-1' }]}
        rowKey={(r) => r.id}
        totalResults={25}
        pageIndex={0}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Devices' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add device' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Area' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Devices' }).textContent).toContain('printer-1');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search text' }), '  print  ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('print');
    await user.click(screen.getByRole('button', { name: /page 2/i }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('should say Loading… while loading, the empty text after, and show the failure as an alert', () => {
    const props = { title: 'Subnets', columns: [], rows: [] as Row[], rowKey: (r: Row) => r.id, totalResults: 0, pageIndex: 0, onPageChange: () => {} };
    const { rerender } = render(<ListPage<Row> {...props} loading emptyText="No subnets" />);
    expect(screen.getByRole('table', { name: 'Subnets' }).textContent).toContain('Loading…');
    expect(screen.queryByRole('search')).toBeNull();
    rerender(<ListPage<Row> {...props} emptyText="No subnets" failure="Server unavailable" />);
    expect(screen.getByRole('table', { name: 'Subnets' }).textContent).toContain('No subnets');
    expect(screen.getByRole('alert').textContent).toBe('Server unavailable');
  });
});
