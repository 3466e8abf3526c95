/** The capped count of lists over tables that grow to millions (issues 12 and 13). */
import { LIST_TOTAL_CAP } from '@tessera/domain';
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

  it('should count exactly up to the cap past the page and stop one past it', async () => {
    const users = t.db.selectFrom('users').where('tenant_id', '=', tenantId);
    expect(await cappedCount(t.db, users, 0)).toEqual({ totalResults: 1, totalCapped: false });
    await sql`insert into users (tenant_id, username, email, password_hash) select ${tenantId}::uuid, 'u' || i, 'u' || i || '@example.test', 'x' from generate_series(1, 12) as i`.execute(t.db);
    expect(await cappedCount(t.db, users, 0, 13)).toEqual({ totalResults: 13, totalCapped: false });
    expect(await cappedCount(t.db, users, 0, 12)).toEqual({ totalResults: 12, totalCapped: true });
    // The cap runs from the page asked for: further pages count further.
    expect(await cappedCount(t.db, users, 5, 5)).toEqual({ totalResults: 10, totalCapped: true });
    expect(await cappedCount(t.db, users, 10, 5)).toEqual({ totalResults: 13, totalCapped: false });
    expect(await cappedCount(t.db, users.where('username', 'like', 'u1%'), 0, 2)).toEqual({ totalResults: 2, totalCapped: true });
    expect(await cappedCount(t.db, users.where('username', '=', 'nobody'), 0)).toEqual({ totalResults: 0, totalCapped: false });
    expect(LIST_TOTAL_CAP).toBe(1000);
  });
});
