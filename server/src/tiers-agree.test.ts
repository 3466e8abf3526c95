/**
 * One home per rule (issue 10): the server, the browser and the CLI give the same verdicts because
 * they run the same rules of `@tessera/domain`. The same table of inputs goes through
 *  - the server (real app, PGlite): POST /api2/IDM-v1/User, sign-in, GET /api/login;
 *  - the browser: the first-run form's validator (`apps/auth/src/bootstrap/validateBootstrapForm.ts`)
 *    and domain's `validateUsername`/`menuAreas`, which the console calls;
 *  - the CLI: `tessera login` (it checks the username before it calls the server).
 */
import type { AddressInfo } from 'node:net';
import { ALL_PERMISSIONS, DEFAULT_SUPPORT_EMAIL, MESSAGES, menuAreas, validateUsername } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from './test-helpers/build';
import type { TestClient } from './test-helpers/client';
import { validateBootstrapForm } from '../../apps/auth/src/bootstrap/validateBootstrapForm';
import { loginCommand } from '../../cli/src/commands/auth/login';
import { run, stubExit, testContext } from '../../cli/src/testing/harness';

/** Usernames and the verdict (null: accepted, else the text) every tier must give, without a tenant pattern. */
const USERNAMES: [string, string | null][] = [
  ['alice', null],
  ['  carol  ', null],
  ['dave.smith@example.test', null],
  ['bob1', null],
  ['   ', MESSAGES.USERNAME_REQUIRED],
  ['ad/min', "The character '/' is not allowed in usernames."],
  ['ad\\min', "The character '\\' is not allowed in usernames."],
  ['ad#min', "The character '#' is not allowed in usernames."],
  ['ad%min', "The character '%' is not allowed in usernames."],
  ['ad?min', "The character '?' is not allowed in usernames."],
  ['tab\there', MESSAGES.USERNAME_INVALID_CHARACTER],
  ['zoë', MESSAGES.USERNAME_INVALID_CHARACTER],
];

/** With the tenant pattern `[a-z]+` (admin-console §5: the whole username must match). */
const PATTERN = '[a-z]+';
const PATTERN_USERNAMES: [string, string | null][] = [
  ['bob', null],
  ['bob1', MESSAGES.USERNAME_INVALID],
  ['Bob', MESSAGES.USERNAME_INVALID],
  ['x/y', "The character '/' is not allowed in usernames."],
];

describe('server, browser and CLI agree (one home per rule)', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let url: string;
  let exit: jest.SpyInstance;
  let created = 0;

  /** The server's verdict on a new user's username: null when created, else the 400 message (field `username`). */
  async function serverVerdict(username: string): Promise<string | null> {
    created += 1;
    const res = await admin.post('/api2/IDM-v1/User', {
      username,
      password: TEST_PASSWORD,
      givenName: '',
      familyName: '',
      emailAddress: `user${created}@acme.test`,
      roleIds: [],
    });
    if (res.statusCode === 201) return null;
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('username');
    return res.json().message;
  }

  /** The CLI's verdict: its own refusal (exit 2, one line), or null when it sent the username to the server. */
  async function cliVerdict(username: string): Promise<string | null> {
    const harness = testContext({ readStdin: async () => 'not the password\n' });
    try {
      const code = await run(loginCommand(harness.context), ['--server', url, '--username', username, '--password-stdin']);
      if (code === 2) return harness.stderr().replace(/^error: /, '').replace(/\n$/, '');
      // Past the CLI's check: the server answered (no such user / wrong password) with domain's text.
      expect(code).toBe(1);
      expect(harness.stderr()).toBe(`error: ${MESSAGES.INVALID_CREDENTIALS}\n`);
      return null;
    } finally {
      harness.cleanup();
    }
  }

  beforeAll(async () => {
    t = await build({ config: { loginMaxFailuresPerAccount: 1000, loginMaxFailuresPerAddress: 1000 } });
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    exit = stubExit();
  });
  afterEach(() => exit.mockRestore());

  it('should give the same username verdicts and texts in the three tiers', async () => {
    for (const [username, expected] of USERNAMES) {
      const browser = validateBootstrapForm({ tenantName: 'Acme', username, password: TEST_PASSWORD, emailAddress: 'a@acme.test' }).username ?? null;
      const verdicts = { browser, cli: await cliVerdict(username), server: await serverVerdict(username) };
      expect({ username, ...verdicts }).toEqual({ username, browser: expected, cli: expected, server: expected });
    }
  });

  it("should apply a tenant's username pattern to the whole username in the server as domain does", async () => {
    await t.db.updateTable('tenants').set({ username_pattern: PATTERN }).where('id', '=', tenantId).execute();
    try {
      for (const [username, expected] of PATTERN_USERNAMES) {
        const verdicts = { domain: validateUsername(username, { pattern: PATTERN }), server: await serverVerdict(username) };
        expect({ username, ...verdicts }).toEqual({ username, domain: expected, server: expected });
      }
    } finally {
      await t.db.updateTable('tenants').set({ username_pattern: null }).where('id', '=', tenantId).execute();
    }
  });

  it("should give the bootstrapped Administrator domain's whole permission list, and the menu the console computes", async () => {
    const permission = (await admin.get('/api/login')).json().permission;
    expect([...permission.View].sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(permission.View).toContain('sub-viewInvoice');
    expect(permission.Menu).toEqual(menuAreas(permission.View));
    expect(permission.Menu).toContain('workflow'); // searchGroupPolicy's routes sit in the workflow area
  });

  it("should use domain's texts and defaults: the sign-in failure and the default support address", async () => {
    const res = await t.client().post('/api2/Authentication-v1/login', { username: 'nobody', password: 'wrong password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: MESSAGES.INVALID_CREDENTIALS });
    expect(await cliVerdict('nobody')).toBeNull(); // the CLI printed the same text (checked in cliVerdict)
    await t.db.updateTable('tenants').set({ support_email: '' }).where('id', '=', tenantId).execute();
    expect((await admin.get('/api/login')).json().tenant.supportEmail).toBe(DEFAULT_SUPPORT_EMAIL);
    expect(DEFAULT_SUPPORT_EMAIL).toBe('support@tessera.example');
  });
});
