/** Upkeep of the embedded database: vacuum of the sessions table. */
import { sql } from 'kysely';
import { TEST_PASSWORD, build, type TestContext } from '../test-helpers/build';
import { vacuumSessions } from './maintenance';

interface TableStats {
  last_vacuum: Date | null;
  last_analyze: Date | null;
}

async function stats(t: TestContext, table: string): Promise<TableStats | undefined> {
  const { rows } = await sql<TableStats>`select last_vacuum, last_analyze from pg_stat_user_tables where relname = ${table}`.execute(t.db);
  return rows[0];
}

/** The value's class (Dates of the PGlite worker are of another realm, so `instanceof` fails). */
const kind = (value: unknown): string => Object.prototype.toString.call(value);

describe('embedded database upkeep', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
  });
  afterAll(() => t.close());

  it('vacuums and analyzes the sessions table after a purge, leaving live sessions alone', async () => {
    const live = t.client();
    await live.login('admin', TEST_PASSWORD);
    const before = await t.db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect((await stats(t, 'sessions'))?.last_vacuum ?? null).toBeNull();
    await vacuumSessions(t.db);
    const after = await stats(t, 'sessions');
    expect(kind(after?.last_vacuum)).toBe('[object Date]');
    expect(kind(after?.last_analyze)).toBe('[object Date]');
    const count = await t.db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(count.n).toBe(before.n);
    expect((await live.get('/api/login')).statusCode).toBe(200);
  });

});
