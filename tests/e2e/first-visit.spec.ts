/**
 * Issue 18, "the first ten minutes": a new user starts Tessera the way `npm start` does (scripts/start.mjs:
 * server and local security client, here on non-default ports), opens the address the server prints,
 * sets it up, and finds: no error on the sign-in page, the username field focused, a menu whose every
 * entry opens a working screen and marks itself, Home linking those screens, the readers page connected
 * to the agent at the address the server was told, a passkey registered and used, and after a password +
 * TOTP sign-in a Passkeys page that works at the first try.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { MAIN_PORT } from '../playwright.config';
import { expect, test } from './fixtures';

const root = path.resolve(__dirname, '..', '..');
/** This journey's own server and agent (the port base's +102 and +103: free in playwright.config.ts). */
const PORT = MAIN_PORT + 102;
const AGENT_PORT = MAIN_PORT + 103;
const NEWCOMER = { tenantName: 'Newcomer Ltd', username: 'newcomer', password: 'first-Visit-passw0rd-9', emailAddress: 'newcomer@newcomer.example' };

const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** Runs `node scripts/start.mjs --no-build` and resolves with the address the server prints. */
function startLikeNpmStart(): { child: ChildProcess; printed: Promise<string>; output: () => string } {
  const dataDir = path.join(root, 'tests', '.results', 'data-first-visit');
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--no-build'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      TESSERA_HOST: '127.0.0.1',
      TESSERA_PORT: String(PORT),
      TESSERA_DATA_DIR: dataDir,
      TESSERA_WEB_DIR: path.join(root, 'dist', 'web'),
      TESSERA_AGENT_PORT: String(AGENT_PORT),
      // Any free port for the agents' gRPC endpoint: the server tells the agent which.
      TESSERA_AGENT_GRPC_PORT: '0',
      TESSERA_AGENT_PRINTER_DIR: path.join(root, 'tests', '.results', 'printed-cards-first-visit'),
      TESSERA_LOG_LEVEL: 'warn',
    },
  });
  let text = '';
  const printed = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Tessera is running at (\S+)/.exec(text);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => void (text += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`start.mjs exited with ${code}:\n${text}`)));
  });
  return { child, printed, output: () => text };
}

async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const presence = (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
  return { cdp, authenticatorId, presence };
}

/** Replaces the virtual authenticator by a new one (a second device: the first already holds a passkey of this user). */
async function newDevice(cdp: CDPSession, oldId: string) {
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: oldId });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return authenticatorId;
}

/** The sign-in page as a first visitor sees it: no error or alert, the username field focused. */
async function expectCleanSignInPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();
  // Give the autofill passkey request time to fail, if it were going to.
  await page.waitForTimeout(500);
  await expect(page.getByText(/passkey sign-in failed|invalid domain/i)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test.describe('first visit', () => {
  let started: ReturnType<typeof startLikeNpmStart> | undefined;

  test.afterAll(async () => {
    const child = started?.child;
    if (!child || child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  });

  test('a new user at the printed address: sign-in, menu, readers, passkeys, TOTP', async ({ browser }) => {
    test.setTimeout(180_000);
    started = startLikeNpmStart();
    const printed = await started.printed;
    // The printed address is one where passkeys work: a name, not 127.0.0.1.
    expect(printed).toBe(`http://localhost:${PORT}/`);
    await expect
      .poll(async () => fetch(`http://127.0.0.1:${AGENT_PORT}/version`).then((r) => r.status, () => 0), { timeout: 30_000, message: started.output() })
      .toBe(200);

    const context = await browser.newContext({ baseURL: printed.replace(/\/$/, '') });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const { cdp, authenticatorId, presence } = await virtualAuthenticator(context, page);

    // First run: the printed address leads to setup.
    await page.goto(printed);
    await expect(page).toHaveURL(/\/bootstrapmode$/);
    await page.getByLabel('Tenant name').fill(NEWCOMER.tenantName);
    await page.getByLabel('Username').fill(NEWCOMER.username);
    await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
    await page.getByLabel('E-mail address').fill(NEWCOMER.emailAddress);
    await page.getByRole('button', { name: /set up/i }).click();
    await page.waitForURL(/\/(home|login)/);
    if (page.url().includes('/login')) {
      await expectCleanSignInPage(page);
      await page.getByLabel('Username').fill(NEWCOMER.username);
      await page.getByLabel('Password').fill(NEWCOMER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await expect(page).toHaveURL(/\/home$/);

    // Sign out and in again through the sign-in page: nothing red, the username field focused.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expectCleanSignInPage(page);
    await page.getByLabel('Username').fill(NEWCOMER.username);
    await page.getByLabel('Password').fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home$/);

    // Home links the working screens; every menu entry opens a working screen and marks itself.
    const getStarted = page.getByRole('region', { name: 'Get started' });
    await expect(getStarted.getByRole('link', { name: 'Card readers' })).toBeVisible();
    await expect(getStarted.getByRole('link', { name: 'Temporary passes' })).toBeVisible();
    await expect(getStarted.getByRole('link', { name: 'Passkeys' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main' });
    const labels = await menu.getByRole('link').allTextContents();
    expect(labels).toEqual(['Home', 'Smartcards', 'Passkeys', 'Self Service', 'Tickets', 'Configuration', 'Identity', 'Certificates', 'PKI', 'Monitoring']);
    for (const label of labels) {
      await menu.getByRole('link', { name: label, exact: true }).click();
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page.getByText(/not available yet/i)).toHaveCount(0);
      await expect(page.getByText('Not signed in.')).toHaveCount(0);
    }
    // Pages reached from Home mark their own area, not Certificates.
    for (const [screen, area] of [['Temporary passes', 'Smartcards'], ['Request smartcards', 'Smartcards']] as const) {
      await menu.getByRole('link', { name: 'Home', exact: true }).click();
      await getStarted.getByRole('link', { name: screen }).click();
      await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
      await expect(menu.locator('[aria-current="page"]')).toHaveText(area);
    }

    // The readers page finds the agent npm start started on a non-default port, from the server's word.
    await menu.getByRole('link', { name: 'Smartcards', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Card readers' })).toBeVisible();
    await expect(page.getByTestId('agent-url')).toHaveText(`Looking for the security client at http://127.0.0.1:${AGENT_PORT} (from the server’s configuration).`);
    await expect(page.getByTestId('agent-status')).toHaveText('Connected');
    await expect(page.getByRole('row', { name: 'Tessera Virtual Reader 0' })).toBeVisible();
    // A wrong address is refused by name, and changes nothing.
    await page.getByRole('textbox', { name: 'Security client address' }).fill('http://agent.example:8802');
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await expect(page.getByText(/^Security client address must be an http address on this computer/)).toBeVisible();
    await expect(page.getByTestId('agent-status')).toHaveText('Connected');

    // Register a passkey on the viewer's own page.
    await menu.getByRole('link', { name: 'Passkeys', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Passkeys' })).toBeVisible();
    await page.getByLabel('Passkey name').fill('First key');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Passkey created' })).toBeVisible();

    // Two-factor authentication: the recovery codes come as a block to save.
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByLabel('Your password').fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    const codes = page.getByRole('region', { name: 'Recovery codes' });
    await expect(codes.getByText('Save these codes now: they are shown only once.')).toBeVisible();
    await expect(codes.getByRole('button', { name: 'Download codes' })).toBeVisible();
    const secret = (await page.getByLabel('Secret').textContent())!.trim();
    await page.getByLabel('Authentication code').fill(codeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Status: On')).toBeVisible();

    // Password + TOTP sign-in, with the autofill passkey request left pending on the sign-in page.
    // (User presence held back: the virtual authenticator would answer the autofill request by itself.)
    await presence(false);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expectCleanSignInPage(page);
    await page.getByLabel('Username').fill(NEWCOMER.username);
    await page.getByLabel('Password').fill(NEWCOMER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Authentication code')).toBeFocused();
    await page.getByLabel('Authentication code').fill(codeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const secondDevice = await newDevice(cdp, authenticatorId);

    // The Passkeys page knows the viewer, and creating a passkey works at the first try.
    await menu.getByRole('link', { name: 'Passkeys', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Registered passkeys' }).getByRole('listitem', { name: 'First key' })).toBeVisible();
    await expect(page.getByText('Not signed in.')).toHaveCount(0);
    await page.getByLabel('Passkey name').fill('Second key');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Passkey created' })).toBeVisible();
    await expect(page.getByText(/already pending/i)).toHaveCount(0);
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId: secondDevice })).credentials).toHaveLength(1);
    await expect(page.getByRole('list', { name: 'Registered passkeys' }).getByRole('listitem')).toHaveCount(2);

    // Use a passkey: sign out, sign in with it alone. The sign-in page's autofill request may sign in by
    // itself at once (user presence is on), so wait for the passage through /login as an event, not a state.
    const toLogin = page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await toLogin;
    const clicked = page.getByRole('button', { name: 'Use a passkey' }).click({ timeout: 5_000 }).catch(() => undefined);
    await page.waitForURL(/\/home$/);
    await clicked;
    await expect(page.getByRole('banner')).toContainText(NEWCOMER.username);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
