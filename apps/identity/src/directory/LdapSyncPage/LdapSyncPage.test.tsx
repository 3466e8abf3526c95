/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DIRECTORY_USER_ACTIONS, directoryUserFailed, directoryUserSucceeded } from '@tessera/domain';
import { apiError, fakeApi, installMatchMedia, renderWithStore } from '../../testing/renderWithStore';
import { LdapSyncPage } from './LdapSyncPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

const CONNECTION = { configured: true, kind: 'ldap', url: 'ldap://127.0.0.1:3389', bindDn: 'cn=admin,dc=example', baseDn: 'ou=people,dc=example', userFilter: '', hasBindPassword: true, lastSyncAt: null };

describe('LdapSyncPage', () => {
  beforeAll(installMatchMedia);

  it('should show the connection, sync, and show the counts and changes', async () => {
    const api = fakeApi();
    api.directoryConnection.mockResolvedValue(CONNECTION);
    api.ldapSync.mockResolvedValue({
      total: 3, created: 2, updated: 0, enabled: 0, disabled: 0, failed: 1, unchanged: 0, message: 'Successfully updated LDAP users',
      changes: [{ username: 'bob', action: 'create', ok: false, message: 'LDAP user bob could not be created' }],
    });
    renderWithStore(<LdapSyncPage />, { api });
    expect(await screen.findByText('ldap://127.0.0.1:3389')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByRole('heading', { name: 'Successfully updated LDAP users' })).toBeTruthy();
    expect(screen.getByText('3 entries: 2 created, 0 updated, 0 enabled, 0 disabled, 0 unchanged, 1 failed')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Changes' }).textContent).toBe('bob: LDAP user bob could not be created');
    await waitFor(() => expect(api.directoryConnection).toHaveBeenCalledTimes(2));
  });

  it.each(['entraId', 'activeDirectory'] as const)('should show a %s connection and every user alert of its sync (created, updated, enabled, disabled, deleted, failed)', async (kind) => {
    const api = fakeApi();
    api.directoryConnection.mockResolvedValue({ ...CONNECTION, kind, url: kind === 'entraId' ? 'https://graph.microsoft.com' : 'ldaps://dc1.example', bindDn: 'app-or-bind', baseDn: 'tenant-or-base' });
    const changes = [
      { username: 'taken', action: 'created', ok: false, message: directoryUserFailed(kind, 'created', 'a local account already has this username') },
      ...DIRECTORY_USER_ACTIONS.map((action) => ({ username: `u-${action}`, action, ok: true, message: directoryUserSucceeded(kind, action) })),
    ];
    api.ldapSync.mockResolvedValue({ total: 5, created: 1, updated: 1, enabled: 1, disabled: 2, failed: 1, unchanged: 0, message: 'Successfully updated LDAP users', changes });
    renderWithStore(<LdapSyncPage />, { api });
    const label = kind === 'entraId' ? 'Entra ID' : 'Active Directory';
    expect(await screen.findByText(label)).toBeTruthy();
    expect(screen.getByText(kind === 'entraId' ? 'Application (client) ID' : 'Bind DN')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    const items = (await screen.findByRole('list', { name: 'Changes' })).querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual([
      `taken: Failed to create the ${label} user: a local account already has this username`,
      `u-created: The ${label} user was successfully created`,
      `u-updated: The ${label} user was successfully updated`,
      `u-enabled: The ${label} user was successfully enabled`,
      `u-disabled: The ${label} user was successfully disabled`,
      `u-deleted: The ${label} user was successfully deleted`,
    ]);
  });

  it('should not offer a sync without a connection, and show a failed sync', async () => {
    const api = fakeApi();
    api.directoryConnection.mockResolvedValueOnce({ configured: false }).mockResolvedValue(CONNECTION);
    api.ldapSync.mockRejectedValue(apiError('DIRECTORY_FAILED', 'LDAP sync failed: connection refused'));
    const { unmount } = renderWithStore(<LdapSyncPage />, { api });
    expect(await screen.findByText('No directory is connected to this tenant.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sync now' })).toHaveProperty('disabled', true);
    unmount();
    renderWithStore(<LdapSyncPage />, { api });
    await screen.findByText('ldap://127.0.0.1:3389');
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('LDAP sync failed: connection refused');
  });
});
