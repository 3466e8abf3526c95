/**
 * signin §7 IssueVSC, IssueTemporaryCard, TemporarilyReplacedBy, TemporarilyReplaces; §8 'VSC issued successfully!'
 * (issue 15): on the cms screen an administrator issues a virtual smart card to a user (the agent makes it and keeps
 * it encrypted; it shows as a reader of its own), then issues the card in the agent's virtual reader as a temporary
 * card replacing that VSC for 3 days; the temporary card's page links to the card it replaces and says until when,
 * and the replaced card's page, now suspended, links back. The physical card is cleaned afterwards.
 */
import { AGENT_E2E_PORT } from '../playwright.config';
import { apiCall, createUserWithPermissions, expect, test } from './fixtures';

const READER = 'Tessera Virtual Reader 0';

test('an administrator issues a VSC, then a temporary card replacing it, and sees both links', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Temporary CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const caId = (await ca.json()).id as string;
  const certificateTemplate = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', { templateName: `temp-auth-${suffix}`, class: 'USER', caId, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['clientAuth'] });
  expect(certificateTemplate.status(), await certificateTemplate.text()).toBe(201);
  const cardTemplate = await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CardTemplate', {
    name: `temp-${suffix}`,
    slots: [{ slot: '9A', certificateTemplate: `temp-auth-${suffix}`, keyType: 'P-256' }],
    pin: { minLength: 8, maxLength: 8, digitsOnly: true },
  });
  expect(cardTemplate.status(), await cardTemplate.text()).toBe(201);
  const holder = await createUserWithPermissions(page.request, baseURL!, ['selfServicePortal']);

  await page.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), `http://127.0.0.1:${AGENT_E2E_PORT}`);
  await page.goto('/credentials/smartcards/cms');
  await expect(page.getByTestId('agent-status')).toHaveText('Connected');
  await expect(page.getByRole('row', { name: READER })).toContainText('PIV');

  try {
    // A VSC for the holder: the template's PIN rule first, then the agent makes the card and the server issues it.
    const vscForm = page.getByRole('form', { name: 'Virtual smart card' });
    await vscForm.getByLabel('Username', { exact: true }).fill(holder.username);
    await vscForm.getByLabel('Card template').selectOption({ label: `temp-${suffix}` });
    await vscForm.getByLabel('PIN', { exact: true }).fill('1234');
    await vscForm.getByRole('button', { name: 'Issue VSC' }).click();
    await expect(vscForm.getByText('PIN must be between 8-8 numbers').first()).toBeVisible();
    await vscForm.getByLabel('PIN', { exact: true }).fill('24681357');
    await vscForm.getByRole('button', { name: 'Issue VSC' }).click();
    await expect(page.getByTestId('vsc-status')).toHaveText('VSC issued successfully!', { timeout: 60_000 });
    // The VSC's steps as IssueVSCStream reported them (the server follows the reader the agent made).
    const vscSteps = page.getByRole('list', { name: 'VSC progress' });
    for (const step of ['Card read', 'PIN, PUK and keys set on the card', 'Certificates issued', 'Certificates written to the card']) await expect(vscSteps).toContainText(step);
    const vscHref = await page.getByRole('link', { name: 'View the VSC' }).getAttribute('href');
    const vscId = vscHref!.split('/').at(-1)!;
    const vsc = await (await page.request.get(`${baseURL}/api2/CMS-v2/Smartcard?id=${vscId}`)).json();
    expect(vsc).toMatchObject({ status: 'issued', cardType: 'VSC' });
    // The agent holds it in a reader of its own.
    await expect(page.getByRole('row', { name: `Tessera VSC ${vsc.serialNumber}` })).toContainText('PIV');

    // A temporary card in the virtual reader, replacing the VSC for 3 days.
    const tempForm = page.getByRole('form', { name: 'Temporary card' });
    await expect(tempForm.getByLabel('Reader')).toHaveValue(READER);
    await tempForm.getByLabel('Username', { exact: true }).fill(holder.username);
    await tempForm.getByRole('button', { name: "Find the user's cards" }).click();
    await expect(tempForm.getByLabel('Card to replace')).toHaveValue(vscId);
    await expect(tempForm.getByRole('option', { name: `${vsc.serialNumber} (issued)` })).toBeAttached();
    await tempForm.getByLabel('Card template').selectOption({ label: `temp-${suffix}` });
    await tempForm.getByLabel('PIN', { exact: true }).fill('13572468');
    // Nothing set for the tenant: unlimited by default (fallback 0 with unlimited).
    await expect(tempForm.getByLabel('Unlimited')).toBeChecked();
    await tempForm.getByLabel('Unlimited').uncheck();
    await tempForm.getByLabel('Validity (days)').fill('3');
    await tempForm.getByRole('button', { name: 'Issue temporary card' }).click();
    await expect(page.getByTestId('temporary-card-status')).toHaveText('Temporary card issued', { timeout: 60_000 });
    // Issued over IssueTemporaryCardStream: the card's steps showed.
    await expect(page.getByRole('list', { name: 'temporary card progress' })).toContainText('Certificates written to the card');
    await expect(page.getByRole('list', { name: 'temporary card progress' })).toContainText('Done');

    // Its page: the card it replaces, and until when.
    await page.getByRole('link', { name: 'View the temporary card' }).click();
    await expect(page).toHaveURL(/\/credentials\/smartcards\/view\/[0-9a-f-]{36}$/);
    const temporaryId = page.url().split('/').at(-1)!;
    await expect(page.getByTestId('card-status')).toHaveText('issued');
    await expect(page.getByTestId('card-replaces')).toHaveText(`${vsc.serialNumber} (suspended)`);
    const record = await (await page.request.get(`${baseURL}/api2/CMS-v2/Smartcard?id=${temporaryId}`)).json();
    const expiresAt = Date.parse(record.extensions.temporary_card_expires_at as string);
    expect(Math.abs(expiresAt - (Date.now() + 3 * 86_400_000))).toBeLessThan(10 * 60_000);
    await expect(page.getByTestId('card-temporary-until')).not.toHaveText('Unlimited');
    await expect(page.getByTestId('card-temporary-until')).toContainText(String(new Date(expiresAt).getFullYear()));

    // The replaced card's page: suspended, and linked back to the temporary card.
    await page.getByTestId('card-replaces').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/credentials/smartcards/view/${vscId}$`));
    await expect(page.getByTestId('card-status')).toHaveText('suspended');
    await expect(page.getByTestId('card-replaced-by')).toHaveText(`${record.serialNumber} (issued)`);
    await expect(page.getByTestId('card-suspended')).toContainText(`Temporarily replaced by card ${record.serialNumber}`);

    // The temporary card's expiry moved on its edit page: a past date is refused with admin-console §8's text, then unlimited.
    await page.goto(`/credentials/smartcards/edit/${temporaryId}`);
    const expiryForm = page.getByRole('form', { name: 'Temporary card expiry' });
    await expiryForm.getByLabel('Expires at').fill('2020-01-01T09:00');
    await expiryForm.getByRole('button', { name: 'Update expiry' }).click();
    await expect(page.getByTestId('card-edit-status')).toContainText('An error occurred while sending request to update smartcard expiry');
    await expiryForm.getByLabel('Unlimited').check();
    await expiryForm.getByRole('button', { name: 'Update expiry' }).click();
    await expect(page.getByTestId('card-edit-status')).toHaveText('Smartcard expiry updated');
    const unlimited = await (await page.request.get(`${baseURL}/api2/CMS-v2/Smartcard?id=${temporaryId}`)).json();
    expect(unlimited.extensions.temporary_card_expires_at).toBeNull();
  } finally {
    // Leave the virtual reader's card factory-fresh for the other journeys.
    await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CleanCard', { card_id: { readerName: READER } });
  }
});
