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
});
