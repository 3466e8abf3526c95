/**
 * The Entra ID directory source (issue 13): users read through the Microsoft Graph users API (client-credentials
 * token, `@odata.nextLink` pages) from a local fake Graph on 127.0.0.1 (no network here), listed by
 * `/ad/list/users` and synced by `LdapSync` with the Entra ID user alerts of admin-console §8 (created,
 * updated, enabled, disabled, deleted and failures) in the answer the sync screen shows.
 */
import { MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { graphUser, startFakeGraph, type FakeGraph } from '../test-helpers/fake-graph';
import { freePort } from '../test-helpers/services';

const I = '/api2/IDM-v1';

describe('directory users from Entra ID (Microsoft Graph)', () => {
  let graph: FakeGraph;
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let foreign: TestClient;
  let connection: Record<string, string>;

  const signIn = async (username: string, host?: string) => {
    const c = t.client();
    const res = await c.post('/api2/Authentication-v1/login', { username, password: TEST_PASSWORD }, host ? { headers: { host } } : {});
    if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
    return c;
  };
  const userRows = async () =>
    t.db.selectFrom('users').select(['username', 'given_name', 'email', 'telephone', 'enabled', 'directory_dn']).where('tenant_id', '=', tenantId).where('directory_dn', 'is not', null).orderBy('username').execute();

  beforeAll(async () => {
    graph = await startFakeGraph([
      graphUser(1, { businessPhones: ['+61 2 5550 0001'] }),
      graphUser(2, { accountEnabled: false }),
      graphUser(3),
      graphUser(4, { mobilePhone: '+61 400 000 004' }),
      graphUser(5, { userPrincipalName: 'local@contoso.example' }),
    ]);
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = await signIn('admin');
    await t.createUser(tenantId, 'local@contoso.example', ['selfServicePortal']);
    const globex = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(globex, 'gus', ['userView', 'workflow']);
    foreign = await signIn('gus', 'globex.example');
    connection = { kind: 'entraId', url: graph.url, baseDn: graph.tenant, bindDn: graph.clientId, bindPassword: graph.clientSecret, userFilter: "userType eq 'Member'" };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  it('should refuse an Entra ID URL that is not https (loopback aside), naming the field, and store the secret sealed', async () => {
    const bad = await admin.put(`${I}/DirectoryConnection`, { ...connection, url: 'http://graph.example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'VALIDATION', field: 'url', message: 'url must start with https:// (the Microsoft Graph endpoint, such as https://graph.microsoft.com)' });
    expect((await admin.put(`${I}/DirectoryConnection`, { ...connection, kind: 'ldap' })).json()).toMatchObject({ code: 'VALIDATION', field: 'url' });
    expect(await t.db.selectFrom('directory_connections').select('tenant_id').execute()).toEqual([]);
    const saved = await admin.put(`${I}/DirectoryConnection`, connection);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ configured: true, kind: 'entraId', url: graph.url, bindDn: graph.clientId, baseDn: graph.tenant, userFilter: "userType eq 'Member'", hasBindPassword: true, lastSyncAt: null });
    expect(saved.body).not.toContain(graph.clientSecret);
    const row = await t.db.selectFrom('directory_connections').select('bind_password_sealed').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    expect(row.bind_password_sealed).not.toContain(graph.clientSecret);
  });

  it('should list the Graph users page by page with a client-credentials token, and narrow them by a search', async () => {
    graph.requests.length = 0;
    const res = await admin.post('/ad/list/users', { pageSize: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(5);
    expect(body.users[0]).toEqual({ dn: graphUser(5).id, username: 'local@contoso.example', givenName: 'Given5', familyName: 'Family5', emailAddress: 'user5@contoso.example', telephone: null, enabled: true, synced: false });
    expect(body.users.find((u: { username: string }) => u.username === 'user2@contoso.example')).toMatchObject({ enabled: false });
    expect(body.users.find((u: { username: string }) => u.username === 'user1@contoso.example')).toMatchObject({ telephone: '+61 2 5550 0001' });
    // One token (client credentials for Graph's .default scope), then three pages of two by @odata.nextLink.
    expect(graph.requests[0]).toEqual({ method: 'POST', url: `/${graph.tenant}/oauth2/v2.0/token`, form: { grant_type: 'client_credentials', client_id: graph.clientId, client_secret: graph.clientSecret, scope: `${graph.url}/.default` } });
    const pages = graph.requests.slice(1);
    expect(pages).toHaveLength(3);
    const first = new URL(pages[0]!.url, graph.url);
    expect(first.pathname).toBe('/v1.0/users');
    expect(first.searchParams.get('$filter')).toBe("userType eq 'Member'");
    expect(first.searchParams.get('$top')).toBe('999');
    expect(first.searchParams.get('$select')).toContain('accountEnabled');
    expect(pages.every((p) => p.authorization?.startsWith('Bearer fake-token-'))).toBe(true);
    const found = (await admin.post('/ad/list/users', { search: 'USER3@' })).json();
    expect(found.users.map((u: { username: string }) => u.username)).toEqual(['user3@contoso.example']);
    expect((await foreign.post('/ad/list/users', {})).json()).toMatchObject({ code: 'DIRECTORY_NOT_CONFIGURED' });
  });

  it('should sync with the Entra ID alerts: created, and a failure for a username a local account holds', async () => {
    const res = await admin.post(`${I}/LdapSync`, {});
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ total: 5, created: 4, updated: 0, enabled: 0, disabled: 0, failed: 1, unchanged: 0, message: MESSAGES.LDAP_SYNC_SUCCEEDED });
    expect(result.changes[0]).toEqual({ username: 'local@contoso.example', action: 'created', ok: false, message: 'Failed to create the Entra ID user: a local account already has this username' });
    expect(result.changes.slice(1)).toEqual(['user1', 'user2', 'user3', 'user4'].map((u) => ({ username: `${u}@contoso.example`, action: 'created', ok: true, message: 'The Entra ID user was successfully created' })));
    expect(await userRows()).toEqual([
      { username: 'user1@contoso.example', given_name: 'Given1', email: 'user1@contoso.example', telephone: '+61 2 5550 0001', enabled: true, directory_dn: graphUser(1).id },
      { username: 'user2@contoso.example', given_name: 'Given2', email: 'user2@contoso.example', telephone: null, enabled: false, directory_dn: graphUser(2).id },
      { username: 'user3@contoso.example', given_name: 'Given3', email: 'user3@contoso.example', telephone: null, enabled: true, directory_dn: graphUser(3).id },
      { username: 'user4@contoso.example', given_name: 'Given4', email: 'user4@contoso.example', telephone: '+61 400 000 004', enabled: true, directory_dn: graphUser(4).id },
    ]);
    expect((await t.auditRows('directory.sync')).at(-1)).toMatchObject({ tenant_id: tenantId, actor_username: 'admin', detail: { total: 5, created: 4, failed: 1 } });
  });

  it('should sync changes with the Entra ID alerts: updated, enabled, disabled and deleted', async () => {
    graph.users = [graphUser(1, { mail: 'renamed@contoso.example', businessPhones: ['+61 2 5550 0001'] }), graphUser(2), graphUser(3, { accountEnabled: false })];
    const result = (await admin.post(`${I}/LdapSync`, {})).json();
    expect(result).toMatchObject({ total: 3, created: 0, updated: 1, enabled: 1, disabled: 2, failed: 0, unchanged: 0 });
    expect([...result.changes].sort((a: { username: string }, b: { username: string }) => a.username.localeCompare(b.username))).toEqual([
      { username: 'user1@contoso.example', action: 'updated', ok: true, message: 'The Entra ID user was successfully updated' },
      { username: 'user2@contoso.example', action: 'enabled', ok: true, message: 'The Entra ID user was successfully enabled' },
      { username: 'user3@contoso.example', action: 'disabled', ok: true, message: 'The Entra ID user was successfully disabled' },
      { username: 'user4@contoso.example', action: 'deleted', ok: true, message: 'The Entra ID user was successfully deleted' },
    ]);
    expect((await userRows()).map((u) => [u.username, u.email, u.enabled])).toEqual([
      ['user1@contoso.example', 'renamed@contoso.example', true],
      ['user2@contoso.example', 'user2@contoso.example', true],
      ['user3@contoso.example', 'user3@contoso.example', false],
      ['user4@contoso.example', 'user4@contoso.example', false],
    ]);
  });

  it("should answer 'Failed to sync LDAP users: ...' and change nothing when Entra ID refuses the secret, is unreachable, or pages elsewhere", async () => {
    const before = await userRows();
    await admin.put(`${I}/DirectoryConnection`, { ...connection, bindPassword: 'wrong secret' });
    const refused = await admin.post(`${I}/LdapSync`, {});
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ code: 'DIRECTORY_FAILED', message: "Failed to sync LDAP users: Entra ID refused the application's credentials: invalid_client (HTTP 401)" });
    expect(refused.body).not.toContain('wrong secret');
    await admin.put(`${I}/DirectoryConnection`, connection);
    graph.nextLinkOverride = 'http://localhost:1/v1.0/users?$skiptoken=2';
    try {
      const elsewhere = await admin.post(`${I}/LdapSync`, {});
      expect(elsewhere.json()).toEqual({ code: 'DIRECTORY_FAILED', message: 'Failed to sync LDAP users: Microsoft Graph sent a next page on another host; the read was stopped' });
    } finally {
      delete graph.nextLinkOverride;
    }
    await admin.put(`${I}/DirectoryConnection`, { ...connection, url: `http://127.0.0.1:${await freePort()}` });
    const unreachable = await admin.post(`${I}/LdapSync`, {});
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().message).toBe('Failed to sync LDAP users: Entra ID at the configured URL is unreachable (ECONNREFUSED)');
    expect(await userRows()).toEqual(before);
  });
});
