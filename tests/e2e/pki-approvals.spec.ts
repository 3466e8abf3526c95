import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { test, expect, apiCall, apiLogin, createUserWithPermissions, ensureBootstrapped } from './fixtures';

// Issue 12: a request under a template needing approval, submitted by a requester in the console, waits; an approver
// issues it from `/credentials/certificates/approvals` (admin-console §2.2, §4 request flow); and an existing
// certificate is uploaded at `/credentials/certificates/upload` and stored as issued_out_of_band.
x509.cryptoProvider.set(webcrypto as unknown as Crypto);
const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

async function makeCsr(cn: string): Promise<string> {
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${cn}`, keys, signingAlgorithm: EC, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: cn }])] });
  return csr.toString('pem');
}

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

test('ok/a request needing approval waits, the approver approves it in the console, and it is issued', async ({ adminPage: page, baseURL, browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Approval CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const caId = (await ca.json()).id as string;
  const templateName = `approved-${suffix}`;
  const template = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', {
    templateName, class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }], approvalRequired: true,
  });
  expect(template.status(), await template.text()).toBe(201);
  const cn = `approve-${suffix}.example.com`;

  // The requester uploads a CSR: the request waits for approval.
  const requester = await createUserWithPermissions(page.request, baseURL!, ['certSigningRequest']);
  const context = await browser.newContext({ baseURL });
  const req = await context.newPage();
  await apiLogin(req, baseURL!, requester.username, requester.password);
  await req.goto('/credentials/csr/device/upload');
  await req.getByRole('combobox', { name: 'Template' }).selectOption({ label: `${templateName} (Approval CA ${suffix})` });
  await req.getByLabel('Certificate signing request (PEM)').fill(await makeCsr(cn));
  await req.getByRole('button', { name: 'Submit CSR' }).click();
  const waiting = req.getByRole('main').getByRole('status').filter({ hasText: 'The request awaits approval (' });
  await expect(waiting).toBeVisible();
  const requestId = /request ([0-9a-f-]+)\)/.exec((await waiting.textContent()) ?? '')?.[1];
  expect(requestId).toBeTruthy();
  const before = await (await req.request.get(`${baseURL}/certificate-request-status-by-request-id?rid=${requestId}`)).json();
  expect(before).toMatchObject({ status: 'under_submission', serial_number: null });

  // The approver approves it in the console; it leaves the list.
  await page.goto('/credentials/certificates/approvals');
  const row = page.getByRole('row', { name: new RegExp(`CN=${cn.replace(/\./g, '\\.')}`) });
  await expect(row).toContainText(requester.username);
  await row.getByRole('button', { name: `Approve CN=${cn}` }).click();
  await expect(page.getByText('The certificate was issued.').first()).toBeVisible();
  await expect(row).toHaveCount(0);

  // Issued: the requester's status call names its serial, and the certificate page shows it issued.
  const after = await (await req.request.get(`${baseURL}/certificate-request-status-by-request-id?rid=${requestId}`)).json();
  expect(after).toMatchObject({ status: 'issued', ca_id: caId, serial_number: expect.stringMatching(/^[0-9a-f]+$/) });
  await context.close();
  await page.goto(`/credentials/certificates/view/${caId}:${after.serial_number}`);
  await expect(page.getByRole('heading', { name: cn })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Certificate details' }).getByRole('row', { name: /^Status/ })).toContainText('issued');
});

test('ok/upload an existing certificate of another CA in the console: stored as issued_out_of_band and refused twice', async ({ adminPage: page, baseURL }) => {
  const suffix = Date.now().toString(36);
  const cn = `outside-${suffix}.example.com`;
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: `01${Date.now().toString(16)}`, name: `CN=${cn}`, notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 86_400_000), keys, signingAlgorithm: EC });
  const pem = cert.toString('pem');

  await page.goto('/credentials/certificates/upload');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Paste the PEM of a certificate or choose its file')).toBeVisible();
  await page.getByLabel('Certificate file').setInputFiles({ name: 'outside.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from(pem) });
  await expect(page.getByLabel('Certificate (PEM or base64 DER)')).toHaveValue(/BEGIN CERTIFICATE/);
  await page.getByRole('button', { name: 'Upload' }).click();
  // Not signed by one of the tenant's CAs: stored, confirmed on the page (there is no certificate page for it).
  await expect(page.getByRole('status', { name: 'Uploaded certificate' })).toContainText(`Stored CN=${cn}`);
  await expect(page.getByRole('status', { name: 'Uploaded certificate' })).toContainText('as issued_out_of_band');
  // It is stored: the certificate search finds it.
  const found = await apiCall(page.request, baseURL!, 'POST', '/api2/Certificates-v1/SearchCertificates', { filters: { subject: cn } });
  expect(found.status(), await found.text()).toBe(200);
  expect((await found.json()).results).toEqual([expect.objectContaining({ subject: `CN=${cn}`, status: 'issued_out_of_band' })]);

  // The same certificate again is refused with the server's message, on the field.
  await page.goto('/credentials/certificates/upload');
  await page.getByLabel('Certificate (PEM or base64 DER)').fill(pem);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByLabel('Certificate (PEM or base64 DER)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/credentials\/certificates\/upload$/);
});

test('ok/a user certificate for a key the server generates, saved once as a PKCS#12 that openssl opens with the password', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Keys CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const templateName = `generated-${suffix}`;
  const template = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', {
    templateName, class: 'USER', caId: (await ca.json()).id, keyTypes: ['EC_NIST'], validityPeriod: 1, validityPeriodUnits: 'YEARS', keyUsages: ['digitalSignature'], extendedKeyUsages: ['clientAuth'], certificateSans: [], serverKeyGeneration: true,
  });
  expect(template.status(), await template.text()).toBe(201);
  const password = `p12-${suffix}-Secret`;

  await page.goto('/credentials/certificates/user/add');
  await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: `${templateName} (Keys CA ${suffix})` });
  await page.getByRole('textbox', { name: /Common name/ }).fill(`holder-${suffix}`);
  await page.getByLabel('File password', { exact: true }).fill(password);
  await page.getByLabel('File password again').fill(password);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate key and request' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`holder-${suffix}.p12`);
  await expect(page.getByRole('main').getByRole('status')).toContainText(`holder-${suffix} was issued; its key was saved as holder-${suffix}.p12`);
  const info = execFileSync('sh', ['-c', `printf '%s\\n' "$P" | openssl pkcs12 -info -nodes -in "$F" -passin stdin 2>&1`], { encoding: 'utf8', env: { ...process.env, P: password, F: (await file.path())! } });
  expect(info).toContain('MAC: sha256');
  expect(info).toContain('PBES2, PBKDF2, AES-256-CBC');
  expect(info).toContain(`subject=CN = holder-${suffix}`);
  expect(info).toContain('-----BEGIN PRIVATE KEY-----');
});
