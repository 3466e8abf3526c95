import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { test, expect, apiCall, ensureBootstrapped } from './fixtures';

// Issue 13, admin-console §3 "device endpoints and certificate endpoint map": a TLS server started here
// presents a certificate Tessera issued (an `openssl req` CSR through the API); on the device's page an
// endpoint pointing at it is added and scanned through the real server, which matches the certificate;
// the certificate's page then lists the device under "Seen at".

const P = '/api2/PKI-v1';
const C = '/api2/Certificates-v1';
const I = '/api2/IDM-v1';

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

test('a device endpoint presenting a Tessera certificate is scanned and matched', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const cn = `tls-${suffix}.acme.example`;
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-endpoint-'));
  let server: tls.Server | undefined;
  try {
    const ca = await apiCall(page.request, baseURL!, 'POST', `${P}/CertificateAuthority`, { friendlyName: `Endpoint CA ${suffix}`, keyAlgorithm: 'P-256' });
    expect(ca.status(), await ca.text()).toBe(201);
    const template = await apiCall(page.request, baseURL!, 'POST', `${P}/CertificateTemplate`, {
      templateName: `tls-endpoint-${suffix}`,
      class: 'DEVICE',
      caId: (await ca.json()).id,
      keyTypes: ['EC_NIST'],
      validityPeriod: 90,
      validityPeriodUnits: 'DAYS',
      keyUsages: ['digitalSignature'],
      extendedKeyUsages: ['serverAuth'],
      certificateSans: [{ sanField: 'DNS' }],
    });
    expect(template.status(), await template.text()).toBe(201);
    execFileSync('openssl', ['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', path.join(dir, 'k.pem'), '-subj', `/CN=${cn}`, '-addext', `subjectAltName=DNS:${cn}`, '-out', path.join(dir, 'r.csr')], { stdio: 'pipe' });
    const issued = await apiCall(page.request, baseURL!, 'POST', `${C}/SubmitDeviceCSR`, { templateId: (await template.json()).templateId, csr: readFileSync(path.join(dir, 'r.csr'), 'utf8') });
    const result = await issued.json();
    expect(result.status, JSON.stringify(result)).toBe('complete');
    server = tls.createServer({ key: readFileSync(path.join(dir, 'k.pem')), cert: result.certificate }, (socket) => socket.end());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const device = await apiCall(page.request, baseURL!, 'POST', `${I}/Device`, { hostname: `e2e-tls-${suffix}` });
    expect(device.status(), await device.text()).toBe(201);

    await page.goto(`/identity/devices/view/${(await device.json()).id}`);
    const section = page.getByRole('region', { name: 'Certificate endpoints' });
    await expect(section.getByText('No certificate endpoints')).toBeVisible();
    await section.getByRole('textbox', { name: 'Host' }).fill('127.0.0.1');
    await section.getByRole('textbox', { name: 'Port' }).fill('0');
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(section.getByText('Enter a port from 1 to 65535.')).toBeVisible();
    await section.getByRole('textbox', { name: 'Port' }).fill(String(port));
    await section.getByRole('textbox', { name: 'Server name (SNI)' }).fill(cn);
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const row = section.getByRole('row', { name: `127.0.0.1:${port}` });
    await expect(row.getByText('Not scanned')).toBeVisible();
    await row.getByRole('button', { name: `Scan 127.0.0.1:${port}` }).click();
    await expect(row.getByText('Valid')).toBeVisible();
    await expect(row.getByText(`CN=${cn}`)).toBeVisible();
    const link = row.getByRole('link', { name: /^Tessera certificate [0-9a-f]+$/ });
    const [caId, serial] = String(result.certID).split(':');
    await expect(link).toHaveAttribute('href', `/credentials/certificates/view/${encodeURIComponent(`${caId}:${serial!.replace(/^0+/, '')}`)}`);
    await link.click();
    await expect(page).toHaveURL(/\/credentials\/certificates\/view\//);
    await expect(page.getByText(`CN=${cn}`).first()).toBeVisible();
    // The tenant's certificate endpoint map finds it by the certificate subject, with its status.
    await page.goto('/identity/devices/endpoints');
    await page.getByRole('textbox', { name: 'Search text' }).fill(cn);
    await page.getByRole('button', { name: 'Search' }).click();
    const mapRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `127.0.0.1:${port} (SNI ${cn})` }) });
    await expect(mapRow.getByText('Valid')).toBeVisible();
    await mapRow.getByRole('link', { name: `CN=${cn}` }).click();
    await expect(page).toHaveURL(/\/credentials\/certificates\/view\//);
    // The certificate's page shows where it was seen, linking back to the device.
    await expect(page.getByRole('list', { name: 'Endpoints presenting this certificate' }).getByRole('link', { name: `e2e-tls-${suffix}` })).toBeVisible();
  } finally {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
