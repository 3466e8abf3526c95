import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { test, expect, apiCall, apiLogin, createUserWithPermissions, ADMIN } from './fixtures';

// signin §3, §4, §8: TOTP enrolment shown after the password when the tenant requires MFA and no
// secret is set; a code completes the sign-in; a replayed code is refused; a recovery code works once.
const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function signInWithPassword(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function enterCode(page: Page, passcode: string) {
  await page.getByLabel('Authentication code').fill(passcode);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('TOTP: enrol from the displayed secret, sign in with a code, replay refused, recovery code once', async ({ browser, baseURL }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await apiLogin(admin, baseURL!, ADMIN.username, ADMIN.password);
  const user = await createUserWithPermissions(admin.request, baseURL!, ['selfServicePortal']);
  const policy = (isRequired: boolean) => apiCall(admin.request, baseURL!, 'PUT', '/api2/IDM-v1/TenantMfaPolicy', { isRequired });
  expect((await policy(true)).status()).toBe(200);
  try {
    const context = await browser.newContext();
    const page = await context.newPage();

    // Enrolment: QR code, secret and recovery codes are shown; the code computed from the shown secret signs in.
    await signInWithPassword(page, user.username, user.password);
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByLabel('Secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const recoveryCodes = (await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    const firstCode = codeAt(secret, Date.now());
    await enterCode(page, firstCode);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('banner')).toContainText(user.username);

    // A new sign-in asks for a code (no enrolment); the code already used is refused.
    await context.clearCookies();
    await signInWithPassword(page, user.username, user.password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveCount(0);
    await enterCode(page, firstCode);
    await expect(page.getByRole('alert')).toHaveText('Failed to validate MFA token');
    await expect(page).toHaveURL(/\/login/);

    // A recovery code signs in once.
    await enterCode(page, recoveryCodes[0]!);
    await expect(page).toHaveURL(/\/home$/);
    await context.clearCookies();
    await signInWithPassword(page, user.username, user.password);
    await enterCode(page, recoveryCodes[0]!);
    await expect(page.getByRole('alert')).toHaveText('Failed to validate MFA token');

    // A fresh code (the next time step, within the skew window) signs in.
    await enterCode(page, codeAt(secret, Date.now() + 30_000));
    await expect(page).toHaveURL(/\/home$/);
    await context.close();
  } finally {
    expect((await policy(false)).status()).toBe(200);
    await adminContext.close();
  }
});

test('TOTP: a user turns it on for themself; an administrator resets it and sets the tenant policy', async ({ browser, baseURL }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminId = (await apiLogin(admin, baseURL!, ADMIN.username, ADMIN.password)).viewer.id as string;
  const user = await createUserWithPermissions(admin.request, baseURL!, ['selfServicePortal']);

  const context = await browser.newContext();
  const page = await context.newPage();
  const userId = (await apiLogin(page, baseURL!, user.username, user.password)).viewer.id as string;
  await page.goto(`/credentials/fido/passkeys/${userId}`);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section).toContainText('Status: Off');
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await section.getByLabel('Your password').fill(user.password);
  await section.getByRole('button', { name: 'Continue' }).click();
  const secret = (await section.getByLabel('Secret').textContent())!.trim();
  await section.getByLabel('Authentication code').fill(codeAt(secret, Date.now()));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Two-factor authentication enabled' })).toBeVisible();
  await expect(section).toContainText('Status: On');

  await context.clearCookies();
  await signInWithPassword(page, user.username, user.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();

  // The administrator resets it on the user's page (audited); the next sign-in needs no code.
  await admin.goto(`/credentials/fido/passkeys/${userId}`);
  const adminSection = admin.getByRole('region', { name: 'Two-factor authentication' });
  await expect(adminSection).toContainText('Status: On');
  await adminSection.getByRole('button', { name: 'Reset two-factor authentication' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Two-factor authentication reset' })).toBeVisible();
  await expect(adminSection).toContainText('Status: Off');
  const audit = await admin.request.get(`${baseURL}/api2/Monitoring-v1/AuditEvents?action=mfa.reset`);
  expect((await audit.json()).results.some((e: { targetId: string }) => e.targetId === userId)).toBe(true);

  await context.clearCookies();
  await signInWithPassword(page, user.username, user.password);
  await expect(page).toHaveURL(/\/home$/);

  // The tenant policy (tenancyConfig) from the administrator's own page: the user must now enrol.
  await admin.goto(`/credentials/fido/passkeys/${adminId}`);
  const policy = admin.getByRole('checkbox', { name: 'Require two-factor authentication for every user of the organisation' });
  await expect(policy).not.toBeChecked();
  try {
    await policy.click();
    await expect(policy).toBeChecked();
    await expect(admin.getByRole('status').filter({ hasText: 'Two-factor authentication policy saved' }).first()).toBeVisible();
    await expect(admin.getByRole('region', { name: 'Two-factor authentication' })).toContainText('required by your organisation');
    await context.clearCookies();
    await signInWithPassword(page, user.username, user.password);
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  } finally {
    if (await policy.isChecked()) await policy.click();
    await expect(policy).not.toBeChecked();
  }
  expect((await (await admin.request.get(`${baseURL}/api2/Authentication-v1/MfaStatus`)).json()).isRequired).toBe(false);
  await context.close();
  await adminContext.close();
});
