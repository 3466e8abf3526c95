/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { SmartcardRequestPage, parseUsernames } from './SmartcardRequestPage';

describe('SmartcardRequestPage', () => {
  beforeAll(installMatchMedia);

  it('should split pasted usernames', () => {
    expect(parseUsernames('ann\nbob, carol  ann\n\n')).toEqual(['ann', 'bob', 'carol']);
  });

  it("should send the bulk inclusion list and say 'Successfully processed smartcard request'", async () => {
    const api = fakeApi();
    api.smartcardRequest.mockResolvedValue({ requested: 2, requestIds: ['a', 'b'] });
    const user = userEvent.setup();
    const { bus } = renderWithStore(<SmartcardRequestPage />, { api });
    await user.type(screen.getByRole('textbox', { name: 'Usernames (one per line)' }), 'ann{enter}bob');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('status')).textContent).toBe('2 smartcard requests created.');
    expect(api.smartcardRequest).toHaveBeenCalledWith({ selectAll: false, inclusionList: [], exclusionList: [], bulkInclusionList: ['ann', 'bob'], options: { priority: 'normal' } });
    expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Successfully processed smartcard request' }));
  });

  it("should say 'An error occurred while sending smartcard request' on failure", async () => {
    const api = fakeApi();
    api.smartcardRequest.mockRejectedValue(new Error("'bob' is not a user of this tenant."));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<SmartcardRequestPage />, { api });
    await user.click(screen.getByRole('checkbox', { name: 'All users of the tenant' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', message: 'An error occurred while sending smartcard request' })));
    expect(api.smartcardRequest).toHaveBeenCalledWith(expect.objectContaining({ selectAll: true, bulkInclusionList: [] }));
  });

  it('should list the open requests, search them on the server, and close one as done, then reload', async () => {
    const api = fakeApi();
    const amy = { id: 'r1', userId: 'u1', username: 'amy', status: 'PENDING', comment: 'worn out', priority: null, cardTemplateName: 'staff', self: true, requestedBy: 'amy', createdAt: '2026-11-28T08:00:00.000Z' };
    const ben = { id: 'r2', userId: 'u2', username: 'ben', status: 'PENDING', comment: 'new starter', priority: 'urgent', cardTemplateName: null, self: false, requestedBy: 'olive', createdAt: '2026-11-28T07:00:00.000Z' };
    api.listSmartcardRequests.mockResolvedValueOnce({ totalResults: 2, results: [amy, ben] }).mockResolvedValueOnce({ totalResults: 1, results: [ben] }).mockResolvedValueOnce({ totalResults: 0, results: [] });
    api.closeSmartcardRequest.mockResolvedValue({ id: 'r2', status: 'DONE' });
    const user = userEvent.setup();
    const { bus } = renderWithStore(<SmartcardRequestPage />, { api });
    const table = await screen.findByRole('table', { name: 'Open smartcard requests' });
    await waitFor(() => expect(table.textContent).toContain('amy (self-service)'));
    expect(table.textContent).toContain('Urgent');
    expect(api.listSmartcardRequests).toHaveBeenLastCalledWith({ status: 'PENDING', skip: 0, take: 10 });
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'be');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.listSmartcardRequests).toHaveBeenLastCalledWith({ status: 'PENDING', search: 'be', skip: 0, take: 10 }));
    await waitFor(() => expect(screen.queryByText('amy (self-service)')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Done the request of ben' }));
    await waitFor(() => expect(api.closeSmartcardRequest).toHaveBeenCalledWith('r2', 'DONE'));
    expect(await screen.findByText('Smartcard request marked done')).toBeTruthy();
    expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Smartcard request marked done', message: '' });
    await waitFor(() => expect(api.listSmartcardRequests).toHaveBeenCalledTimes(3));
    expect(await screen.findByText('No open requests.')).toBeTruthy();
  });
});
