/** The selective parts of a user search term: the trigram index is asked only for rare runs, the whole term checked after. */
import { sql } from 'kysely';
import { build, type TestContext } from '../test-helpers/build';
import * as users from './users.repository';
import { selectiveParts, trigramShares, trigramsOf } from './users-search-trigrams';

describe('selectiveParts', () => {
  const common = new Set(['use', 'ser', 'er0', 'r00', 'exa', 'xam', 'amp', 'mpl', 'ple']);
  const share = (trigram: string) => (common.has(trigram) ? 0.9 : 0.001);

  it('should keep the runs of rare trigrams and drop the common ones', () => {
    expect(trigramsOf('User0')).toEqual(new Set(['use', 'ser', 'er0']));
    // `user0012345`: use ser er0 r00 are common; from `001` on every trigram is rare.
    expect(selectiveParts('user0012345', share)).toEqual(['0012345']);
    expect(selectiveParts('USER0012345', share)).toEqual(['0012345']);
    // Two rare runs around the common ones (each run keeps the rare trigrams at its edges: `.ex`, `le.`).
    expect(selectiveParts('abcd.example.wxyz', share)).toEqual(['abcd.ex', 'le.wxyz']);
    // No common trigram: the whole term; no rare one: nothing (a broad term).
    expect(selectiveParts('Hopper', share)).toEqual(['hopper']);
    expect(selectiveParts('user', share)).toEqual([]);
    expect(selectiveParts('example', share)).toEqual([]);
    // A run without 3 letters or digits in a row gives the index nothing to extract: dropped.
    expect(selectiveParts('user-.-', share)).toEqual([]);
    expect(selectiveParts('ab', share)).toEqual([]);
  });
});

describe('user search through the selective parts', () => {
  let t: TestContext;
  let tenantId: string;
  let otherTenant: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    // Every username starts `user00`, every address ends `.example`: those trigrams are common, the digits rare.
    await sql`
      insert into users (tenant_id, username, password_hash, given_name, family_name, email)
      select ${tenantId}::uuid, 'user' || lpad(i::text, 5, '0'), '!test',
             (array['Ada','Grace','Hedy','Alan'])[1 + i % 4], 'Person' || (i % 7), 'user' || i || '@bench' || (i % 10) || '.example'
      from generate_series(1, 400) as i`.execute(t.db);
    otherTenant = await t.createTenant('Globex', ['globex.test']);
    await sql`
      insert into users (tenant_id, username, password_hash, given_name, family_name, email)
      select ${otherTenant}::uuid, 'user' || lpad(i::text, 5, '0'), '!test', 'Other', 'Tenant', 'o' || i || '@globex.example'
      from generate_series(1, 50) as i`.execute(t.db);
    await sql`analyze users`.execute(t.db);
  }, 120_000);
  afterAll(async () => t?.close());

  it('should sample the tenant\'s users and find their common trigrams', async () => {
    const shares = await trigramShares(t.db, tenantId, users.USER_SEARCH_TEXT);
    expect(shares('use')).toBeGreaterThan(0.9);
    expect(shares('xam')).toBeGreaterThan(0.9);
    expect(shares('012')).toBeLessThan(0.1);
    expect(shares('zzz')).toBe(0);
    // Cached: the same answer without sampling again.
    expect(await trigramShares(t.db, tenantId, users.USER_SEARCH_TEXT)).toBe(shares);
    // `001` is in a quarter of these usernames (user00100–user00199) and in many addresses: not rare enough either.
    expect(shares('001')).toBeGreaterThan(0.1);
    expect(selectiveParts('user00123', shares)).toEqual(['0123']);
  });

  it('should find exactly what the whole term matches, for narrow, broad and escaped terms', async () => {
    const terms = ['user00123', 'USER0012', 'user00399@', 'r00012 ', '@bench3.example', 'Hedy Person3', 'user', '.example', 'person6 user', '%', '_', 'no-such-user', 'user00001 Ada', 'user003'];
    for (const term of terms) {
      const expected = await t.db
        .selectFrom('users')
        .select('username')
        .where('tenant_id', '=', tenantId)
        .where(sql<string>`(username || ' ' || given_name || ' ' || family_name || ' ' || email)`, 'ilike', `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        .orderBy('username')
        .orderBy('id')
        .execute();
      const found = await users.list(t.db, tenantId, { skip: 0, take: 100, search: term, sortField: 'username', sortDirection: 'asc' });
      expect({ term, usernames: found.rows.map((r) => r.username) }).toEqual({ term, usernames: expected.slice(0, 100).map((r) => r.username) });
      expect({ term, total: found.totalResults }).toEqual({ term, total: Math.min(expected.length, 1000) });
    }
    // A broad term (more matches than the block's 100) pages by walking each sort order: the same rows as a full sort.
    for (const [sortField, column] of [['givenName', 'given_name'], ['familyName', 'family_name'], ['emailAddress', 'email'], ['username', 'username']] as const) {
      for (const sortDirection of ['asc', 'desc'] as const) {
        const expected = await t.db.selectFrom('users').select('username').where('tenant_id', '=', tenantId).where('username', 'like', 'user%').orderBy(column, sortDirection).orderBy('id').offset(95).limit(10).execute();
        const found = await users.list(t.db, tenantId, { skip: 95, take: 10, search: 'user', sortField, sortDirection });
        expect({ sortField, sortDirection, usernames: found.rows.map((r) => r.username), totalCapped: found.totalCapped }).toEqual({ sortField, sortDirection, usernames: expected.map((r) => r.username), totalCapped: true });
      }
    }
    // Another tenant's users never match.
    const mine = await users.list(t.db, tenantId, { skip: 0, take: 10, search: 'user00012', sortField: 'username', sortDirection: 'asc' });
    expect(mine.rows.map((r) => [r.username, r.tenant_id])).toEqual([['user00012', tenantId]]);
  });
});
