/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installMatchMedia, renderWithStore, testPass } from '../../testing/renderWithStore';
import { TemporaryPassesPage, todayIso } from './TemporaryPassesPage';

describe('TemporaryPassesPage', () => {
  beforeAll(installMatchMedia);

  it('should show the issued, available and unavailable lists', async () => {
    const api = fakeApi();
    api.listTemporaryPasses.mockResolvedValue({
      issued: [testPass()],
      available: [testPass({ passNumber: '00050', status: 'AVAILABLE', givenName: null, lastName: null, validDate: null, expirationDate: null })],
      unavailable: [testPass({ passNumber: '00060', status: 'MISPLACED', reason: 'lost' })],
      timeZone: 'Europe/Berlin',
    });
    renderWithStore(<TemporaryPassesPage />, { api });
    const issued = await screen.findByRole('table', { name: 'Issued passes' });
    expect(await within(issued).findByText('00042')).toBeTruthy();
    expect(within(issued).getByText('Gina Guest')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Available passes' })).getByText('00050')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Unavailable passes' })).getByText('lost')).toBeTruthy();
    expect(screen.getByText(/of the chosen day in the tenant's time zone \(Europe\/Berlin\)/)).toBeTruthy();
  });

  it("should say 'An error occurred while retrieving temporary smartcards' when the lists fail", async () => {
    const api = fakeApi();
    api.listTemporaryPasses.mockRejectedValue(new Error('down'));
    const { bus } = renderWithStore(<TemporaryPassesPage />, { api });
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred while retrieving temporary smartcards');
    expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'An error occurred while retrieving temporary smartcards' }));
  });

  it('should issue a guest pass for the chosen day and refuse a pass number with letters', async () => {
    const api = fakeApi();
    api.assignGuestPass.mockResolvedValue(testPass());
    const user = userEvent.setup();
    const { bus } = renderWithStore(<TemporaryPassesPage />, { api });
    const form = screen.getByRole('form', { name: 'Issue a pass to a guest' });
    await user.type(within(form).getByRole('textbox', { name: 'Given name' }), 'Gina');
    await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Guest');
    await user.type(within(form).getByRole('textbox', { name: 'Guest pass number' }), '4a2');
    await user.click(within(form).getByRole('button', { name: 'Issue guest pass' }));
    expect(within(form).getByText('The pass number must be 1 to 5 digits.')).toBeTruthy();
    expect(api.assignGuestPass).not.toHaveBeenCalled();
    await user.clear(within(form).getByRole('textbox', { name: 'Guest pass number' }));
    await user.type(within(form).getByRole('textbox', { name: 'Guest pass number' }), '42');
    await user.click(within(form).getByRole('button', { name: 'Issue guest pass' }));
    await waitFor(() =>
      expect(api.assignGuestPass).toHaveBeenCalledWith({ givenName: 'Gina', lastName: 'Guest', passNumber: '42', validDate: todayIso(), expirationDate: todayIso() }),
    );
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', message: 'Temporary guest pass issued' })));
    expect(api.listTemporaryPasses).toHaveBeenCalledTimes(2);
  });

  it("should issue a pass to a user with 'Temporary pass issued', and say 'Failed to issue temporary pass' with the reason when refused", async () => {
    const api = fakeApi();
    api.temporaryPassAccounts.mockResolvedValue([{ userID: 'u1', username: 'admin', givenName: '', lastName: '' }]);
    api.assignPositivePass.mockResolvedValueOnce(testPass({ passNumber: '00007', cardType: 'positive' }));
    api.assignPositivePass.mockRejectedValueOnce(Object.assign(new Error('Pass 00007 is issued and cannot be issued'), { code: 'CONFLICT' }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<TemporaryPassesPage />, { api });
    const form = screen.getByRole('form', { name: 'Issue a pass to a user' });
    await within(form).findByRole('option', { name: 'admin' });
    await user.type(within(form).getByRole('textbox', { name: 'Pass number' }), '7');
    api.temporaryPassesOfUser.mockResolvedValue([testPass({ passNumber: '00003', cardType: 'positive', status: 'RETURNED' })]);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'User' }), 'u1');
    expect((await within(form).findByRole('status', { name: 'Passes of this user' })).textContent).toBe("This user's passes: 00003 (Returned)");
    expect(api.temporaryPassesOfUser).toHaveBeenCalledWith('u1');
    await user.click(within(form).getByRole('button', { name: 'Issue pass' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', message: 'Temporary pass issued' })));
    expect(api.assignPositivePass).toHaveBeenCalledWith({ passNumber: '7', userID: 'u1', validDate: todayIso(), expirationDate: todayIso() });
    await waitFor(() => expect((within(form).getByRole('button', { name: 'Issue pass' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(form).getByRole('button', { name: 'Issue pass' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to issue temporary pass: Pass 00007 is issued and cannot be issued');
    expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', message: 'Failed to issue temporary pass' }));
  });

  it("should return, mark misplaced and reactivate with 'Card status updated', and report a failure", async () => {
    const api = fakeApi();
    api.listTemporaryPasses.mockResolvedValue({ issued: [testPass()], available: [], unavailable: [testPass({ passNumber: '00060', status: 'RETURNED' })], timeZone: 'UTC' });
    api.returnTemporaryPass.mockResolvedValue(testPass({ status: 'RETURNED' }));
    api.temporaryPassActivation.mockRejectedValue(new Error('down'));
    api.misplacedTemporaryPass.mockResolvedValue(testPass({ status: 'MISPLACED' }));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<TemporaryPassesPage />, { api });
    await user.click(await screen.findByRole('button', { name: 'Mark 00042 stolen' }));
    await waitFor(() => expect(api.misplacedTemporaryPass).toHaveBeenCalledWith({ reason: 'stolen', passNumber: '00042' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', message: 'Card status updated' })));
    await user.click(await screen.findByRole('button', { name: 'Return 00042' }));
    await waitFor(() => expect(api.returnTemporaryPass).toHaveBeenCalledWith('00042'));
    await user.click(await screen.findByRole('button', { name: 'Reactivate 00060' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', message: 'An error occurred while updating card status' })));
    expect(api.temporaryPassActivation).toHaveBeenCalledWith({ status: 'active', passNumber: '00060' });
  });

  it('should check availability and request a batch print', async () => {
    const api = fakeApi();
    api.temporaryPassAvailability.mockResolvedValue([{ status: 'AVAILABLE', passNumber: '00077', cardType: 'guest', available: true }]);
    api.batchPrintTemporaryPasses.mockResolvedValueOnce({ requestId: 'r', passNumbers: ['00001'] }).mockRejectedValueOnce(new Error('x'));
    const user = userEvent.setup();
    const { bus } = renderWithStore(<TemporaryPassesPage />, { api });
    await user.type(screen.getByRole('textbox', { name: 'Pass number to check' }), '77');
    await user.click(screen.getByRole('button', { name: 'Check availability' }));
    expect((await screen.findByRole('status')).textContent).toBe('Pass 00077: Available');
    expect(api.temporaryPassAvailability).toHaveBeenCalledWith('guest', '77');
    await user.click(screen.getByRole('button', { name: 'Request print' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Successfully sent request to print temporary smartcards' })));
    expect(api.batchPrintTemporaryPasses).toHaveBeenCalledWith({ quantity: 10, cardType: 'guest' });
    await user.click(screen.getByRole('button', { name: 'Request print' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ message: 'An error occurred while sending request to print temporary smartcards' })));
  });
});
