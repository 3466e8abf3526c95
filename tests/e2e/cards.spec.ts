/**
 * signin §4 "Smartcard actions", §7 IssueCard, RevokeCard, ChangePin, CleanCard; admin-console §2.2 cms and
 * view/{smartcardId}: an administrator issues the virtual card in the agent's reader to a user from the cms
 * screen (the server drives the card through the agent; its progress steps show), views the card, revokes it,
 * changes its PIN and cleans it, then registers it, assigns it and unregisters it; the card list searched on the
 * server, a reissue with forceRevoke, suspend/resume on the card's page and its edit page; the card is factory-fresh again
 * for the other journeys.
 */
import { AGENT_E2E_PORT } from '../playwright.config';
import { apiCall, createUserWithPermissions, expect, test } from './fixtures';

const READER = 'Tessera Virtual Reader 0';

test('an administrator issues the card in a reader, views it, revokes it, changes its PIN and cleans it', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Card CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const caId = (await ca.json()).id as string;
  for (const templateName of [`card-auth-${suffix}`, `card-sign-${suffix}`]) {
    const res = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', { templateName, class: 'USER', caId, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['clientAuth'] });
    expect(res.status(), await res.text()).toBe(201);
  }
  const cardTemplate = await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CardTemplate', {
    name: `staff-${suffix}`,
    slots: [
      { slot: '9A', certificateTemplate: `card-auth-${suffix}`, keyType: 'P-256' },
      { slot: '9C', certificateTemplate: `card-sign-${suffix}`, keyType: 'P-256' },
    ],
    pin: { minLength: 8, maxLength: 8, digitsOnly: true },
  });
  expect(cardTemplate.status(), await cardTemplate.text()).toBe(201);
  const holder = await createUserWithPermissions(page.request, baseURL!, ['selfServicePortal']);

  const sockets: string[] = [];
  const posts: string[] = [];
  page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname));
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  await page.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), `http://127.0.0.1:${AGENT_E2E_PORT}`);
  await page.goto('/credentials/smartcards/cms');
  await expect(page.getByTestId('agent-status')).toHaveText('Connected');
  const row = page.getByRole('row', { name: READER });
  await expect(row).toContainText('PIV');
  const serial = (await row.getByRole('cell').nth(2).textContent())!.trim();
  expect(serial).toMatch(/^\d+$/);

  const form = page.getByRole('form', { name: 'Card action' });
  const status = page.getByTestId('card-action-status');
  try {
    // Issue: the template's PIN rule applies in the form; then the server drives the card and its steps show.
    await form.getByLabel('Username', { exact: true }).fill(holder.username);
    await form.getByLabel('Card template').selectOption({ label: `staff-${suffix}` });
    await form.getByLabel('PIN', { exact: true }).fill('123456');
    await form.getByRole('button', { name: 'Issue card' }).click();
    await expect(form.getByText('PIN must be between 8-8 numbers').first()).toBeVisible();
    await form.getByLabel('PIN', { exact: true }).fill('24681357');
    await form.getByRole('button', { name: 'Issue card' }).click();
    await expect(status).toHaveText('Smartcard issued successfully!', { timeout: 60_000 });
    const progress = page.getByRole('list', { name: 'Progress' });
    await expect(progress).toContainText('Card read');
    await expect(progress).toContainText('Certificates issued');
    await expect(progress).toContainText('Certificates written to the card');
    await expect(progress).toContainText('Done');
    // The issue ran over IssueCardStream, not the HTTP call.
    expect(sockets).toContain('/api2/CMS-v2/IssueCardStream');
    expect(posts.filter((p) => p.endsWith('/IssueCard'))).toEqual([]);
    await expect(page.getByRole('row', { name: `Card ${serial}` })).toContainText('issued');
    await expect(page.getByRole('row', { name: `Card ${serial}` })).toContainText(`staff-${suffix}`);

    // The card list is searched on the server: by the serial, then by something no card holds.
    const search = page.getByRole('search', { name: 'Search smartcards' });
    await search.getByRole('textbox', { name: 'Search' }).fill(serial);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('table', { name: 'Smartcards' }).getByRole('row', { name: `Card ${serial}` })).toBeVisible();
    await search.getByRole('textbox', { name: 'Search' }).fill(`none-${suffix}`);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('table', { name: 'Smartcards' })).toContainText('No smartcards');
    await search.getByRole('textbox', { name: 'Search' }).fill('');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('row', { name: `Card ${serial}` })).toContainText('issued');

    // Reissue: the holder's PIN, new keys and certificates on the card, the old ones revoked (superseded).
    const before = await (await page.request.get(`${baseURL}/api2/CMS-v2/Smartcards?search=${serial}`)).json();
    const oldCertId = before.smartcards[0].certificates[0].certId as string;
    await form.getByLabel('Reissue').check();
    await form.getByLabel('Card PIN').fill('24681357');
    await form.getByLabel('Revoke the old certificates').check();
    await form.getByRole('button', { name: 'Reissue card' }).click();
    await expect(status).toHaveText('Certificate renewed successfully!', { timeout: 60_000 });
    const oldDetails = await page.request.get(`${baseURL}/api2/Certificates-v1/Certificate?${new URLSearchParams({ certId: oldCertId }).toString()}`);
    expect((await oldDetails.json()).status).toBe('revoked');
    const after = await (await page.request.get(`${baseURL}/api2/CMS-v2/Smartcards?search=${serial}`)).json();
    expect(after.smartcards[0].certificates[0].certId).not.toBe(oldCertId);

    // View.
    await page.getByRole('link', { name: 'View the card' }).click();
    await expect(page).toHaveURL(/\/credentials\/smartcards\/view\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('card-serial')).toHaveText(serial);
    await expect(page.getByTestId('card-status')).toHaveText('issued');
    await expect(page.getByTestId('card-card-template')).toHaveText(`staff-${suffix}`);
    const certificates = page.getByRole('table', { name: 'Certificates' });
    await expect(certificates.getByRole('rowheader')).toHaveText(['9A', '9C']);
    const cardId = page.url().split('/').at(-1)!;

    // Suspend with a reason: the certificates go on hold; resume releases them.
    const firstCertId = (await (await page.request.get(`${baseURL}/api2/CMS-v2/Smartcard?id=${cardId}`)).json()).certificates[0].certId as string;
    const certStatus = async () => (await (await page.request.get(`${baseURL}/api2/Certificates-v1/Certificate?${new URLSearchParams({ certId: firstCertId }).toString()}`)).json()).status;
    await page.getByLabel('Reason for the suspension').fill('left at home');
    await page.getByRole('button', { name: 'Suspend card' }).click();
    await expect(page.getByTestId('card-change-status')).toHaveText('Smartcard suspended');
    await expect(page.getByTestId('card-status')).toHaveText('suspended');
    await expect(page.getByTestId('card-suspended')).toContainText('left at home');
    expect(await certStatus()).toBe('revoked');
    await page.getByRole('button', { name: 'Resume card' }).click();
    await expect(page.getByTestId('card-change-status')).toHaveText('Smartcard resumed');
    await expect(page.getByTestId('card-status')).toHaveText('issued');
    expect(await certStatus()).toBe('issued');

    // Edit: mark it a temporary card; the record keeps it.
    await page.getByRole('link', { name: 'Edit the card' }).click();
    await expect(page).toHaveURL(new RegExp(`/credentials/smartcards/edit/${cardId}$`));
    const edit = page.getByRole('form', { name: 'Edit smartcard' });
    await expect(edit.getByTestId('edit-card-serial')).toHaveText(`${serial} (issued)`);
    await edit.getByLabel('Temporary card').check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('card-edit-status')).toHaveText('Smartcard updated');
    expect((await (await page.request.get(`${baseURL}/api2/CMS-v2/Smartcard?id=${cardId}`)).json()).extensions.temporary_card).toBe(true);
    await page.getByRole('link', { name: 'Back to the card' }).click();
    await expect(page.getByTestId('card-status')).toHaveText('issued');

    // Revoke: the certificates are revoked at the PKI and the record says so.
    await page.getByRole('button', { name: 'Revoke card' }).click();
    await expect(page.getByTestId('card-revoke-status')).toHaveText('Smartcard revoked');
    await expect(page.getByTestId('card-status')).toHaveText('revoked');
    await expect(page.getByRole('button', { name: 'Revoke card' })).toHaveCount(0);
    const record = await (await page.request.get(`${baseURL}/api2/CMS-v2/Smartcard?id=${cardId}`)).json();
    expect(record.status).toBe('revoked');
    const certificate = record.certificates[0];
    const details = await page.request.get(`${baseURL}/api2/Certificates-v1/Certificate?${new URLSearchParams({ certId: certificate.certId }).toString()}`);
    expect(details.status()).toBe(200);
    expect((await details.json()).status).toBe('revoked');

    // Change PIN on the card: a wrong current PIN is refused by the card, the right one changes it.
    await page.getByRole('link', { name: 'Back to card readers' }).click();
    await expect(page.getByTestId('agent-status')).toHaveText('Connected');
    // The panel links the agent again; its reader snapshot says the new link is up.
    await expect(row).toContainText('PIV');
    await form.getByLabel('Change PIN').check();
    await form.getByLabel('Current PIN').fill('11112222');
    await form.getByLabel('New PIN').fill('13572468');
    await form.getByRole('button', { name: 'Change PIN card' }).click();
    await expect(status).toHaveText(/^Could not change card PIN\. Incorrect PIN provided\.( \d tries left\.)?$/, { timeout: 30_000 });
    await form.getByLabel('Current PIN').fill('24681357');
    await form.getByLabel('New PIN').fill('13572468');
    await form.getByRole('button', { name: 'Change PIN card' }).click();
    await expect(status).toHaveText('Successfully changed PIN', { timeout: 30_000 });
    await expect(page.getByRole('list', { name: 'Progress' })).toContainText('PIN changed on the card');

    // Clean: the card is wiped and forgotten; the record leaves the list.
    await form.getByLabel('Clean').check();
    await form.getByRole('button', { name: 'Clean card' }).click();
    await expect(status).toHaveText('Smartcard cleaned', { timeout: 60_000 });
    await expect(page.getByRole('row', { name: `Card ${serial}` })).toHaveCount(0);
    expect((await page.request.get(`${baseURL}/api2/CMS-v2/Smartcard?id=${cardId}`)).status()).toBe(404);

    // Register (over RegisterCardStream), assign to the holder on the card's page, then unregister.
    await form.getByLabel('Register').check();
    await form.getByRole('button', { name: 'Register card' }).click();
    await expect(status).toHaveText('Registered Smartcard', { timeout: 30_000 });
    expect(sockets).toContain('/api2/CMS-v2/RegisterCardStream');
    await expect(page.getByRole('row', { name: `Card ${serial}` })).toContainText('registered');
    await page.getByRole('link', { name: 'View the card' }).click();
    await expect(page.getByTestId('card-status')).toHaveText('registered');
    const assign = page.getByRole('form', { name: 'Assign card' });
    await assign.getByLabel('Username', { exact: true }).fill(holder.username);
    await assign.getByLabel('Card template').selectOption({ label: `staff-${suffix}` });
    await assign.getByRole('button', { name: 'Assign card' }).click();
    await expect(page.getByTestId('card-status')).toHaveText('assigned');
    await expect(page.getByTestId('card-change-status')).toHaveText('Smartcard assigned');
    await page.getByRole('button', { name: 'Unregister card' }).click();
    await expect(page.getByTestId('card-change-status')).toHaveText('Smartcard unregistered successfully');
    const registeredId = page.url().split('/').at(-1)!;
    expect((await page.request.get(`${baseURL}/api2/CMS-v2/Smartcard?id=${registeredId}`)).status()).toBe(404);
  } finally {
    // Leave the card factory-fresh (PIN 123456) for the readers journey, whatever happened above.
    await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CleanCard', { card_id: { readerName: READER } });
  }
});
