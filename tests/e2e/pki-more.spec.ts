import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, apiCall, apiLogin, createUserWithPermissions, ensureBootstrapped } from './fixtures';

// Issue 12, the screens pki-lifecycle and pki-approvals do not open: CSRs made by `openssl req` issued at
// `/credentials/csr/user/upload` and `/credentials/csr/device/upload`; one request approved at `approval/{id}`;
// pending and failed revocations at `revocations/searchPending` and `viewPending/{caId}/{certId}`, requested at
// `view/{caId}/{certId}/revoke`; a device certificate for a key the server generates at `device/add`.
const C = '/api2/Certificates-v1';
const P = '/api2/PKI-v1';
let dir: string;

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
  dir = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-pki-more-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A P-256 CSR made by `openssl req`, its key left in the temporary directory. */
function opensslCsr(cn: string): string {
  const out = path.join(dir, `${cn}.csr`);
  execFileSync('openssl', ['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', path.join(dir, `${cn}.key`), '-subj', `/CN=${cn}`, '-addext', `subjectAltName=DNS:${cn}`, '-out', out], { stdio: 'pipe' });
  return readFileSync(out, 'utf8');
}

async function makeCa(request: APIRequestContext, baseURL: string, friendlyName: string): Promise<string> {
  const ca = await apiCall(request, baseURL, 'POST', `${P}/CertificateAuthority`, { friendlyName, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  return (await ca.json()).id as string;
}

async function makeTemplate(request: APIRequestContext, baseURL: string, body: Record<string, unknown>): Promise<string> {
  const template = await apiCall(request, baseURL, 'POST', `${P}/CertificateTemplate`, { keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', keyUsages: ['digitalSignature'], ...body });
  expect(template.status(), await template.text()).toBe(201);
  return (await template.json()).templateId as string;
}

/** Another user in their own browser context, signed in. */
async function signedIn(browser: Browser, baseURL: string, request: APIRequestContext, permissions: string[]): Promise<{ page: Page; username: string; close(): Promise<void> }> {
  const user = await createUserWithPermissions(request, baseURL, permissions);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await apiLogin(page, baseURL, user.username, user.password);
  return { page, username: user.username, close: () => context.close() };
}

test('ok/issue openssl req CSRs at csr/user/upload and csr/device/upload, and openssl verifies each against its CA', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const caId = await makeCa(page.request, baseURL!, `Upload CA ${suffix}`);
  const userTemplate = `user-csr-${suffix}`;
  const deviceTemplate = `device-csr-${suffix}`;
  await makeTemplate(page.request, baseURL!, { templateName: userTemplate, class: 'USER', caId, extendedKeyUsages: ['clientAuth'], certificateSans: [] });
  await makeTemplate(page.request, baseURL!, { templateName: deviceTemplate, class: 'DEVICE', caId, extendedKeyUsages: ['serverAuth'], certificateSans: [{ sanField: 'DNS' }] });
  const caPem = path.join(dir, `ca-${suffix}.pem`);
  const caRes = await page.request.get(`${baseURL}/pki/ca/${caId}.crt`);
  expect(caRes.status()).toBe(200);
  execFileSync('openssl', ['x509', '-inform', 'DER', '-out', caPem], { input: await caRes.body() });

  for (const [kind, templateName, cn, eku] of [
    ['user', userTemplate, `person-${suffix}`, 'clientAuth'],
    ['device', deviceTemplate, `box-${suffix}.example.com`, 'serverAuth'],
  ] as const) {
    await page.goto(`/credentials/csr/${kind}/upload`);
    await expect(page.getByRole('heading', { name: kind === 'user' ? 'Upload a user CSR' : 'Upload a device CSR' })).toBeVisible();
    const select = page.getByRole('combobox', { name: 'Template' });
    // Each page offers the templates of its class only.
    await expect(select.getByRole('option', { name: `${kind === 'user' ? deviceTemplate : userTemplate} (Upload CA ${suffix})` })).toHaveCount(0);
    await select.selectOption({ label: `${templateName} (Upload CA ${suffix})` });
    await page.getByLabel('Certificate signing request (PEM)').fill(opensslCsr(cn));
    await page.getByRole('button', { name: 'Submit CSR' }).click();
    await expect(page).toHaveURL(new RegExp(`/credentials/certificates/view/${caId}:[0-9a-f]+$`));
    await expect(page.getByRole('heading', { name: cn })).toBeVisible();
    const details = page.getByRole('table', { name: 'Certificate details' });
    await expect(details.getByRole('row', { name: /^Status/ })).toContainText('issued');
    await expect(details.getByRole('row', { name: /^Template/ })).toContainText(templateName);
    await expect(details.getByRole('row', { name: /^Extended key usage/ })).toContainText(eku);
    // The certificate downloaded from its page is the openssl key's, and openssl verifies it against the CA.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PEM' }).click();
    const certPath = (await (await download).path())!;
    expect(execFileSync('openssl', ['verify', '-CAfile', caPem, certPath], { encoding: 'utf8' })).toContain(': OK');
    const pub = (args: string[]) => execFileSync('openssl', args, { encoding: 'utf8' });
    expect(pub(['x509', '-in', certPath, '-noout', '-pubkey'])).toBe(pub(['pkey', '-in', path.join(dir, `${cn}.key`), '-pubout']));
  }
});

test('ok/approve one request at approval/{id}: only that request is shown, and it is issued', async ({ adminPage: page, baseURL, browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const caId = await makeCa(page.request, baseURL!, `One Approval CA ${suffix}`);
  const templateId = await makeTemplate(page.request, baseURL!, { templateName: `one-approval-${suffix}`, class: 'DEVICE', caId, certificateSans: [{ sanField: 'DNS' }], approvalRequired: true });
  const requester = await signedIn(browser, baseURL!, page.request, ['certSigningRequest']);
  const submit = async (cn: string) => {
    const res = await apiCall(requester.page.request, baseURL!, 'POST', `${C}/SubmitDeviceCSR`, { templateId, csr: opensslCsr(cn) });
    expect(res.status(), await res.text()).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('pending');
    return body.requestId as string;
  };
  const chosen = await submit(`chosen-${suffix}.example.com`);
  await submit(`other-${suffix}.example.com`);
  await requester.close();

  await page.goto(`/credentials/certificates/approval/${chosen}`);
  await expect(page.getByRole('heading', { name: 'Certificate approval' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Requests awaiting approval' });
  await expect(table.getByRole('row', { name: new RegExp(`CN=chosen-${suffix}`) })).toContainText(requester.username);
  await expect(table.getByRole('row', { name: new RegExp(`CN=other-${suffix}`) })).toHaveCount(0);
  await page.getByRole('button', { name: `Approve CN=chosen-${suffix}.example.com` }).click();
  await expect(page.getByText('The certificate was issued.').first()).toBeVisible();
  await expect(page.getByText('This request does not await approval')).toBeVisible();
  const status = await (await page.request.get(`${baseURL}/certificate-request-status-by-request-id?rid=${chosen}`)).json();
  expect(status).toMatchObject({ status: 'issued', ca_id: caId, serial_number: expect.stringMatching(/^[0-9a-f]+$/) });
  // The other request still waits, on the list of all.
  await page.getByRole('link', { name: 'All requests awaiting approval' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`CN=other-${suffix}`) })).toBeVisible();
});

test('ok/revoke at view/{caId}/{certId}/revoke under approval: pending at searchPending, approved and failed at viewPending/{caId}/{certId}', async ({ adminPage: page, baseURL, browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const caId = await makeCa(page.request, baseURL!, `Revocation CA ${suffix}`);
  const templateId = await makeTemplate(page.request, baseURL!, { templateName: `revoke-approval-${suffix}`, class: 'DEVICE', caId, certificateSans: [{ sanField: 'DNS' }], revocationApprovalRequired: true });
  const cn = `revoked-${suffix}.example.com`;
  const issued = await apiCall(page.request, baseURL!, 'POST', `${C}/SubmitDeviceCSR`, { templateId, csr: opensslCsr(cn) });
  expect(issued.status(), await issued.text()).toBe(200);
  const serial = ((await issued.json()).certID as string).split(':')[1]!;

  // The admin asks for a revocation at view/{caId}/{certId}/revoke: it awaits approval, the certificate stays issued.
  await page.goto(`/credentials/certificates/view/${caId}/${serial}/revoke`);
  await expect(page.getByRole('heading', { name: cn })).toBeVisible();
  await page.getByRole('combobox', { name: 'Reason' }).selectOption('superseded');
  await page.getByRole('button', { name: 'Revoke certificate' }).click();
  await expect(page.getByText('The revocation awaits approval.').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Certificate details' }).getByRole('row', { name: /^Status/ })).toContainText('issued');

  // Another operator asks too, and approves the admin's request (nobody decides their own).
  const operator = await signedIn(browser, baseURL!, page.request, ['certRevoke', 'certApprovals', 'viewPendingFailedRevocations']);
  const second = await apiCall(operator.page.request, baseURL!, 'POST', `${C}/RevokeCertificate`, { caId, serialNumber: serial, reason: 'keyCompromise' });
  expect(second.status(), await second.text()).toBe(200);
  expect(await second.json()).toMatchObject({ status: 'pending', certificateIsOnline: expect.any(Boolean) });

  // searchPending lists both, and leads to the certificate's viewPending/{caId}/{certId}.
  await page.goto('/credentials/certificates/revocations/searchPending');
  await expect(page.getByRole('heading', { name: 'Pending revocations' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject or serial number' }).fill(serial.slice(0, 16));
  await page.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('table', { name: 'Revocations' });
  await expect(list.getByRole('row', { name: /superseded/ })).toContainText('pending');
  await expect(list.getByRole('row', { name: /keyCompromise/ })).toContainText('pending');
  await list.getByRole('row', { name: /superseded/ }).getByRole('link', { name: `Pending and failed revocations of CN=${cn}` }).click();
  await expect(page).toHaveURL(new RegExp(`/credentials/certificates/revocations/viewPending/${caId}/${serial}$`));
  const pending = page.getByRole('table', { name: 'Pending and failed revocations' });
  await expect(pending.getByRole('row')).toHaveCount(3);

  // The admin approves the operator's (keyCompromise): revoked at once.
  await pending.getByRole('row', { name: /keyCompromise/ }).getByRole('button', { name: 'Approve revocation' }).click();
  await expect(pending.getByRole('row')).toHaveCount(2);
  await expect(pending.getByRole('row', { name: /superseded/ })).toContainText('pending');
  const view = await (await page.request.get(`${baseURL}${C}/Certificate?certId=${caId}:${serial}`)).json();
  expect([view.status, view.revocation_reason]).toEqual(['revoked', 'keyCompromise']);

  // The operator approves the admin's (superseded): it fails, the certificate being revoked already.
  const listed = await operator.page.request.get(`${baseURL}${C}/Revocations?state=pending&certId=${caId}:${serial}`);
  expect(listed.status(), await listed.text()).toBe(200);
  const pendingList = await listed.json();
  expect(pendingList.results).toHaveLength(1);
  const decided = await apiCall(operator.page.request, baseURL!, 'POST', `${C}/ApproveRevocation`, { revocationId: pendingList.results[0].revocationId, approve: true });
  expect(decided.status(), await decided.text()).toBe(200);
  expect(await decided.json()).toEqual({ complete: false });
  await operator.close();
  await page.reload();
  await expect(pending.getByRole('row', { name: /superseded/ })).toContainText('failed (ALREADY_REVOKED)');
  await expect(pending.getByRole('button', { name: 'Approve revocation' })).toHaveCount(0);
  // The same list at viewPending/{certId}, the certificate named by `caId:serial`, leading back to the certificate.
  await page.goto(`/credentials/certificates/revocations/viewPending/${caId}:${serial}`);
  await expect(pending.getByRole('row', { name: /superseded/ })).toContainText('failed (ALREADY_REVOKED)');
  await expect(pending.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: `CN=${cn}` }).click();
  await expect(page).toHaveURL(new RegExp(`/credentials/certificates/view/${caId}:${serial}$`));
  await expect(page.getByRole('table', { name: 'Certificate details' }).getByRole('row', { name: /^Status/ })).toContainText('revoked');

  // searchPending's state filter finds the failed one.
  await page.goto('/credentials/certificates/revocations/searchPending');
  await page.getByRole('combobox', { name: 'State' }).selectOption('failed');
  await page.getByRole('textbox', { name: 'Subject or serial number' }).fill(serial.slice(0, 16));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(list.getByRole('row', { name: /superseded/ })).toContainText('failed (ALREADY_REVOKED)');
});

test('ok/a device certificate for a key the server generates at device/add, saved once as a PKCS#12 that openssl opens', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const caId = await makeCa(page.request, baseURL!, `Device Keys CA ${suffix}`);
  const templateName = `device-keys-${suffix}`;
  await makeTemplate(page.request, baseURL!, { templateName, class: 'DEVICE', caId, extendedKeyUsages: ['serverAuth'], certificateSans: [], serverKeyGeneration: true });
  await makeTemplate(page.request, baseURL!, { templateName: `user-keys-${suffix}`, class: 'USER', caId, certificateSans: [], serverKeyGeneration: true });
  const password = `p12-${suffix}-Device`;
  const cn = `printer-${suffix}.example.com`;

  await page.goto('/credentials/certificates/device/add');
  await expect(page.getByRole('heading', { name: 'Request a device certificate with a generated key' })).toBeVisible();
  const select = page.getByRole('combobox', { name: 'Template' });
  await expect(select.getByRole('option', { name: `user-keys-${suffix} (Device Keys CA ${suffix})` })).toHaveCount(0);
  await select.selectOption({ label: `${templateName} (Device Keys CA ${suffix})` });
  await page.getByRole('textbox', { name: /Common name/ }).fill(cn);
  await page.getByLabel('File password', { exact: true }).fill(password);
  await page.getByLabel('File password again').fill(password);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate key and request' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${cn}.p12`);
  await expect(page.getByRole('main').getByRole('status')).toContainText(`${cn} was issued; its key was saved as ${cn}.p12`);
  const info = execFileSync('sh', ['-c', `printf '%s\\n' "$P" | openssl pkcs12 -info -nodes -in "$F" -passin stdin 2>&1`], { encoding: 'utf8', env: { ...process.env, P: password, F: (await file.path())! } });
  expect(info).toContain(`subject=CN = ${cn}`);
  expect(info).toContain('-----BEGIN PRIVATE KEY-----');
  // The device certificate is stored and searchable; the password field is empty again.
  await expect(page.getByLabel('File password', { exact: true })).toHaveValue('');
  const found = await apiCall(page.request, baseURL!, 'POST', `${C}/SearchCertificates`, { filters: { subject: cn } });
  expect((await found.json()).results).toEqual([expect.objectContaining({ subject: `CN=${cn}`, status: 'issued', class: 'DEVICE', caId })]);
});

test('ok/create and edit a template in the editor: subjects (new field CN), SANs (new field DNS), key usages, EKUs, validity units; its certificates carry them', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const caId = await makeCa(page.request, baseURL!, `Editor CA ${suffix}`);
  const templateName = `edited-${suffix}`;

  await page.goto('/pki/manage/certificate-templates');
  await page.getByRole('link', { name: 'New certificate template' }).click();
  await expect(page).toHaveURL(/\/pki\/manage\/certificate-templates\/new$/);
  await expect(page.getByRole('heading', { name: 'New certificate template' })).toBeVisible();
  // A new template starts with one subject field, CN / CommonName, and YEARS.
  await expect(page.getByRole('combobox', { name: 'Subject field 1' })).toHaveValue('CN');
  await expect(page.getByRole('textbox', { name: 'Subject value 1' })).toHaveValue('CommonName');
  await expect(page.getByRole('combobox', { name: 'Validity units' })).toHaveValue('YEARS');
  await page.getByRole('textbox', { name: 'Template name' }).fill(templateName);
  await page.getByRole('combobox', { name: 'Class' }).selectOption('DEVICE');
  await page.getByRole('combobox', { name: 'Certificate authority' }).selectOption({ label: `Editor CA ${suffix}` });
  await page.getByRole('spinbutton', { name: 'Validity period' }).fill('90');
  await page.getByRole('combobox', { name: 'Validity units' }).selectOption('DAYS');
  await page.getByRole('checkbox', { name: 'TLS server auth (serverAuth)' }).check();
  await page.getByRole('checkbox', { name: 'TLS client auth (clientAuth)' }).check();
  await page.getByRole('button', { name: 'Add SAN field' }).click();
  await expect(page.getByRole('combobox', { name: 'SAN type 1' })).toHaveValue('DNS');
  await expect(page.getByRole('textbox', { name: 'SAN value 1' })).toHaveValue('DNS');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page).toHaveURL(/\/pki\/manage\/certificate-templates\/[0-9a-f-]{36}$/);
  const templateId = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { name: templateName })).toBeVisible();

  // Kept after a reload; then edited: 3 MONTHS, no clientAuth, key encipherment, a second subject field O.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Validity units' })).toHaveValue('DAYS');
  await expect(page.getByRole('spinbutton', { name: 'Validity period' })).toHaveValue('90');
  await expect(page.getByRole('checkbox', { name: 'TLS client auth (clientAuth)' })).toBeChecked();
  await page.getByRole('spinbutton', { name: 'Validity period' }).fill('3');
  await page.getByRole('combobox', { name: 'Validity units' }).selectOption('MONTHS');
  await page.getByRole('checkbox', { name: 'TLS client auth (clientAuth)' }).uncheck();
  await page.getByRole('checkbox', { name: 'key agreement (keyAgreement)' }).check();
  await page.getByRole('button', { name: 'Add subject field' }).click();
  await expect(page.getByRole('combobox', { name: 'Subject field 2' })).toHaveValue('CN');
  await page.getByRole('combobox', { name: 'Subject field 2' }).selectOption('O');
  await page.getByRole('textbox', { name: 'Subject value 2' }).fill('Organisation');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('The template was saved.');

  const saved = await (await page.request.get(`${baseURL}${P}/CertificateTemplate?id=${templateId}`)).json();
  expect(saved).toMatchObject({
    templateName,
    class: 'DEVICE',
    caId,
    validityPeriod: 3,
    validityPeriodUnits: 'MONTHS',
    keyUsages: ['digitalSignature', 'keyAgreement'],
    extendedKeyUsages: ['serverAuth'],
    certificateSubjects: [{ subjectField: 'CN', fieldValue: 'CommonName' }, { subjectField: 'O', fieldValue: 'Organisation' }],
    certificateSans: [{ sanField: 'DNS', fieldValue: 'DNS' }],
  });

  // A certificate issued under it carries the edited usages and validity.
  const cn = `edited-${suffix}.example.com`;
  const issued = await apiCall(page.request, baseURL!, 'POST', `${C}/SubmitDeviceCSR`, { templateId, csr: opensslCsr(cn) });
  expect(issued.status(), await issued.text()).toBe(200);
  const body = await issued.json();
  expect(body.status).toBe('complete');
  const text = execFileSync('openssl', ['x509', '-noout', '-text', '-dates'], { input: body.certificate, encoding: 'utf8' });
  expect(text).toMatch(/X509v3 Extended Key Usage:\s*\n\s*TLS Web Server Authentication\s*\n/);
  expect(text).toMatch(/X509v3 Key Usage: critical\s*\n\s*Digital Signature, Key Agreement/);
  const notBefore = new Date(/notBefore=(.+)/.exec(text)![1]!);
  const notAfter = new Date(/notAfter=(.+)/.exec(text)![1]!);
  const days = (notAfter.getTime() - notBefore.getTime()) / 86_400_000;
  expect(days).toBeGreaterThanOrEqual(88);
  expect(days).toBeLessThanOrEqual(93);
  // The list leads to the editor.
  await page.goto('/pki/manage/certificate-templates');
  await page.getByRole('row', { name: templateName }).getByRole('link', { name: templateName }).click();
  await expect(page).toHaveURL(new RegExp(`/pki/manage/certificate-templates/${templateId}$`));
});

test('ok/import an openssl CA with its key in the console, license a template for anonymous requests, refuse an unknown tenant, and issue from it', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const name = `Imported ${suffix}`;
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', `ca-${suffix}.key`, '-out', `ca-${suffix}.pem`, '-days', '365', '-subj', `/CN=${name}`, '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], { cwd: dir, stdio: 'pipe' });

  await page.goto('/pki/manage/certificate-authorities');
  await page.getByRole('button', { name: 'Import certificate authority' }).click();
  const form = page.getByRole('form', { name: 'Import a certificate authority' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'CA certificate (PEM)' }).fill(readFileSync(path.join(dir, `ca-${suffix}.pem`), 'utf8'));
  // A key that is not the certificate's is refused on its field.
  execFileSync('openssl', ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', `other-${suffix}.key`], { cwd: dir, stdio: 'pipe' });
  await form.getByRole('textbox', { name: 'Private key (PKCS#8 PEM)' }).fill(readFileSync(path.join(dir, `other-${suffix}.key`), 'utf8'));
  await form.getByRole('button', { name: 'Import certificate authority' }).click();
  await expect(form.getByText('privateKeyPem does not match the certificate')).toBeVisible();
  await form.getByRole('textbox', { name: 'Private key (PKCS#8 PEM)' }).fill(readFileSync(path.join(dir, `ca-${suffix}.key`), 'utf8'));
  await form.getByRole('button', { name: 'Import certificate authority' }).click();
  await expect(page).toHaveURL(/\/pki\/manage\/certificate-authorities\/[0-9a-f-]{36}$/);
  const caId = page.url().split('/').at(-1)!;
  const details = page.getByRole('table', { name: 'Certificate authority details' });
  await expect(details.getByRole('row', { name: /^Imported/ })).toContainText('yes');
  await expect(details.getByRole('row', { name: /^Subject/ })).toContainText(`CN=${name}`);

  // License a template of this CA (and anonymous requests for it) and the tenant.
  const templateName = `licensed-${suffix}`;
  const templateId = await makeTemplate(page.request, baseURL!, { templateName, class: 'DEVICE', caId, certificateSans: [{ sanField: 'DNS' }] });
  const tenantId = (await (await page.request.get(`${baseURL}/api/login`)).json()).tenant.id as string;
  await page.reload();
  await page.getByRole('checkbox', { name: `Licensed: ${templateName}` }).check();
  await page.getByRole('checkbox', { name: `Anonymous requests: ${templateName}` }).check();
  // A CA starts licensed to its own tenant; a tenant id that is none is refused on licensedTenants.
  await expect(page.getByRole('textbox', { name: /^Tenant id/ })).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Tenant id 1' })).toHaveValue(tenantId);
  await page.getByRole('button', { name: 'Add tenant' }).click();
  await page.getByRole('textbox', { name: 'Tenant id 2' }).fill('not-a-tenant');
  await page.getByRole('button', { name: 'Save licensing' }).click();
  await expect(page.getByText(/licensedTenants/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Remove tenant 2' }).click();
  await page.getByRole('button', { name: 'Save licensing' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('The licensing was saved.');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `Anonymous requests: ${templateName}` })).toBeChecked();
  await expect(page.getByRole('textbox', { name: /^Tenant id/ })).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Tenant id 1' })).toHaveValue(tenantId);
  const ca = await (await page.request.get(`${baseURL}${P}/CertificateAuthority?id=${caId}`)).json();
  expect(ca.licensedTemplates).toEqual([{ licensedTemplateId: templateId, enabled: true, anonymousEnabled: true, selfServiceEligible: false }]);
  expect(ca.licensedTenants).toEqual([{ tenantId, enabled: true }]);

  // The imported CA issues, and openssl verifies against the certificate it publishes at /pki/ca/{id}.crt.
  const cn = `imported-${suffix}.example.com`;
  const issued = await apiCall(page.request, baseURL!, 'POST', `${C}/SubmitDeviceCSR`, { templateId, csr: opensslCsr(cn) });
  expect(issued.status(), await issued.text()).toBe(200);
  const served = await page.request.get(`${baseURL}/pki/ca/${caId}.crt`);
  const caPem = execFileSync('openssl', ['x509', '-inform', 'DER'], { input: await served.body(), encoding: 'utf8' });
  writeFileSync(path.join(dir, 'served-ca.pem'), caPem);
  expect(execFileSync('openssl', ['verify', '-CAfile', path.join(dir, 'served-ca.pem')], { input: (await issued.json()).certificate, encoding: 'utf8' })).toContain('OK');
});
