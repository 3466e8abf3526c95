/**
 * Directory users (issue 13) against a real OpenLDAP server (Debian's slapd, started by the test with a
 * throwaway config) holding more than 10,000 entries behind a size limit of 500: `/ad/list/users` and
 * the LDAP sync must page (RFC 2696) to see them all. Skipped only when slapd is absent, never under CI=true.
 */
import path from 'node:path';
import { Client, Attribute, Change } from 'ldapts';
import { MESSAGES, directoryUserFailed, directoryUserSucceeded } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { findBinary, freePort } from '../test-helpers/services';
import { ldapUsername, startOwnSlapd, type OwnSlapd } from '../test-helpers/slapd';

const I = '/api2/IDM-v1';
const ENTRIES = 10_050;
const haveSlapd = findBinary('slapd', ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter)]) !== null;
const inCi = process.env.CI === 'true';

describe('directory users: environment', () => {
  it('should run the slapd tests under CI (slapd is installed there by scripts/test.sh)', () => {
    if (inCi) expect(haveSlapd).toBe(true);
  });
});

const slapdDescribe = haveSlapd || inCi ? describe : describe.skip;
slapdDescribe('directory users against slapd (skipped only when slapd is not installed)', () => {
  let ldap: OwnSlapd;
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let viewer: TestClient; // userView only
  let foreign: TestClient; // another tenant, every directory permission
  let connection: Record<string, string>;

  const signIn = async (username: string, host?: string) => {
    const c = t.client();
    const res = await c.post('/api2/Authentication-v1/login', { username, password: TEST_PASSWORD }, host ? { headers: { host } } : {});
    if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
    return c;
  };
  const userCount = async () => (await t.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).execute()).length;
  const asRoot = async (work: (client: Client) => Promise<void>) => {
    const client = new Client({ url: ldap.url });
    await client.bind(ldap.adminDn, ldap.adminPassword);
    try {
      await work(client);
    } finally {
      await client.unbind();
    }
  };

  beforeAll(async () => {
    ldap = (await startOwnSlapd(ENTRIES))!;
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = await signIn('admin');
    await t.createUser(tenantId, 'vic', ['userView']);
    viewer = await signIn('vic');
    const globex = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(globex, 'gus', ['userView', 'workflow']);
    foreign = await signIn('gus', 'globex.example');
    connection = { kind: 'ldap', url: ldap.url, bindDn: ldap.readerDn, bindPassword: ldap.readerPassword, baseDn: ldap.peopleDn };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await ldap?.stop();
  });

  it('should answer 409 DIRECTORY_NOT_CONFIGURED before a directory is connected', async () => {
    expect((await admin.get(`${I}/DirectoryConnection`)).json()).toEqual({ configured: false });
    const list = await admin.post('/ad/list/users', {});
    expect(list.statusCode).toBe(409);
    expect(list.json()).toMatchObject({ code: 'DIRECTORY_NOT_CONFIGURED', message: MESSAGES.DIRECTORY_NOT_CONFIGURED });
    expect((await admin.post(`${I}/LdapSync`, {})).statusCode).toBe(409);
  });

  it('should refuse a bad connection naming the field, and store the password sealed, never answering it', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await admin.put(`${I}/DirectoryConnection`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field });
    };
    await bad({ ...connection, url: 'http://127.0.0.1:389' }, 'url');
    await bad({ ...connection, kind: 'novell' }, 'kind');
    await bad({ ...connection, userFilter: '(objectClass=inetOrgPerson' }, 'userFilter');
    const { bindPassword: _, ...withoutPassword } = connection;
    const missing = await admin.put(`${I}/DirectoryConnection`, withoutPassword);
    expect(missing.json()).toEqual({ code: 'VALIDATION', field: 'bindPassword', message: MESSAGES.DIRECTORY_PASSWORD_REQUIRED });
    expect(await t.db.selectFrom('directory_connections').select('tenant_id').execute()).toEqual([]);
    expect((await viewer.put(`${I}/DirectoryConnection`, connection)).statusCode).toBe(403);

    const saved = await admin.put(`${I}/DirectoryConnection`, connection);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ configured: true, kind: 'ldap', url: ldap.url, bindDn: ldap.readerDn, baseDn: ldap.peopleDn, userFilter: '(objectClass=inetOrgPerson)', hasBindPassword: true, lastSyncAt: null });
    expect(saved.body).not.toContain(ldap.readerPassword);
    const row = await t.db.selectFrom('directory_connections').select('bind_password_sealed').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    expect(row.bind_password_sealed).toMatch(/^v1\./);
    expect(row.bind_password_sealed).not.toContain(ldap.readerPassword);
    const audit = (await t.auditRows('directory.configure')).at(-1)!;
    expect(audit).toMatchObject({ tenant_id: tenantId, actor_username: 'admin', detail: { kind: 'ldap', url: ldap.url, passwordChanged: true } });
    expect(JSON.stringify(audit)).not.toContain(ldap.readerPassword);
    // Saving again without a password keeps the stored one.
    expect((await admin.put(`${I}/DirectoryConnection`, withoutPassword)).statusCode).toBe(200);
    expect((await t.db.selectFrom('directory_connections').select('bind_password_sealed').executeTakeFirstOrThrow()).bind_password_sealed).toBe(row.bind_password_sealed);
  });

  it('should list every entry of a directory of more than 10,000, paged past the server size limit of 500', async () => {
    const first = await viewer.post('/ad/list/users', { page: 2, pageSize: 10 });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(ENTRIES);
    expect(body.users.map((u: { username: string }) => u.username)).toEqual(Array.from({ length: 10 }, (_, i) => ldapUsername(11 + i)));
    expect(body.users[0]).toEqual({ dn: `uid=${ldapUsername(11)},${ldap.peopleDn}`, username: ldapUsername(11), givenName: 'Given11', familyName: 'Family11', emailAddress: `${ldapUsername(11)}@example.test`, telephone: null, enabled: true, synced: false });
    const last = (await viewer.post('/ad/list/users', { page: Math.ceil(ENTRIES / 100), pageSize: 100 })).json();
    expect(last.users.at(-1).username).toBe(ldapUsername(ENTRIES));
    // A search narrows it with a substring filter built as a filter object (a '*' or ')' is only text).
    const found = (await viewer.post('/ad/list/users', { search: 'user0100' })).json();
    expect(found.total).toBe(10);
    expect((await viewer.post('/ad/list/users', { search: '*)(uid=*' })).json().total).toBe(0);
    expect((await viewer.post('/ad/list/users', { pageSize: 101 })).json()).toMatchObject({ code: 'VALIDATION', field: 'pageSize' });
    // Another tenant sees none of this directory.
    expect((await foreign.post('/ad/list/users', {})).json()).toMatchObject({ code: 'DIRECTORY_NOT_CONFIGURED' });
  });

  it('should sync the directory into the tenant in one audited transaction, never taking over a local account', async () => {
    await t.createUser(tenantId, ldapUsername(3), ['selfServicePortal']);
    expect((await viewer.post(`${I}/LdapSync`, {})).statusCode).toBe(403);
    const before = await userCount();
    const res = await admin.post(`${I}/LdapSync`, {});
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ total: ENTRIES, created: ENTRIES - 1, updated: 0, disabled: 0, failed: 1, unchanged: 0, message: 'Successfully updated LDAP users' });
    expect(result.changes[0]).toEqual({ username: ldapUsername(3), action: 'created', ok: false, message: directoryUserFailed('ldap', 'created', MESSAGES.DIRECTORY_LOCAL_ACCOUNT) });
    expect(result.changes[1]).toMatchObject({ ok: true, action: 'created', message: 'The LDAP user was successfully created' });
    expect(result.changes).toHaveLength(100);
    expect(await userCount()).toBe(before + ENTRIES - 1);
    const local = await t.db.selectFrom('users').select('directory_dn').where('username', '=', ldapUsername(3)).executeTakeFirstOrThrow();
    expect(local.directory_dn).toBeNull();
    const synced = await t.db.selectFrom('users').selectAll().where('username', '=', ldapUsername(1)).executeTakeFirstOrThrow();
    expect(synced).toMatchObject({ tenant_id: tenantId, given_name: 'Given1', family_name: 'Family1', email: `${ldapUsername(1)}@example.test`, directory_dn: `uid=${ldapUsername(1)},${ldap.peopleDn}`, enabled: true });
    // A synced account has no usable password until its holder sets one.
    expect((await t.client().post('/api2/Authentication-v1/login', { username: ldapUsername(1), password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await t.auditRows('directory.sync')).at(-1)).toMatchObject({ tenant_id: tenantId, actor_username: 'admin', detail: { total: ENTRIES, created: ENTRIES - 1, failed: 1 } });
    expect((await viewer.post('/ad/list/users', { search: ldapUsername(1) + '0' })).json().users.every((u: { synced: boolean }) => u.synced)).toBe(true);
    expect((await admin.get(`${I}/DirectoryConnection`)).json().lastSyncAt).toEqual(expect.any(String));
  }, 120_000);

  it('should update changed entries and disable users whose entry is gone, on the next sync', async () => {
    await asRoot(async (client) => {
      await client.modify(`uid=${ldapUsername(1)},${ldap.peopleDn}`, new Change({ operation: 'replace', modification: new Attribute({ type: 'mail', values: ['renamed@example.test'] }) }));
      await client.del(`uid=${ldapUsername(2)},${ldap.peopleDn}`);
    });
    const result = (await admin.post(`${I}/LdapSync`, {})).json();
    expect(result).toMatchObject({ total: ENTRIES - 1, created: 0, updated: 1, disabled: 1, failed: 1, unchanged: ENTRIES - 3 });
    expect(result.changes).toEqual(
      expect.arrayContaining([
        { username: ldapUsername(1), action: 'updated', ok: true, message: directoryUserSucceeded('ldap', 'updated') },
        { username: ldapUsername(2), action: 'deleted', ok: true, message: 'The LDAP user was successfully deleted' },
      ]),
    );
    const rows = await t.db.selectFrom('users').select(['username', 'email', 'enabled']).where('username', 'in', [ldapUsername(1), ldapUsername(2)]).orderBy('username').execute();
    expect(rows).toEqual([
      { username: ldapUsername(1), email: 'renamed@example.test', enabled: true },
      { username: ldapUsername(2), email: `${ldapUsername(2)}@example.test`, enabled: false },
    ]);
  }, 120_000);

  it('should change nothing when the audit event cannot be written (503)', async () => {
    await asRoot((client) => client.modify(`uid=${ldapUsername(4)},${ldap.peopleDn}`, new Change({ operation: 'replace', modification: new Attribute({ type: 'sn', values: ['Changed'] }) })));
    await t.breakAudit();
    try {
      const res = await admin.post(`${I}/LdapSync`, {});
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect((await t.db.selectFrom('users').select('family_name').where('username', '=', ldapUsername(4)).executeTakeFirstOrThrow()).family_name).toBe('Family4');
  }, 120_000);

  it("should answer 'Failed to sync LDAP users: ...' and change nothing when the directory refuses the bind or is unreachable", async () => {
    const before = await userCount();
    await admin.put(`${I}/DirectoryConnection`, { ...connection, bindPassword: 'wrong password' });
    const refused = await admin.post(`${I}/LdapSync`, {});
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ code: 'DIRECTORY_FAILED', message: expect.stringMatching(/^Failed to sync LDAP users: the directory answered invalid credentials \(LDAP result 49\)$/) });
    expect(refused.body).not.toContain('wrong password');
    await admin.put(`${I}/DirectoryConnection`, { ...connection, url: `ldap://127.0.0.1:${await freePort()}` });
    const unreachable = await admin.post(`${I}/LdapSync`, {});
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().message).toMatch(/^Failed to sync LDAP users: the directory at the configured URL is unreachable/);
    const list = await viewer.post('/ad/list/users', {});
    expect(list.json()).toMatchObject({ code: 'DIRECTORY_FAILED', message: expect.stringMatching(/^The directory could not be read: /) });
    expect(await userCount()).toBe(before);
  }, 60_000);
});
