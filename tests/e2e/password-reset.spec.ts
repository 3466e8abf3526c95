import { test, expect, apiLogin, createUserWithPermissions, ADMIN } from './fixtures';
import { linkIn, startSmtp } from './smtp';

// admin-console §2 /forgotpassword, /forgotpassword/{token}, /self/changePassword/; §4 password reset
// states. The server mails over SMTP (TESSERA_SMTP_URL) to a real listener started here (smtp.ts).

/** The reset link of a received mail. */
function linkOf(mail: string): string {
  return linkIn(mail, /\/forgotpassword\/[A-Za-z0-9_-]{43}/);
}

test('forgot password: request, link by SMTP, reset, sign in with the new password; the link works once', async ({ browser, page, baseURL }) => {
  const smtp = await startSmtp();
  try {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await apiLogin(admin, baseURL!, ADMIN.username, ADMIN.password);
    const user = await createUserWithPermissions(admin.request, baseURL!, ['selfServicePortal']);
    await adminContext.close();
    const email = `${user.username}@acme.example`;

    // An unknown address gets the same answer and no mail.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgotpassword$/);
    await page.getByLabel('E-mail address').fill('nobody-at-all@acme.example');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText('If an account with that e-mail address exists, a reset link has been sent to it.');

    await page.goto('/forgotpassword');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText('If an account with that e-mail address exists, a reset link has been sent to it.');
    const mail = await smtp.next(1);
    expect(smtp.messages).toHaveLength(1);
    expect(mail).toContain(`To: ${email}`);
    const link = linkOf(mail);
    expect(link.startsWith(baseURL!)).toBe(true);

    // Link validated → new password (a breached one refused) → success.
    await page.goto(link);
    await expect(page.getByText(`Choose a new password for ${user.username}.`)).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('password1234');
    await page.getByLabel('Confirm new password').fill('password1234');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('This password appears in a list of breached or common passwords.')).toBeVisible();
    const newPassword = 'Granite-Orchid-Lantern-77';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your password has been reset. You can now sign in.');

    // The old password no longer works; the new one does.
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Check Username and Password')).toBeVisible();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);

    // The link is single-use.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('This password reset link is invalid or has expired.');
  } finally {
    await smtp.close();
  }
});

test('change password: current password required, other sessions end', async ({ browser, page, baseURL }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await apiLogin(admin, baseURL!, ADMIN.username, ADMIN.password);
  const user = await createUserWithPermissions(admin.request, baseURL!, ['changePassword']);
  await adminContext.close();

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await apiLogin(other, baseURL!, user.username, user.password);
  expect((await other.request.get(`${baseURL}/api/login`)).status()).toBe(200);

  await apiLogin(page, baseURL!, user.username, user.password);
  await page.goto('/self/changePassword/');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('Copper-Meadow-Whistle-58');
  await page.getByLabel('Confirm new password').fill('Copper-Meadow-Whistle-58');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' }).first()).toBeVisible();
  // This session goes on; the other one has ended.
  expect((await page.request.get(`${baseURL}/api/login`)).status()).toBe(200);
  expect((await other.request.get(`${baseURL}/api/login`)).status()).toBe(401);
  await otherContext.close();
});
