/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { apiError, fakeApi, installMatchMedia, page, renderWithStore, testUser } from '../../testing/renderWithStore';
import { SponsorAddPage } from './SponsorAddPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('SponsorAddPage', () => {
  beforeAll(installMatchMedia);

  it('should search the users on the server as the name is typed, make the picked one a sponsor and go to the sponsors', async () => {
    const api = fakeApi();
    api.listUsers.mockResolvedValue(page([testUser(), testUser({ id: 'u-2', username: 'alina', givenName: 'Alina', familyName: 'Ash' })]));
    api.createSponsor.mockResolvedValue({ id: 's-1' });
    const { bus } = renderWithStore(<SponsorAddPage />, { api });
    // Nothing is listed before a name is typed; the button waits for a choice.
    expect(api.listUsers).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add sponsor' })).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('combobox', { name: 'User' }), 'ali');
    await userEvent.click(await screen.findByRole('option', { name: 'alina (Alina Ash)' }));
    // One search after the typing stopped, 100 asked for (the picker shows 10).
    expect(api.listUsers).toHaveBeenCalledTimes(1);
    expect(api.listUsers).toHaveBeenCalledWith({ search: 'ali', take: 100, sortField: 'username', sortDirection: 'asc' });
    expect((screen.getByRole('combobox', { name: 'User' }) as HTMLInputElement).value).toBe('alina (Alina Ash)');
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'Reception');
    await userEvent.click(screen.getByRole('button', { name: 'Add sponsor' }));
    expect(api.createSponsor).toHaveBeenCalledWith({ userId: 'u-2', notes: 'Reception' });
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Sponsors', message: 'The sponsor was successfully created' }));
    expect(navigateToUrl).toHaveBeenCalledWith('/identity/sponsors/manage');
  });

  it('should show that the user already is a sponsor', async () => {
    const api = fakeApi();
    api.listUsers.mockResolvedValue(page([testUser()]));
    api.createSponsor.mockRejectedValue(apiError('CONFLICT', 'This user is already a sponsor.', { field: 'userId', status: 409 }));
    renderWithStore(<SponsorAddPage />, { api });
    await userEvent.type(screen.getByRole('combobox', { name: 'User' }), 'alice');
    await userEvent.click(await screen.findByRole('option', { name: 'alice (Alice Archer)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add sponsor' }));
    expect(api.createSponsor).toHaveBeenCalledWith({ userId: 'u-1' });
    expect((await screen.findByRole('alert')).textContent).toBe('This user is already a sponsor.');
    expect(screen.getByRole('combobox', { name: 'User' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('should forget the choice when the name is typed again', async () => {
    const api = fakeApi();
    api.listUsers.mockResolvedValue(page([testUser()]));
    renderWithStore(<SponsorAddPage />, { api });
    const input = screen.getByRole('combobox', { name: 'User' });
    await userEvent.type(input, 'alice');
    await userEvent.click(await screen.findByRole('option', { name: 'alice (Alice Archer)' }));
    expect(screen.getByRole('button', { name: 'Add sponsor' })).toHaveProperty('disabled', false);
    await userEvent.type(input, 'x');
    expect(screen.getByRole('button', { name: 'Add sponsor' })).toHaveProperty('disabled', true);
  });

  it('should list nothing when the search fails, and search again on the next keystroke', async () => {
    const api = fakeApi();
    api.listUsers.mockRejectedValueOnce(apiError('SERVICE_UNAVAILABLE', 'down')).mockResolvedValue(page([testUser()]));
    renderWithStore(<SponsorAddPage />, { api });
    const input = screen.getByRole('combobox', { name: 'User' });
    await userEvent.type(input, 'ali');
    await waitFor(() => expect(api.listUsers).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('option')).toBeNull();
    await userEvent.type(input, 'c');
    expect(await screen.findByRole('option', { name: 'alice (Alice Archer)' })).toBeTruthy();
    expect(api.listUsers).toHaveBeenLastCalledWith({ search: 'alic', take: 100, sortField: 'username', sortDirection: 'asc' });
  });
});
