/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installMatchMedia, renderWithStore, signInViewer, testTicket } from '../../testing/renderWithStore';
import { TicketListPage } from './TicketListPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const page = (n: number) => ({ totalResults: n, results: Array.from({ length: Math.min(n, 10) }, (_, i) => testTicket({ ticketId: `t${i}`, title: `Ticket ${i}` })) });

describe('TicketListPage', () => {
  beforeAll(installMatchMedia);

  it('should search on the server with page size 10 and updatedAt descending, and send the filters', async () => {
    signInViewer(['ticketView']);
    const api = fakeApi();
    api.searchSupportTickets.mockResolvedValue(page(3));
    const user = userEvent.setup();
    renderWithStore(<TicketListPage mode="search" />, { api });
    expect(await screen.findByRole('link', { name: 'Ticket 2' })).toBeTruthy();
    expect(api.searchSupportTickets).toHaveBeenCalledWith({ search_groups: [], skip: 0, take: 10, sort_field: 'updatedAt', sort_direction: 'desc' });
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'printer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Bug');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assigned' }), 'me');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.searchSupportTickets).toHaveBeenLastCalledWith(
        expect.objectContaining({
          search_groups: [{ field: 'assignedTo', value: 'u1' }, { field: 'text', operator: 'contains', value: 'printer' }, { field: 'category', value: 'Bug' }],
        }),
      ),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assigned' }), 'none');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.searchSupportTickets).toHaveBeenLastCalledWith(expect.objectContaining({ search_groups: expect.arrayContaining([{ field: 'assignedTo', value: '' }]) })));
    expect(screen.queryByRole('button', { name: 'Close selected tickets' })).toBeNull();
  });

  it("should limit myTickets to the viewer's own tickets", async () => {
    signInViewer(['ticketView'], 'u2');
    const api = fakeApi();
    renderWithStore(<TicketListPage mode="mine" />, { api });
    await waitFor(() => expect(api.searchSupportTickets).toHaveBeenCalledWith(expect.objectContaining({ search_groups: [{ field: 'createdBy', value: 'u2' }] })));
  });

  it("should close the selected tickets in one call and say 'Selected tickets have been closed.'", async () => {
    signInViewer(['ticketView', 'ticketEdit']);
    const api = fakeApi();
    api.searchSupportTickets.mockResolvedValue(page(3));
    api.bulkUpdateTickets.mockResolvedValue({ updated: 2, unchanged: 0 });
    const user = userEvent.setup();
    const { bus } = renderWithStore(<TicketListPage mode="search" />, { api });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ticket 0' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ticket 2' }));
    await user.click(screen.getByRole('button', { name: 'Close selected tickets' }));
    await waitFor(() => expect(api.bulkUpdateTickets).toHaveBeenCalledWith({ ticketIds: ['t0', 't2'], fieldsToUpdate: { ticketStatus: 'TICKET_STATUS_CLOSED' } }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', message: 'Selected tickets have been closed.' })));
    expect(api.searchSupportTickets).toHaveBeenCalledTimes(2);
  });

  it("should say 'Failed to close tickets.' when the bulk close fails", async () => {
    signInViewer(['ticketView', 'ticketEdit']);
    const api = fakeApi();
    api.searchSupportTickets.mockResolvedValue(page(2));
    api.bulkUpdateTickets.mockRejectedValue(new Error('down'));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<TicketListPage mode="search" />, { api });
    const table = await screen.findByRole('table', { name: 'Tickets' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select all tickets on this page' }));
    await user.click(screen.getByRole('button', { name: 'Close selected tickets' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', message: 'Failed to close tickets.' })));
    expect(api.bulkUpdateTickets).toHaveBeenCalledWith(expect.objectContaining({ ticketIds: ['t0', 't1'] }));
  });
});
