/**
 * `GET /api2/CMS-v2/SuspendedCards` and `GET /api2/CMS-v2/CardReport` (issue 15; admin-console §2.2 suspensions and
 * reports [smartcardSuspendedReport]) through the real server and PGlite: SuspendCard records who suspended a card
 * and the list shows it; the list pages, sorts and searches on the server; ResumeCard takes a card off it; the
 * report counts by status and template, buckets issued cards per week and lists cards expiring within 90 days;
 * bad query fields named; tenants apart; smartcardSuspendedReport only.
 */
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/CMS-v2';
const DAY = 86_400_000;

describe('Smartcard suspensions list and card report', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let aliceId: string;
  let templateId: string;
  const ids: string[] = [];

  const cert = (notAfter: Date, slot = '9A') => ({ slot, certId: `ca:${slot}${notAfter.getTime()}`, caId: 'ca', serialNumber: `${notAfter.getTime()}`, notAfter: notAfter.toISOString(), pem: '' });

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    ({ userId: aliceId } = await t.createUser(tenantId, 'alice', []));
    templateId = (await t.db.insertInto('card_templates').values({ tenant_id: tenantId, name: 'Staff PIV', slots: JSON.stringify([]) } as never).returning('id').executeTakeFirstOrThrow()).id;
    const now = t.app.now();
    // 12 cards: S00..S11. Even ones alice's with the Staff PIV template; statuses cycle; created i weeks ago.
    const statuses = ['issued', 'registered', 'assigned', 'revoked'];
    for (let i = 0; i < 12; i += 1) {
      const id = (
        await t.db
          .insertInto('smartcards')
          .values({
            tenant_id: tenantId,
            serial_number: `S${String(i).padStart(2, '0')}`,
            atr: '3B',
            card_type: 'PIV',
            status: statuses[i % 4]!,
            user_id: i % 2 === 0 ? aliceId : null,
            card_template_id: i % 2 === 0 ? templateId : null,
            // S00 expires in 10 days (two certs: the earlier counts), S04 in 45, S08 in 80, S11 in 200 (too far); S06's first has expired (not listed).
            certificates: JSON.stringify(i === 0 ? [cert(new Date(now + 10 * DAY + 3600_000)), cert(new Date(now + 300 * DAY), '9C')] : i === 4 ? [cert(new Date(now + 45 * DAY))] : i === 8 ? [cert(new Date(now + 80 * DAY))] : i === 6 ? [cert(new Date(now - DAY)), cert(new Date(now + 20 * DAY), '9C')] : i === 11 ? [cert(new Date(now + 200 * DAY))] : []),
            created_at: new Date(now - i * 7 * DAY),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      ids.push(id);
    }
  }, 120_000);
  afterAll(async () => t?.close());

  it('should list suspended cards with who suspended them and why, newest first, and drop a resumed one', async () => {
    expect((await admin.post(`${P}/SuspendCard`, { smartcard_id: ids[10], reason: 'lost in the lift' })).statusCode).toBe(200);
    expect((await admin.post(`${P}/SuspendCard`, { smartcard_id: ids[1], reason: 'left at home' })).statusCode).toBe(200);
    expect((await admin.post(`${P}/SuspendCard`, { smartcard_id: ids[2] })).statusCode).toBe(200);
    const list = (await admin.get(`${P}/SuspendedCards`)).json();
    expect(list).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(list.cards.map((c: { serialNumber: string }) => c.serialNumber)).toEqual(['S02', 'S01', 'S10']);
    expect(list.cards[2]).toEqual({ cardId: ids[10], serialNumber: 'S10', userId: aliceId, username: 'alice', cardTemplateId: templateId, template: 'Staff PIV', suspendedAt: expect.any(String), suspendedBy: 'admin', reason: 'lost in the lift', suspendedFrom: 'assigned' });
    expect(list.cards[1]).toMatchObject({ username: null, template: null, reason: 'left at home', suspendedFrom: 'registered' });

    expect((await admin.post(`${P}/ResumeCard`, { smartcard_id: ids[2] })).statusCode).toBe(200);
    const after = (await admin.get(`${P}/SuspendedCards`)).json();
    expect(after.total).toBe(2);
    expect((await t.db.selectFrom('smartcards').select(['status', 'suspended_by']).where('id', '=', ids[2]!).executeTakeFirstOrThrow())).toEqual({ status: 'assigned', suspended_by: null });
  });

  it('should search, sort and page on the server', async () => {
    const serials = async (q: string) => ((await admin.get(`${P}/SuspendedCards?${q}`)).json().cards as { serialNumber: string }[]).map((c) => c.serialNumber);
    expect(await serials('search=alice')).toEqual(['S10']);
    expect(await serials('search=LIFT')).toEqual(['S10']);
    expect(await serials('search=staff')).toEqual(['S10']);
    expect(await serials('search=S01')).toEqual(['S01']);
    expect(await serials('search=nobody')).toEqual([]);
    expect(await serials('sort=serialNumber&order=asc')).toEqual(['S01', 'S10']);
    expect(await serials('sort=serialNumber&order=desc')).toEqual(['S10', 'S01']);
    expect(await serials('sort=username&order=asc')).toEqual(['S10', 'S01']);
    expect(await serials('sort=serialNumber&order=asc&pageSize=1&page=2')).toEqual(['S10']);
    expect((await admin.get(`${P}/SuspendedCards?pageSize=1`)).json()).toMatchObject({ total: 2, pageSize: 1 });
  });

  it('should name the bad query field', async () => {
    for (const [q, field] of [['sort=reason', 'sort'], ['order=up', 'order'], ['pageSize=1000', 'pageSize'], ['page=0', 'page'], ['colour=red', 'colour']] as const) {
      const answer = await admin.get(`${P}/SuspendedCards?${q}`);
      expect(answer.statusCode).toBe(400);
      expect(JSON.stringify(answer.json())).toContain(field);
    }
  });

  it('should report counts by status and template, issued per week and the cards expiring within 30/60/90 days', async () => {
    const report = (await admin.get(`${P}/CardReport`)).json();
    expect(report.total).toBe(12);
    // Now: S01 and S10 suspended; statuses cycle issued/registered/assigned/revoked over S00..S11.
    expect(report.byStatus).toEqual([
      { status: 'assigned', count: 2 },
      { status: 'issued', count: 3 },
      { status: 'registered', count: 2 },
      { status: 'revoked', count: 3 },
      { status: 'suspended', count: 2 },
    ]);
    expect(report.byTemplate).toEqual(expect.arrayContaining([{ cardTemplateId: templateId, template: 'Staff PIV', count: 6 }, { cardTemplateId: null, template: null, count: 6 }]));
    expect(report.issuedPerWeek).toHaveLength(12);
    // Cards that were issued (issued, revoked; S10 was suspended from assigned, S01 from registered: not counted),
    // created i weeks ago: S00 (this week), S03, S04, S07, S08 and S11 (11 weeks back: the oldest bucket).
    const counts = report.issuedPerWeek.map((w: { count: number }) => w.count);
    expect(counts).toEqual([1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1]);
    expect(report.issuedPerWeek.at(-1).weekStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(report.expiring.map((c: { serialNumber: string; daysLeft: number; username: string | null }) => [c.serialNumber, c.daysLeft, c.username])).toEqual([
      ['S00', 11, 'alice'],
      ['S04', 45, 'alice'],
      ['S08', 80, 'alice'],
    ]);
    expect(report.expiringCounts).toEqual([{ days: 30, count: 1 }, { days: 60, count: 2 }, { days: 90, count: 3 }]);
  });

  it('should keep tenants apart and refuse callers without smartcardSuspendedReport', async () => {
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardSuspendedReport']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get(`${P}/SuspendedCards`)).json()).toMatchObject({ cards: [], total: 0 });
    expect((await olga.get(`${P}/CardReport`)).json()).toMatchObject({ total: 0, byStatus: [], expiring: [] });
    expect((await olga.post(`${P}/ResumeCard`, { smartcard_id: ids[10] })).statusCode).toBe(403);

    await t.createUser(tenantId, 'reporter', ['smartcardSuspendedReport']);
    const reporter = t.client();
    await reporter.login('reporter', TEST_PASSWORD);
    expect((await reporter.get(`${P}/SuspendedCards`)).json().total).toBe(2);
    // Seeing the list is not resuming: ResumeCard needs smartcardManage.
    expect((await reporter.post(`${P}/ResumeCard`, { smartcard_id: ids[10] })).statusCode).toBe(403);

    await t.createUser(tenantId, 'viewer', ['smartcardManage']);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await viewer.get(`${P}/SuspendedCards`)).statusCode).toBe(403);
    expect((await viewer.get(`${P}/CardReport`)).statusCode).toBe(403);
    expect((await t.client().get(`${P}/CardReport`)).statusCode).toBe(401);
  });
});
