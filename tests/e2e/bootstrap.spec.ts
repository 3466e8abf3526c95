import { test, expect, ADMIN } from './fixtures';

// signin §2, ARCHITECTURE "First run": the first administrator sets the console up, signs in,
// reaches /home and signs out.
test('first run: bootstrap, sign in, home, sign out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/bootstrapmode$/);
  await page.getByLabel('Tenant name').fill(ADMIN.tenantName);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('E-mail address').fill(ADMIN.emailAddress);
  await page.getByRole('button', { name: /set up/i }).click();

  // After setup the administrator is signed in (or sent to sign in) and lands on /home.
  if (await page.getByRole('button', { name: 'Sign in' }).isVisible().catch(() => false)) {
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('banner')).toContainText(ADMIN.username);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  // The session is gone on the server too.
  const viewer = await page.request.get('/api/login');
  expect(viewer.status()).toBe(401);
  expect(await viewer.text()).toBe('not_logged_in');

  // Bootstrap is over: the screen says so and the API refuses a second setup.
  await page.goto('/bootstrapmode');
  await expect(page.getByText(/setup is complete/i)).toBeVisible();
  const status = await (await page.request.get('/api2/IDM-v1/BootstrapStatus')).json();
  expect(status).toEqual({ bootstrapMode: false });
});
