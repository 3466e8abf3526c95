import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { test, expect, apiCall, ensureBootstrapped } from './fixtures';

// Issue 12 "End-to-end in Chromium": a certificate's life through the console — CSR uploaded, certificate page
// (admin-console §3 certificate details and info), downloads, revocation with an RFC 5280 reason, the revocation
// list. CA creation, decoding and template ordering in the console are pki.spec.ts's journeys; the CA and the
// template are made through the API here (the template screens are not built yet).
x509.cryptoProvider.set(webcrypto as unknown as Crypto);
const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

async function makeCsr(cn: string): Promise<string> {
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: `CN=${cn}`,
    keys,
    signingAlgorithm: EC,
    extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: cn }])],
  });
  return csr.toString('pem');
}

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

test('ok/upload a CSR, see the certificate with its info, download it, revoke it and find it in the revocation list', async ({ adminPage: page, baseURL }) => {
  const suffix = Date.now().toString(36);
  const root = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Life Root ${suffix}`, keyAlgorithm: 'P-384' });
  expect(root.status(), await root.text()).toBe(201);
  const issuing = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Life Issuing ${suffix}`, keyAlgorithm: 'P-256', parentId: (await root.json()).id });
  expect(issuing.status(), await issuing.text()).toBe(201);
  const caId = (await issuing.json()).id as string;
  const templateName = `life-tls-${suffix}`;
  const template = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', {
    templateName,
    class: 'DEVICE',
    caId,
    keyTypes: ['EC_NIST'],
    validityPeriod: 30,
    validityPeriodUnits: 'DAYS',
    keyUsages: ['digitalSignature'],
    extendedKeyUsages: ['serverAuth'],
    certificateSans: [{ sanField: 'DNS' }],
  });
  expect(template.status(), await template.text()).toBe(201);
  const cn = `life-${suffix}.example.com`;

  // Upload the CSR: the console opens the issued certificate's page.
  await page.goto('/credentials/csr/device/upload');
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: `${templateName} (Life Issuing ${suffix})` });
  await page.getByLabel('Certificate signing request (PEM)').fill(await makeCsr(cn));
  await page.getByLabel('Friendly name').fill('Lifecycle box');
  await page.getByRole('button', { name: 'Submit CSR' }).click();
  await expect(page).toHaveURL(new RegExp(`/credentials/certificates/view/${caId}:[0-9a-f]+$`));
  const serial = page.url().split(':').at(-1)!;
  await expect(page.getByRole('heading', { name: cn })).toBeVisible();
  const details = page.getByRole('table', { name: 'Certificate details' });
  await expect(details.getByRole('row', { name: /^Status/ })).toContainText('issued');
  await expect(details.getByRole('row', { name: /^Template/ })).toContainText(templateName);
  await expect(details.getByRole('row', { name: /^Issued by/ })).toContainText(`Life Issuing ${suffix}`);
  await expect(details.getByRole('row', { name: /^Friendly name/ })).toContainText('Lifecycle box');
  await expect(details.getByRole('row', { name: /^Serial number/ })).toContainText(serial);
  await expect(details.getByRole('row', { name: /^Extended key usage/ })).toContainText('serverAuth');
  await expect(page.getByRole('table', { name: 'Certificate info' }).getByRole('row', { name: /^User/ })).toContainText('admin');
  await expect(page.getByRole('list', { name: 'Certificate chain' }).getByRole('listitem')).toHaveCount(2);

  // Downloads: the PEM is this certificate; the PKCS#7 holds it with its chain.
  const pemDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PEM' }).click();
  const pem = await pemDownload;
  expect(pem.suggestedFilename()).toBe(`${cn}.pem`);
  const cert = new x509.X509Certificate(readFileSync((await pem.path())!, 'utf8'));
  expect(cert.serialNumber.toLowerCase()).toBe(serial);
  expect(cert.subject).toBe(`CN=${cn}`);
  const p7Download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PKCS#7 (with chain)' }).click();
  const p7 = await p7Download;
  expect(p7.suggestedFilename()).toBe(`${cn}.p7b`);
  const bundle = new x509.X509Certificates(readFileSync((await p7.path())!));
  expect(bundle.map((c) => c.subject)).toEqual([`CN=${cn}`, `CN=Life Issuing ${suffix}`, `CN=Life Root ${suffix}`]);

  // The same certificate by CA and serial.
  await page.goto(`/credentials/certificates/view/${caId}/${serial}`);
  await expect(page.getByRole('heading', { name: cn })).toBeVisible();

  // Revoke with an RFC 5280 reason.
  await page.getByRole('link', { name: 'Revoke' }).click();
  await expect(page).toHaveURL(new RegExp(`/credentials/certificates/view/${caId}:${serial}/revoke$`));
  await page.getByRole('combobox', { name: 'Reason' }).selectOption('keyCompromise');
  await page.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(page.getByText('This certificate is revoked.')).toBeVisible();
  await expect(details.getByRole('row', { name: /^Status/ })).toContainText('revoked');
  await expect(details.getByRole('row', { name: /^Revocation reason/ })).toContainText('keyCompromise');

  // The revocation list finds it by serial, and leads back to the certificate.
  await page.goto('/credentials/certificates/revocations');
  await expect(page.getByRole('heading', { name: 'Revocations' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject or serial number' }).fill(serial.slice(0, 16));
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Revocations' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(`CN=${cn.replace(/\./g, '\\.')}`) });
  await expect(row).toContainText('keyCompromise');
  await expect(row).toContainText('complete');
  await row.getByRole('link', { name: `CN=${cn}` }).click();
  await expect(page).toHaveURL(new RegExp(`/credentials/certificates/view/${caId}:${serial}$`));
  await expect(page.getByRole('table', { name: 'Certificate details' }).getByRole('row', { name: /^Status/ })).toContainText('revoked');
});
