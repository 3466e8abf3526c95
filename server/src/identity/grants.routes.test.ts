/**
 * Issue 18, "Permissions that cannot be escalated": nobody grants a role or permission they do not hold,
 * nobody edits their own roles or a role they hold. Each path refused with 403 naming what is missing,
 * audited as a denied (failure) event, nothing changed.
 */
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const USER = '/api2/IDM-v1/User';
const ROLE = '/api2/IDM-v1/Role';

describe('grant rules (issue 18)', () => {
  let t: TestContext;
  let tenantId: string;
  let adminId: string;
  let adminRoleId: string;
  let admin: TestClient;

  beforeAll(async () => {
    t = await build();
    ({ tenantId, userId: adminId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    adminRoleId = (await t.db.selectFrom('roles').select('id').where('name', '=', 'Administrator').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  const rolesOf = async (userId: string) =>
    (await t.db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id).sort();
  const lastDenied = async (action: string) => (await t.auditRows(action)).filter((r) => r.outcome === 'failure').at(-1);
  const signIn = async (username: string) => {
    const c = t.client();
    await c.login(username, TEST_PASSWORD);
    return c;
  };

  describe('a user holding only userView + userEdit', () => {
    let editorId: string;
    let editorRoleId: string;
    let editor: TestClient;
    beforeAll(async () => {
      ({ userId: editorId, roleId: editorRoleId } = await t.createUser(tenantId, 'editor', ['userView', 'userEdit']));
      editor = await signIn('editor');
    });

    it('should not add the Administrator role to itself (own roles), audited', async () => {
      const res = await editor.put(USER, { id: editorId, roleIds: [editorRoleId, adminRoleId] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', field: 'roleIds', message: 'You cannot change your own roles.' });
      expect(await rolesOf(editorId)).toEqual([editorRoleId]);
      expect(await lastDenied('user.update')).toMatchObject({ actor_username: 'editor', target_id: editorId, detail: { denied: 'own-roles', roleIds: [adminRoleId] } });
      // Still only userView + userEdit: roles stay out of reach.
      expect((await editor.get('/api2/IDM-v1/Roles')).statusCode).toBe(403);
    });

    it('should not give another user the Administrator role, naming the permissions it lacks', async () => {
      const { userId: otherId, roleId: otherRoleId } = await t.createUser(tenantId, 'colleague', []);
      const res = await editor.put(USER, { id: otherId, roleIds: [otherRoleId, adminRoleId] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', field: 'roleIds', message: expect.stringMatching(/^You cannot grant or remove permissions you do not hold: .*roleEdit/) });
      expect(await rolesOf(otherId)).toEqual([otherRoleId]);
      expect(await lastDenied('user.update')).toMatchObject({ target_id: otherId, detail: { denied: 'permissions-not-held', notHeld: expect.arrayContaining(['roleEdit', 'userAdd']) } });
    });

    it('should not take the Administrator role away from the administrator', async () => {
      const res = await editor.put(USER, { id: adminId, roleIds: [] });
      expect(res.statusCode).toBe(403);
      expect(await rolesOf(adminId)).toEqual([adminRoleId]);
    });

    it('should not redirect the administrator e-mail address (where the password reset goes)', async () => {
      const res = await editor.put(USER, { id: adminId, emailAddress: 'editor@evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ field: 'emailAddress' });
      const row = await t.db.selectFrom('users').select('email').where('id', '=', adminId).executeTakeFirstOrThrow();
      expect(row.email).toBe('admin@acme.test');
      expect(await lastDenied('user.update')).toMatchObject({ target_id: adminId, detail: { denied: 'permissions-not-held', field: 'emailAddress' } });
    });

    it('should still grant a role whose permissions it holds, and edit names of anyone', async () => {
      const { roleId: viewRole } = await t.createUser(tenantId, 'viewholder', ['userView']);
      const { userId: otherId, roleId: otherRoleId } = await t.createUser(tenantId, 'junior', []);
      const res = await editor.put(USER, { id: otherId, roleIds: [otherRoleId, viewRole], currentPassword: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(await rolesOf(otherId)).toEqual([otherRoleId, viewRole].sort());
      expect((await editor.put(USER, { id: adminId, givenName: 'Ada' })).statusCode).toBe(200);
      // Sending one's own roles unchanged is no change.
      expect((await editor.put(USER, { id: editorId, roleIds: [editorRoleId], givenName: 'Ed' })).statusCode).toBe(200);
    });
  });

  describe('a user holding only roleView + roleEdit', () => {
    let ownRoleId: string;
    let roleEditor: TestClient;
    beforeAll(async () => {
      ({ roleId: ownRoleId } = await t.createUser(tenantId, 'roler', ['roleView', 'roleEdit']));
      roleEditor = await signIn('roler');
    });

    it('should not give its own role any permission (own role), audited', async () => {
      const res = await roleEditor.put(ROLE, { id: ownRoleId, permissions: ['roleView', 'roleEdit', 'userAdd', 'userEdit'] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', field: 'id', message: 'You cannot edit a role you hold.' });
      const row = await t.db.selectFrom('roles').select('permissions').where('id', '=', ownRoleId).executeTakeFirstOrThrow();
      expect(row.permissions).toEqual(['roleView', 'roleEdit']);
      expect(await lastDenied('role.update')).toMatchObject({ actor_username: 'roler', target_id: ownRoleId, detail: { denied: 'own-role' } });
    });

    it('should not add to another role a permission it lacks, nor lift or set a blacklist entry it lacks', async () => {
      const { userId: holderId, roleId: otherRole } = await t.createUser(tenantId, 'holder', ['roleView'], { blacklist: ['audit'] });
      const add = await roleEditor.put(ROLE, { id: otherRole, permissions: ['roleView', 'audit', 'userEdit'] });
      expect(add.statusCode).toBe(403);
      expect(add.json()).toMatchObject({ field: 'permissions', message: 'You cannot grant or remove permissions you do not hold: audit, userEdit.' });
      const lift = await roleEditor.put(ROLE, { id: otherRole, blacklist: [] });
      expect(lift.json()).toMatchObject({ field: 'blacklist', message: 'You cannot grant or remove permissions you do not hold: audit.' });
      const row = await t.db.selectFrom('roles').select(['permissions', 'blacklist']).where('id', '=', otherRole).executeTakeFirstOrThrow();
      expect(row).toEqual({ permissions: ['roleView'], blacklist: ['audit'] });
      expect(await lastDenied('role.update')).toMatchObject({ target_id: otherRole, detail: { denied: 'permissions-not-held', notHeld: ['audit'], field: 'blacklist' } });
      expect(holderId).toBeTruthy();
    });

    it('should not edit the built-in Administrator role, and may edit within what it holds', async () => {
      expect((await roleEditor.put(ROLE, { id: adminRoleId, blacklist: ['userEdit'] })).statusCode).toBe(403);
      const { roleId: small } = await t.createUser(tenantId, 'smallrole', []);
      const ok = await roleEditor.put(ROLE, { id: small, permissions: ['roleView'], name: 'Viewers of roles' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ permissions: ['roleView'], name: 'Viewers of roles' });
    });
  });

  it('should not let the administrator edit its own role', async () => {
    const res = await admin.put(ROLE, { id: adminRoleId, name: 'Root' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'You cannot edit a role you hold.' });
  });

  it('should not create a role with permissions the creator lacks (roleAdd)', async () => {
    await t.createUser(tenantId, 'roleadder', ['roleAdd', 'roleView']);
    const c = await signIn('roleadder');
    const res = await c.post(ROLE, { name: 'Escalated', permissions: ['roleView', 'userEdit'], blacklist: [] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ field: 'permissions', message: 'You cannot grant or remove permissions you do not hold: userEdit.' });
    expect(await t.db.selectFrom('roles').select('id').where('name', '=', 'Escalated').execute()).toEqual([]);
    expect(await lastDenied('role.create')).toMatchObject({ actor_username: 'roleadder', detail: { denied: 'permissions-not-held', notHeld: ['userEdit'], name: 'Escalated' } });
    expect((await c.post(ROLE, { name: 'Fine', permissions: ['roleView'], blacklist: [] })).statusCode).toBe(201);
  });

  it('should not create a user holding a role the creator could not grant (userAdd)', async () => {
    await t.createUser(tenantId, 'useradder', ['userAdd', 'userView']);
    const c = await signIn('useradder');
    const res = await c.post(USER, { username: 'sock', password: 'Granite-Orchid-Lantern-77', givenName: 'S', familyName: 'P', emailAddress: 'sock@example.test', roleIds: [adminRoleId] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ field: 'roleIds' });
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'sock').execute()).toEqual([]);
    expect(await lastDenied('user.create')).toMatchObject({ actor_username: 'useradder', detail: { denied: 'permissions-not-held', username: 'sock' } });
  });

  it('should answer 503 and change nothing when the denial cannot be audited', async () => {
    const { userId } = await t.createUser(tenantId, 'auditless', ['userView', 'userEdit']);
    const c = await signIn('auditless');
    await t.breakAudit();
    try {
      expect((await c.put(USER, { id: userId, roleIds: [adminRoleId] })).body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect(await rolesOf(userId)).not.toContain(adminRoleId);
  });

  describe('one password policy', () => {
    it.each(['password', '12345678', 'qwertyuiop'])('should refuse POST User with %s, as ChangePassword does', async (password) => {
      const res = await admin.post(USER, { username: `weak-${password}`, password, givenName: 'W', familyName: 'P', emailAddress: 'weak@example.test', roleIds: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field: 'password' });
      expect(await t.db.selectFrom('users').select('id').where('username', '=', `weak-${password}`).execute()).toEqual([]);
    });
  });
});
