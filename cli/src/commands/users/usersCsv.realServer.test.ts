/**
 * `tessera users import | export | list` against the real server and database (undici to a listening
 * Fastify app on a fresh PGlite).
 */
import path from 'node:path';
import { run } from '../../testing/harness';
import { useRealServer } from '../../testing/realServer';
import { usersCommand } from './setRoles';

describe('tessera users import, export and list against the real server', () => {
  const s = useRealServer('users-csv');
  const userCount = async () => (await s.t.db.selectFrom('users').select('id').where('tenant_id', '=', s.tenantId).execute()).length;

  it('should print each refused row with its row and column, exit 1 and create nobody', async () => {
    const before = await userCount();
    const csv = s.file('bad.csv', 'username,emailAddress\nzoe,zoe@acme.example\nbad#name,x@acme.example\nyan,not-an-address\n');
    expect(await run(usersCommand(s.harness.context), ['import', csv])).toBe(1);
    const out = s.harness.stdout();
    expect(out).toContain("Row 2, column username: The character '#' is not allowed in usernames.");
    expect(out).toContain('Row 3, column emailAddress: must be an e-mail address such as name@example.com');
    expect(s.harness.stderr()).toContain('error: 2 of 3 rows are refused; nobody was created');
    expect(s.harness.stderr()).toMatch(/Checking +\[/);
    expect(await userCount()).toBe(before);
  });

  it('should check only with --dry-run, then import, list with --search as JSON, and export', async () => {
    const csv = s.file('good.csv', 'username,givenName,familyName,emailAddress\nzoe.k,Zoe,King,zoe@acme.example\nyan.m,Yan,Moss,yan@acme.example\n');
    const before = await userCount();
    expect(await run(usersCommand(s.harness.context), ['import', csv, '--dry-run'])).toBe(0);
    expect(s.harness.stdout()).toContain('All 2 rows are valid (dry run: nobody was created).');
    expect(await userCount()).toBe(before);

    expect(await run(usersCommand(s.harness.context), ['import', csv])).toBe(0);
    expect(s.harness.stdout()).toContain('Imported 2 of 2 users.');
    expect(s.harness.stderr()).toMatch(/Importing \[.*\] 2\/2/);
    expect(await userCount()).toBe(before + 2);

    const mark = s.harness.stdout().length;
    expect(await run(usersCommand(s.harness.context), ['list', '--search', 'zoe', '--json'])).toBe(0);
    const listed = JSON.parse(s.harness.stdout().slice(mark));
    expect(listed.totalResults).toBe(1);
    expect(listed.results[0]).toMatchObject({ username: 'zoe.k', emailAddress: 'zoe@acme.example' });

    expect(await run(usersCommand(s.harness.context), ['export'])).toBe(0);
    expect(s.harness.stdout()).toContain('username,givenName,familyName,emailAddress,telephone,organisation\n');
    expect(s.harness.stdout()).toContain('yan.m,Yan,Moss,yan@acme.example,,\n');
  });

  it('should refuse an unreadable file with a usage error', async () => {
    expect(await run(usersCommand(s.harness.context), ['import', path.join(s.dir, 'missing.csv')])).toBe(2);
    expect(s.harness.stderr()).toContain('cannot read');
  });
});
