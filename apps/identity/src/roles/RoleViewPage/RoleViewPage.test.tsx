/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import { fakeApi, installMatchMedia, renderWithStore, signInViewer, testRole } from '../../testing/renderWithStore';
import { RoleViewPage } from './RoleViewPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('RoleViewPage', () => {
  beforeAll(installMatchMedia);

  it('should show what the role grants: its permissions less its blacklist', async () => {
    signInViewer(['roleView', 'roleEdit']);
    const api = fakeApi();
    api.getRole.mockResolvedValue(testRole({ permissions: ['userView', 'userEdit'], blacklist: ['userEdit'] }));
    renderWithStore(<RoleViewPage params={{ id: 'r-1' }} />, { api });
    const grants = await screen.findByRole('region', { name: 'Grants' });
    expect(within(grants).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['userView']);
    expect(within(screen.getByRole('region', { name: 'Blacklist' })).getByText('userEdit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/identity/roles/edit/r-1');
  });
});
