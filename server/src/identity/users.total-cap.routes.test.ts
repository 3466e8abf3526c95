/**
 * The user list's capped total (issue 13 bench: an exact count of a broad term over 1,000,000 users costs seconds): counted
 * to the end of the block of 10 pages that holds the page asked for (domain pageBlockEnd), one row past it for `totalCapped`.
 */
import { sql } from 'kysely';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const USERS = '/api2/IDM-v1/Users';

describe('GET Users total cap', () => {
  let t: TestContext;
  let admin: TestClient;
  // Two blocks of 10 pages of 10 (200) and 5 more: the third block holds the last page.
  const MATCHES = 205;

  beforeAll(async () => {
    t = await build();
    const { tenantId } = await t.bootstrap();
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    await sql`
      insert into users (tenant_id, username, password_hash, given_name, family_name, email)
      select ${tenantId}::uuid, 'cap' || lpad(i::text, 5, '0'), '!test', 'Cap', 'Person', 'cap' || i || '@cap.example'
      from generate_series(1, ${MATCHES}) as i`.execute(t.db);
    // Users that sort before every match and do not match: the first page of a broad term is not among the first
    // 500 users in username order, so it is walked past them (the head of the sort order holds no match).
    await sql`
      insert into users (tenant_id, username, password_hash, given_name, family_name, email)
      select ${tenantId}::uuid, 'aaa' || lpad(i::text, 4, '0'), '!test', 'No', 'Match', 'n' || i || '@other.example'
      from generate_series(1, 600) as i`.execute(t.db);
    // Another tenant's matches are never counted.
    const other = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(other, 'cap-globex', ['userView']);
  }, 120_000);
  afterAll(async () => t?.close());

  it('should count a broad term to the end of the page\'s block of 10 pages and say more exist, and count exactly in the last block', async () => {
    const first = (await admin.get(`${USERS}?search=cap&take=10`)).json();
    // Pages 1–10: 100 counted, more exist (the old cap of 1,000 past the page would have counted all 205 here).
    expect(first).toMatchObject({ totalResults: 100, totalCapped: true });
    expect(first.results.map((u: { username: string }) => u.username)).toEqual(Array.from({ length: 10 }, (_, i) => `cap${String(i + 1).padStart(5, '0')}`));
    // Every page of the block counts to the same end.
    expect((await admin.get(`${USERS}?search=cap&skip=90&take=10`)).json()).toMatchObject({ totalResults: 100, totalCapped: true });
    // Pages 11–20: to 200, still more; pages 21–30: the exact total.
    const second = (await admin.get(`${USERS}?search=cap&skip=100&take=10`)).json();
    expect(second).toMatchObject({ totalResults: 200, totalCapped: true });
    expect(second.results[0].username).toBe('cap00101');
    const exact = (await admin.get(`${USERS}?search=cap&skip=200&take=10`)).json();
    expect(exact.totalResults).toBe(MATCHES);
    expect(exact).not.toHaveProperty('totalCapped');
    expect(exact.results.map((u: { username: string }) => u.username)).toEqual(['cap00201', 'cap00202', 'cap00203', 'cap00204', 'cap00205']);
    // The block is 10 pages of the size asked for: 25 a page, a block of 250 holds all 205.
    const wide = (await admin.get(`${USERS}?search=cap&take=25`)).json();
    expect(wide.totalResults).toBe(MATCHES);
    expect(wide).not.toHaveProperty('totalCapped');
    // Exactly a block (cap00100–cap00199 match cap001): 100 counted and the row past it not found, so not capped.
    const block = (await admin.get(`${USERS}?search=cap001&take=10`)).json();
    expect(block.totalResults).toBe(100);
    expect(block).not.toHaveProperty('totalCapped');
    // A narrow term: exact, not capped.
    const narrow = (await admin.get(`${USERS}?search=cap0001`)).json();
    expect(narrow.totalResults).toBe(10);
    expect(narrow).not.toHaveProperty('totalCapped');
    // The narrow term's page is sorted out of its matches, in the order asked for; past its end, no rows and the total.
    const narrowDesc = (await admin.get(`${USERS}?search=cap0001&sortField=username&sortDirection=desc&take=3`)).json();
    expect(narrowDesc.results.map((u: { username: string }) => u.username)).toEqual(['cap00019', 'cap00018', 'cap00017']);
    expect((await admin.get(`${USERS}?search=cap0001&skip=20`)).json()).toMatchObject({ totalResults: 10, results: [] });
    // The broad term's page walks the sort order, either way.
    const broadDesc = (await admin.get(`${USERS}?search=cap&sortField=username&sortDirection=desc&skip=1&take=2`)).json();
    expect(broadDesc).toMatchObject({ totalResults: 20, totalCapped: true });
    expect(broadDesc.results.map((u: { username: string }) => u.username)).toEqual([`cap${String(MATCHES - 1).padStart(5, '0')}`, `cap${String(MATCHES - 2).padStart(5, '0')}`]);
    // The unfiltered list is capped the same way (admin + 205 matches + 600 others).
    expect((await admin.get(USERS)).json()).toMatchObject({ totalResults: 100, totalCapped: true });
    expect((await admin.get(`${USERS}?skip=800`)).json()).toMatchObject({ totalResults: 806, results: [expect.anything(), expect.anything(), expect.anything(), expect.anything(), expect.anything(), expect.anything()] });
  });
});
