import { test, expect, apiCall, ensureBootstrapped } from './fixtures';

// admin-console §2.2 /config/tenancy [tenancyConfig]; signin §3 "Tenancy configuration holds
// toastrTimeout and bannerColour": the administrator sets the banner colour and the toast time, and
// the header's banner strip shows the colour; a bad colour is refused on its field and changes nothing.
const CONFIG = '/api2/IDM-v1/TenancyConfig';

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

test.describe('tenancy configuration', () => {
  test.afterEach(async ({ adminPage, baseURL }) => {
    // Later journeys expect the default banner and toast time.
    const current = await (await adminPage.request.get(`${baseURL}${CONFIG}`)).json();
    if (current.bannerColour !== null || current.toastrTimeout !== null) {
      const res = await apiCall(adminPage.request, baseURL!, 'PATCH', CONFIG, { bannerColour: null, toastrTimeout: null });
      expect(res.status(), await res.text()).toBe(200);
    }
  });

  test('ok/the admin sets the banner colour and toast time; the header strip shows the colour after reload', async ({ adminPage: page }) => {
    await page.goto('/config/tenancy');
    await expect(page.getByRole('heading', { name: 'Tenancy configuration' })).toBeVisible();
    await expect(page.getByTestId('tenancy-banner')).toHaveCount(0);
    await page.getByLabel('Banner colour').fill('#1a7f37');
    await expect(page.getByRole('img', { name: 'Banner preview: #1a7f37' })).toBeVisible();
    await page.getByLabel('Toast display time (ms)').fill('4500');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Tenancy configuration saved')).toBeVisible();
    // The shell follows the saved tenant at once, and again after a reload (GET /api/login).
    await expect(page.getByTestId('tenancy-banner')).toHaveCSS('background-color', 'rgb(26, 127, 55)');
    await page.reload();
    await expect(page.getByTestId('tenancy-banner')).toHaveCSS('background-color', 'rgb(26, 127, 55)');
    await expect(page.getByLabel('Banner colour')).toHaveValue('#1a7f37');
    await expect(page.getByLabel('Toast display time (ms)')).toHaveValue('4500');
  });

  test('fail/a bad colour shows the field error and changes nothing', async ({ adminPage: page, baseURL }) => {
    const before = await (await page.request.get(`${baseURL}${CONFIG}`)).json();
    await page.goto('/config/tenancy');
    await page.getByLabel('Banner colour').fill('green');
    await expect(page.getByRole('img', { name: 'Banner preview: Not a colour #rrggbb' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    const form = page.getByRole('form', { name: 'Tenancy configuration' });
    await expect(form.getByText('bannerColour must be a colour #rrggbb')).toBeVisible();
    await expect(page.getByLabel('Banner colour')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Tenancy configuration not saved')).toBeVisible();
    expect(await (await page.request.get(`${baseURL}${CONFIG}`)).json()).toEqual(before);
    await page.reload();
    await expect(page.getByTestId('tenancy-banner')).toHaveCount(0);
  });

  test('ok/other config routes say they are not available yet', async ({ adminPage: page }) => {
    await page.goto('/config/syslog-config');
    await expect(page.getByText('This page is not available yet')).toBeVisible();
    await page.getByRole('link', { name: 'Tenancy configuration' }).click();
    await expect(page).toHaveURL(/\/config\/tenancy$/);
    await expect(page.getByRole('heading', { name: 'Tenancy configuration' })).toBeVisible();
  });
});
