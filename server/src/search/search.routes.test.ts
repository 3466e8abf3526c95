import { webcrypto } from 'node:crypto';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { x509 } from '../pki/pki.service';

async function csr(cn: string): Promise<string> {
  const subtle = (webcrypto as unknown as Crypto).subtle;
  const keys = (await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  return (await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${cn}`, keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } })).toString('pem');
}

const S = '/api2/Search-v1';

describe('Search-v1 and favourites', () => {
  let t: TestContext;
  let tenantId: string;
  let adminId: string;
  let admin: TestClient;
  let userSearcher: TestClient; // search + userView, no deviceView
  let userSearcherId: string;
  let noSearch: TestClient; // userView without search
  let foreign: TestClient;
  let foreignId: string;

  const signIn = async (username: string, host?: string) => {
    const c = t.client();
    const res = await c.post('/api2/Authentication-v1/login', { username, password: TEST_PASSWORD }, host ? { headers: { host } } : {});
    if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
    return c;
  };

  beforeAll(async () => {
    t = await build();
    ({ tenantId, userId: adminId } = await t.bootstrap());
    admin = await signIn('admin');
    ({ userId: userSearcherId } = await t.createUser(tenantId, 'sam', ['search', 'userView']));
    userSearcher = await signIn('sam');
    await t.createUser(tenantId, 'nina', ['userView']);
    noSearch = await signIn('nina');
    for (let i = 0; i < 24; i += 1) await t.createUser(tenantId, `member${String(i).padStart(2, '0')}`, []);
    const globex = await t.createTenant('Globex', ['globex.example']);
    ({ userId: foreignId } = await t.createUser(globex, 'member-globex', ['search', 'userView', 'deviceView']));
    foreign = await signIn('member-globex', 'globex.example');
    expect((await admin.post('/api2/IDM-v1/Device', { hostname: 'member-laptop', ipAddress: '10.1.1.1' })).statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  it('should search users on the server, 10 a page, with the total and only the own tenant', async () => {
    const first = await admin.get(`${S}/Search/users?text=member`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ searchType: 'users', text: 'member', skip: 0, totalResults: 24 });
    expect(first.json().results).toHaveLength(10);
    expect(first.json().results[0]).toMatchObject({ type: 'users', title: 'member00' });
    const third = (await admin.get(`${S}/Search/users?text=member&skip=20`)).json();
    expect(third.results.map((hit: { title: string }) => hit.title)).toEqual(['member20', 'member21', 'member22', 'member23']);
    expect(third.results.some((hit: { title: string }) => hit.title === 'member-globex')).toBe(false);
    const theirs = (await foreign.get(`${S}/Search/users?text=member`)).json();
    expect(theirs.totalResults).toBe(1);
  });

  it('should search devices through the devices provider', async () => {
    const res = (await admin.get(`${S}/Search/devices?text=member`)).json();
    expect(res.totalResults).toBe(1);
    expect(res.results[0]).toMatchObject({ type: 'devices', title: 'member-laptop', subtitle: '10.1.1.1' });
    expect((await foreign.get(`${S}/Search/devices?text=member`)).json().totalResults).toBe(0);
  });

  it('should search organisations through the identity provider, within the tenant', async () => {
    const globexId = (await t.db.selectFrom('tenants').select('id').where('name', '=', 'Globex').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('organisations').values([{ tenant_id: tenantId, name: 'Member Services', type: 'Department' }, { tenant_id: globexId, name: 'Member Globex' }]).execute();
    const res = (await admin.get(`${S}/Search/organisations?text=member`)).json();
    expect(res.totalResults).toBe(1);
    expect(res.results[0]).toMatchObject({ type: 'organisations', title: 'Member Services', subtitle: 'Department' });
  });

  it('should search certificates by subject or serial (certView) and smartcards by serial or user (smartcardManage), within the tenant', async () => {
    const caId = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Search CA', keyAlgorithm: 'P-256' })).json().id;
    const templateId = (await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: 'search-tls', class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['serverAuth'] })).json().templateId;
    const serials: string[] = [];
    for (const cn of ['member-web.example', 'member-api.example', 'other.example']) {
      const issued = (await admin.post('/api2/Certificates-v1/SubmitDeviceCSR', { templateId, csr: await csr(cn) })).json();
      expect(issued.status).toBe('complete');
      serials.push(new x509.X509Certificate(issued.certificate).serialNumber.toLowerCase());
    }
    const bySubject = (await admin.get(`${S}/Search/certificates?text=MEMBER`)).json();
    expect(bySubject).toMatchObject({ searchType: 'certificates', totalResults: 2 });
    // Newest first; each hit opens the certificate page by `caId:serial`.
    expect(bySubject.results).toEqual([
      { id: `${caId}:${serials[1]}`, type: 'certificates', title: 'CN=member-api.example', subtitle: expect.stringMatching(new RegExp(`^${serials[1]} · issued · Search CA · valid to \\d{4}-\\d\\d-\\d\\d$`)) },
      expect.objectContaining({ id: `${caId}:${serials[0]}`, title: 'CN=member-web.example' }),
    ]);
    const colons = serials[2]!.slice(0, 6).match(/../g)!.join(':');
    expect((await admin.get(`${S}/Search/certificates?text=${encodeURIComponent(colons)}`)).json().results.map((h: { title: string }) => h.title)).toContain('CN=other.example');
    expect((await foreign.get(`${S}/Search/certificates?text=member`)).statusCode).toBe(403);

    // A smartcard record of a member, and one of the other tenant with the same serial prefix.
    const memberId = (await t.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('username', '=', 'member03').executeTakeFirstOrThrow()).id;
    const globexId = (await t.db.selectFrom('tenants').select('id').where('name', '=', 'Globex').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('smartcards').values([
      { tenant_id: tenantId, serial_number: '5EA4C401', atr: '3B8880', card_type: 'PIV', status: 'assigned', user_id: memberId, card_template_id: null },
      { tenant_id: tenantId, serial_number: '5EA4C402', atr: '3B8880', card_type: 'PIV', status: 'registered', user_id: null, card_template_id: null },
      { tenant_id: globexId, serial_number: '5EA4C403', atr: '3B8880', card_type: 'PIV', status: 'registered', user_id: null, card_template_id: null },
    ]).execute();
    const cards = (await admin.get(`${S}/Search/smartcards?text=5ea4c4`)).json();
    expect(cards.totalResults).toBe(2);
    expect(cards.results.map((h: { title: string; subtitle: string }) => [h.title, h.subtitle]).sort()).toEqual([['5EA4C401', 'PIV · assigned · member03'], ['5EA4C402', 'PIV · registered · no user']]);
    expect((await admin.get(`${S}/Search/smartcards?text=member03`)).json().results.map((h: { title: string }) => h.title)).toEqual(['5EA4C401']);
    expect((await admin.get(`${S}/SearchTypes`)).json().map((p: { type: string }) => p.type)).toEqual(['users', 'devices', 'organisations', 'certificates', 'smartcards']);
  });

  it("should need search, and the provider's own permission; an unknown type is 404", async () => {
    expect((await noSearch.get(`${S}/Search/users?text=a`)).statusCode).toBe(403);
    expect((await userSearcher.get(`${S}/Search/devices?text=a`)).statusCode).toBe(403);
    expect((await userSearcher.get(`${S}/SearchTypes`)).json()).toEqual([{ type: 'users', label: 'Users' }]);
    expect((await admin.get(`${S}/Search/planets`)).statusCode).toBe(404);
    expect((await admin.get(`${S}/Search/users?take=101`)).json().field).toBe('take');
  });

  it('should save favourites for oneself only, answer them newest first, and not repeat one', async () => {
    const save = await userSearcher.post('/user/setFavourites', { query: 'member1', userID: userSearcherId });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ searchType: 'users', query: 'member1' });
    const again = await userSearcher.post('/user/setFavourites', { query: ' member1 ', userID: userSearcherId });
    expect(again.json().id).toBe(save.json().id);
    await userSearcher.post('/user/setFavourites', { query: 'member2', userID: userSearcherId });
    const list = await userSearcher.get(`/user/getFavourites/${userSearcherId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().savedfavourites.map((f: { query: string }) => f.query).sort()).toEqual(['member1', 'member2']);
    // Another user's favourites: neither readable nor writable, even by an administrator; another tenant's likewise.
    expect((await admin.get(`/user/getFavourites/${userSearcherId}`)).statusCode).toBe(403);
    expect((await admin.post('/user/setFavourites', { query: 'x', userID: userSearcherId })).statusCode).toBe(403);
    expect((await foreign.get(`/user/getFavourites/${userSearcherId}`)).statusCode).toBe(403);
    expect((await admin.get(`/user/getFavourites/${adminId}`)).json()).toEqual({ savedfavourites: [] });
    expect((await foreign.get(`/user/getFavourites/${foreignId}`)).json()).toEqual({ savedfavourites: [] });
  });

  it('should refuse a blank query, an unknown search type and a bad user id naming the field', async () => {
    expect((await userSearcher.post('/user/setFavourites', { query: '   ', userID: userSearcherId })).json().field).toBe('query');
    expect((await userSearcher.post('/user/setFavourites', { query: 'a', userID: userSearcherId, searchType: 'planets' })).json().field).toBe('searchType');
    expect((await userSearcher.post('/user/setFavourites', { query: 'a', userID: 'nobody' })).json().field).toBe('userID');
  });

  it('should remove a favourite of the viewer and 404 on another', async () => {
    const fav = (await userSearcher.post('/user/setFavourites', { query: 'to-remove', userID: userSearcherId })).json();
    expect((await admin.request('DELETE', `/user/favourites/${fav.id}`)).statusCode).toBe(404);
    expect((await userSearcher.request('DELETE', `/user/favourites/${fav.id}`)).statusCode).toBe(204);
    expect((await userSearcher.get(`/user/getFavourites/${userSearcherId}`)).json().savedfavourites.some((f: { id: string }) => f.id === fav.id)).toBe(false);
  });

  it('should answer 401 without a session on the favourites paths outside /api', async () => {
    const anon = t.client();
    expect((await anon.get(`/user/getFavourites/${userSearcherId}`)).statusCode).toBe(401);
  });
});
