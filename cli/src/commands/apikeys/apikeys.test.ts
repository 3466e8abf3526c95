/**
 * `tessera apikeys create|list|revoke`, and every other command run with only `TESSERA_API_KEY` (no
 * profile), against the real server listening on a local port, over undici.
 */
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from '../auth/login';
import { whoamiCommand } from '../auth/whoami';
import { ticketsListCommand } from '../tickets/list';
import { ticketsCloseCommand } from '../tickets/close';
import { passesCommand } from '../passes/passes';
import { apiKeysCommand } from '.';

describe('tessera apikeys', () => {
  let t: TestContext;
  let url: string;
  let exit: jest.SpyInstance;
  let person: ReturnType<typeof testContext>;

  /** A context with no profile and only the key, as a CI job has. */
  const ci = (key: string) => {
    const h = testContext();
    h.context.env.TESSERA_API_KEY = key;
    return h;
  };
  const createKey = async (args: string[]) => {
    const at = person.stdout().length;
    expect(await run(apiKeysCommand(person.context), ['create', ...args, '--json'])).toBe(0);
    return JSON.parse(person.stdout().slice(at)) as { id: string; name: string; secret: string; keyId: string };
  };

  beforeAll(async () => {
    t = await build({ config: { rateLimitMax: 0 } });
    await t.bootstrap();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    exit = stubExit();
    person = testContext({ readStdin: async () => TEST_PASSWORD });
    expect(await run(loginCommand(person.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(0);
  });
  afterEach(() => {
    exit.mockRestore();
    person.cleanup();
  });

  it('should create a key, print its secret once as a table with a warning, and list it without the secret', async () => {
    const at = person.stdout().length;
    expect(await run(apiKeysCommand(person.context), ['create', '--name', 'table-key', '--permissions', 'ticketView, ticketEdit', '--expires', '2w'])).toBe(0);
    const table = person.stdout().slice(at);
    const secret = /Secret\s+(tsk_\S+)/.exec(table)?.[1];
    expect(secret).toMatch(/^tsk_[0-9a-f]{16}_/);
    expect(table).toMatch(/Permissions\s+ticketEdit, ticketView/);
    expect(person.stderr()).toContain('not shown again');
    const listAt = person.stdout().length;
    expect(await run(apiKeysCommand(person.context), ['list'])).toBe(0);
    const list = person.stdout().slice(listAt);
    expect(list).toMatch(/^NAME\s+KEY ID\s+CREATED BY\s+EXPIRES\s+LAST USED\s+PERMISSIONS\n/);
    expect(list).toMatch(/table-key\s+[0-9a-f]{16}\s+admin\s+\S+ \S+\s+never\s+ticketEdit,ticketView/);
    expect(list).not.toContain('tsk_');
    const jsonAt = person.stdout().length;
    expect(await run(apiKeysCommand(person.context), ['list', '--json'])).toBe(0);
    const keys = JSON.parse(person.stdout().slice(jsonAt));
    expect(keys.find((k: { name: string }) => k.name === 'table-key')).not.toHaveProperty('secret');
  });

  it('should run whoami, tickets and passes with only TESSERA_API_KEY, and record the last use', async () => {
    const key = await createKey(['--name', 'ci-all', '--permissions', 'ticketView,ticketEdit,smartcardTemporary', '--expires', '30d']);
    const job = ci(key.secret);
    try {
      expect(await run(whoamiCommand(job.context), ['--server', url, '--json'])).toBe(0);
      expect(JSON.parse(job.stdout())).toMatchObject({ username: 'admin', permission: { View: ['smartcardTemporary', 'ticketEdit', 'ticketView'] } });
      expect(await run(ticketsListCommand(job.context), ['--server', url, '--status', 'open'])).toBe(0);
      expect(job.stdout()).toContain('0 of 0 tickets');
      expect(await run(ticketsCloseCommand(job.context), ['--server', url, '--older-than', '1d'])).toBe(0);
      expect(await run(passesCommand(job.context), ['list', '--server', url, '--json'])).toBe(0);
      expect(job.stderr()).toBe('');
    } finally {
      job.cleanup();
    }
    const listAt = person.stdout().length;
    expect(await run(apiKeysCommand(person.context), ['list', '--json'])).toBe(0);
    const listed = JSON.parse(person.stdout().slice(listAt)).find((k: { name: string }) => k.name === 'ci-all');
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('should refuse key management with only a key, and a key after it is revoked', async () => {
    const key = await createKey(['--name', 'short', '--permissions', 'ticketView', '--expires', '1d']);
    const job = ci(key.secret);
    try {
      expect(await run(apiKeysCommand(job.context), ['list', '--server', url])).toBe(1);
      expect(job.stderr()).toBe('error: API keys cannot manage API keys. Run `tessera login` as a person holding apiKeyManage.\n');
      expect(await run(ticketsListCommand(job.context), ['--server', url])).toBe(0);
      const at = person.stdout().length;
      expect(await run(apiKeysCommand(person.context), ['revoke', 'SHORT'])).toBe(0);
      expect(person.stdout().slice(at)).toBe(`Revoked API key 'short' (${key.keyId})\n`);
      expect(await run(ticketsListCommand(job.context), ['--server', url])).toBe(3);
      expect(await run(apiKeysCommand(person.context), ['revoke', 'short'])).toBe(1);
      expect(person.stderr()).toContain("No API key named 'short' in your tenant");
    } finally {
      job.cleanup();
    }
  });

  it('should refuse bad options before any work (exit 2) and server refusals with one line (exit 1)', async () => {
    const cases: [string[], string][] = [
      [['create', '--permissions', 'ticketView', '--expires', '30d'], '--name is required'],
      [['create', '--name', 'x', '--permissions', ',', '--expires', '30d'], '--permissions must name at least one permission'],
      [['create', '--name', 'x', '--permissions', 'ticketView', '--expires', '400d'], '--expires must be a whole number of days from 1 to 365'],
      [['create', '--name', 'x', '--permissions', 'ticketView', '--expires', 'soon'], '--expires must be a lifetime such as 30d'],
    ];
    for (const [args, message] of cases) {
      const at = person.stderr().length;
      expect(await run(apiKeysCommand(person.context), args)).toBe(2);
      expect(person.stderr().slice(at)).toContain(message);
    }
    const at = person.stderr().length;
    expect(await run(apiKeysCommand(person.context), ['create', '--name', 'bad', '--permissions', 'apiKeyManage', '--expires', '30d'])).toBe(1);
    expect(person.stderr().slice(at)).toBe('error: permissions cannot be given to an API key: apiKeyManage\n');
    expect(await t.db.selectFrom('api_keys').select('id').where('name', '=', 'bad').execute()).toEqual([]);
  });

  it('should tell a caller without profile or key to sign in (exit 3)', async () => {
    const nobody = testContext();
    try {
      expect(await run(apiKeysCommand(nobody.context), ['list', '--server', url])).toBe(3);
      expect(nobody.stderr()).toBe('error: Not signed in. Run `tessera login` or set TESSERA_API_KEY.\n');
    } finally {
      nobody.cleanup();
    }
  });
});
