/**
 * The CLI against the real server and database (not the fake server): `tessera login`, `whoami` and
 * `logout` over undici to a listening Fastify app on a fresh PGlite.
 */
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from './login';
import { logoutCommand } from './logout';
import { whoamiCommand } from './whoami';

describe('tessera login, whoami and logout against the real server', () => {
  let t: TestContext;
  let url: string;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    exit = stubExit();
    harness = testContext({ readStdin: async () => `${TEST_PASSWORD}\n` });
  });
  afterEach(() => {
    exit.mockRestore();
    harness.cleanup();
  });

  it('should sign in, show the viewer, sign out, and then be signed out', async () => {
    expect(await run(loginCommand(harness.context), ['--server', url, '--username', ' admin ', '--password-stdin'])).toBe(0);
    expect(harness.stdout()).toBe(`Signed in to ${url} as admin.\n`);

    expect(await run(whoamiCommand(harness.context), ['--json'])).toBe(0);
    const viewer = JSON.parse(harness.stdout().split('\n').slice(1).join('\n'));
    expect(viewer).toMatchObject({ username: 'admin', tenant: { name: 'Acme' } });
    expect(viewer.permission.View).toContain('userView');

    const sessionsBefore = await t.db.selectFrom('sessions').select('id').execute();
    expect(sessionsBefore).toHaveLength(1);
    expect(await run(logoutCommand(harness.context), [])).toBe(0);
    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
    expect((await t.auditRows('logout')).map((r) => r.actor_username)).toEqual(['admin']);

    expect(await run(whoamiCommand(harness.context), [])).toBe(3);
  });

  it("should print the server's failure text and exit 1 for a wrong password, writing an audit event", async () => {
    const wrong = testContext({ readStdin: async () => 'not the password' });
    try {
      expect(await run(loginCommand(wrong.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(1);
      expect(wrong.stderr()).toBe('error: Check Username and Password\n');
      const failures = (await t.auditRows('login')).filter((r) => r.outcome === 'failure');
      expect(failures.at(-1)).toMatchObject({ actor_username: 'admin', detail: { reason: 'wrong password' } });
    } finally {
      wrong.cleanup();
    }
  });
});
