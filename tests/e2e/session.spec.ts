import { test, expect } from '@playwright/test';
import { ADMIN, apiLogin, ensureBootstrapped } from './fixtures';
import { SHORT_SESSION_PORT } from '../playwright.config';

// signin §4: the session is checked periodically; a failed check signs the user out and clears all
// state. This server gives sessions a 10-second idle life (the least the server accepts), so an idle browser's session expires.
test('keep-alive signs out an expired session', async ({ page }) => {
  const baseURL = `http://127.0.0.1:${SHORT_SESSION_PORT}`;
  await ensureBootstrapped(page.request, baseURL);
  await apiLogin(page, baseURL, ADMIN.username, ADMIN.password);
  await page.goto(`${baseURL}/monitor/api-Rates`);
  await expect(page.getByRole('banner')).toContainText(ADMIN.username);
  // No activity: the keep-alive only checks, the idle expiry passes, the check fails.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmonitor%2Fapi-Rates$/, { timeout: 30_000 });
  expect((await page.request.get(`${baseURL}/api/login`)).status()).toBe(401);
});
