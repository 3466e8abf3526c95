import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { test, expect, apiCall, ensureBootstrapped, ADMIN } from './fixtures';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

// Issue 13, admin-console §2.2 `/search`, `/search/{searchType}`; §4 search states (new search, loading,
// failure); §7 favourites: the search screen against the real server's search providers, paged 10 a page.

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

test('search users 10 a page, switch to devices, save a search as a favourite and run it again after a reload', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const prefix = `srch${suffix}`;
  for (let i = 0; i < 12; i++) {
    const res = await apiCall(page.request, baseURL!, 'POST', '/api2/IDM-v1/User', {
      username: `${prefix}-${String(i).padStart(2, '0')}`,
      givenName: 'Sam',
      familyName: `Search${i}`,
      emailAddress: `${prefix}-${i}@acme.example`,
      password: `pw-${suffix}-Long-enough-1`,
      roleIds: [],
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const device = await apiCall(page.request, baseURL!, 'POST', '/api2/IDM-v1/Device', { hostname: `${prefix}-laptop`, deviceType: 'Laptop' });
  expect(device.status(), await device.text()).toBe(201);

  // /search opens on the users tab in the new-search state.
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Search types' }).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Enter a search.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search text' }).fill(prefix);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('12 results')).toBeVisible();
  const results = page.getByRole('table', { name: 'Search results' });
  await expect(results.getByRole('link')).toHaveCount(10);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(results.getByRole('link')).toHaveCount(2);
  await expect(results.getByRole('link', { name: `${prefix}-11` })).toBeVisible();

  // Save it; after a reload the saved search runs again.
  await page.getByRole('button', { name: 'Save search' }).click();
  const saved = page.getByRole('region', { name: 'Saved searches' });
  await expect(saved.getByRole('button', { name: prefix, exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Enter a search.')).toBeVisible();
  await saved.getByRole('button', { name: prefix, exact: true }).click();
  await expect(page.getByText('12 results')).toBeVisible();
  await results.getByRole('link', { name: `${prefix}-00` }).click();
  await expect(page).toHaveURL(/\/identity\/users\/view\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Sam Search0' })).toBeVisible();

  // The devices tab searches devices; New search clears.
  await page.goto('/search/devices');
  await page.getByRole('textbox', { name: 'Search text' }).fill(prefix);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 results')).toBeVisible();
  await expect(results.getByRole('link', { name: `${prefix}-laptop` })).toHaveAttribute('href', /\/identity\/devices\/view\//);
  await page.getByRole('button', { name: 'New search' }).click();
  await expect(page.getByText('Enter a search.')).toBeVisible();

  // The users favourite is not listed on the devices tab; removing it on the users tab removes it.
  await expect(saved.getByRole('button', { name: prefix, exact: true })).toHaveCount(0);
  await page.goto('/search/users');
  await saved.getByRole('button', { name: `Remove saved search ${prefix}` }).click();
  await expect(saved.getByRole('button', { name: prefix, exact: true })).toHaveCount(0);
  await page.reload();
  await expect(saved.getByText('None')).toBeVisible();
});

// admin-console §4 "Sign-out resets search to the users tab": a search open on the devices tab, signed out through the
// header and in again through the sign-in page; search opens on the users tab in the new-search state, no old results.
test('sign-out resets search to the users tab', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(240_000);
  const prefix = `so${Date.now().toString(36)}`;
  const device = await apiCall(page.request, baseURL!, 'POST', '/api2/IDM-v1/Device', { hostname: `${prefix}-desktop`, deviceType: 'Desktop' });
  expect(device.status(), await device.text()).toBe(201);
  await page.goto('/search/devices');
  await page.getByRole('textbox', { name: 'Search text' }).fill(prefix);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('table', { name: 'Search results' });
  await expect(results.getByRole('link', { name: `${prefix}-desktop` })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Back to search through the screens (Identity, then Search): the users tab, a new search, nothing of the old one.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Identity', exact: true }).click();
  await page.getByRole('navigation', { name: 'Identity' }).getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('navigation', { name: 'Search types' }).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Enter a search.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search text' })).toHaveValue('');
  await expect(page.getByRole('table', { name: 'Search results' })).toHaveCount(0);
  await expect(page.getByText(`${prefix}-desktop`)).toHaveCount(0);
  // The browser's Back to the devices tab is a new search there too: the old results are gone with the session.
  await page.goto('/search/devices');
  await expect(page.getByText('Enter a search.')).toBeVisible();
  await expect(page.getByText(`${prefix}-desktop`)).toHaveCount(0);
});

test('the certificates tab finds a certificate by its subject and opens its page', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Search CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const template = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', { templateName: `search-${suffix}`, class: 'DEVICE', caId: (await ca.json()).id, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['serverAuth'] });
  expect(template.status(), await template.text()).toBe(201);
  const cn = `found-${suffix}.example`;
  const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${cn}`, keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' }, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: cn }])] });
  const issued = await apiCall(page.request, baseURL!, 'POST', '/api2/Certificates-v1/SubmitDeviceCSR', { templateId: (await template.json()).templateId, csr: csr.toString('pem') });
  expect((await issued.json()).status).toBe('complete');

  await page.goto('/search/certificates');
  await expect(page.getByRole('navigation', { name: 'Search types' }).getByRole('link', { name: 'Certificates' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('textbox', { name: 'Search text' }).fill(`found-${suffix}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 results')).toBeVisible();
  await page.getByRole('table', { name: 'Search results' }).getByRole('link', { name: `CN=${cn}` }).click();
  await expect(page).toHaveURL(/\/credentials\/certificates\/view\/[0-9a-f-]+(:|%3A)[0-9a-f]+$/);
  await expect(page.getByText(`CN=${cn}`).first()).toBeVisible();
});
