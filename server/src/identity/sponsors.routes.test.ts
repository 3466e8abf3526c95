import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const SPONSOR = '/api2/IDM-v1/Sponsor';

describe('IDM-v1 sponsors', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let sponsorUserId: string;
  let sponsorId: string;
  let sponsorClient: TestClient;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    ({ userId: sponsorUserId } = await t.createUser(tenantId, 'sam-sponsor', []));
    sponsorClient = t.client();
    await sponsorClient.login('sam-sponsor', TEST_PASSWORD);
  });
  afterAll(async () => t?.close());

  const addSponsored = (username: string, sponsor = sponsorId) =>
    admin.post('/api2/IDM-v1/User', { username, password: `${username}-Long-enough-1`, givenName: 'Vic', familyName: 'Visitor', emailAddress: `${username}@example.test`, roleIds: [], sponsorId: sponsor });

  it('should make a user a sponsor, audited, and refuse the same user twice with the message', async () => {
    const res = await admin.post(SPONSOR, { userId: sponsorUserId, notes: ' Front desk ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: sponsorUserId, username: 'sam-sponsor', active: true, notes: 'Front desk', pendingCount: 0 });
    sponsorId = res.json().id;
    expect((await t.auditRows('sponsor.create')).at(-1)).toMatchObject({ target_id: sponsorId, detail: { username: 'sam-sponsor' } });
    const again = await admin.post(SPONSOR, { userId: sponsorUserId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', field: 'userId', message: 'This user is already a sponsor.' });
    expect((await admin.get('/api2/IDM-v1/Sponsors')).json().sponsors).toHaveLength(1);
  });

  it.each([
    ['an unknown user', { userId: '00000000-0000-4000-8000-000000000000' }, 'userId'],
    ['no user', {}, 'userId'],
    ['a control character in the notes', { userId: '00000000-0000-4000-8000-000000000000', notes: 'a\u0007' }, 'notes'],
    ['an extra field', { userId: '00000000-0000-4000-8000-000000000000', colour: 'red' }, 'colour'],
  ])('should refuse %s with 400 naming the field, writing nothing', async (_name, body, field) => {
    const res = await admin.post(SPONSOR, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', field });
    expect((await admin.get('/api2/IDM-v1/Sponsors')).json().sponsors).toHaveLength(1);
  });

  it('should mail the sponsor when a sponsored user is added; the user waits disabled until approved', async () => {
    const mailsBefore = t.mails.length;
    const res = await addSponsored('vic-one');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ enabled: false, sponsorId, sponsorStatus: 'pending' });
    const mail = t.mails.slice(mailsBefore).find((m) => m.to === 'sam-sponsor@example.test');
    expect(mail?.subject).toBe('Approval needed: vic-one');
    expect(mail?.text).toContain('/identity/sponsors/manage');
    expect((await sponsorClient.get('/api2/IDM-v1/SponsoredUsers')).json().users).toEqual([expect.objectContaining({ username: 'vic-one', sponsorStatus: 'pending' })]);
    expect((await admin.get(`${SPONSOR}?id=${sponsorId}`)).json().pendingCount).toBe(1);

    const userId = res.json().id;
    const approved = await sponsorClient.post('/api2/IDM-v1/SponsorDecision', { userId, approve: true });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ username: 'vic-one', sponsorStatus: 'approved' });
    expect((await admin.get(`/api2/IDM-v1/User?id=${userId}`)).json()).toMatchObject({ enabled: true, sponsorStatus: 'approved' });
    expect((await t.auditRows('sponsor.approve')).at(-1)).toMatchObject({ actor_username: 'sam-sponsor', target_id: userId });
    const vic = t.client();
    expect((await vic.post('/api2/Authentication-v1/login', { username: 'vic-one', password: 'vic-one-Long-enough-1' })).statusCode).toBe(200);
    // A decision is made once.
    const twice = await sponsorClient.post('/api2/IDM-v1/SponsorDecision', { userId, approve: false });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('This user is no longer waiting for approval.');
  });

  it('should let only the assigned, active sponsor decide; a rejected user stays disabled', async () => {
    const userId = (await addSponsored('vic-two')).json().id;
    const notSponsor = await admin.post('/api2/IDM-v1/SponsorDecision', { userId, approve: true });
    expect(notSponsor.statusCode).toBe(403);
    expect(notSponsor.json().message).toBe('This user has no sponsor, or you are not their sponsor.');
    expect((await admin.put(SPONSOR, { id: sponsorId, active: false })).json()).toMatchObject({ active: false });
    expect((await t.auditRows('sponsor.update')).at(-1)).toMatchObject({ target_id: sponsorId, detail: { changed: ['active'] } });
    const inactive = await sponsorClient.post('/api2/IDM-v1/SponsorDecision', { userId, approve: true });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().message).toBe('This sponsor is not active.');
    // An inactive sponsor cannot be named for a new user.
    expect((await addSponsored('vic-three')).json()).toMatchObject({ field: 'sponsorId', message: 'This sponsor is not active.' });
    await admin.put(SPONSOR, { id: sponsorId, active: true });
    const rejected = await sponsorClient.post('/api2/IDM-v1/SponsorDecision', { userId, approve: false });
    expect(rejected.json()).toMatchObject({ sponsorStatus: 'rejected' });
    expect((await admin.get(`/api2/IDM-v1/User?id=${userId}`)).json()).toMatchObject({ enabled: false, sponsorStatus: 'rejected' });
  });

  it('should keep tenants apart and check permissions', async () => {
    const other = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(other, 'globex-admin', ['manageSponsor', 'sponsorEdit', 'sponsorAdd']);
    const globex = t.client();
    await globex.request('POST', '/api2/Authentication-v1/login', { body: { username: 'globex-admin', password: TEST_PASSWORD }, headers: { host: 'globex.test' } });
    const opts = { headers: { host: 'globex.test' } };
    expect((await globex.get('/api2/IDM-v1/Sponsors', opts)).json().sponsors).toEqual([]);
    expect((await globex.get(`${SPONSOR}?id=${sponsorId}`, opts)).statusCode).toBe(404);
    expect((await globex.put(SPONSOR, { id: sponsorId, active: false }, opts)).statusCode).toBe(404);
    expect((await globex.post(SPONSOR, { userId: sponsorUserId }, opts)).statusCode).toBe(400);
    expect((await sponsorClient.get('/api2/IDM-v1/Sponsors')).statusCode).toBe(403);
    expect((await sponsorClient.post(SPONSOR, { userId: sponsorUserId })).statusCode).toBe(403);
  });

  it('should answer 503 Audit failed and change nothing when the audit cannot be written', async () => {
    await t.breakAudit();
    try {
      const res = await admin.put(SPONSOR, { id: sponsorId, notes: 'changed' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect((await admin.get(`${SPONSOR}?id=${sponsorId}`)).json().notes).toBe('Front desk');
  });
  it('should answer the viewer of a sponsored user with its names, all its roles and its sponsor (allRoles, names, allSponsors)', async () => {
    expect((await admin.put(SPONSOR, { id: sponsorId, active: true })).statusCode).toBe(200);
    const { roleId: firstRole } = await t.createUser(tenantId, 'role-holder-a', ['userView']);
    const { roleId: secondRole } = await t.createUser(tenantId, 'role-holder-b', ['deviceView']);
    const created = await admin.post('/api2/IDM-v1/User', { username: 'vic-viewer', password: 'vic-viewer-Long-enough-1', givenName: 'Vera', familyName: 'Viewer', emailAddress: 'vic-viewer@example.test', roleIds: [firstRole, secondRole], sponsorId });
    expect(created.statusCode).toBe(201);
    const userId = created.json().id as string;
    expect((await sponsorClient.post('/api2/IDM-v1/SponsorDecision', { userId, approve: true })).statusCode).toBe(200);
    const vera = t.client();
    await vera.login('vic-viewer', 'vic-viewer-Long-enough-1');
    const viewer = (await vera.get('/api/login')).json();
    const roleNames = await t.db.selectFrom('roles').select(['id', 'name']).where('id', 'in', [firstRole, secondRole]).execute();
    expect(viewer.names).toEqual({ givenName: 'Vera', familyName: 'Viewer', displayName: 'Vera Viewer' });
    expect([...viewer.allRoles].sort((a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id))).toEqual(roleNames.map((r) => ({ id: r.id, name: r.name })).sort((a, b) => a.id.localeCompare(b.id)));
    expect([...viewer.roles].sort()).toEqual(roleNames.map((r) => r.name).sort());
    expect(viewer.allSponsors).toEqual([{ id: sponsorId, name: 'sam-sponsor Test' }]);
    // A user without a sponsor has none.
    expect((await admin.get('/api/login')).json().allSponsors).toEqual([]);
  });
});
