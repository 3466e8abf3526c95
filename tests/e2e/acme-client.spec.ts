import http from 'node:http';
import { test, expect, apiCall, ensureBootstrapped } from './fixtures';
import { ACME_HTTP01_E2E_PORT } from '../playwright.config';

// admin-console §2.2 le/upload [uploadLECert], §4 ACME order flow (issue 17): the console as an ACME client.
// The administrator asks, on the le/upload screen, for a certificate for an allowed domain from Tessera's own
// ACME directory; the server registers, orders, answers http-01 at its own /.well-known/acme-challenge/ (here
// behind a forwarding listener on the port the server validates, as a reverse proxy on port 80 would be),
// finalises with a key it makes, fetches and stores the certificate, which opens in the certificate view.
const P = '/api2/PKI-v1';

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

test('ok/obtain a certificate for an allowed domain from Tessera’s own ACME directory and open it', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', `${P}/CertificateAuthority`, { friendlyName: `ACME client CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const template = await apiCall(page.request, baseURL!, 'POST', `${P}/CertificateTemplate`, { templateName: `acme-client-${suffix}`, class: 'DEVICE', caId: (await ca.json()).id, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] });
  expect(template.status(), await template.text()).toBe(201);
  const templateId = (await template.json()).templateId as string;
  const allowed = await apiCall(page.request, baseURL!, 'POST', `${P}/AllowedDomain`, { domain: '*.e2e-acmeclient.localhost' });
  expect([201, 409]).toContain(allowed.status());
  expect((await apiCall(page.request, baseURL!, 'PUT', `${P}/AcmeConfiguration`, { templateId, enabled: true })).status()).toBe(200);
  const directoryUrl = `${baseURL}/pki/acme/${templateId}/directory`;

  // Port 80 of the name, as the server validates it, forwards the well-known path to Tessera.
  const target = new URL(baseURL!);
  const forwarded: string[] = [];
  const proxy = http.createServer((req, res) => {
    forwarded.push(req.url ?? '');
    const upstream = http.request({ host: target.hostname, port: Number(target.port), path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(ACME_HTTP01_E2E_PORT, '127.0.0.1', resolve));
  const name = `www-${suffix}.e2e-acmeclient.localhost`;
  try {
    await page.goto('/credentials/certificates/le/upload');
    await expect(page.getByRole('heading', { level: 1, name: "Let's Encrypt certificate" })).toBeVisible();
    await page.getByRole('textbox', { name: 'ACME directory URL' }).fill(directoryUrl);
    await page.getByRole('combobox', { name: 'Allowed domain' }).selectOption('*.e2e-acmeclient.localhost');
    await page.getByRole('textbox', { name: 'Name under e2e-acmeclient.localhost' }).fill(`www-${suffix}`);
    await page.getByRole('button', { name: 'Obtain certificate' }).click();

    const progress = page.getByRole('list', { name: 'ACME order progress' });
    await expect(progress).toBeVisible();
    await expect(page.getByRole('status', { name: 'ACME result' })).toContainText(`Certificate for ${name} obtained and stored.`, { timeout: 60_000 });
    await expect(progress.getByRole('listitem')).toHaveText([/^Registration: Done — new account http/, /^Order: Done — order http/, /^Authorisation: Done — http-01 answer served/, `Validation: Done — ${name} validated over http-01`, /^Finalisation: Done — order valid/, /^Certificate fetch: Done — serial [0-9a-f]+, 2 certificate\(s\) in the chain$/]);
    // The ACME server fetched the answer from Tessera through port 80's forwarder.
    expect(forwarded.some((u) => u.startsWith('/.well-known/acme-challenge/'))).toBe(true);

    await page.getByRole('link', { name: 'View the certificate' }).click();
    await expect(page).toHaveURL(/\/credentials\/certificates\/view\/[0-9a-f-]+:[0-9a-f]+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Certificate details' }).getByRole('row', { name: /^Status/ })).toContainText('issued');
  } finally {
    proxy.close();
  }
});

test('err/a directory URL that is not http or https is refused on its field and nothing starts', async ({ adminPage: page, baseURL }) => {
  const allowed = await apiCall(page.request, baseURL!, 'POST', `${P}/AllowedDomain`, { domain: 'only.e2e-acmeclient-exact.localhost' });
  expect([201, 409]).toContain(allowed.status());
  await page.goto('/credentials/certificates/le/upload');
  await page.getByRole('textbox', { name: 'ACME directory URL' }).fill('ftp://example.invalid/directory');
  await page.getByRole('combobox', { name: 'Allowed domain' }).selectOption('only.e2e-acmeclient-exact.localhost');
  await page.getByRole('button', { name: 'Obtain certificate' }).click();
  await expect(page.getByRole('textbox', { name: 'ACME directory URL' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('directoryUrl must be the http or https URL of an ACME directory')).toBeVisible();
  await expect(page.getByRole('list', { name: 'ACME order progress' })).toHaveCount(0);
});
