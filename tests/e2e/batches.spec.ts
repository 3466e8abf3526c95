/**
 * Issue 16, admin-console §2.2 `batchPrintStatus/{id}`, signin §7 AddBatch/PrintBatch, §9 batch print status ping
 * every 3 s. An agent of its own (2 virtual readers; the virtual printer's encoder is reader 1, fed a fresh virtual
 * card on each insert) is linked to the administrator's session from the readers page; a batch of 3 users is added
 * and printed, and its status page follows it card by card to the end (polled every 3 s, and pushed on the session's
 * stream), then offers the batch file as CSV; the batch files screen (`batchfiles/download`) finds the batch on the
 * server and downloads its CSV.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAIN_PORT } from '../playwright.config';
import { apiCall, expect, test } from './fixtures';

const root = path.resolve(__dirname, '..', '..');
const AGENT_PORT = MAIN_PORT + 104;
const ENCODER = 'Tessera Virtual Reader 1';

let agent: ChildProcess | null = null;
let printed = '';

test.beforeAll(async () => {
  printed = mkdtempSync(path.join(os.tmpdir(), 'tessera-e2e-batch-'));
  agent = spawn(process.execPath, [path.join(root, 'agent', 'bin', 'tessera-agent.mjs')], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      TESSERA_AGENT_PORT: String(AGENT_PORT),
      TESSERA_AGENT_ORIGINS: `http://127.0.0.1:${MAIN_PORT}`,
      TESSERA_AGENT_READERS: 'virtual',
      TESSERA_AGENT_VIRTUAL_READERS: '2',
      TESSERA_AGENT_PRINTER_READER: '1',
      TESSERA_AGENT_PRINTER_DIR: printed,
    },
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${AGENT_PORT}/version`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the agent did not start');
});
test.afterAll(() => {
  agent?.kill();
  rmSync(printed, { recursive: true, force: true });
});

test("follow a batch's print status page to the end", async ({ adminPage: page, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const ca = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateAuthority', { friendlyName: `Batch CA ${suffix}`, keyAlgorithm: 'P-256' });
  expect(ca.status(), await ca.text()).toBe(201);
  const certTemplate = await apiCall(page.request, baseURL!, 'POST', '/api2/PKI-v1/CertificateTemplate', { templateName: `batch-auth-${suffix}`, class: 'USER', caId: (await ca.json()).id, keyTypes: ['EC_NIST'], validityPeriod: 1 });
  expect(certTemplate.status(), await certTemplate.text()).toBe(201);
  const template = await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/CardTemplate', { name: `batch-${suffix}`, slots: [{ slot: '9A', certificateTemplate: `batch-auth-${suffix}`, keyType: 'P-256' }], pin: { minLength: 8, maxLength: 8, digitsOnly: true } });
  expect(template.status(), await template.text()).toBe(201);
  const cardTemplateId = (await template.json()).cardTemplateId as string;
  const layout = { front: { background: { color: '#ffffff' }, elements: [{ type: 'text', source: { field: 'userName' }, x: 4, y: 4, fontSize: 5 }] } };
  expect((await apiCall(page.request, baseURL!, 'PUT', '/api2/CMS-v2/CardLayout', { templateId: cardTemplateId, layout })).status()).toBe(200);
  const users: { cardTemplateId: string; userId: string; userDn: string }[] = [];
  for (const n of [1, 2, 3]) {
    const username = `batch${n}-${suffix}`;
    const created = await apiCall(page.request, baseURL!, 'POST', '/api2/IDM-v1/User', { username, emailAddress: `${username}@acme.example`, givenName: `Batch${n}`, familyName: 'Person', password: `pw-${suffix}-Long-enough-1`, roleIds: [] });
    expect(created.status(), await created.text()).toBe(201);
    users.push({ cardTemplateId, userId: (await created.json()).id, userDn: `CN=${username},O=Acme` });
  }

  // Link the agent to this session (the readers page does it).
  await page.addInitScript((agentUrl) => localStorage.setItem('tessera.userSettings', JSON.stringify({ agentUrl })), `http://127.0.0.1:${AGENT_PORT}`);
  await page.goto('/credentials/smartcards/cms');
  await expect(page.getByTestId('agent-status')).toHaveText('Connected');

  const added = await apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/AddBatch', { users });
  expect(added.status(), await added.text()).toBe(201);
  const { batchId } = (await added.json()) as { batchId: string };
  // The status page opens the session's stream, on which PrintBatch pushes each card's progress.
  const pushed: string[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/ListReadersStream')) return;
    ws.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type?: string; operationId?: string; card?: number; step?: string };
      if (message.type === 'batchProgress' && message.operationId === batchId) pushed.push(`${message.card}:${message.step}`);
    });
  });
  await page.goto(`/credentials/smartcards/batchPrintStatus/${batchId}`);
  await expect(page.getByRole('heading', { name: 'Batch print status' })).toBeVisible();
  await expect(page.getByTestId('batch-summary')).toContainText('0 of 3 cards done, 0 failed');
  await expect(page.getByTestId('batch-state')).toHaveText('new');

  // Print while the page polls (every 3 s): it follows the batch to the end without a reload.
  const printing = apiCall(page.request, baseURL!, 'POST', '/api2/CMS-v2/PrintBatch', { batch_id: batchId, reader: ENCODER, printOnly: false });
  await expect(page.getByTestId('batch-state')).toHaveText('done', { timeout: 60_000 });
  expect((await printing).status()).toBe(200);
  expect(pushed).toEqual(expect.arrayContaining(['1:inserted', '1:issued', '1:printed', '1:done', '2:done', '3:done']));
  await expect(page.getByTestId('batch-summary')).toContainText('3 of 3 cards done, 0 failed');
  const rows = page.getByRole('table', { name: 'Batch cards' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  for (const [i, u] of users.entries()) {
    const row = rows.nth(i + 1);
    await expect(row).toContainText(u.userDn);
    await expect(row.getByRole('cell').nth(1)).toHaveText('done');
  }
  expect(readdirSync(printed).filter((f) => f.endsWith('.pdf'))).toHaveLength(3);

  // The batch list (printSmartcardSearch), searched on the server, links to the status page.
  await page.goto('/credentials/smartcards/printSmartcardSearch');
  await page.getByLabel('User DN or batch id').fill(`CN=batch2-${suffix}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('table', { name: 'Batches' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list).toContainText('3 of 3 done, 0 failed');
  await list.getByRole('link', { name: batchId }).click();
  await expect(page).toHaveURL(new RegExp(`/batchPrintStatus/${batchId}$`));
  await expect(page.getByTestId('batch-state')).toHaveText('done');

  // The batch file (CSV) through the page's link.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download batch file (CSV)' }).click();
  const file = await (await download).path();
  const text = (await import('node:fs')).readFileSync(file!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('position,userId,userDn,cardTemplateId,state,cardId,cardSerial,printedCardId,deactivated,error,updatedAt');
  expect(text).toContain(`"CN=batch1-${suffix},O=Acme"`);

  // The batch files screen (batchfiles/download): the batches searched on the server, each with its CSV.
  await page.goto('/credentials/smartcards/batchfiles/download');
  await expect(page.getByRole('heading', { name: 'Batch files' })).toBeVisible();
  await page.getByLabel('User DN or batch id').fill(`CN=batch3-${suffix}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const files = page.getByRole('table', { name: 'Batch files' });
  await expect(files.getByRole('row')).toHaveCount(2);
  await expect(files).toContainText(batchId);
  await expect(files).toContainText('3 (3 done, 0 failed)');
  const fileDownload = page.waitForEvent('download');
  await files.getByRole('link', { name: `Download the batch file of ${batchId} (CSV)` }).click();
  const listed = (await import('node:fs')).readFileSync((await (await fileDownload).path())!, 'utf8');
  expect(listed.split('\r\n').filter(Boolean)).toHaveLength(4);
  expect(listed).toContain(`"CN=batch3-${suffix},O=Acme"`);
  await page.getByLabel('User DN or batch id').fill(`CN=nobody-${suffix}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(files).toContainText('No batches');
});
