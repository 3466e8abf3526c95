/** The capped count of searches over tables that grow to millions (issues 12 and 13). */
import { SEARCH_COUNT_CAP } from '@tessera/domain';
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

  it('should count exactly up to the cap and stop one past it', async () => {
    const users = t.db.selectFrom('users').where('tenant_id', '=', tenantId);
    const exact = await cappedCount(t.db, users);
    expect(exact).toEqual({ totalResults: 1, totalCapped: false });
    await sql`insert into users (tenant_id, username, email, password_hash) select ${tenantId}::uuid, 'u' || i, 'u' || i || '@example.test', 'x' from generate_series(1, 12) as i`.execute(t.db);
    expect(await cappedCount(t.db, users, 13)).toEqual({ totalResults: 13, totalCapped: false });
    expect(await cappedCount(t.db, users, 12)).toEqual({ totalResults: 12, totalCapped: true });
    expect(await cappedCount(t.db, users.where('username', 'like', 'u1%'), 2)).toEqual({ totalResults: 2, totalCapped: true });
    expect(await cappedCount(t.db, users.where('username', '=', 'nobody'))).toEqual({ totalResults: 0, totalCapped: false });
    expect(SEARCH_COUNT_CAP).toBe(10_000);
  });
});
