import { startFakeServer, type FakeServer } from '../../testing/fakeServer';
import { run, stubExit, testContext } from '../../testing/harness';
import { writeProfile } from '../../utils/profile';
import { loginCommand } from './login';
import { logoutCommand } from './logout';
import { whoamiCommand } from './whoami';

describe('tessera whoami and logout', () => {
  let server: FakeServer;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;

  beforeAll(async () => {
    server = await startFakeServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    exit = stubExit();
    harness = testContext({ readStdin: async () => 'secret' });
  });
  afterEach(() => {
    exit.mockRestore();
    harness.cleanup();
  });

  async function signIn(): Promise<void> {
    expect(await run(loginCommand(harness.context), ['--server', server.url, '--username', 'admin', '--password-stdin'])).toBe(0);
  }

  it('should show the signed-in user as a table', async () => {
    await signIn();
    const before = harness.stdout().length;
    expect(await run(whoamiCommand(harness.context), [])).toBe(0);
    const table = harness.stdout().slice(before);
    expect(table).toContain('Username     admin\n');
    expect(table).toContain('Name         Ada Admin\n');
    expect(table).toContain('Tenant       Acme\n');
    expect(table).toContain(`Server       ${server.url}\n`);
  });

  it('should print the viewer as JSON with --json', async () => {
    await signIn();
    const before = harness.stdout().length;
    expect(await run(whoamiCommand(harness.context), ['--json'])).toBe(0);
    expect(JSON.parse(harness.stdout().slice(before))).toMatchObject({ username: 'admin', permission: { View: ['userView', 'audit'] } });
    // The permission lists are not repeated (api = View, activeMenu = Menu).
    expect(Object.keys(JSON.parse(harness.stdout().slice(before)).permission).sort()).toEqual(['Menu', 'View', 'isManager', 'roles']);
  });

  it('should exit 3 when not signed in', async () => {
    expect(await run(whoamiCommand(harness.context), ['--server', server.url])).toBe(3);
    expect(harness.stderr()).toBe('error: Not signed in. Run `tessera login` or set TESSERA_API_KEY.\n');
  });

  it('should exit 3 when the server ended the session', async () => {
    writeProfile(harness.context.env, { server: server.url, cookies: { 'XSRF-TOKEN': 'xsrf-1', tessera_session: 'gone' } });
    expect(await run(whoamiCommand(harness.context), [])).toBe(3);
  });

  it('should not send the profile cookies to another server', async () => {
    await signIn();
    const other = await startFakeServer();
    try {
      expect(await run(whoamiCommand(harness.context), ['--server', other.url])).toBe(3);
      expect(other.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('should send TESSERA_API_KEY as a bearer token', async () => {
    harness.context.env.TESSERA_API_KEY = 'key-123';
    const before = server.headers.length;
    expect(await run(whoamiCommand(harness.context), ['--server', server.url])).toBe(3);
    expect(server.headers.slice(before)[0]?.authorization).toBe('Bearer key-123');
  });

  it('should sign out on the server and remove the cookies from the profile', async () => {
    await signIn();
    const sessionsBefore = server.sessions.size;
    expect(await run(logoutCommand(harness.context), [])).toBe(0);
    expect(harness.stdout()).toContain(`Signed out of ${server.url}.\n`);
    expect(server.sessions.size).toBe(sessionsBefore - 1);
    expect(await run(whoamiCommand(harness.context), [])).toBe(3);
  });

  it('should say so when signing out without a session', async () => {
    expect(await run(logoutCommand(harness.context), ['--server', server.url, '--json'])).toBe(0);
    expect(JSON.parse(harness.stdout())).toEqual({ server: server.url, signedOut: true, wasSignedIn: false });
  });

  it('should clear the local session even when the server already ended it', async () => {
    writeProfile(harness.context.env, { server: server.url, cookies: { 'XSRF-TOKEN': 'xsrf-1', tessera_session: 'gone' } });
    expect(await run(logoutCommand(harness.context), [])).toBe(0);
    expect(await run(whoamiCommand(harness.context), [])).toBe(3);
  });
});
