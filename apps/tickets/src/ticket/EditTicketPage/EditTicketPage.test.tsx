/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { apiError, fakeApi, installMatchMedia, renderWithStore, signInViewer, testTicket } from '../../testing/renderWithStore';
import { EditTicketPage } from './EditTicketPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('EditTicketPage', () => {
  beforeAll(() => {
    installMatchMedia();
    signInViewer(['ticketView', 'ticketEdit']);
  });

  it("should say 'No changes were made to the support ticket.' and send nothing when nothing changed", async () => {
    const api = fakeApi();
    api.getTicket.mockResolvedValue(testTicket());
    const user = userEvent.setup();
    renderWithStore(<EditTicketPage ticketId="t-1" />, { api });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.type(title, '  ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No changes were made to the support ticket.');
    expect(api.updateTicket).not.toHaveBeenCalled();
  });

  it('should offer only the allowed next statuses and save a change, then go back to the view', async () => {
    const api = fakeApi();
    api.getTicket.mockResolvedValue(testTicket({ ticketStatus: 'TICKET_STATUS_CLOSED' }));
    api.updateTicket.mockResolvedValue(testTicket({ ticketStatus: 'TICKET_STATUS_REOPENED', updatedAt: '2026-11-23T11:00:00.000Z' }));
    const user = userEvent.setup();
    renderWithStore(<EditTicketPage ticketId="t-1" />, { api });
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect([...(status as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Closed', 'Reopened']);
    await user.selectOptions(status, 'TICKET_STATUS_REOPENED');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.updateTicket).toHaveBeenCalledWith(expect.objectContaining({ ticketId: 't-1', ticketStatus: 'TICKET_STATUS_REOPENED' })));
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/tickets/t-1/view'));
  });

  it('should show the server refusal of a transition', async () => {
    const api = fakeApi();
    api.getTicket.mockResolvedValue(testTicket());
    api.updateTicket.mockRejectedValue(apiError('CONFLICT', 'ticketStatus cannot change from Open to Reopened', { field: 'ticketStatus' }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<EditTicketPage ticketId="t-1" />, { api });
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toContain('cannot change from Open to Reopened');
    expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', message: 'An error occurred during ticket submission' }));
  });
});
