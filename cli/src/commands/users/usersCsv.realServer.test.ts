/**
 * `tessera users import | export | list` against the real server and database (undici to a listening
 * Fastify app on a fresh PGlite).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from '../auth/login';
import { usersCommand } from './setRoles';

describe('tessera users import, export and list against the real server', () => {
  let t: TestContext;
  let tenantId: string;
  let url: string;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;
  let dir: string;

  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };
  const userCount = async () => (await t.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).execute()).length;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-users-csv-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });
  beforeEach(async () => {
    exit = stubExit();
    harness = testContext({ readStdin: async () => `${TEST_PASSWORD}\n` });
    expect(await run(loginCommand(harness.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(0);
  });
  afterEach(() => {
    exit.mockRestore();
    harness.cleanup();
  });

  it('should print each refused row with its row and column, exit 1 and create nobody', async () => {
    const before = await userCount();
    const csv = file('bad.csv', 'username,emailAddress\nzoe,zoe@acme.example\nbad#name,x@acme.example\nyan,not-an-address\n');
    expect(await run(usersCommand(harness.context), ['import', csv])).toBe(1);
    const out = harness.stdout();
    expect(out).toContain("Row 2, column username: The character '#' is not allowed in usernames.");
    expect(out).toContain('Row 3, column emailAddress: must be an e-mail address such as name@example.com');
    expect(harness.stderr()).toContain('error: 2 of 3 rows are refused; nobody was created');
    expect(harness.stderr()).toMatch(/Checking +\[/);
    expect(await userCount()).toBe(before);
  });

  it('should check only with --dry-run, then import, list with --search as JSON, and export', async () => {
    const csv = file('good.csv', 'username,givenName,familyName,emailAddress\nzoe.k,Zoe,King,zoe@acme.example\nyan.m,Yan,Moss,yan@acme.example\n');
    const before = await userCount();
    expect(await run(usersCommand(harness.context), ['import', csv, '--dry-run'])).toBe(0);
    expect(harness.stdout()).toContain('All 2 rows are valid (dry run: nobody was created).');
    expect(await userCount()).toBe(before);

    expect(await run(usersCommand(harness.context), ['import', csv])).toBe(0);
    expect(harness.stdout()).toContain('Imported 2 of 2 users.');
    expect(harness.stderr()).toMatch(/Importing \[.*\] 2\/2/);
    expect(await userCount()).toBe(before + 2);

    const mark = harness.stdout().length;
    expect(await run(usersCommand(harness.context), ['list', '--search', 'zoe', '--json'])).toBe(0);
    const listed = JSON.parse(harness.stdout().slice(mark));
    expect(listed.totalResults).toBe(1);
    expect(listed.results[0]).toMatchObject({ username: 'zoe.k', emailAddress: 'zoe@acme.example' });

    expect(await run(usersCommand(harness.context), ['export'])).toBe(0);
    expect(harness.stdout()).toContain('username,givenName,familyName,emailAddress,telephone,organisation\n');
    expect(harness.stdout()).toContain('yan.m,Yan,Moss,yan@acme.example,,\n');
  });

  it('should refuse an unreadable file with a usage error', async () => {
    expect(await run(usersCommand(harness.context), ['import', path.join(dir, 'missing.csv')])).toBe(2);
    expect(harness.stderr()).toContain('cannot read');
  });
});
