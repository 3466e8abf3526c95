import { test, expect, ADMIN } from './fixtures';

test.describe('sign-in (signin §4, §5, §8)', () => {
  test('a wrong password shows the failure text and stays signed out', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Check Username and Password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an unknown user gets the same text', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password').fill('whatever-it-is');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Check Username and Password')).toBeVisible();
  });

  test('a session page sends to /login?redirect= and back after sign-in, username trimmed', async ({ page }) => {
    await page.goto('/monitor/api-Rates');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmonitor%2Fapi-Rates$/);
    await page.getByLabel('Username').fill(`  ${ADMIN.username}  `);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/monitor\/api-Rates$/);
    await expect(page.getByRole('banner')).toContainText(ADMIN.username);
  });

  test('the public /home and /about work signed out (admin-console §2.1)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('main')).toContainText('Welcome to Tessera.');
    await page.goto('/about');
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('main')).toContainText(/Server version\s*\d+\.\d+\.\d+/);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an absolute redirect target is not followed', async ({ page }) => {
    await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/home$/);
  });
});
