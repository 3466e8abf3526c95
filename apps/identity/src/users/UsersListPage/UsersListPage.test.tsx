/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, installMatchMedia, page, renderWithStore, testUser } from '../../testing/renderWithStore';
import { UsersListPage } from './UsersListPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('UsersListPage', () => {
  beforeAll(installMatchMedia);

  it('should list the users of the first page sorted by username', async () => {
    const api = fakeApi();
    api.listUsers.mockResolvedValue(page([testUser(), testUser({ id: 'u-2', username: 'bob', enabled: false })]));
    renderWithStore(<UsersListPage />, { api });
    expect(await screen.findByRole('link', { name: 'alice' })).toHaveProperty('href', expect.stringContaining('/identity/users/view/u-1'));
    expect(screen.getByText('Inactive')).toBeTruthy();
    expect(api.listUsers).toHaveBeenCalledWith({ skip: 0, take: 10, sortField: 'username', sortDirection: 'asc' });
  });

  it('should search on the server and sort by a column', async () => {
    const api = fakeApi();
    api.listUsers.mockResolvedValue(page([testUser()]));
    renderWithStore(<UsersListPage />, { api });
    await screen.findByRole('link', { name: 'alice' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search text' }), 'ali');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.listUsers).toHaveBeenLastCalledWith({ skip: 0, take: 10, search: 'ali', sortField: 'username', sortDirection: 'asc' }));
    await userEvent.click(screen.getByRole('button', { name: 'Family name' }));
    await waitFor(() => expect(api.listUsers).toHaveBeenLastCalledWith({ skip: 0, take: 10, search: 'ali', sortField: 'familyName', sortDirection: 'asc' }));
  });

  it('should say "more than" when the server capped its count', async () => {
    const api = fakeApi();
    api.listUsers.mockResolvedValue({ totalResults: 1000, totalCapped: true, results: [testUser()] });
    renderWithStore(<UsersListPage />, { api });
    expect(await screen.findByText('1–10 of more than 1000')).toBeTruthy();
  });

  it('should show the failure of the list', async () => {
    const api = fakeApi();
    api.listUsers.mockRejectedValue(Object.assign(new Error('Database unreachable'), { code: 'SERVICE_UNAVAILABLE' }));
    renderWithStore(<UsersListPage />, { api });
    expect((await screen.findByRole('alert')).textContent).toContain('Database unreachable');
  });
});
