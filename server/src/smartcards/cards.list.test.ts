/**
 * `GET /api2/CMS-v2/Smartcards` (issue 15; the project rule: lists page, sort and search on the server) through the
 * real server and PGlite: a page and its total, searched by serial, ATR, card type and the user's username,
 * filtered by user and status, sorted both ways on each key; bad query fields named; tenants apart;
 * smartcardManage only.
 */
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { expectNoCardSecrets } from '../test-helpers/card-secrets';

const P = '/api2/CMS-v2';

describe('Smartcard list', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let aliceId: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    ({ userId: aliceId } = await t.createUser(tenantId, 'alice', []));
    // 25 cards: serials C00..C24 created a minute apart; every fifth one is alice's and issued.
    for (let i = 0; i < 25; i += 1) {
      await t.db
        .insertInto('smartcards')
        .values({
          tenant_id: tenantId,
          serial_number: `C${String(i).padStart(2, '0')}`,
          atr: i === 7 ? '3BF81300008131FE15597562696B657934D4' : '3B8C80015900000000000000000000',
          card_type: i === 3 ? 'YubiKey' : 'PIV',
          status: i % 5 === 0 ? 'issued' : 'registered',
          user_id: i % 5 === 0 ? aliceId : null,
          card_template_id: null,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
          updated_at: new Date(Date.UTC(2026, 0, 2, 0, 24 - i)),
        })
        .execute();
    }
  });
  afterAll(async () => t?.close());

  const serials = (body: { smartcards: { serialNumber: string }[] }) => body.smartcards.map((c) => c.serialNumber);

  it('should answer one page, newest first, with the total, and the next page', async () => {
    const first = (await admin.get(`${P}/Smartcards?pageSize=10`)).json();
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(serials(first)).toEqual(['C24', 'C23', 'C22', 'C21', 'C20', 'C19', 'C18', 'C17', 'C16', 'C15']);
    const third = (await admin.get(`${P}/Smartcards?pageSize=10&page=3`)).json();
    expect(serials(third)).toEqual(['C04', 'C03', 'C02', 'C01', 'C00']);
    expect(third.total).toBe(25);
    // No management key or PUK in the answer.
    expectNoCardSecrets(first);
  });

  it('should sort on each key both ways', async () => {
    expect(serials((await admin.get(`${P}/Smartcards?sort=serialNumber&order=asc&pageSize=3`)).json())).toEqual(['C00', 'C01', 'C02']);
    expect(serials((await admin.get(`${P}/Smartcards?sort=serialNumber&order=desc&pageSize=3`)).json())).toEqual(['C24', 'C23', 'C22']);
    // updated_at runs the other way round from created_at.
    expect(serials((await admin.get(`${P}/Smartcards?sort=updatedAt&order=asc&pageSize=2`)).json())).toEqual(['C24', 'C23']);
    expect(serials((await admin.get(`${P}/Smartcards?sort=createdAt&order=asc&pageSize=2`)).json())).toEqual(['C00', 'C01']);
    const byStatus = (await admin.get(`${P}/Smartcards?sort=status&order=asc&pageSize=5`)).json();
    expect(byStatus.smartcards.map((c: { status: string }) => c.status)).toEqual(['issued', 'issued', 'issued', 'issued', 'issued']);
    expect(serials((await admin.get(`${P}/Smartcards?sort=cardType&order=desc&pageSize=1`)).json())).toEqual(['C03']);
  });

  it('should search by serial, ATR, card type and username, and filter by user and status', async () => {
    expect(serials((await admin.get(`${P}/Smartcards?search=c1&sort=serialNumber&order=asc`)).json())).toEqual(['C10', 'C11', 'C12', 'C13', 'C14', 'C15', 'C16', 'C17', 'C18', 'C19']);
    expect(serials((await admin.get(`${P}/Smartcards?search=597562696b`)).json())).toEqual(['C07']);
    expect(serials((await admin.get(`${P}/Smartcards?search=yubi`)).json())).toEqual(['C03']);
    const alice = (await admin.get(`${P}/Smartcards?search=ALICE&sort=serialNumber&order=asc`)).json();
    expect(alice).toMatchObject({ total: 5 });
    expect(serials(alice)).toEqual(['C00', 'C05', 'C10', 'C15', 'C20']);
    expect((await admin.get(`${P}/Smartcards?user_id=${aliceId}`)).json().total).toBe(5);
    expect((await admin.get(`${P}/Smartcards?status=registered`)).json().total).toBe(20);
    expect((await admin.get(`${P}/Smartcards?status=issued&search=C2`)).json().smartcards.map((c: { serialNumber: string }) => c.serialNumber)).toEqual(['C20']);
    // LIKE wildcards are taken literally.
    expect((await admin.get(`${P}/Smartcards?search=%25`)).json()).toMatchObject({ smartcards: [], total: 0 });
    expect((await admin.get(`${P}/Smartcards?search=C_1`)).json().total).toBe(0);
  });

  it('should name a bad query field', async () => {
    for (const [query, field] of [
      ['sort=atr', 'sort'],
      ['order=up', 'order'],
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
      ['status=lost', 'status'],
      ['user_id=bob', 'user_id'],
      ['colour=red', 'colour'],
    ] as const) {
      const answer = await admin.get(`${P}/Smartcards?${query}`);
      expect(answer.statusCode).toBe(400);
      expect(JSON.stringify(answer.json())).toContain(field);
    }
  });

  it('should keep tenants apart and refuse callers without smartcardManage', async () => {
    const other = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(other, 'olga', ['smartcardManage']);
    const olga = t.client();
    await olga.post('/api2/Authentication-v1/login', { username: 'olga', password: TEST_PASSWORD }, { headers: { host: 'globex.example' } });
    expect((await olga.get(`${P}/Smartcards`)).json()).toMatchObject({ smartcards: [], total: 0 });
    expect((await olga.get(`${P}/Smartcards?search=alice`)).json()).toMatchObject({ smartcards: [], total: 0 });

    await t.createUser(tenantId, 'viewer', ['smartcardReqView']);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await viewer.get(`${P}/Smartcards`)).statusCode).toBe(403);
    expect((await t.client().get(`${P}/Smartcards`)).statusCode).toBe(401);
  });
});
