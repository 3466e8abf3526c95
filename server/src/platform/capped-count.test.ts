/** The capped count of lists over tables that grow to millions (issues 12 and 13): up to the end of the page's block. */
import { sql } from 'kysely';
import { build, type TestContext } from '../test-helpers/build';
import { cappedCount } from './capped-count';

describe('cappedCount', () => {
  let t: TestContext;
  let tenantId: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
  }, 120_000);
  afterAll(async () => t?.close());

  it('should count exactly up to the end of the block of 10 pages that holds the page and stop one past it', async () => {
    const users = t.db.selectFrom('users').where('tenant_id', '=', tenantId);
    expect(await cappedCount(t.db, users, 0, 10)).toEqual({ totalResults: 1, totalCapped: false });
    // 1 + 24 = 25 users: pages of 2 make blocks of 20, pages of 3 blocks of 30.
    await sql`insert into users (tenant_id, username, email, password_hash) select ${tenantId}::uuid, 'u' || i, 'u' || i || '@example.test', 'x' from generate_series(1, 24) as i`.execute(t.db);
    expect(await cappedCount(t.db, users, 0, 3)).toEqual({ totalResults: 25, totalCapped: false });
    expect(await cappedCount(t.db, users, 0, 2)).toEqual({ totalResults: 20, totalCapped: true });
    // Every page of the block counts to the same end; the next block counts further.
    expect(await cappedCount(t.db, users, 18, 2)).toEqual({ totalResults: 20, totalCapped: true });
    expect(await cappedCount(t.db, users, 20, 2)).toEqual({ totalResults: 25, totalCapped: false });
    // Exactly a block: not capped (the row past the end is looked for, not found).
    const twenty = users.where('username', '!=', 'admin').where('username', 'not in', ['u1', 'u2', 'u3', 'u4']);
    expect(await cappedCount(t.db, twenty, 0, 2)).toEqual({ totalResults: 20, totalCapped: false });
    expect(await cappedCount(t.db, users.where('username', 'like', 'u1%'), 0, 1)).toEqual({ totalResults: 10, totalCapped: true });
    expect(await cappedCount(t.db, users.where('username', '=', 'nobody'), 0, 10)).toEqual({ totalResults: 0, totalCapped: false });
  });
});
