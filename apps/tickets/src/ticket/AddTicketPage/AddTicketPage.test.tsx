/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { apiError, fakeApi, installMatchMedia, renderWithStore, signInViewer } from '../../testing/renderWithStore';
import { AddTicketPage } from './AddTicketPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('AddTicketPage', () => {
  beforeAll(() => {
    installMatchMedia();
    signInViewer(['ticketAdd', 'ticketView'], 'u2');
  });

  it('should create the ticket and go to its view', async () => {
    const api = fakeApi();
    api.createTicket.mockResolvedValue({ ticketId: 'new-1' });
    const user = userEvent.setup();
    renderWithStore(<AddTicketPage />, { api });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Printer jams');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Feature');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Every morning');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await waitFor(() => expect(navigateToUrl).toHaveBeenCalledWith('/tickets/new-1/view'));
    expect(api.createTicket).toHaveBeenCalledWith({ title: 'Printer jams', category: 'Feature', description: 'Every morning', priority: 'Medium' });
  });

  it("should show 'An error occurred during ticket submission' with the reason", async () => {
    const api = fakeApi();
    api.createTicket.mockRejectedValue(apiError('VALIDATION', 'title must not be blank', { field: 'title' }));
    const user = userEvent.setup();
    renderWithStore(<AddTicketPage />, { api });
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred during ticket submission');
  });
});
