/**
 * admin-console §2.2 Smartcards "suspensions and reports" [smartcardSuspendedReport] (issue 15): an administrator
 * issues the virtual card in the agent's reader, sees its record and the certificates on it on the readers page
 * (CardDetails, ReadCertStore through the agent), suspends it from the card's page, finds it on the suspensions page
 * (searched on the server) with who suspended it and why, resumes it there; the reports page counts the tenant's
 * cards by status and template, charts the cards issued per week and lists the card among those expiring (its
 * certificates last 30 days). The card is factory-fresh again for the other journeys.
 */
import { AGENT_E2E_PORT } from '../playwright.config';
import { apiCall, createUserWithPermissions, expect, test } from './fixtures';

const READER = 'Tessera Virtual Reader 0';

test('a suspended card shows on the suspensions page and resumes there; the reports page counts and charts the cards', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Report CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const caId = (await ca.json()).id as string;
  const certTemplate = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', { templateName: `report-auth-${suffix}`, class: 'USER', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', extendedKeyUsages: ['clientAuth'] });
  expect(certTemplate.status(), await certTemplate.text()).toBe(201);
  const cardTemplate = await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CardTemplate', { name: `report-${suffix}`, slots: [{ slot: '9A', certificateTemplate: `report-auth-${suffix}`, keyType: 'P-256' }], pin: { minLength: 8, maxLength: 8, digitsOnly: true } });
  expect(cardTemplate.status(), await cardTemplate.text()).toBe(201);
  const holder = await createUserWithPermissions(page.request, baseURL!, ['selfServicePortal']);

  await page.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), `http://127.0.0.1:${AGENT_E2E_PORT}`);
  await page.goto('/credentials/smartcards/cms');
  await expect(page.getByTestId('agent-status')).toHaveText('Connected');
  const row = page.getByRole('row', { name: READER });
  await expect(row).toContainText('PIV');
  const serial = (await row.getByRole('cell').nth(2).textContent())!.trim();
  const form = page.getByRole('form', { name: 'Card action' });
  try {
    await form.getByLabel('Username', { exact: true }).fill(holder.username);
    await form.getByLabel('Card template').selectOption({ label: `report-${suffix}` });
    await form.getByLabel('PIN', { exact: true }).fill('24681357');
    await form.getByRole('button', { name: 'Issue card' }).click();
    await expect(page.getByTestId('card-action-status')).toHaveText('Smartcard issued successfully!', { timeout: 60_000 });

    // The readers page: the inserted card's record (CardDetails) and the certificates read from it (ReadCertStore
    // through the agent), each matched against the server's record.
    const inserted = page.getByRole('group', { name: `Card in ${READER}` });
    await inserted.getByRole('button', { name: 'Card details' }).click();
    await expect(inserted.getByTestId('inserted-card-user')).toHaveText(holder.username, { timeout: 30_000 });
    await expect(inserted.getByTestId('inserted-card-template')).toHaveText(`report-${suffix}`);
    await expect(inserted.getByTestId('inserted-card-status')).toHaveText('issued');
    const onCard = inserted.getByRole('table', { name: 'Certificates on card' }).getByRole('row', { name: /9A/ });
    await expect(onCard).toContainText(`Report CA ${suffix}`);
    await expect(onCard.getByRole('cell').last()).toHaveText('Yes');

    // Suspend from the card's page.
    await page.getByRole('link', { name: 'View the card' }).click();
    await expect(page.getByTestId('card-serial')).toHaveText(serial);
    await page.getByLabel('Reason for the suspension').fill(`lost ${suffix}`);
    await page.getByRole('button', { name: 'Suspend card' }).click();
    await expect(page.getByTestId('card-status')).toHaveText('suspended');

    // The suspensions page: searched on the server, the card with its user, template, who and why.
    await page.goto('/credentials/smartcards/suspensions');
    await expect(page.getByRole('heading', { name: 'Suspended smartcards' })).toBeVisible();
    const search = page.getByRole('search', { name: 'Search suspended cards' });
    await search.getByRole('textbox').fill(`lost ${suffix}`);
    await search.getByRole('button', { name: 'Search' }).click();
    const suspended = page.getByRole('table', { name: 'Suspended cards' }).getByRole('row', { name: new RegExp(serial) });
    await expect(suspended).toContainText(holder.username);
    await expect(suspended).toContainText(`report-${suffix}`);
    await expect(suspended).toContainText('admin');
    await expect(suspended).toContainText(`lost ${suffix}`);
    await expect(page.getByText('1 suspended card', { exact: true })).toBeVisible();

    // The reports page while it is suspended: counted, charted, and listed as expiring (30-day certificates).
    await page.goto('/credentials/smartcards/reports');
    await expect(page.getByRole('heading', { name: 'Smartcard reports' })).toBeVisible();
    const byStatus = page.getByRole('table', { name: 'Cards by status' });
    await expect(byStatus.getByRole('row', { name: /suspended/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Cards by template' }).getByRole('row', { name: new RegExp(`report-${suffix}`) })).toContainText('1');
    const chart = page.getByRole('img', { name: 'Cards issued per week' });
    await expect(chart.locator('rect')).toHaveCount(12);
    expect(Number(await chart.locator('rect').last().getAttribute('height'))).toBeGreaterThan(0);
    await expect(page.getByRole('table', { name: 'Cards expiring' }).getByRole('row', { name: new RegExp(serial) })).toContainText(holder.username);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe('cards-expiring.csv');

    // Resume on the suspensions page: the card leaves the list and is issued again.
    await page.goto('/credentials/smartcards/suspensions');
    await page.getByRole('search', { name: 'Search suspended cards' }).getByRole('textbox').fill(`lost ${suffix}`);
    await page.getByRole('search', { name: 'Search suspended cards' }).getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Resume ${serial}` }).click();
    await expect(page.getByRole('status')).toHaveText(`Card ${serial} resumed (issued)`);
    await expect(page.getByRole('table', { name: 'Suspended cards' })).toContainText('No suspended cards');
    const card = (await (await page.request.get(`${baseURL}/api2/CMS-v2/Smartcards?search=${serial}`)).json()).smartcards[0];
    expect(card.status).toBe('issued');
  } finally {
    await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CleanCard', { card_id: { readerName: READER } });
  }
});
