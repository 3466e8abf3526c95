import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test, expect, ensureBootstrapped } from './fixtures';

// admin-console §2.2 "API keys" /apikey/manage (issue 11): an administrator creates a key in the
// console, sees its secret once, a CI job uses it from the `tessera` CLI with only TESSERA_API_KEY
// (no login, no profile), and after Revoke in the console the CLI is refused at once.
const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');

/** Runs the CLI as a CI job would: a fresh config folder (no profile) and only the key. */
async function tessera(args: string[], apiKey: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const configDir = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-cli-'));
  try {
    const { stdout, stderr } = await run('node', ['--import', 'tsx', 'cli/src/index.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: configDir, TESSERA_CONFIG_DIR: configDir, TESSERA_API_KEY: apiKey },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
}

test.beforeAll(async ({ request, baseURL }) => {
  await ensureBootstrapped(request, baseURL!);
});

test('ok/create a key in the console, use it from the CLI, revoke it in the console and see the CLI refused', async ({ adminPage: page, baseURL }) => {
  test.setTimeout(120_000);
  const name = `ci-e2e-${Date.now()}`;
  await page.goto('/apikey/manage');
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await page.getByRole('button', { name: 'New API key' }).click();
  const form = page.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Filter permissions').fill('ticket');
  await form.getByRole('checkbox', { name: 'ticketView' }).check();
  // Key management is never offered: a key cannot mint keys.
  await form.getByLabel('Filter permissions').fill('apiKey');
  await expect(form.getByRole('checkbox')).toHaveCount(0);
  await form.getByLabel('Expires after').selectOption('7');
  await form.getByRole('button', { name: 'Create key' }).click();

  const secretBox = page.getByRole('region', { name: 'New API key secret' });
  await expect(secretBox.getByText('it is not shown again')).toBeVisible();
  const secret = await secretBox.getByLabel('API key secret').inputValue();
  expect(secret).toMatch(/^tsk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  const row = page.getByRole('row', { name });
  await expect(row).toContainText('ticketView');
  await expect(row).toContainText('Never');
  await secretBox.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('region', { name: 'New API key secret' })).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  // The CLI with only the key: whoami shows the key's permissions; tickets list works.
  const whoami = await tessera(['whoami', '--server', baseURL!, '--json'], secret);
  expect(whoami.stderr).toBe('');
  expect(whoami.code).toBe(0);
  expect(JSON.parse(whoami.stdout)).toMatchObject({ username: 'admin', permission: { View: ['ticketView'] } });
  const list = await tessera(['tickets', 'list', '--server', baseURL!], secret);
  expect(list.code).toBe(0);
  expect(list.stdout).toMatch(/^ID\s+STATUS/);

  // The console shows the use.
  await page.reload();
  await expect(page.getByRole('row', { name })).not.toContainText('Never');

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('group', { name: `Confirm revoking ${name}` }).getByRole('button', { name: 'Confirm revoke' }).click();
  await expect(page.getByText(`API key '${name}' revoked`)).toBeVisible();
  await expect(page.getByRole('row', { name })).toHaveCount(0);

  const refused = await tessera(['tickets', 'list', '--server', baseURL!], secret);
  expect(refused.code).toBe(3);
  expect(refused.stderr).toContain('error: Not signed in');
});

test('fail/a name already used is refused on its field and creates nothing', async ({ adminPage: page, baseURL }) => {
  const name = `dup-${Date.now()}`;
  await page.goto('/apikey/manage');
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.getByRole('button', { name: 'New API key' }).click();
    const form = page.getByRole('form', { name: 'Create an API key' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Filter permissions').fill('ticketView');
    await form.getByRole('checkbox', { name: 'ticketView' }).check();
    await form.getByRole('button', { name: 'Create key' }).click();
    if (attempt === 0) await page.getByRole('region', { name: 'New API key secret' }).getByRole('button', { name: 'Done' }).click();
  }
  await expect(page.getByText(`An API key named '${name}' already exists`).first()).toBeVisible();
  const keys = (await (await page.request.get(`${baseURL}/api2/IDM-v1/ApiKeys`)).json()) as { name: string }[];
  expect(keys.filter((k) => k.name === name)).toHaveLength(1);
});
