/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { apiError, fakeApi, installMatchMedia, page, renderWithStore, testUser } from '../../testing/renderWithStore';
import { SponsorAddPage } from './SponsorAddPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('SponsorAddPage', () => {
  beforeAll(installMatchMedia);

  it('should make the chosen user a sponsor and go to the sponsors', async () => {
    const api = fakeApi();
    api.listUsers.mockResolvedValue(page([testUser()]));
    api.createSponsor.mockResolvedValue({ id: 's-1' });
    const { bus } = renderWithStore(<SponsorAddPage />, { api });
    await screen.findByRole('option', { name: 'alice (Alice Archer)' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'User' }), 'u-1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'Reception');
    await userEvent.click(screen.getByRole('button', { name: 'Add sponsor' }));
    expect(api.createSponsor).toHaveBeenCalledWith({ userId: 'u-1', notes: 'Reception' });
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Sponsors', message: 'The sponsor was successfully created' }));
    expect(navigateToUrl).toHaveBeenCalledWith('/identity/sponsors/manage');
  });

  it('should show that the user already is a sponsor', async () => {
    const api = fakeApi();
    api.listUsers.mockResolvedValue(page([testUser()]));
    api.createSponsor.mockRejectedValue(apiError('CONFLICT', 'This user is already a sponsor.', { field: 'userId', status: 409 }));
    renderWithStore(<SponsorAddPage />, { api });
    await screen.findByRole('option', { name: 'alice (Alice Archer)' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'User' }), 'u-1');
    await userEvent.click(screen.getByRole('button', { name: 'Add sponsor' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This user is already a sponsor.');
  });
});
