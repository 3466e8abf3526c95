/** @jest-environment jsdom */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, fakeBus, installMatchMedia, renderWithStore, signInViewer, testTicket } from '../../testing/renderWithStore';
import { ViewTicketPage } from './ViewTicketPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const message = (id: string, content: string, over: Record<string, unknown> = {}) => ({
  messageId: id,
  ticketId: 't-1',
  messageContent: content,
  sender: 'carol',
  senderId: 'u2',
  internalIndicator: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...over,
});

describe('ViewTicketPage', () => {
  beforeAll(installMatchMedia);

  it('should show the ticket and its messages, and reload them when the bus says a new one arrived', async () => {
    signInViewer(['ticketView'], 'u2');
    const api = fakeApi();
    api.getTicket.mockResolvedValue(testTicket());
    api.searchTicketMessages.mockResolvedValueOnce({ ticketMessages: [message('m1', 'Any news?')] });
    const bus = fakeBus();
    renderWithStore(<ViewTicketPage ticketId="t-1" />, { api, bus });
    expect(await screen.findByText('Any news?')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Reader fails' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Assignment' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Internal note/ })).toBeNull();
    api.searchTicketMessages.mockResolvedValueOnce({ ticketMessages: [message('m1', 'Any news?'), message('m2', 'Fixed it', { sender: 'admin', senderId: 'u1' })] });
    act(() => bus.ticketMessages$.next({ ticketId: 't-1', title: 'Reader fails', messageId: 'm2', sender: 'admin', createdAt: '2026-11-23T10:01:00.000Z' }));
    expect(await screen.findByText('Fixed it')).toBeTruthy();
    expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'New ticket message' }));
  });

  it('should refuse a reply over 10000 characters and send a valid one', async () => {
    signInViewer(['ticketView'], 'u2');
    const api = fakeApi();
    api.getTicket.mockResolvedValue(testTicket());
    api.createTicketMessage.mockResolvedValue(message('m3', 'hello'));
    const user = userEvent.setup();
    renderWithStore(<ViewTicketPage ticketId="t-1" />, { api });
    const reply = (await screen.findByRole('textbox', { name: 'Reply' })) as HTMLTextAreaElement;
    await user.click(reply);
    await user.paste('x'.repeat(10001));
    expect(screen.getByText('The ticket message must be at most 10000 characters.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send reply' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(reply);
    await user.type(reply, 'hello');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(api.createTicketMessage).toHaveBeenCalledWith({ ticketId: { ticketId: 't-1' }, messageContent: 'hello', sender: 'carol', internalIndicator: false }));
  });

  it("should show 'Add ticket messages failed' when a reply cannot be added", async () => {
    signInViewer(['ticketView'], 'u2');
    const api = fakeApi();
    api.getTicket.mockResolvedValue(testTicket());
    api.createTicketMessage.mockRejectedValue(new Error('down'));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<ViewTicketPage ticketId="t-1" />, { api });
    await user.type(await screen.findByRole('textbox', { name: 'Reply' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', message: 'Add ticket messages failed' })));
  });

  it('should let staff assign, assign to themselves and unassign with the §8 texts', async () => {
    signInViewer(['ticketView', 'ticketEdit'], 'u1');
    const api = fakeApi();
    api.getTicket.mockResolvedValue(testTicket());
    api.listUsers.mockResolvedValue({ totalResults: 1, results: [{ id: 'u9', username: 'oscar' }] });
    api.assignTicketToUser.mockResolvedValueOnce(testTicket({ assignedTo: 'u9', assignedToUsername: 'oscar' }));
    api.assignTicketToUser.mockResolvedValueOnce(testTicket());
    api.assignTicketToUser.mockRejectedValueOnce(new Error('down'));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<ViewTicketPage ticketId="t-1" />, { api });
    const select = await screen.findByRole('combobox', { name: 'Assign to' });
    await screen.findByRole('option', { name: 'oscar' });
    await user.selectOptions(select, 'u9');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('oscar', { selector: 'dd' })).toBeTruthy();
    expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Ticket assigned successfully.' }));
    await user.click(screen.getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(api.assignTicketToUser).toHaveBeenLastCalledWith({ ticketId: 't-1', userId: '' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Ticket unassigned successfully.' })));
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', message: 'Failed to assign ticket' })));
    expect(api.assignTicketToUser).toHaveBeenLastCalledWith({ ticketId: 't-1', userId: 'u1' });
  });
});
