/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl } from 'single-spa';
import { apiError, fakeApi, installMatchMedia, page, renderWithStore, testOrganisation, testRole, testUser } from '../../testing/renderWithStore';
import { UserAddPage } from './UserAddPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

function setup() {
  const api = fakeApi();
  api.listRoles.mockResolvedValue(page([testRole()]));
  api.listOrganisations.mockResolvedValue(page([testOrganisation()]));
  return { ...renderWithStore(<UserAddPage />, { api }) };
}

async function fill(username: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), username);
  await userEvent.type(screen.getByRole('textbox', { name: 'Given name' }), 'Bob');
  await userEvent.type(screen.getByRole('textbox', { name: 'Family name' }), 'Baker');
  await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'bob@example.test');
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-password-1');
}

describe('UserAddPage', () => {
  beforeAll(installMatchMedia);

  it('should create the user with roles, organisation and a category (country blank by default), then open it', async () => {
    const { api, bus } = setup();
    api.createUser.mockResolvedValue(testUser({ id: 'u-9', username: 'bob' }));
    await fill('  bob ');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Operator' }));
    await screen.findByRole('option', { name: 'Acme' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Organisation' }), 'o-1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Position held' }), 'Engineer');
    // The country starts blank (signin §9) and is sent blank when left alone.
    expect(screen.getByRole('textbox', { name: 'Country' })).toHaveProperty('value', '');
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    await waitFor(() =>
      expect(api.createUser).toHaveBeenCalledWith({
        username: 'bob',
        password: 'a-long-password-1',
        givenName: 'Bob',
        familyName: 'Baker',
        emailAddress: 'bob@example.test',
        roleIds: ['r-1'],
        organisationId: 'o-1',
        telephoneNumber: null,
        country: '',
        categories: { personal: {}, organisationDetails: { positionHeld: 'Engineer' }, passType: {}, privileges: {}, medical: {}, vehicles: {} },
      }),
    );
    await waitFor(() => expect(bus.showToast).toHaveBeenCalledWith({ type: 'success', title: 'Users', message: 'The user was successfully created' }));
    expect(navigateToUrl).toHaveBeenCalledWith('/identity/users/view/u-9');
  });

  it('should refuse an empty username with "No Username entered." and send nothing', async () => {
    const { api } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('No Username entered.')).toBeTruthy();
    expect(api.createUser).not.toHaveBeenCalled();
  });

  it('should show a duplicate username refused by the server on the field', async () => {
    const { api } = setup();
    api.createUser.mockRejectedValue(apiError('CONFLICT', 'A user with this username already exists.', { status: 409, field: 'username' }));
    await fill('bob');
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const username = screen.getByRole('textbox', { name: 'Username' });
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('A user with this username already exists.')).toBeTruthy();
  });
});
