/**
 * signin §4 "Local security client" and §7: the console connects the local agent to the server, the
 * readers panel shows the virtual card, and removing and inserting the card (with the agent's own
 * `tessera-agent virtual-card` command) updates the panel within a second. PIN validation toasts.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { AGENT_E2E_PORT } from '../playwright.config';
import { expect, test } from './fixtures';

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
  await expect(row.getByRole('status')).toHaveText('Incorrect PIN.');
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

test('the panel says how to start the security client when none runs', async ({ adminPage: page }) => {
  await page.addInitScript(() => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl: 'http://127.0.0.1:1' })));
  await page.goto('/credentials/smartcards/cms');
  await expect(page.getByText('Unable to connect to local CMS Client: Ensure that your security client is running.')).toBeVisible();
});
