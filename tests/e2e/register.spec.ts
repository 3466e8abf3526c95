import { test, expect, apiCall, apiLogin, ensureBootstrapped, ADMIN } from './fixtures';
import { linkIn, mailText, startSmtp } from './smtp';

// Issue 13: self-registration (signin §7 VerifyRegistrationEmail {tenantId}, §8 'Failed to verify email:
// {detail}'; admin-console §2.1 /register, /finish-register) and the account activation e-mail
// (/activateaccount/{token}). The server mails over SMTP to a real listener started here.

const PASSWORD = 'Harbour-Juniper-Compass-63';

test('self-registration: closed by default; once open, the address gets a single-use link, the account is made and signs in', async ({ browser, page, baseURL }) => {
  await ensureBootstrapped(page.request, baseURL!);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await apiLogin(admin, baseURL!, ADMIN.username, ADMIN.password);
  const setSelfRegistration = async (on: boolean) => {
    const res = await apiCall(admin.request, baseURL!, 'PATCH', '/api2/IDM-v1/TenancyConfig', { selfRegistration: on });
    expect(res.status(), await res.text()).toBe(200);
  };
  const smtp = await startSmtp();
  try {
    await page.goto('/register');
    await expect(page.getByRole('alert')).toHaveText('Self-registration is not open for this tenant.');
    await expect(page.getByLabel('E-mail address')).toHaveCount(0);

    await setSelfRegistration(true);
    const suffix = Date.now().toString(36);
    const email = `reg-${suffix}@acme.example`;
    await page.goto('/register');
    // The server's refusal of the address, in signin §8's words.
    await page.getByLabel('E-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText(/^Failed to verify email: /)).toBeVisible();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByRole('status')).toHaveText('Check your e-mail: if this address can register, a link to finish registering has been sent to it.');

    const mail = await smtp.next(1);
    expect(mail).toContain(`To: ${email}`);
    const link = linkIn(mail, /\/finish-register\?token=[A-Za-z0-9_-]{43}/);
    expect(link.startsWith(baseURL!)).toBe(true);
    expect(mailText(mail)).toContain('choose your username and password');

    await page.goto(link);
    await expect(page.getByText(`Your account will use the e-mail address ${email}.`)).toBeVisible();
    const username = `reg-${suffix}`;
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Given name').fill('Rhea');
    await page.getByLabel('Family name').fill('Gist');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('username is already taken')).toBeVisible();
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status')).toHaveText('Your account has been created. You can now sign in.');

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');
  } finally {
    await setSelfRegistration(false).catch(() => undefined);
    await smtp.close();
    await adminContext.close();
  }
});

test('account activation: the administrator mails the link of an account they made; its holder sets the password and signs in', async ({ browser, page, baseURL }) => {
  await ensureBootstrapped(page.request, baseURL!);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await apiLogin(admin, baseURL!, ADMIN.username, ADMIN.password);
  const smtp = await startSmtp();
  try {
    const username = `act-${Date.now().toString(36)}`;
    const email = `${username}@acme.example`;
    const created = await apiCall(admin.request, baseURL!, 'POST', '/api2/IDM-v1/User', {
      username,
      password: `Unknown-${Date.now()}-Placeholder`,
      givenName: 'Arne',
      familyName: 'Vik',
      emailAddress: email,
      roleIds: [],
    });
    expect(created.status(), await created.text()).toBe(201);
    const sent = await apiCall(admin.request, baseURL!, 'POST', '/api2/IDM-v1/SendActivationEmail', { userId: (await created.json()).id });
    expect(sent.status(), await sent.text()).toBe(202);

    const mail = await smtp.next(1);
    expect(mail).toContain(`To: ${email}`);
    const link = linkIn(mail, /\/activateaccount\/[A-Za-z0-9_-]{43}/);

    await page.goto(link);
    await expect(page.getByText(`Choose a password for ${username}.`)).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('password1234');
    await page.getByLabel('Confirm new password').fill('password1234');
    await page.getByRole('button', { name: 'Activate account' }).click();
    await expect(page.getByText('This password appears in a list of breached or common passwords.')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm new password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Activate account' }).click();
    await expect(page.getByRole('status')).toHaveText('Your account is active. You can now sign in.');

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired.');
  } finally {
    await smtp.close();
    await adminContext.close();
  }
});
