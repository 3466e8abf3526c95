/**
 * `tessera users set-roles` against the real server (issue 18): a user holding only userView +
 * userEdit cannot give itself the Administrator role, nor give it to someone else; the CLI prints the
 * server's refusal in one line and exits 1, the server audits it, nothing changes.
 */
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { run, stubExit, testContext } from '../../testing/harness';
import { loginCommand } from '../auth/login';
import { usersSetRolesCommand } from './setRoles';

describe('tessera users set-roles against the real server', () => {
  let t: TestContext;
  let url: string;
  let tenantId: string;
  let exit: jest.SpyInstance;
  let harness: ReturnType<typeof testContext>;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
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

  const rolesOf = async (username: string) =>
    (await t.db.selectFrom('user_roles').innerJoin('users', 'users.id', 'user_roles.user_id').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('roles.name').where('users.username', '=', username).execute()).map((r) => r.name);

  it('should refuse, print one line and exit 1 when a userEdit holder grants itself or another the Administrator role', async () => {
    await t.createUser(tenantId, 'helper', ['userView', 'userEdit']);
    await t.createUser(tenantId, 'peer', []);
    expect(await run(loginCommand(harness.context), ['--server', url, '--username', 'helper', '--password-stdin'])).toBe(0);

    // The helper cannot list roles (no roleView), so it names the role by id.
    const adminRole = (await t.db.selectFrom('roles').select('id').where('name', '=', 'Administrator').executeTakeFirstOrThrow()).id;
    expect(await run(usersSetRolesCommand(harness.context), ['helper', '--roles', adminRole])).toBe(1);
    expect(harness.stderr()).toBe('error: You cannot change your own roles.\n');
    expect(await run(usersSetRolesCommand(harness.context), ['peer', '--roles', adminRole])).toBe(1);
    expect(harness.stderr()).toMatch(/error: You cannot grant or remove permissions you do not hold: .*userAdd/);
    expect(await rolesOf('helper')).toEqual([expect.stringMatching(/^role-helper-/)]);
    expect(await rolesOf('peer')).toEqual([expect.stringMatching(/^role-peer-/)]);
    const denied = (await t.auditRows('user.update')).filter((r) => r.outcome === 'failure');
    expect(denied.map((r) => r.detail.denied)).toEqual(['own-roles', 'permissions-not-held']);
  });

  it('should set roles the signed-in administrator may grant', async () => {
    await t.createUser(tenantId, 'newbie', []);
    expect(await run(loginCommand(harness.context), ['--server', url, '--username', 'admin', '--password-stdin'])).toBe(0);
    // Roles are a protected field: without a way to ask for the password it stops with one line (a usage error, exit 2).
    expect(await run(usersSetRolesCommand(harness.context), ['newbie', '--roles', 'Administrator'])).toBe(2);
    expect(harness.stderr()).toContain('use --password-stdin');
    expect(await rolesOf('newbie')).toEqual([expect.stringMatching(/^role-newbie-/)]);
    expect(await run(usersSetRolesCommand(harness.context), ['newbie', '--roles', 'Administrator', '--password-stdin'])).toBe(0);
    expect(harness.stdout()).toContain('Roles of newbie: Administrator\n');
    expect(await rolesOf('newbie')).toEqual(['Administrator']);
  });
});
