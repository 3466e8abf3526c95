import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { test, expect, apiCall, apiLogin, createUserWithPermissions, ADMIN } from './fixtures';

// signin §4, §5, §7, §8; admin-console §2 /credentials/fido/...: passkeys with Chromium's virtual
// authenticator (CDP WebAuthn, ctap2, internal transport, resident key, user verification on).
// WebAuthn needs a domain as RP id, so these journeys use http://localhost:<port>, not 127.0.0.1.

async function virtualAuthenticator(context: BrowserContext, page: Page, options: Record<string, unknown> = {}) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true, ...options },
  });
  return { cdp, authenticatorId };
}

/**
 * Completes a passkey sign-in on /login once user presence is back: the pending ceremony may finish by
 * itself, else the button starts one; either way no username or password is typed.
 */
async function finishPasskeySignIn(page: Page) {
  const clicked = page.getByRole('button', { name: 'Use a passkey' }).click({ timeout: 5_000 }).catch(() => undefined);
  await page.waitForURL(/\/home$/);
  await clicked;
}

/** The error toast titled `title`, whose lines must read exactly `title` then `message` (signin §8). */
async function expectErrorToast(page: Page, title: string, message: string) {
  const toast = page.getByRole('alert', { name: title });
  await expect(toast).toBeVisible();
  await expect(toast.locator('p')).toHaveText([title, message]);
}

test.describe('passkeys', () => {
  test('register a passkey, sign in with it without a password, rename and delete it', async ({ browser, baseURL }) => {
    const base = baseURL!.replace('127.0.0.1', 'localhost');
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await apiLogin(admin, baseURL!, ADMIN.username, ADMIN.password);
    const user = await createUserWithPermissions(admin.request, baseURL!, ['selfServicePortal']);
    await adminContext.close();

    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
    const login = await apiLogin(page, base, user.username, user.password);
    const userId = login.viewer.id as string;

    // Register: the default name is 'Passkey' plus today's date.
    await page.goto(`/credentials/fido/passkeys/${userId}`);
    await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
    const defaultName = await page.getByLabel('Passkey name').inputValue();
    expect(defaultName).toMatch(/^Passkey \d{4}-\d{2}-\d{2}$/);
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Passkey created' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Registered passkeys' });
    await expect(list.getByRole('listitem', { name: defaultName })).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // Sign out, then sign in with the passkey alone (no username, no password). Chromium's virtual
    // authenticator would answer the login screen's conditional (autofill) request by itself, so user
    // presence is held back until the page is up; the button's ceremony then replaces that request.
    await context.clearCookies();
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
    await finishPasskeySignIn(page);
    await expect(page.getByRole('banner')).toContainText(user.username);

    // Rename and delete on the user's own page.
    await page.goto(`/credentials/fido/passkeys/${userId}`);
    await list.getByRole('button', { name: `Rename ${defaultName}` }).click();
    await page.getByLabel('New name').fill('Work laptop');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Passkey renamed' })).toBeVisible();
    await expect(list.getByRole('listitem', { name: 'Work laptop' })).toBeVisible();
    await page.reload();
    await expect(list.getByRole('listitem', { name: 'Work laptop' })).toBeVisible();
    await list.getByRole('button', { name: 'Delete Work laptop' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Passkey deleted' })).toBeVisible();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();

    // The deleted passkey no longer signs in.
    await context.clearCookies();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByRole('alert')).toContainText('Passkey sign-in failed');
    await expect(page).toHaveURL(/\/login/);
    await context.close();
  });

  test('a second ceremony aborts the first; synced credential toasts', async ({ browser, baseURL }) => {
    const base = baseURL!.replace('127.0.0.1', 'localhost');
    const adminContext = await browser.newContext({ baseURL: base });
    const admin = await adminContext.newPage();
    await apiLogin(admin, base, ADMIN.username, ADMIN.password);
    const user = await createUserWithPermissions(admin.request, base, ['selfServicePortal']);

    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    // A synced passkey: backup eligible and backed up (BE and BS flags).
    const { cdp, authenticatorId } = await virtualAuthenticator(context, page, { defaultBackupEligibility: true, defaultBackupState: true });
    const userId = (await apiLogin(page, base, user.username, user.password)).viewer.id as string;
    await page.goto(`/credentials/fido/passkeys/${userId}`);
    await page.getByLabel('Passkey name').fill('Phone');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    const item = page.getByRole('listitem', { name: 'Phone' });
    await expect(item).toBeVisible();
    await expect(item.getByRole('link', { name: 'Synced' })).toBeVisible();

    // The login screen starts a conditional (autofill) ceremony. With presence simulation off the
    // authenticator does not answer, so it stays pending; the button's modal ceremony aborts it
    // (AbortError). A further click aborts that one, and with presence on it signs in.
    await context.clearCookies();
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toHaveAttribute('autocomplete', 'username webauthn');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The previous passkey request was cancelled.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
    await finishPasskeySignIn(page);
    await expect(page.getByRole('banner')).toContainText(user.username);

    // An administrator manages the synced credential (signin §8 toasts).
    const list = await apiCall(admin.request, base, 'POST', '/api2/Authentication-v1/ListFido2RegisteredCredentials', { userId });
    const credentialId = (await list.json()).registeredCredentials[0].id as string;
    await admin.goto(`/credentials/fido/synced-credential/${credentialId}`);
    await expect(admin.getByRole('heading', { name: 'Synced FIDO credential' })).toBeVisible();
    await expect(admin.getByText(user.username)).toBeVisible();
    await admin.getByLabel('New name').fill('Personal phone');
    await admin.getByRole('button', { name: 'Rename' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'FIDO credential renamed' })).toBeVisible();
    await admin.getByRole('button', { name: 'Mark for deletion' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'FIDO credential marked for deletion' })).toBeVisible();
    await expect(admin.getByText('Marked for deletion', { exact: true })).toBeVisible();
    await admin.getByRole('button', { name: 'Delete' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'FIDO credential deleted' })).toBeVisible();
    await admin.reload();
    await expect(admin.getByRole('alert').filter({ hasText: 'Failed to load FIDO credential' })).toBeVisible();
    await context.close();
    await adminContext.close();
  });

  test('fail/ a passkey deleted in another tab and a synced credential deleted by another session: failure toasts', async ({ browser, baseURL }) => {
    const base = baseURL!.replace('127.0.0.1', 'localhost');
    const adminContext = await browser.newContext({ baseURL: base });
    const admin = await adminContext.newPage();
    await apiLogin(admin, base, ADMIN.username, ADMIN.password);
    const user = await createUserWithPermissions(admin.request, base, ['selfServicePortal']);

    // The user registers a synced passkey, then opens the passkeys page in a second tab too.
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await virtualAuthenticator(context, page, { defaultBackupEligibility: true, defaultBackupState: true });
    const userId = (await apiLogin(page, base, user.username, user.password)).viewer.id as string;
    await page.goto(`/credentials/fido/passkeys/${userId}`);
    await page.getByLabel('Passkey name').fill('Phone');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByRole('listitem', { name: 'Phone' })).toBeVisible();
    const other = await context.newPage();
    await other.goto(`/credentials/fido/passkeys/${userId}`);
    const otherList = other.getByRole('list', { name: 'Registered passkeys' });
    await expect(otherList.getByRole('listitem', { name: 'Phone' })).toBeVisible();

    // An administrator has the synced credential open before it goes.
    const list = await apiCall(admin.request, base, 'POST', '/api2/Authentication-v1/ListFido2RegisteredCredentials', { userId });
    const credentialId = (await list.json()).registeredCredentials[0].id as string;
    await admin.goto(`/credentials/fido/synced-credential/${credentialId}`);
    await expect(admin.getByText(user.username)).toBeVisible();

    // The first tab deletes it; the second tab's delete and rename now fail, and its list stays as it was.
    await page.getByRole('button', { name: 'Delete Phone' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Passkey deleted' })).toBeVisible();
    await otherList.getByRole('button', { name: 'Delete Phone' }).click();
    await expectErrorToast(other, 'Could not delete passkey', 'The passkey was not found');
    await expect(otherList.getByRole('listitem')).toHaveCount(1);
    await otherList.getByRole('button', { name: 'Rename Phone' }).click();
    await other.getByLabel('New name').fill('Old phone');
    await other.getByRole('button', { name: 'Save' }).click();
    await expectErrorToast(other, 'Could not rename passkey', 'The passkey was not found');
    await expect(otherList.getByRole('listitem', { name: 'Phone' })).toBeVisible();

    // The administrator's page: rename, mark and delete each fail with their own toast; the page
    // keeps showing the credential as it was loaded.
    await admin.getByLabel('New name').fill('Personal phone');
    await admin.getByRole('button', { name: 'Rename' }).click();
    await expectErrorToast(admin, 'Failed to rename FIDO credential', 'The FIDO credential was not found');
    await admin.getByRole('button', { name: 'Mark for deletion' }).click();
    await expectErrorToast(admin, 'Failed to mark FIDO credential for deletion', 'The FIDO credential was not found');
    await admin.getByRole('button', { name: 'Delete' }).click();
    await expectErrorToast(admin, 'Failed to delete FIDO credential', 'The FIDO credential was not found');
    await expect(admin.getByText('Active', { exact: true })).toBeVisible();
    await expect(admin.getByText('The FIDO credential was deleted.')).toHaveCount(0);
    await context.close();
    await adminContext.close();
  });
});
