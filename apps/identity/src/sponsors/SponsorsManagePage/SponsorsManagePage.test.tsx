/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installMatchMedia, renderWithStore, signInViewer } from '../../testing/renderWithStore';
import { SponsorsManagePage } from './SponsorsManagePage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const SPONSOR = { id: 's-1', userId: 'u-1', username: 'sam', displayName: 'Sam Sponsor', emailAddress: 'sam@example.test', active: true, notes: 'Front desk', pendingCount: 1, createdAt: '', updatedAt: '' };

describe('SponsorsManagePage', () => {
  beforeAll(installMatchMedia);

  it('should list the sponsors and approve a user waiting for the viewer', async () => {
    signInViewer(['manageSponsor', 'sponsorEdit']);
    const api = fakeApi();
    api.listSponsors.mockResolvedValue({ sponsors: [SPONSOR] });
    api.sponsoredUsers.mockResolvedValueOnce({ users: [{ id: 'u-9', username: 'vic', displayName: 'Vic Visitor', emailAddress: 'vic@example.test', sponsorStatus: 'pending' }] });
    api.sponsoredUsers.mockResolvedValue({ users: [{ id: 'u-9', username: 'vic', displayName: 'Vic Visitor', emailAddress: 'vic@example.test', sponsorStatus: 'approved' }] });
    api.decideSponsoredUser.mockResolvedValue({ id: 'u-9', username: 'vic', displayName: 'Vic Visitor', emailAddress: 'vic@example.test', sponsorStatus: 'approved' });
    renderWithStore(<SponsorsManagePage />, { api });
    const table = await screen.findByRole('table', { name: 'Sponsors' });
    expect(within(table).getByRole('link', { name: 'Sam Sponsor' }).getAttribute('href')).toBe('/identity/sponsors/edit/s-1');
    const vic = await screen.findByRole('listitem', { name: 'vic' });
    await userEvent.click(within(vic).getByRole('button', { name: 'Approve' }));
    expect(api.decideSponsoredUser).toHaveBeenCalledWith({ userId: 'u-9', approve: true });
    expect((await screen.findByRole('status')).textContent).toBe('The user was approved');
    await waitFor(() => expect(screen.getByText('Nobody is waiting for your approval.')).toBeTruthy());
  });

  it('should show the refusal of a decision by someone who is not the sponsor', async () => {
    signInViewer(['manageSponsor']);
    const api = fakeApi();
    api.listSponsors.mockResolvedValue({ sponsors: [] });
    api.sponsoredUsers.mockResolvedValue({ users: [{ id: 'u-9', username: 'vic', displayName: 'Vic Visitor', emailAddress: 'vic@example.test', sponsorStatus: 'pending' }] });
    api.decideSponsoredUser.mockRejectedValue(Object.assign(new Error('This sponsor is not active.'), { code: 'FORBIDDEN' }));
    const { bus } = renderWithStore(<SponsorsManagePage />, { api });
    await userEvent.click(within(await screen.findByRole('listitem', { name: 'vic' })).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'error', title: 'Sponsors', message: 'This sponsor is not active.' }));
    expect(screen.getByText('No sponsors yet')).toBeTruthy();
  });
});
