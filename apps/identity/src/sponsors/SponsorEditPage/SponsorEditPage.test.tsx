/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { apiError, fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { SponsorEditPage } from './SponsorEditPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const SPONSOR = { id: 's-1', userId: 'u-1', username: 'alice', displayName: 'Alice Archer', emailAddress: 'alice@example.test', active: true, notes: 'Reception', pendingCount: 0 };

describe('SponsorEditPage', () => {
  beforeAll(installMatchMedia);

  it('should load the sponsor, save it inactive with new notes, and go back to the sponsors', async () => {
    const api = fakeApi();
    api.getSponsor.mockResolvedValue(SPONSOR);
    api.updateSponsor.mockResolvedValue({ ...SPONSOR, active: false, notes: 'Back office' });
    const { bus } = renderWithStore(<SponsorEditPage params={{ id: 's-1' }} />, { api });
    expect(await screen.findByRole('heading', { name: 'Edit sponsor Alice Archer' })).toBeTruthy();
    expect(api.getSponsor).toHaveBeenCalledWith('s-1');
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes).toHaveProperty('value', 'Reception');
    expect(screen.getByRole('checkbox', { name: 'Active' })).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    await userEvent.clear(notes);
    await userEvent.type(notes, 'Back office');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.updateSponsor).toHaveBeenCalledWith({ id: 's-1', active: false, notes: 'Back office' });
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Sponsors', message: 'The sponsor was successfully updated' }));
    expect(navigateToUrl).toHaveBeenCalledWith('/identity/sponsors/manage');
  });

  it('should show why the sponsor cannot be loaded', async () => {
    const api = fakeApi();
    api.getSponsor.mockRejectedValue(apiError('NOT_FOUND', 'Sponsor not found', { status: 404 }));
    renderWithStore(<SponsorEditPage params={{ id: 'missing' }} />, { api });
    expect((await screen.findByRole('alert')).textContent).toBe('Sponsor not found');
    expect(api.updateSponsor).not.toHaveBeenCalled();
  });
});
