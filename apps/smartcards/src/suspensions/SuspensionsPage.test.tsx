/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signedIn, signedOut } from '@tessera/bus';
import { normalisePermissionObject, type SuspendedCard, type Viewer } from '@tessera/domain';
import { fakeApi, installMatchMedia, renderWithStore } from '../testing/renderWithStore';
import { SuspensionsPage } from './SuspensionsPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const card: SuspendedCard = {
  cardId: 'c1',
  serialNumber: 'S10',
  userId: 'u1',
  username: 'alice',
  cardTemplateId: 't1',
  template: 'Staff PIV',
  suspendedAt: '2026-11-28T08:00:00.000Z',
  suspendedBy: 'admin',
  reason: 'lost in the lift',
  suspendedFrom: 'issued',
};

function signInWith(permissions: string[]) {
  signedIn({ id: 'u1', permission: normalisePermissionObject({ View: permissions }) } as Viewer, { remainingSeconds: 900, expiresAt: '2030-01-01T00:15:00.000Z', absoluteExpiresAt: '2030-01-01T08:00:00.000Z' });
}

describe('SuspensionsPage', () => {
  beforeAll(installMatchMedia);
  afterEach(() => signedOut());

  it('should list the suspended cards, search and sort on the server, and resume one', async () => {
    signInWith(['smartcardSuspendedReport', 'smartcardManage']);
    const api = fakeApi();
    api.listSuspendedCards.mockResolvedValueOnce({ cards: [card], total: 1, page: 1, pageSize: 10 }).mockResolvedValue({ cards: [], total: 0, page: 1, pageSize: 10 });
    api.resumeCard.mockResolvedValue({ serialNumber: 'S10', status: 'issued' });
    renderWithStore(<SuspensionsPage />, { api });
    const row = await screen.findByRole('row', { name: /S10/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['S10', 'alice', 'Staff PIV', new Date(card.suspendedAt!).toLocaleString(), 'admin', 'lost in the lift', 'Resume']);
    expect(api.listSuspendedCards).toHaveBeenLastCalledWith({ sort: 'suspendedAt', order: 'desc', page: 1, pageSize: 10 });

    fireEvent.change(screen.getByLabelText('User, serial, template, reason or suspended by'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.listSuspendedCards).toHaveBeenLastCalledWith({ search: 'alice', sort: 'suspendedAt', order: 'desc', page: 1, pageSize: 10 }));
    api.listSuspendedCards.mockResolvedValue({ cards: [card], total: 1, page: 1, pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Serial' }));
    await waitFor(() => expect(api.listSuspendedCards).toHaveBeenLastCalledWith({ search: 'alice', sort: 'serialNumber', order: 'asc', page: 1, pageSize: 10 }));

    api.listSuspendedCards.mockResolvedValue({ cards: [], total: 0, page: 1, pageSize: 10 });
    fireEvent.click(await screen.findByRole('button', { name: 'Resume S10' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Card S10 resumed (issued)'));
    expect(api.resumeCard).toHaveBeenCalledWith('c1');
    await waitFor(() => expect(screen.getByText('No suspended cards')).toBeTruthy());
  });

  it('should offer no Resume without smartcardManage, and show the server\'s refusal', async () => {
    signInWith(['smartcardSuspendedReport']);
    const api = fakeApi();
    api.listSuspendedCards.mockResolvedValue({ cards: [card], total: 1, page: 1, pageSize: 10 });
    renderWithStore(<SuspensionsPage />, { api });
    await screen.findByRole('row', { name: /S10/ });
    expect(screen.queryByRole('button', { name: 'Resume S10' })).toBeNull();

    api.listSuspendedCards.mockRejectedValue(new Error('search: must be at most 200 characters'));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText('search: must be at most 200 characters')).toBeTruthy());
  });
});
