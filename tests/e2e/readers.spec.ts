/**
 * signin §4 "Local security client" and §7: the console connects the local agent to the server, the
 * readers panel shows the virtual card, and removing and inserting the card (with the agent's own
 * `tessera-agent virtual-card` command) updates the panel within a second. PIN validation toasts.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { AGENT_E2E_PORT } from '../playwright.config';
import { apiCall, expect, test } from './fixtures';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');

async function virtualCard(action: 'insert' | 'remove'): Promise<void> {
  await run(process.execPath, [path.join(root, 'agent', 'bin', 'tessera-agent.mjs'), 'virtual-card', action, '--reader', '0'], {
    cwd: root,
    env: { ...process.env, TESSERA_AGENT_PORT: String(AGENT_E2E_PORT) },
  });
}

test('the readers panel shows the virtual card live and validates its PIN', async ({ adminPage: page }) => {
  await page.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), `http://127.0.0.1:${AGENT_E2E_PORT}`);
  await page.goto('/credentials/smartcards/cms');
  await expect(page.getByRole('heading', { name: 'Card readers' })).toBeVisible();
  await expect(page.getByTestId('agent-status')).toHaveText('Connected');

  const row = page.getByRole('row', { name: 'Tessera Virtual Reader 0' });
  await expect(row).toContainText('Card present');
  await expect(row).toContainText('PIV');
  await expect(row).toContainText(/3B8C8001/);
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+$/); // serial

  await virtualCard('remove');
  await expect(row).toContainText('No card', { timeout: 1000 });
  await virtualCard('insert');
  await expect(row).toContainText('Card present', { timeout: 1000 });
  await expect(row).toContainText('PIV', { timeout: 1000 });

  const pin = row.getByRole('textbox', { name: 'Card PIN for Tessera Virtual Reader 0' });
  await pin.fill('999999');
  await row.getByRole('button', { name: 'Validate PIN' }).click();
  // The server's 403 text: 'Incorrect PIN.' with the tries the card has left when it told them.
  await expect(row.getByRole('status')).toHaveText(/^Incorrect PIN\.( \d tries left\.)?$/);
  await pin.fill('12');
  await row.getByRole('button', { name: 'Validate PIN' }).click();
  await expect(row.getByRole('status')).toHaveText('PIN must be between 6-8 numbers');
  await pin.fill('123456');
  await row.getByRole('button', { name: 'Validate PIN' }).click();
  await expect(row.getByRole('status')).toHaveText('PIN validated successfully');

  // A reload connects again (the agent replaces its link) and the card is still shown.
  await page.reload();
  await expect(page.getByTestId('agent-status')).toHaveText('Connected');
  await expect(row).toContainText('Card present');
  await virtualCard('remove');
  await expect(row).toContainText('No card', { timeout: 1000 });
  await virtualCard('insert');
  await expect(row).toContainText('Card present', { timeout: 1000 });
});

// signin §3 pinRequirements, §5 "Card PIN requirements come from the server": the administrator's policy
// applies to the PIN field at once; a PIN it refuses never leaves the browser.
test('an administrator sets a 6-7 digit PIN policy (a PIV card takes 6 to 8) and the PIN field applies it before calling the agent', async ({ adminPage: page, baseURL }) => {
  const sentToCard: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/ValidatePin')) sentToCard.push(request.url());
  });
  await page.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), `http://127.0.0.1:${AGENT_E2E_PORT}`);
  try {
    await page.goto('/credentials/smartcards/cms');
    await expect(page.getByTestId('agent-status')).toHaveText('Connected');
    const policy = page.getByRole('form', { name: 'PIN policy' });
    await expect(page.getByTestId('pin-policy-current')).toHaveText('Current policy: 6–8 digits (default). Users see: “PIN must be between 6-8 numbers”');

    // A wrong form is refused in place, with the field named.
    await policy.getByLabel('Minimum length').fill('7');
    await policy.getByLabel('Maximum length').fill('6');
    await policy.getByRole('button', { name: 'Save' }).click();
    await expect(policy.getByText('The minimum length must not be greater than the maximum length.')).toBeVisible();

    // A policy no PIV card can meet (it takes 6 to 8 characters, SP 800-73-4) is refused in the form and by the server, with the same text.
    const pivRange = 'Enter a whole number from 6 to 8: a PIV card takes a PIN of 6 to 8 characters.';
    await policy.getByLabel('Minimum length').fill('4');
    await policy.getByLabel('Maximum length').fill('16');
    await policy.getByRole('button', { name: 'Save' }).click();
    await expect(policy.getByText(pivRange)).toHaveCount(2);
    await expect(policy.getByLabel('Maximum length')).toHaveAttribute('aria-invalid', 'true');
    const refused = await apiCall(page.request, baseURL!, 'PUT', '/api2/CMS-v2/PinRequirementsConfig', { minLength: 6, maxLength: 16, digitsOnly: true });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({ code: 'VALIDATION', field: 'maxLength', message: pivRange });
    await expect(page.getByTestId('pin-policy-current')).toHaveText('Current policy: 6–8 digits (default). Users see: “PIN must be between 6-8 numbers”');

    await policy.getByLabel('Minimum length').fill('6');
    await policy.getByLabel('Maximum length').fill('7');
    await policy.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('PIN policy saved')).toBeVisible();
    await expect(page.getByTestId('pin-policy-current')).toHaveText('Current policy: 6–7 digits. Users see: “PIN must be between 6-7 numbers”');

    const row = page.getByRole('row', { name: 'Tessera Virtual Reader 0' });
    await expect(row).toContainText('Card present');
    const pin = row.getByRole('textbox', { name: 'Card PIN for Tessera Virtual Reader 0' });
    await pin.fill('12345678');
    await row.getByRole('button', { name: 'Validate PIN' }).click();
    await expect(row.getByRole('status')).toHaveText('PIN must be between 6-7 numbers');
    await expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(sentToCard).toEqual([]);

    // The server answers the policy too (the relayed call the console uses).
    const answered = await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/GetPinRequirements', {});
    expect(await answered.json()).toEqual({ minLength: 6, maxLength: 7, digitsOnly: true, description: 'PIN must be between 6-7 numbers' });

    // A PIN the policy allows reaches the card (the virtual card's PIN is 123456).
    await pin.fill('123456');
    await row.getByRole('button', { name: 'Validate PIN' }).click();
    await expect(row.getByRole('status')).toHaveText('PIN validated successfully');
    expect(sentToCard).toHaveLength(1);

    await policy.getByRole('button', { name: 'Reset to default' }).click();
    await expect(page.getByText('PIN policy reset to the default')).toBeVisible();
    await expect(page.getByTestId('pin-policy-current')).toHaveText('Current policy: 6–8 digits (default). Users see: “PIN must be between 6-8 numbers”');
    await pin.fill('1234');
    await row.getByRole('button', { name: 'Validate PIN' }).click();
    await expect(row.getByRole('status')).toHaveText('PIN must be between 6-8 numbers');
    expect(sentToCard).toHaveLength(1);
  } finally {
    // Leave the tenant on the default for the other journeys, whatever happened above.
    await apiCall(page.request, baseURL!, 'DELETE', '/api2/CMS-v2/PinRequirementsConfig');
  }
});

test('the panel says how to start the security client when none runs', async ({ adminPage: page }) => {
  await page.addInitScript(() => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl: 'http://127.0.0.1:1' })));
  await page.goto('/credentials/smartcards/cms');
  await expect(page.getByText('Unable to connect to local CMS Client: Ensure that your security client is running.')).toBeVisible();
});
