/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { apiError, fakeApi, installMatchMedia, renderWithStore, testOrganisation } from '../../testing/renderWithStore';
import { OrganisationAddPage } from './OrganisationAddPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function setup() {
  const api = fakeApi();
  api.organisationTypes.mockResolvedValue({ types: ['organisation', 'company', 'department'], businessNumberSchemes: [{ scheme: 'abn', label: 'Australian Business Number' }] });
  api.organisationParents.mockResolvedValue({ parents: [{ id: 'o-1', name: 'Acme' }] });
  return renderWithStore(<OrganisationAddPage />, { api });
}

describe('OrganisationAddPage', () => {
  beforeAll(installMatchMedia);

  it('should create an organisation with a type, a parent and a verified business number', async () => {
    const { api, bus } = setup();
    api.createOrganisation.mockResolvedValue(testOrganisation({ id: 'o-2', name: 'Sales' }));
    api.verifyBusinessNumber.mockResolvedValue({ valid: true, scheme: 'abn', businessNumber: '51824753556' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Sales');
    await screen.findByRole('option', { name: 'department' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'department');
    await screen.findByRole('option', { name: 'Acme' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Parent' }), 'o-1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Business number' }), '51 824 753 556');
    await userEvent.click(screen.getByRole('button', { name: 'Verify business number' }));
    expect(await screen.findByText('The business number is valid. (abn: 51824753556)')).toBeTruthy();
    expect(api.verifyBusinessNumber).toHaveBeenCalledWith({ businessNumber: '51 824 753 556', scheme: 'abn' });
    await userEvent.click(screen.getByRole('button', { name: 'Add organisation' }));
    await waitFor(() =>
      expect(api.createOrganisation).toHaveBeenCalledWith({ name: 'Sales', type: 'department', parentId: 'o-1', businessNumber: '51 824 753 556', businessNumberScheme: 'abn' }),
    );
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Organisations', message: 'The organisation was successfully created' }));
    expect(navigateToUrl).toHaveBeenCalledWith('/identity/organisations/view/o-2');
  });

  it("should show the verifier's error for a wrong business number", async () => {
    const { api } = setup();
    api.verifyBusinessNumber.mockRejectedValue(apiError('VALIDATION', 'This is not a valid Australian Business Number (check digits do not match).', { field: 'businessNumber' }));
    await screen.findByRole('option', { name: 'Australian Business Number' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Business number' }), '51824753557');
    await userEvent.click(screen.getByRole('button', { name: 'Verify business number' }));
    expect(await screen.findByText('This is not a valid Australian Business Number (check digits do not match).')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Business number' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('should show the duplicate-name refusal on the name field', async () => {
    const { api } = setup();
    api.createOrganisation.mockRejectedValue(apiError('CONFLICT', 'An organisation with this name already exists.', { status: 409, field: 'name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Add organisation' }));
    expect(await screen.findByText('An organisation with this name already exists.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
  });
});
