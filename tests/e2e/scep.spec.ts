import { test, expect, apiCall, ensureBootstrapped } from './fixtures';

// Issue 17: the SCEP challenge screen (create a challenge, hand out its link, see the password once at
// /retrieveSCEPChallenge/{id}), the Intune settings at /config/scep, and the TPM key attestation page. The CA
// and template are made through the API (their screens are pki.spec.ts's journeys).

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

async function caAndTemplate(page: import('@playwright/test').Page, baseURL: string, suffix: string): Promise<{ templateName: string; templateId: string }> {
  const ca = await apiCall(page.request, baseURL, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `SCEP Root ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const templateName = `scep-${suffix}`;
  const template = await apiCall(page.request, baseURL, 'POST', '/api2/PKI-v1/CertificateTemplate', { templateName, class: 'DEVICE', caId: (await ca.json()).id, keyTypes: ['RSA'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] });
  expect(template.status(), await template.text()).toBe(201);
  return { templateName, templateId: (await template.json()).templateId };
}

test('ok/create a SCEP challenge, open its link once to see the password, and see it gone the second time', async ({ adminPage: page, baseURL, browser }) => {
  const suffix = Date.now().toString(36);
  const { templateName, templateId } = await caAndTemplate(page, baseURL!, suffix);
  await page.goto('/credentials/certificates/scep/request');
  await expect(page.getByRole('heading', { name: 'SCEP challenges' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: templateName });
  await page.getByLabel('Valid for (minutes)').fill('30');
  await page.getByRole('button', { name: 'Create challenge' }).click();
  const linkBox = page.getByRole('region', { name: 'New challenge link' });
  await expect(linkBox).toBeVisible();
  await expect(linkBox).toContainText(`/pki/scep/${templateId}`);
  const link = await linkBox.getByRole('link').getAttribute('href');
  expect(link).toMatch(/^\/retrieveSCEPChallenge\/[0-9a-f-]{36}$/);
  const row = page.getByRole('table', { name: 'Challenges' }).getByRole('row', { name: new RegExp(templateName) });
  await expect(row).toContainText('Waiting to be fetched');

  // The device owner opens the link without a session: the password, once.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await ownerPage.goto(`${baseURL}${link}`);
  await expect(ownerPage.getByRole('heading', { name: 'SCEP challenge' })).toBeVisible();
  const password = await ownerPage.getByLabel('Challenge password').inputValue();
  expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(ownerPage.getByText(templateName)).toBeVisible();
  await ownerPage.reload();
  await expect(ownerPage.getByText('This challenge was already fetched, has expired or does not exist.')).toBeVisible();
  await expect(ownerPage.getByLabel('Challenge password')).toHaveCount(0);
  await owner.close();

  // The operator's list now says fetched; searching by template name finds it on the server.
  await page.reload();
  await page.getByLabel('Search by template').fill(templateName);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Challenges' }).getByRole('row', { name: new RegExp(templateName) })).toContainText('Fetched');
  // The operator's screen never shows the password.
  expect(await page.content()).not.toContain(password);
});

test('ok/save the Intune SCEP settings at /config/scep, with the field named on a bad certificate or URL, the client secret write-only (set / not set); the TPM page says what is missing', async ({ adminPage: page, baseURL }) => {
  const suffix = Date.now().toString(36);
  const { templateName } = await caAndTemplate(page, baseURL!, `intune-${suffix}`);
  const caList = await page.request.get(`${baseURL}/api2/PKI-v1/CertificateAuthorities`);
  const pem = ((await caList.json()).cas as { caCert: { pem?: string } }[]).map((c) => c.caCert.pem).find(Boolean);
  await page.goto('/config/scep');
  await expect(page.getByRole('heading', { name: 'Intune SCEP' })).toBeVisible();
  await expect(page.getByText("validates each Intune challenge online with Microsoft's ScepRequestValidation service")).toBeVisible();
  await expect(page.getByText('Client secret: not set')).toBeVisible();
  await page.getByLabel('Validate Intune challenges').check();
  await page.getByLabel('Azure tenant ID').fill('72f988bf-86f1-41af-91ab-2d7cd011db47');
  await page.getByLabel('Verification certificate (PEM)').fill('not a certificate');
  await page.getByLabel(templateName).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('verificationCertificate is not a PEM certificate')).toBeVisible();
  const saved = await page.request.get(`${baseURL}/api2/SCEP-v1/IntuneConfiguration`);
  expect((await saved.json()).verificationCertificate).not.toBe('not a certificate');
  expect(pem, 'a CA certificate to use as the verification certificate').toBeTruthy();
  await page.getByLabel('Verification certificate (PEM)').fill(pem ?? '');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Intune SCEP settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Validate Intune challenges')).toBeChecked();
  await expect(page.getByLabel(templateName)).toBeChecked();

  // Online validation: the application's client secret is write-only; the authority URL (under Advanced) must be https.
  const secret = `intune-secret-${suffix}`;
  await page.getByLabel('Application (client) ID').fill('11111111-2222-4333-8444-555555555555');
  await page.getByLabel('Application client secret').fill(secret);
  await page.getByText('Advanced').click();
  await page.getByLabel('Sign-in authority URL').fill('http://login.example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('authorityUrl must be an https:// URL')).toBeVisible();
  expect((await (await page.request.get(`${baseURL}/api2/SCEP-v1/IntuneConfiguration`)).json()).clientSecretSet).toBe(false);
  await page.getByLabel('Sign-in authority URL').fill('https://login.microsoftonline.us');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Intune SCEP settings saved.')).toBeVisible();
  await expect(page.getByText('Client secret: set')).toBeVisible();
  await expect(page.getByLabel('Application client secret')).toHaveValue('');
  await page.reload();
  await expect(page.getByText('Client secret: set')).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  const read = await page.request.get(`${baseURL}/api2/SCEP-v1/IntuneConfiguration`);
  expect(await read.text()).not.toContain(secret);
  expect(await read.json()).toMatchObject({ clientSecretSet: true, authorityUrl: 'https://login.microsoftonline.us', applicationId: '11111111-2222-4333-8444-555555555555' });

  await page.goto('/pki/tpm-key-attestation');
  await expect(page.getByRole('heading', { name: 'TPM key attestation' })).toBeVisible();
  await expect(page.getByText('TPM key attestation is not supported yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Not supported' })).toContainText('device-attest-01');
});
