/**
 * The Active Directory user alerts of admin-console §8 (created, updated, enabled, disabled, deleted and failures)
 * in the answer the sync screen shows, from a connection of kind `activeDirectory` reading AD-shaped entries
 * (`sAMAccountName`, ACCOUNTDISABLE in `userAccountControl`) of Debian's slapd, which the test helper teaches
 * those two AD attributes. Skipped only when slapd is absent, never under CI=true.
 */
import path from 'node:path';
import { Attribute, Change, Client } from 'ldapts';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { findBinary } from '../test-helpers/services';
import { startOwnSlapd, type OwnSlapd } from '../test-helpers/slapd';

const I = '/api2/IDM-v1';
const haveSlapd = findBinary('slapd', ['/usr/sbin', ...(process.env.PATH ?? '').split(path.delimiter)]) !== null;
const slapdDescribe = haveSlapd || process.env.CI === 'true' ? describe : describe.skip;

/** userAccountControl: NORMAL_ACCOUNT (512), with ACCOUNTDISABLE (2) = 514. */
const ENABLED = '512';
const DISABLED = '514';

slapdDescribe('Active Directory user alerts (slapd with the AD attributes)', () => {
  let ldap: OwnSlapd;
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;

  const asRoot = async (work: (client: Client) => Promise<void>) => {
    const client = new Client({ url: ldap.url });
    await client.bind(ldap.adminDn, ldap.adminPassword);
    try {
      await work(client);
    } finally {
      await client.unbind();
    }
  };
  const dn = (name: string) => `cn=${name},${ldap.adDn}`;
  const addAdUser = (client: Client, name: string, control: string) =>
    client.add(dn(name), { objectClass: ['top', 'person', 'organizationalPerson', 'inetOrgPerson', 'user'], cn: name, sn: `Family ${name}`, givenName: `Given ${name}`, mail: `${name}@corp.example`, sAMAccountName: name, userAccountControl: control });

  beforeAll(async () => {
    ldap = (await startOwnSlapd(1))!;
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    await t.createUser(tenantId, 'taken', ['selfServicePortal']);
    await asRoot(async (client) => {
      await addAdUser(client, 'ann', ENABLED);
      await addAdUser(client, 'ben', DISABLED);
      await addAdUser(client, 'cat', ENABLED);
      await addAdUser(client, 'dan', ENABLED);
      await addAdUser(client, 'taken', ENABLED);
    });
    const saved = await admin.put(`${I}/DirectoryConnection`, { kind: 'activeDirectory', url: ldap.url, bindDn: ldap.readerDn, bindPassword: ldap.readerPassword, baseDn: ldap.adDn, userFilter: '(objectClass=user)' });
    if (saved.statusCode !== 200) throw new Error(`connection refused: ${saved.body}`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await ldap?.stop();
  });

  it('should sync AD entries with the alerts: created (disabled by userAccountControl), and a failure for a local username', async () => {
    const result = (await admin.post(`${I}/LdapSync`, {})).json();
    expect(result).toMatchObject({ total: 5, created: 4, failed: 1 });
    expect(result.changes[0]).toEqual({ username: 'taken', action: 'created', ok: false, message: 'Failed to create the Active Directory user: a local account already has this username' });
    expect(result.changes.slice(1).map((c: { username: string; message: string }) => `${c.username}: ${c.message}`).sort()).toEqual(
      ['ann', 'ben', 'cat', 'dan'].map((u) => `${u}: The Active Directory user was successfully created`),
    );
    const rows = await t.db.selectFrom('users').select(['username', 'enabled', 'directory_dn']).where('tenant_id', '=', tenantId).where('directory_dn', 'is not', null).orderBy('username').execute();
    expect(rows).toEqual([
      { username: 'ann', enabled: true, directory_dn: dn('ann') },
      { username: 'ben', enabled: false, directory_dn: dn('ben') },
      { username: 'cat', enabled: true, directory_dn: dn('cat') },
      { username: 'dan', enabled: true, directory_dn: dn('dan') },
    ]);
    // The user answers its directory data: the entry's distinguishedName and its displayName (admin-console §3).
    const ann = await t.db.selectFrom('users').select('id').where('username', '=', 'ann').executeTakeFirstOrThrow();
    expect((await admin.get(`${I}/User?id=${ann.id}`)).json().directory).toMatchObject({ distinguishedName: dn('ann'), displayName: 'Given ann Family ann' });
  }, 60_000);

  it('should sync AD changes with the alerts: updated, enabled, disabled and deleted', async () => {
    await asRoot(async (client) => {
      await client.modify(dn('ann'), new Change({ operation: 'replace', modification: new Attribute({ type: 'mail', values: ['ann.new@corp.example'] }) }));
      await client.modify(dn('ben'), new Change({ operation: 'replace', modification: new Attribute({ type: 'userAccountControl', values: [ENABLED] }) }));
      await client.modify(dn('cat'), new Change({ operation: 'replace', modification: new Attribute({ type: 'userAccountControl', values: [DISABLED] }) }));
      await client.del(dn('dan'));
    });
    const result = (await admin.post(`${I}/LdapSync`, {})).json();
    expect(result).toMatchObject({ total: 4, updated: 1, enabled: 1, disabled: 2, failed: 1 });
    const ok = result.changes.filter((c: { ok: boolean }) => c.ok).map((c: { username: string; action: string; message: string }) => [c.username, c.action, c.message]);
    expect(ok.sort()).toEqual([
      ['ann', 'updated', 'The Active Directory user was successfully updated'],
      ['ben', 'enabled', 'The Active Directory user was successfully enabled'],
      ['cat', 'disabled', 'The Active Directory user was successfully disabled'],
      ['dan', 'deleted', 'The Active Directory user was successfully deleted'],
    ]);
    const rows = await t.db.selectFrom('users').select(['username', 'email', 'enabled']).where('tenant_id', '=', tenantId).where('directory_dn', 'is not', null).orderBy('username').execute();
    expect(rows.map((r) => [r.username, r.email, r.enabled])).toEqual([
      ['ann', 'ann.new@corp.example', true],
      ['ben', 'ben@corp.example', true],
      ['cat', 'cat@corp.example', false],
      ['dan', 'dan@corp.example', false],
    ]);
  }, 60_000);
});
