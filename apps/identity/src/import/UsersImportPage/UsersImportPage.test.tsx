/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@tessera/domain';
import { apiError, fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { UsersImportPage } from './UsersImportPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const BAD = 'username,emailAddress\nann.lee,ann@acme.example\nbad/name,bob@acme.example\n';
const GOOD = 'username,emailAddress\nann.lee,ann@acme.example\nbob.ray,bob@acme.example\n';

function setup() {
  const api = fakeApi();
  return renderWithStore(<UsersImportPage />, { api });
}

async function upload(text: string, name = 'users.csv') {
  await userEvent.upload(screen.getByLabelText('CSV file'), new File([text], name, { type: 'text/csv' }));
  await waitFor(() => expect((screen.getByRole('textbox', { name: /CSV text/ }) as HTMLTextAreaElement).value).toBe(text));
}

describe('UsersImportPage', () => {
  beforeAll(installMatchMedia);

  it('should check a file first, list each bad row by row and column, and offer no import while any row is bad', async () => {
    const { api } = setup();
    api.importUsers.mockResolvedValueOnce({ total: 2, valid: 1, applied: false, created: 0, errors: [{ row: 2, column: 'username', message: "The character '/' is not allowed in usernames." }] });
    await upload(BAD);
    expect(screen.getByRole('button', { name: 'Import users' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(api.importUsers).toHaveBeenCalledWith({ csv: BAD, dryRun: true }));
    const table = await screen.findByRole('table', { name: 'Rows with errors' });
    const cells = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells).toEqual([['2', 'username', "The character '/' is not allowed in usernames."]]);
    expect(screen.getByText(/2 rows read, 1 valid, 1 with errors/).textContent).toContain(MESSAGES.USERS_IMPORT_FIX_ROWS);
    expect(screen.getByRole('button', { name: 'Import users' })).toHaveProperty('disabled', true);
    expect(api.importUsers).toHaveBeenCalledTimes(1);
  });

  it('should apply the checked file once it is valid, then say how many users were imported', async () => {
    const { api } = setup();
    api.importUsers
      .mockResolvedValueOnce({ total: 2, valid: 2, applied: false, created: 0, errors: [] })
      .mockResolvedValueOnce({ total: 2, valid: 2, applied: true, created: 2, errors: [] });
    await upload(GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const importButton = await screen.findByRole('button', { name: 'Import 2 users' });
    expect(screen.getByText(/2 rows read, 2 valid, 0 with errors/).textContent).toContain(MESSAGES.USERS_IMPORT_READY);
    await userEvent.click(importButton);
    await waitFor(() => expect(api.importUsers).toHaveBeenLastCalledWith({ csv: GOOD }));
    expect(await screen.findByText(/2 users were imported/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show users' }).getAttribute('href')).toBe('/identity/users');
  });

  it('should ask for a new check when the text changes after a check', async () => {
    const { api } = setup();
    api.importUsers.mockResolvedValueOnce({ total: 2, valid: 2, applied: false, created: 0, errors: [] });
    await upload(GOOD);
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('button', { name: 'Import 2 users' });
    await userEvent.type(screen.getByRole('textbox', { name: /CSV text/ }), 'carl');
    expect(screen.getByRole('button', { name: 'Import users' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });

  it('should show the server refusing a malformed file, naming the csv field', async () => {
    const { api } = setup();
    api.importUsers.mockRejectedValueOnce(apiError('VALIDATION', "has an unknown column 'shoeSize' (expected username, givenName, familyName, emailAddress, telephone, organisation)", { field: 'csv' }));
    await upload('username,shoeSize\nann,42\n');
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText(/^csv: has an unknown column 'shoeSize'/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import users' })).toHaveProperty('disabled', true);
  });
});
