import http from 'node:http';
import { test, expect, apiCall, ensureBootstrapped } from './fixtures';
import { ACME_HTTP01_E2E_PORT } from '../playwright.config';
import { acmeKey, AcmeTestClient, httpTransport } from '../../server/src/test-helpers/acme-client';
import { crypto, x509 } from '../../server/src/pki/x509';

// admin-console §2.2 /config/acme [acmeConfiguration], §4 ACME order flow (issue 17): the administrator enables
// ACME on a template in the console, an ACME client (the server's test client over real HTTP, http-01 answered
// on loopback) registers, orders, validates and finalises, and the console lists the order as valid.
const P = '/api2/PKI-v1';

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

test('ok/enable ACME on a template, run an order with http-01, and see it listed as valid', async ({ adminPage: page, baseURL }) => {
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', `${P}/CertificateAuthority`, { friendlyName: `ACME CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const templateName = `acme-${suffix}`;
  const template = await apiCall(page.request, baseURL!, 'POST', `${P}/CertificateTemplate`, { templateName, class: 'DEVICE', caId: (await ca.json()).id, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] });
  expect(template.status(), await template.text()).toBe(201);
  const domain = await apiCall(page.request, baseURL!, 'POST', `${P}/AllowedDomain`, { domain: '*.e2e-acme.localhost' });
  expect([201, 409]).toContain(domain.status());

  await page.goto('/config/acme');
  await expect(page.getByRole('heading', { name: 'ACME', exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Enable ACME for ${templateName}` }).click();
  await expect(page.getByText(`ACME enabled for ${templateName}`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: templateName });
  const directoryUrl = (await row.locator('code').textContent())!.trim();
  expect(directoryUrl).toMatch(/\/pki\/acme\/[0-9a-f-]{36}\/directory$/);

  // The ACME client, with an http-01 responder where the server validates.
  const tokens = new Map<string, string>();
  const responder = http.createServer((req, res) => {
    const body = tokens.get(req.url?.replace('/.well-known/acme-challenge/', '') ?? '');
    res.writeHead(body ? 200 : 404).end(body ?? '');
  });
  await new Promise<void>((resolve) => responder.listen(ACME_HTTP01_E2E_PORT, '127.0.0.1', resolve));
  const name = `www-${suffix}.e2e-acme.localhost`;
  try {
    const client = await new AcmeTestClient(httpTransport, directoryUrl, await acmeKey()).init();
    expect((await client.register({ termsOfServiceAgreed: true, contact: ['mailto:e2e@acme.test'] })).status).toBe(201);
    const created = await client.post(client.directory.newOrder!, { identifiers: [{ type: 'dns', value: name }] });
    expect(created.status, created.body).toBe(201);
    const order = created.json() as { authorizations: string[]; finalize: string };
    const authz = (await client.post(order.authorizations[0]!, '')).json() as { challenges: { type: string; url: string; token: string }[] };
    const challenge = authz.challenges.find((c) => c.type === 'http-01')!;
    tokens.set(challenge.token, await client.keyAuthorization(challenge.token));
    await client.post(challenge.url, {});
    expect((await client.poll(order.authorizations[0]!)).json().status).toBe('valid');
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${name}`, keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' }, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: name }])] });
    const finalized = await client.post(order.finalize, { csr: Buffer.from(csr.rawData).toString('base64url') });
    expect(finalized.json().status, finalized.body).toBe('valid');
  } finally {
    responder.close();
  }

  await page.reload();
  const orders = page.getByRole('table', { name: 'ACME orders' });
  const listed = orders.getByRole('row').filter({ hasText: name });
  await expect(listed).toBeVisible();
  await expect(listed.getByRole('cell', { name: 'valid', exact: true })).toBeVisible();
  await expect(listed).toContainText('mailto:e2e@acme.test');
});

test('ok/the admin adds and removes an allowed domain; a bad name is refused on its field and changes nothing', async ({ adminPage: page, baseURL }) => {
  const domain = `e2e-${Date.now().toString(36)}.example`;
  await page.goto('/admin/alloweddomains');
  await expect(page.getByRole('heading', { name: 'Allowed domains' })).toBeVisible();
  const before = (await (await page.request.get(`${baseURL}${P}/AllowedDomains`)).json()).totalResults;
  await page.getByLabel('Domain', { exact: true }).fill('not a domain');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText("'not a domain' is not a domain name")).toBeVisible();
  expect((await (await page.request.get(`${baseURL}${P}/AllowedDomains`)).json()).totalResults).toBe(before);
  await page.getByLabel('Domain', { exact: true }).fill(domain.toUpperCase());
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel('Search', { exact: true }).fill(domain);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const table = page.getByRole('table', { name: 'Allowed domains' });
  await expect(table.getByRole('cell', { name: domain, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${domain}` }).click();
  await expect(table.getByRole('cell', { name: domain, exact: true })).toHaveCount(0);
  expect((await (await page.request.get(`${baseURL}${P}/AllowedDomains?search=${domain}`)).json()).totalResults).toBe(0);
});
