import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeServer, type FakeServer } from '../../testing/fakeServer';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from './login';

describe('tessera login', () => {
  let server: FakeServer;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;

  beforeAll(async () => {
    server = await startFakeServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    exit = stubExit();
  });
  afterEach(() => {
    exit.mockRestore();
    harness.cleanup();
  });

  it('should sign in with --password-stdin and write an owner-only profile without printing the cookies', async () => {
    harness = testContext({ readStdin: async () => 'secret\n' });
    const code = await run(loginCommand(harness.context), ['--server', server.url, '--username', '  admin ', '--password-stdin']);
    expect(code).toBe(0);
    expect(harness.stdout()).toBe(`Signed in to ${server.url} as admin.\n`);
    expect(harness.stdout() + harness.stderr()).not.toContain('session-');
    const dir = join(harness.configDir, 'tessera');
    const file = join(dir, 'profile.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const profile = JSON.parse(readFileSync(file, 'utf8'));
    expect(profile).toEqual({ server: server.url, username: 'admin', cookies: { 'XSRF-TOKEN': 'xsrf-1', tessera_session: expect.stringMatching(/^session-/) } });
  });

  it('should fetch the XSRF cookie before its first POST', async () => {
    harness = testContext({ readStdin: async () => 'secret' });
    const before = server.requests.length;
    await run(loginCommand(harness.context), ['--server', server.url, '--username', 'admin', '--password-stdin']);
    expect(server.requests.slice(before)).toEqual(['GET /api2/Authentication-v1/Xsrf', 'POST /api2/Authentication-v1/login']);
  });

  it("should print 'error: Check Username and Password' and exit 1 for a wrong password", async () => {
    harness = testContext({ readStdin: async () => 'wrong' });
    const code = await run(loginCommand(harness.context), ['--server', server.url, '--username', 'admin', '--password-stdin']);
    expect(code).toBe(1);
    expect(harness.stderr()).toBe('error: Check Username and Password\n');
    expect(harness.stdout()).toBe('');
  });

  it('should print JSON with --json', async () => {
    harness = testContext({ readStdin: async () => 'secret' });
    await run(loginCommand(harness.context), ['--server', server.url, '--username', 'admin', '--password-stdin', '--json']);
    expect(JSON.parse(harness.stdout())).toMatchObject({ server: server.url, username: 'admin', session: { remainingSeconds: 900 } });
  });

  it('should ask for the password on a terminal', async () => {
    const promptPassword = jest.fn(async () => 'secret');
    harness = testContext({ isInteractive: () => true, promptPassword });
    const code = await run(loginCommand(harness.context), ['--server', server.url, '--username', 'admin']);
    expect(code).toBe(0);
    expect(promptPassword).toHaveBeenCalledWith('Password:');
  });

  it('should exit 2 without a username', async () => {
    harness = testContext();
    expect(await run(loginCommand(harness.context), ['--server', server.url, '--password-stdin'])).toBe(2);
    expect(harness.stderr()).toBe('error: --username is required\n');
  });

  it("should exit 2 for a username containing '#'", async () => {
    harness = testContext();
    expect(await run(loginCommand(harness.context), ['--username', 'a#b', '--password-stdin'])).toBe(2);
    expect(harness.stderr()).toBe("error: The character '#' is not allowed in usernames.\n");
  });

  it('should exit 2 without a terminal and without --password-stdin', async () => {
    harness = testContext();
    expect(await run(loginCommand(harness.context), ['--server', server.url, '--username', 'admin'])).toBe(2);
    expect(harness.stderr()).toContain('use --password-stdin');
  });

  it('should exit 2 for a server that is not an http URL', async () => {
    harness = testContext();
    expect(await run(loginCommand(harness.context), ['--server', 'ftp://x', '--username', 'admin', '--password-stdin'])).toBe(2);
  });

  it('should exit 2 for an unknown option', async () => {
    harness = testContext();
    expect(await run(loginCommand(harness.context), ['--nope'])).toBe(2);
    expect(harness.stderr()).toContain("unknown option '--nope'");
  });

  it('should exit 1 with one line when the server cannot be reached', async () => {
    harness = testContext({ readStdin: async () => 'secret' });
    expect(await run(loginCommand(harness.context), ['--server', 'http://127.0.0.1:1', '--username', 'admin', '--password-stdin'])).toBe(1);
    expect(harness.stderr()).toMatch(/^error: Could not reach the server at http:\/\/127\.0\.0\.1:1\/\S+: .+\n$/);
  });

  it('should complete a TOTP sign-in with --totp-code, and refuse a wrong code with the spec text', async () => {
    harness = testContext({ readStdin: async () => 'secret' });
    expect(await run(loginCommand(harness.context), ['--server', server.url, '--username', 'mfa', '--password-stdin', '--totp-code', ' 123456 '])).toBe(0);
    expect(harness.stdout()).toBe(`Signed in to ${server.url} as mfa.\n`);
    harness.cleanup();
    harness = testContext({ readStdin: async () => 'secret' });
    expect(await run(loginCommand(harness.context), ['--server', server.url, '--username', 'mfa', '--password-stdin', '--totp-code', '000000'])).toBe(1);
    expect(harness.stderr()).toBe('error: Failed to validate MFA token\n');
  });

  it('should ask for the TOTP code without --totp-code only on a terminal', async () => {
    harness = testContext({ readStdin: async () => 'secret' });
    expect(await run(loginCommand(harness.context), ['--server', server.url, '--username', 'mfa', '--password-stdin'])).toBe(2);
    expect(harness.stderr()).toBe('error: this account needs a TOTP code; use --totp-code\n');
  });
});
