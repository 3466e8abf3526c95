/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import { fakeApi, installMatchMedia, renderWithStore, signInViewer } from '../../testing/renderWithStore';
import { OrganisationTreePage } from './OrganisationTreePage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('OrganisationTreePage', () => {
  beforeAll(installMatchMedia);

  it('should draw the organisations as a tree with each child under its parent', async () => {
    signInViewer(['orgTree', 'orgAdd']);
    const api = fakeApi();
    api.organisationTree.mockResolvedValue({
      tree: [{ id: 'o-1', name: 'Acme', type: 'company', children: [{ id: 'o-2', name: 'Sales', type: 'department', children: [{ id: 'o-3', name: 'Team A', type: 'team', children: [] }] }] }],
    });
    renderWithStore(<OrganisationTreePage />, { api });
    const acme = await screen.findByRole('treeitem', { name: 'Acme' });
    expect(acme.getAttribute('aria-level')).toBe('1');
    const sales = within(acme).getByRole('treeitem', { name: 'Sales' });
    expect(sales.getAttribute('aria-level')).toBe('2');
    expect(within(sales).getByRole('treeitem', { name: 'Team A' }).getAttribute('aria-level')).toBe('3');
    expect(within(sales).getByRole('link', { name: 'Team A' }).getAttribute('href')).toBe('/identity/organisations/view/o-3');
    expect(screen.getByRole('link', { name: 'Add organisation' })).toBeTruthy();
  });
});
