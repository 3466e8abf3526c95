/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeApi, installMatchMedia, renderWithStore, testOrganisation } from '../../testing/renderWithStore';
import { OrganisationEditPage } from './OrganisationEditPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('OrganisationEditPage', () => {
  beforeAll(installMatchMedia);

  it('should offer only the parents the server allows and show a refused parent on its field', async () => {
    const api = fakeApi();
    api.getOrganisation.mockResolvedValue(testOrganisation({ id: 'o-2', name: 'Sales', type: 'department', parentId: null }));
    api.organisationTypes.mockResolvedValue({ types: ['company', 'department'], businessNumberSchemes: [{ scheme: 'abn', label: 'Australian Business Number' }] });
    api.organisationParents.mockResolvedValue({ parents: [{ id: 'o-1', name: 'Acme' }] });
    api.updateOrganisation.mockRejectedValue(apiError('VALIDATION', 'An organisation cannot be placed under itself or one of its own sub-organisations.', { field: 'parentId' }));
    renderWithStore(<OrganisationEditPage params={{ id: 'o-2' }} />, { api });
    await screen.findByRole('option', { name: 'Acme' });
    expect(api.organisationParents).toHaveBeenCalledWith('o-2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Parent' }), 'o-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateOrganisation).toHaveBeenCalledWith({ id: 'o-2', name: 'Sales', type: 'department', parentId: 'o-1', businessNumber: null }));
    expect(await screen.findByText('An organisation cannot be placed under itself or one of its own sub-organisations.')).toBeTruthy();
  });
});
