import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { test, expect, apiCall, ensureBootstrapped } from './fixtures';

// admin-console §2.2 /admin/certificate/decodepem [pEMView], §8 'Successfully decoded' / 'Failed to decode';
// signin §5 (PEM, hex, base64, binary DER); issue 12. Certificates and CRLs are made here with @peculiar/x509.
x509.cryptoProvider.set(webcrypto as unknown as Crypto);
const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

async function makeCaAndCrl() {
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '0a1b2c',
    name: 'CN=E2E Decode Root, O=Tessera',
    notBefore: new Date('2026-01-01T00:00:00Z'),
    notAfter: new Date('2036-01-01T00:00:00Z'),
    keys,
    signingAlgorithm: EC,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
  });
  const crl = await x509.X509CrlGenerator.create({
    issuer: cert.subject,
    thisUpdate: new Date('2026-06-01T00:00:00Z'),
    nextUpdate: new Date('2026-06-08T00:00:00Z'),
    entries: [{ serialNumber: '7f01', revocationDate: new Date('2026-05-31T00:00:00Z'), reason: x509.X509CrlReason.superseded }],
    signingAlgorithm: EC,
    signingKey: keys.privateKey,
  });
  return { cert, crl };
}

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

test('ok/decode a pasted PEM certificate, then a binary DER CRL file; garbage fails to decode', async ({ adminPage: page }) => {
  const { cert, crl } = await makeCaAndCrl();
  await page.goto('/admin/certificate/decodepem');
  await expect(page.getByRole('heading', { name: 'Decode PEM' })).toBeVisible();

  await page.getByLabel('PEM, hex or base64').fill(cert.toString('pem'));
  await page.getByRole('button', { name: 'Decode' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully decoded: 1 object.' })).toBeVisible();
  const fields = page.getByRole('table', { name: '1. Certificate fields' });
  await expect(fields.getByRole('row', { name: /Subject/ })).toContainText('CN=E2E Decode Root, O=Tessera');
  await expect(fields.getByRole('row', { name: /Serial number/ })).toContainText('0A:1B:2C');
  await expect(fields.getByRole('row', { name: /Public key/ })).toContainText('ECDSA P-256');
  await expect(page.getByRole('table', { name: '1. Certificate extensions' })).toContainText('keyCertSign');

  // The binary DER of the CRL, chosen as a file: sent as bytes, detected as binary on the server.
  await page.getByLabel('PEM, hex or base64').fill('');
  await page.getByLabel('Or a file').setInputFiles({ name: 'root.crl', mimeType: 'application/pkix-crl', buffer: Buffer.from(crl.rawData) });
  await page.getByRole('button', { name: 'Decode' }).click();
  const revoked = page.getByRole('table', { name: '1. Certificate revocation list revoked certificates' });
  await expect(revoked).toContainText('7F:01');
  await expect(revoked).toContainText('superseded');
  await expect(page.getByRole('region', { name: '1. Certificate revocation list' })).toContainText('DER');

  await page.getByRole('button', { name: 'Clear file' }).click();
  await page.getByLabel('PEM, hex or base64').fill('this is not a certificate');
  await page.getByRole('button', { name: 'Decode' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to decode' }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Decoded objects' })).toHaveCount(0);
});

test('ok/create a root and an intermediate CA in the console and see them in the hierarchy', async ({ adminPage: page }) => {
  const suffix = Date.now().toString(36);
  const create = async (name: string, key: string, issuer: string | null) => {
    await page.goto('/pki/manage/certificate-authorities');
    await page.getByRole('button', { name: 'New certificate authority' }).click();
    const form = page.getByRole('form', { name: 'Create a certificate authority' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('combobox', { name: 'Key' }).selectOption(key);
    if (issuer) await form.getByRole('combobox', { name: 'Issued by' }).selectOption({ label: issuer });
    await form.getByRole('button', { name: 'Create certificate authority' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
  };
  const root = `E2E Root ${suffix}`;
  const issuing = `E2E Issuing ${suffix}`;
  await create(root, 'P-384', null);
  await expect(page.getByRole('table', { name: 'Certificate authority details' })).toContainText('Root (self-signed)');
  await create(issuing, 'RSA-2048', root);
  const details = page.getByRole('table', { name: 'Certificate authority details' });
  await expect(details.getByRole('row', { name: /Issued by/ })).toContainText(root);
  await expect(details.getByRole('row', { name: /Status/ })).toContainText('Active');
  await expect(details.getByRole('row', { name: /Key/ })).toContainText('RSA-2048');

  await page.goto('/monitor/pki-visualiser');
  const graph = page.getByRole('img', { name: 'Certificate authority hierarchy' });
  await expect(graph.getByRole('link', { name: `${root}: Active` })).toBeVisible();
  await expect(graph.locator(`path[data-edge="${root} → ${issuing}"]`)).toHaveCount(1);
  await graph.getByRole('link', { name: `${issuing}: Active` }).click();
  await expect(page.getByRole('heading', { name: issuing })).toBeVisible();
});

test('ok/reorder certificate templates and find the order kept after a reload', async ({ adminPage: page, baseURL }) => {
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Order CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const caId = (await ca.json()).id as string;
  const names = ['first', 'second', 'third'].map((n) => `order-${n}-${suffix}`);
  for (const templateName of names) {
    const res = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', { templateName, class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 1 });
    expect(res.status(), await res.text()).toBe(201);
  }
  const ordered = async () => {
    const items = page.getByRole('list', { name: 'Template order' }).getByRole('listitem');
    const labels = await items.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    return labels.filter((label) => label.endsWith(suffix));
  };
  await page.goto('/credentials/certificates/config');
  await expect(page.getByRole('heading', { name: 'Certificate template configuration' })).toBeVisible();
  await expect.poll(ordered).toEqual(names);
  await page.getByRole('button', { name: `Move ${names[2]} up` }).click();
  await page.getByRole('button', { name: `Move ${names[2]} up` }).click();
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByText('The template order was saved.')).toBeVisible();
  await page.reload();
  await expect.poll(ordered).toEqual([names[2], names[0], names[1]]);
});
