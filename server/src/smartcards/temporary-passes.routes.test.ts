import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const T = '/api/smartcards/temporary';
const TODAY = () => new Date().toISOString().slice(0, 10);
const DAY = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('temporary passes and smartcard requests', () => {
  let t: TestContext;
  let tenantId: string;
  let adminId: string;
  let admin: TestClient;
  let clerk: TestClient; // smartcardTemporary only
  let foreign: TestClient;
  let foreignUserId: string;

  const signIn = async (username: string, host?: string) => {
    const c = t.client();
    const res = await c.post('/api2/Authentication-v1/login', { username, password: TEST_PASSWORD }, host ? { headers: { host } } : {});
    if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
    return c;
  };
  const passRow = (passNumber: string, tenant = tenantId) =>
    t.db.selectFrom('temporary_passes').selectAll().where('tenant_id', '=', tenant).where('pass_number', '=', passNumber).executeTakeFirst();
  const passCount = async () => (await t.db.selectFrom('temporary_passes').select('id').execute()).length;
  const guest = (passNumber: string, over: Record<string, unknown> = {}) => ({ givenName: 'Gina', lastName: 'Guest', passNumber, validDate: TODAY(), expirationDate: TODAY(), ...over });

  beforeAll(async () => {
    t = await build();
    ({ tenantId, userId: adminId } = await t.bootstrap());
    admin = await signIn('admin');
    await t.createUser(tenantId, 'clerk', ['smartcardTemporary']);
    clerk = await signIn('clerk');
    const globex = await t.createTenant('Globex', ['globex.example']);
    ({ userId: foreignUserId } = await t.createUser(globex, 'gus', ['smartcardTemporary', 'smartcardRequest']));
    foreign = await signIn('gus', 'globex.example');
  });
  afterAll(async () => t?.close());

  describe('issuing', () => {
    it('should issue a guest pass (201), padding the number, for the whole chosen day, audited', async () => {
      const res = await clerk.post(`${T}/guest/assign`, guest('42'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        passNumber: '00042',
        cardType: 'guest',
        status: 'ISSUED',
        givenName: 'Gina',
        lastName: 'Guest',
        validDate: `${TODAY()}T00:00:00.000Z`,
        expirationDate: `${TODAY()}T23:59:59.000Z`,
      });
      expect((await t.auditRows('pass.issueGuest')).at(-1)).toMatchObject({ target_id: '00042', actor_username: 'clerk' });
    });

    it("should use the tenant's time zone for validDate and expirationDate", async () => {
      await t.db.updateTable('tenants').set({ time_zone: 'Europe/Berlin' }).where('id', '=', tenantId).execute();
      try {
        const day = DAY(1);
        const res = await clerk.post(`${T}/guest/assign`, guest('43', { validDate: day, expirationDate: day }));
        const prev = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        expect(res.json().validDate).toMatch(new RegExp(`^(${prev}T23|${prev}T22):00:00.000Z$`));
        expect(res.json().expirationDate).toMatch(new RegExp(`^${day}T2[12]:59:59.000Z$`));
      } finally {
        await t.db.updateTable('tenants').set({ time_zone: 'UTC' }).where('id', '=', tenantId).execute();
      }
    });

    it('should issue a pass to a user of the tenant and list it for that user', async () => {
      const res = await clerk.post(`${T}/positive/assign`, { passNumber: '7', userID: adminId, validDate: TODAY(), expirationDate: DAY(2) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ passNumber: '00007', cardType: 'positive', status: 'ISSUED', userID: adminId, username: 'admin', expirationDate: `${DAY(2)}T23:59:59.000Z` });
      const mine = await clerk.get(`${T}/user/${adminId}`);
      expect(mine.json().map((p: { passNumber: string }) => p.passNumber)).toEqual(['00007']);
      expect((await t.auditRows('pass.issue')).at(-1)).toMatchObject({ target_id: '00007', detail: { userID: adminId } });
    });

    it('should not issue a pass that is already issued, even twice at once (409)', async () => {
      const [a, b] = await Promise.all([clerk.post(`${T}/guest/assign`, guest('500')), clerk.post(`${T}/guest/assign`, guest('00500', { givenName: 'Other' }))]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      expect((await passRow('00500'))?.status).toBe('ISSUED');
      const again = await clerk.post(`${T}/positive/assign`, { passNumber: '500', userID: adminId, validDate: TODAY(), expirationDate: TODAY() });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'CONFLICT', field: 'passNumber' });
    });

    it.each([
      ['letters in the pass number', guest('12a'), 'passNumber', 'The pass number must be 1 to 5 digits.'],
      ['six digits', guest('123456'), 'passNumber', 'The pass number must be 1 to 5 digits.'],
      ['a missing last name', { ...guest('601'), lastName: undefined }, 'lastName', 'lastName is required'],
      ['a blank given name', guest('602', { givenName: '  ' }), 'givenName', 'givenName must not be blank'],
      ['a date that does not exist', guest('603', { validDate: '2026-02-30', expirationDate: '2026-02-30' }), 'validDate', 'validDate must be a real date'],
      ['an expiry before the valid date', guest('604', { validDate: DAY(3), expirationDate: DAY(2) }), 'expirationDate', 'expirationDate must not be before validDate'],
      ['an expiry in the past', guest('605', { validDate: DAY(-3), expirationDate: DAY(-2) }), 'expirationDate', 'expirationDate must not be in the past'],
      ['an unknown field', guest('606', { colour: 'red' }), 'colour', 'colour is not allowed'],
    ])('should answer 400 for %s and change nothing', async (_name, body, field, message) => {
      const before = await passCount();
      const res = await clerk.post(`${T}/guest/assign`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', field, message });
      expect(await passCount()).toBe(before);
    });

    it("should refuse another tenant's user (400), and answer 403 without smartcardTemporary", async () => {
      const res = await clerk.post(`${T}/positive/assign`, { passNumber: '610', userID: foreignUserId, validDate: TODAY(), expirationDate: TODAY() });
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field: 'userID' });
      expect(await passRow('00610')).toBeUndefined();
      await t.createUser(tenantId, 'noperm', ['ticketView']);
      const c = await signIn('noperm');
      expect((await c.post(`${T}/guest/assign`, guest('611'))).statusCode).toBe(403);
      expect((await c.get(T)).statusCode).toBe(403);
      expect((await t.client().get(T)).body).toBe('not_logged_in');
    });

    it('should answer 503 and issue nothing when the audit fails', async () => {
      await t.breakAudit();
      try {
        const res = await clerk.post(`${T}/guest/assign`, guest('620'));
        expect(res.statusCode).toBe(503);
        expect(res.body).toBe('Audit failed');
      } finally {
        await t.repairAudit();
      }
      expect(await passRow('00620')).toBeUndefined();
    });
  });

  describe('every call', () => {
    it.each([
      ['GET', T, undefined],
      ['GET', `${T}/accounts`, undefined],
      ['GET', `${T}/user/00000000-0000-4000-8000-000000000000`, undefined],
      ['GET', `${T}/availability/guest/1`, undefined],
      ['POST', `${T}/positive/assign`, { passNumber: '1', userID: '00000000-0000-4000-8000-000000000000', validDate: '2030-01-01', expirationDate: '2030-01-01' }],
      ['POST', `${T}/guest/assign`, { givenName: 'a', lastName: 'b', passNumber: '1', validDate: '2030-01-01', expirationDate: '2030-01-01' }],
      ['POST', `${T}/return`, { passNumber: '1' }],
      ['POST', `${T}/misplaced`, { reason: 'lost', passNumber: '1' }],
      ['POST', `${T}/activation`, { status: 'active', passNumber: '1' }],
      ['POST', `${T}/batch/print`, { quantity: 1, cardType: 'guest' }],
      ['POST', '/api/dps/smartcard-request', { selectAll: true, inclusionList: [], exclusionList: [], bulkInclusionList: [], options: {} }],
    ] as const)('should answer 403 to %s %s without its permission, and 401 without a session', async (method, url, body) => {
      await t.db.deleteFrom('users').where('username', '=', 'nocards').execute();
      await t.createUser(tenantId, 'nocards', ['ticketView']);
      const c = await signIn('nocards');
      const before = await passCount();
      const res = await c.request(method, url, body === undefined ? {} : { body });
      expect(res.statusCode).toBe(403);
      expect((await t.client().request(method, url, body === undefined ? {} : { body })).statusCode).toBe(401);
      expect(await passCount()).toBe(before);
      await t.db.deleteFrom('users').where('username', '=', 'nocards').execute();
    });

    it('should answer 503 and change nothing when the audit of a user pass, misplaced or activation fails', async () => {
      await clerk.post(`${T}/guest/assign`, guest('720'));
      const before = await passRow('00720');
      await t.breakAudit();
      try {
        expect((await clerk.post(`${T}/positive/assign`, { passNumber: '721', userID: adminId, validDate: TODAY(), expirationDate: TODAY() })).statusCode).toBe(503);
        expect((await clerk.post(`${T}/misplaced`, { reason: 'lost', passNumber: '720' })).statusCode).toBe(503);
        expect((await clerk.post(`${T}/activation`, { status: 'inactive', passNumber: '720' })).statusCode).toBe(503);
      } finally {
        await t.repairAudit();
      }
      expect(await passRow('00721')).toBeUndefined();
      expect(await passRow('00720')).toEqual(before);
    });
  });

  describe('return, misplaced, activation', () => {
    it('should keep a returned or misplaced pass out of use until it is activated again', async () => {
      await clerk.post(`${T}/guest/assign`, guest('700'));
      const returned = await clerk.post(`${T}/return`, { passNumber: '700' });
      expect(returned.statusCode).toBe(200);
      expect(returned.json().status).toBe('RETURNED');
      expect((await clerk.post(`${T}/guest/assign`, guest('700'))).statusCode).toBe(409);
      expect((await clerk.get(`${T}/availability/guest/700`)).json()).toEqual([{ status: 'RETURNED', passNumber: '00700', cardType: 'guest', available: false }]);
      const active = await clerk.post(`${T}/activation`, { status: 'active', passNumber: '700' });
      expect(active.json()).toMatchObject({ status: 'AVAILABLE', givenName: null, validDate: null });
      expect((await clerk.get(`${T}/availability/guest/700`)).json()[0]).toMatchObject({ status: 'AVAILABLE', available: true });
      expect((await clerk.post(`${T}/guest/assign`, guest('700'))).statusCode).toBe(201);

      const lost = await clerk.post(`${T}/misplaced`, { reason: 'stolen', passNumber: '700' });
      expect(lost.json()).toMatchObject({ status: 'MISPLACED', reason: 'stolen' });
      expect((await clerk.post(`${T}/guest/assign`, guest('700'))).statusCode).toBe(409);
      expect((await clerk.post(`${T}/return`, { passNumber: '700' })).statusCode).toBe(409);
      await clerk.post(`${T}/activation`, { status: 'active', passNumber: '700' });
      const deactivated = await clerk.post(`${T}/activation`, { status: 'inactive', passNumber: '700' });
      expect(deactivated.json().status).toBe('INACTIVE');
      expect((await clerk.post(`${T}/guest/assign`, guest('700'))).statusCode).toBe(409);
      expect((await t.auditRows()).filter((r) => r.target_id === '00700').map((r) => r.action)).toEqual([
        'pass.issueGuest', 'pass.return', 'pass.activate', 'pass.issueGuest', 'pass.misplaced', 'pass.activate', 'pass.deactivate',
      ]);
    });

    it.each([
      ['return', { passNumber: 'abc' }, 'passNumber'],
      ['misplaced', { reason: 'eaten', passNumber: '700' }, 'reason'],
      ['misplaced', { reason: 'lost', passNumber: '7x' }, 'passNumber'],
      ['activation', { status: 'on', passNumber: '700' }, 'status'],
    ])('should answer 400 to %s %j and change nothing', async (path, body, field) => {
      const before = await passRow('00700');
      const res = await clerk.post(`${T}/${path}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', field });
      expect(await passRow('00700')).toEqual(before);
    });

    it("should answer 404 for an unknown pass and for another tenant's pass", async () => {
      await foreign.post(`${T}/guest/assign`, guest('900'));
      expect((await passRow('00900', (await t.db.selectFrom('users').select('tenant_id').where('id', '=', foreignUserId).executeTakeFirstOrThrow()).tenant_id))?.status).toBe('ISSUED');
      const bodies: [string, Record<string, string>][] = [
        ['return', { passNumber: '900' }],
        ['activation', { status: 'inactive', passNumber: '900' }],
        ['misplaced', { reason: 'lost', passNumber: '900' }],
        ['return', { passNumber: '899' }],
      ];
      for (const [path, request] of bodies) expect((await clerk.post(`${T}/${path}`, request)).statusCode).toBe(404);
      expect((await clerk.get(`${T}/user/${foreignUserId}`)).statusCode).toBe(404);
      expect((await clerk.get(`${T}/availability/guest/900`)).json()[0]).toMatchObject({ status: 'AVAILABLE', available: true });
    });

    it('should answer 503 and change nothing when the audit of a return fails', async () => {
      await clerk.post(`${T}/guest/assign`, guest('710'));
      await t.breakAudit();
      try {
        expect((await clerk.post(`${T}/return`, { passNumber: '710' })).statusCode).toBe(503);
      } finally {
        await t.repairAudit();
      }
      expect((await passRow('00710'))?.status).toBe('ISSUED');
    });
  });

  describe('lists, accounts, availability', () => {
    it('should list issued, available and unavailable passes of the tenant only', async () => {
      await clerk.post(`${T}/batch/print`, { quantity: 1, cardType: 'guest' });
      const res = await clerk.get(T);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.issued.every((p: { status: string }) => p.status === 'ISSUED')).toBe(true);
      expect(body.issued.map((p: { passNumber: string }) => p.passNumber)).toContain('00042');
      expect(body.available.length).toBeGreaterThan(0);
      expect(body.unavailable.map((p: { passNumber: string }) => p.passNumber)).toContain('00700');
      const listed = [...body.issued, ...body.available, ...body.unavailable].map((p: { passNumber: string }) => p.passNumber);
      expect(listed).not.toContain('00900');
      expect(body.timeZone).toBe('UTC');
    });

    it('should list the accounts of the tenant', async () => {
      const res = await clerk.get(`${T}/accounts`);
      expect(res.json().map((a: { username: string }) => a.username)).toEqual(['admin', 'clerk', 'noperm']);
      expect(res.json()[0]).toEqual({ userID: adminId, username: 'admin', givenName: '', lastName: '' });
    });

    it('should answer availability with the status first, padding the number, and 400 for letters or an unknown type', async () => {
      const res = await clerk.get(`${T}/availability/guest/42`);
      expect(res.json()).toEqual([{ status: 'ISSUED', passNumber: '00042', cardType: 'guest', available: false }]);
      expect(Object.keys(res.json()[0])[0]).toBe('status');
      expect((await clerk.get(`${T}/availability/positive/42`)).json()[0].available).toBe(false);
      expect((await clerk.get(`${T}/availability/guest/4a2`)).json()).toMatchObject({ code: 'VALIDATION', field: 'passNumber' });
      expect((await clerk.get(`${T}/availability/visitor/42`)).json()).toMatchObject({ code: 'VALIDATION', field: 'type' });
    });
  });

  describe('batch print', () => {
    it('should add the requested number of passes after the highest number (201), audited', async () => {
      const res = await clerk.post(`${T}/batch/print`, { quantity: 3, cardType: 'positive' });
      expect(res.statusCode).toBe(201);
      const { passNumbers, requestId } = res.json();
      const highest = Math.max(...(await t.db.selectFrom('temporary_passes').select('pass_number').where('tenant_id', '=', tenantId).execute()).map((r) => Number(r.pass_number)));
      expect(passNumbers).toEqual([highest - 2, highest - 1, highest].map((n) => String(n).padStart(5, '0')));
      expect((await passRow(passNumbers[0]))).toMatchObject({ status: 'AVAILABLE', card_type: 'positive' });
      expect((await t.auditRows('pass.batchPrint')).at(-1)).toMatchObject({ target_id: requestId, detail: { quantity: 3, cardType: 'positive' } });
    });

    it.each([
      [{ quantity: 0, cardType: 'guest' }, 'quantity'],
      [{ quantity: '3', cardType: 'guest' }, 'quantity'],
      [{ quantity: 3, cardType: 'gold' }, 'cardType'],
    ])('should answer 400 for %j and add nothing', async (body, field) => {
      const before = await passCount();
      expect((await clerk.post(`${T}/batch/print`, body)).json()).toMatchObject({ code: 'VALIDATION', field });
      expect(await passCount()).toBe(before);
    });

    it('should answer 503 and add nothing when the audit fails', async () => {
      const before = await passCount();
      await t.breakAudit();
      try {
        expect((await clerk.post(`${T}/batch/print`, { quantity: 2, cardType: 'guest' })).statusCode).toBe(503);
      } finally {
        await t.repairAudit();
      }
      expect(await passCount()).toBe(before);
    });
  });

  describe('POST /api/dps/smartcard-request', () => {
    const REQ = '/api/dps/smartcard-request';
    const body = (over: Record<string, unknown> = {}) => ({ selectAll: false, inclusionList: [], exclusionList: [], bulkInclusionList: [], options: { comment: 'new starters' }, ...over });
    const requests = async () => t.db.selectFrom('smartcard_requests').select(['user_id', 'tenant_id']).execute();

    it('should request cards for the included and bulk-included users, skipping pending ones, audited', async () => {
      const res = await admin.post(REQ, body({ inclusionList: [adminId], bulkInclusionList: ['CLERK'] }));
      expect(res.statusCode).toBe(200);
      expect(res.json().requested).toBe(2);
      const again = await admin.post(REQ, body({ selectAll: true, exclusionList: [adminId] }));
      expect(again.json().requested).toBe(1); // noperm only: clerk already has a pending request
      expect((await requests()).filter((r) => r.tenant_id === tenantId)).toHaveLength(3);
      expect((await t.auditRows('smartcard.request')).at(-1)).toMatchObject({ detail: { requested: 1, skipped: 1 } });
    });

    it("should answer 400 for another tenant's user, an unknown username, an empty selection or an unknown option, and add nothing", async () => {
      const before = (await requests()).length;
      expect((await admin.post(REQ, body({ inclusionList: [foreignUserId] }))).json()).toMatchObject({ field: 'inclusionList.0' });
      expect((await admin.post(REQ, body({ bulkInclusionList: ['admin', 'gus'] }))).json()).toMatchObject({ field: 'bulkInclusionList.1', message: "'gus' is not a user of this tenant." });
      expect((await admin.post(REQ, body())).json()).toMatchObject({ field: 'inclusionList', message: 'inclusionList must select at least one user' });
      expect((await admin.post(REQ, body({ options: { colour: 'red' } }))).json()).toMatchObject({ field: 'options.colour' });
      expect((await admin.post(REQ, body({ selectAll: 'yes' }))).json()).toMatchObject({ field: 'selectAll' });
      expect((await requests()).length).toBe(before);
    });

    it('should answer 403 without smartcardRequest and 503 when the audit fails', async () => {
      expect((await clerk.post(REQ, body({ inclusionList: [adminId] }))).statusCode).toBe(403);
      const before = (await requests()).length;
      await t.breakAudit();
      try {
        expect((await foreign.post(REQ, body({ selectAll: true }))).statusCode).toBe(503);
      } finally {
        await t.repairAudit();
      }
      expect((await requests()).length).toBe(before);
    });
  });
});
