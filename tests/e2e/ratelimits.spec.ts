import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RateLimitConfig, RateLimitStatus } from '@tessera/domain';
import { test, expect, ensureBootstrapped, apiCall, apiLogin, createUserWithPermissions } from './fixtures';

// admin-console §2.2 `/monitor/api-Rates`, §2.3, §3, §9 and signin §8 (issue 14): an operator applies a
// rate-limit file with the `tessera` CLI (an API key, as a pipeline would), a signed-in viewer sees the
// rules by layer and stage, trips the tight rule from the console and gets the 429 toast. The tight rule
// is scoped to a user made for this test (tenant layer, that user's id), and the original config is
// applied again at the end, so no other spec is throttled.
const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');
const STATUS_PATH = '/api2/Monitoring-v1/RateLimitStatus';

/** Runs the CLI with only an API key and a fresh config folder. */
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

test('ok/apply a file with the CLI, see the rules on /monitor/api-Rates, trip the tight rule and see the toast', async ({ adminPage, browser, baseURL }) => {
  test.setTimeout(180_000);
  const key = await apiCall(adminPage.request, baseURL!, 'POST', '/api2/IDM-v1/ApiKeys', { name: `rates-e2e-${Date.now()}`, permissions: ['rateLimitEdit'], expiresInDays: 7 });
  expect(key.status(), await key.text()).toBe(201);
  const secret = ((await key.json()) as { secret: string }).secret;
  const viewer = await createUserWithPermissions(adminPage.request, baseURL!, ['ticketView']);

  const exported = await tessera(['rate-limits', 'export', '--json', '--server', baseURL!], secret);
  expect(exported.stderr).toBe('');
  expect(exported.code).toBe(0);
  const original = JSON.parse(exported.stdout) as RateLimitConfig;
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-rates-'));
  const originalFile = path.join(dir, 'original.json');
  writeFileSync(originalFile, JSON.stringify(original));

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  try {
    const login = (await apiLogin(page, baseURL!, viewer.username, viewer.password)) as { viewer?: { id: string } };
    const viewerInfo = { id: login.viewer?.id ?? '' };
    expect(viewerInfo.id).toMatch(/\S/);
    // The tight rule: this viewer may read the counters once a minute, no burst.
    const tight = { tenantId: '*', userId: viewerInfo.id, method: 'GET', endpoint: STATUS_PATH, periodSeconds: 60, rate: 1, burst: -1, maxDataBytes: -1 };
    const others = original.layerRules.filter((g) => !(g.layer === 0 && g.stage === 1));
    const tenantGeneral = original.layerRules.find((g) => g.layer === 0 && g.stage === 1)?.rules ?? [];
    const applied: RateLimitConfig = { layerRules: [...others, { layer: 0, stage: 1, rules: [...tenantGeneral, tight] }].sort((a, b) => a.layer - b.layer || a.stage - b.stage) };
    const file = path.join(dir, 'limits.json');
    writeFileSync(file, JSON.stringify(applied));
    const dry = await tessera(['rate-limits', 'apply', file, '--dry-run', '--server', baseURL!], secret);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('(dry run, nothing applied)');
    const apply = await tessera(['rate-limits', 'apply', file, '--server', baseURL!], secret);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/^Applied \d+ rules/);

    await page.goto('/monitor/api-Rates');
    await expect(page.getByRole('heading', { level: 1, name: 'API rate limits' })).toBeVisible();
    // Read-only for a viewer without rateLimitEdit.
    await expect(page.getByText('Read only: editing needs the rateLimitEdit permission.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit rules' })).toHaveCount(0);
    const tenantTable = page.getByRole('table', { name: 'Tenant layer (0), General limit (stage 1)' });
    const row = tenantTable.getByRole('row').filter({ hasText: STATUS_PATH });
    await expect(row).toContainText(viewerInfo.id);
    await expect(row).toContainText('GET');
    // The management layers are listed too (the seeded per-address and per-user rules).
    for (const group of original.layerRules.filter((g) => g.layer !== 0 && g.rules.length > 0)) {
      const name = `Management layer ${group.layer}, ${group.stage === 0 ? 'IP limit (stage 0)' : `General limit (stage ${group.stage})`}`;
      await expect(page.getByRole('table', { name })).toBeVisible();
    }
    // The first read of the counters was allowed; the page polls again within seconds and is refused.
    await expect(row.getByRole('img', { name: /Requests per minute/ })).toBeVisible();
    await expect(page.getByText('Too Many Requests', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("You're making too many requests too quickly! Please slow down.")).toBeVisible();

    // The refusal is counted for that rule.
    const status = await tessera(['rate-limits', 'status', '--json', '--server', baseURL!], secret);
    expect(status.code, status.stderr).toBe(0);
    const counted = (JSON.parse(status.stdout) as RateLimitStatus).rules.find((r) => r.layer === 0 && r.rule.userId === viewerInfo.id);
    expect(counted).toMatchObject({ allowed: 1 });
    expect(counted!.refused).toBeGreaterThanOrEqual(1);
  } finally {
    await context.close();
    const restored = await tessera(['rate-limits', 'apply', originalFile, '--server', baseURL!], secret);
    rmSync(dir, { recursive: true, force: true });
    expect(restored.code, restored.stderr).toBe(0);
  }
  const after = await tessera(['rate-limits', 'export', '--json', '--server', baseURL!], secret);
  expect(JSON.parse(after.stdout)).toEqual(original);
});

test('fail/an edit the server refuses is shown at the rule and field it names, and nothing changes', async ({ adminPage: page, baseURL }) => {
  const before = await (await page.request.get(`${baseURL}/api2/Monitoring-v1/RateLimitConfig`)).json();
  await page.goto('/monitor/api-Rates');
  await page.getByRole('button', { name: 'Edit rules' }).click();
  const rate = page.getByLabel('Rate, Management layer 1, IP limit (stage 0), rule 1', { exact: true });
  await rate.fill('-5');
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(rate).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await rate.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toContainText(/rate/i);
  await expect(page.getByText('The rate-limit rules were not saved')).toBeVisible();
  expect(await (await page.request.get(`${baseURL}/api2/Monitoring-v1/RateLimitConfig`)).json()).toEqual(before);
});
