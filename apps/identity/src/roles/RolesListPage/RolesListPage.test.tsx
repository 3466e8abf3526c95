/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { fakeApi, installMatchMedia, page, renderWithStore, signInViewer, testRole } from '../../testing/renderWithStore';
import { RolesListPage } from './RolesListPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('RolesListPage', () => {
  beforeAll(installMatchMedia);

  it('should list the roles with links and offer Add role to a viewer with roleAdd', async () => {
    signInViewer(['roleView', 'roleAdd']);
    const api = fakeApi();
    api.listRoles.mockResolvedValue(page([testRole(), testRole({ id: 'r-2', name: 'Auditor' })]));
    renderWithStore(<RolesListPage />, { api });
    expect((await screen.findByRole('link', { name: 'Auditor' })).getAttribute('href')).toBe('/identity/roles/view/r-2');
    expect(screen.getByRole('link', { name: 'Add role' })).toBeTruthy();
    expect(api.listRoles).toHaveBeenCalledWith({ skip: 0, take: 10 });
  });
});
