/** Upkeep of the embedded database by autovacuum's rule. */
import { sql } from 'kysely';
import { build, type TestContext } from '../test-helpers/build';
import { AUTOVACUUM_RULES, embeddedUpkeep, runUpkeep, tableActivity, upkeepDue, type TableActivity } from './maintenance';

const quiet: TableActivity = { table: 'x', deadRows: 0, modifiedSinceAnalyze: 0, estimatedRows: 1000 };

describe('upkeepDue (autovacuum’s rule)', () => {
  it('vacuums past 50 + 20% of the rows dead, analyzes past 50 + 10% of the rows changed', () => {
    expect(AUTOVACUUM_RULES).toEqual({ vacuumThreshold: 50, vacuumScaleFactor: 0.2, analyzeThreshold: 50, analyzeScaleFactor: 0.1 });
    expect(upkeepDue(quiet)).toBeNull();
    expect(upkeepDue({ ...quiet, deadRows: 250 })).toBeNull();
    expect(upkeepDue({ ...quiet, deadRows: 251 })).toBe('vacuum');
    expect(upkeepDue({ ...quiet, modifiedSinceAnalyze: 150 })).toBeNull();
    expect(upkeepDue({ ...quiet, modifiedSinceAnalyze: 151 })).toBe('analyze');
    expect(upkeepDue({ ...quiet, deadRows: 251, modifiedSinceAnalyze: 151 })).toBe('vacuum');
  });

  it('counts a never-analyzed table (reltuples -1) as empty', () => {
    expect(upkeepDue({ ...quiet, estimatedRows: -1, modifiedSinceAnalyze: 51 })).toBe('analyze');
    expect(upkeepDue({ ...quiet, estimatedRows: -1, deadRows: 51 })).toBe('vacuum');
    expect(upkeepDue({ ...quiet, estimatedRows: -1, deadRows: 50, modifiedSinceAnalyze: 50 })).toBeNull();
  });
});

interface TableStats {
  last_vacuum: unknown;
  last_analyze: unknown;
}

/** The value's class (Dates of the PGlite worker are of another realm, so `instanceof` fails). */
const kind = (value: unknown): string => Object.prototype.toString.call(value);

describe('embedded upkeep on the database', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
  });
  afterAll(() => t.close());

  async function stats(table: string): Promise<TableStats | undefined> {
    const { rows } = await sql<TableStats>`select last_vacuum, last_analyze from pg_stat_user_tables where relname = ${table}`.execute(t.db);
    return rows[0];
  }

  it('reads the activity of every table of the schema', async () => {
    const activity = await tableActivity(t.db);
    const names = activity.map((a) => a.table);
    for (const table of ['sessions', 'users', 'tenants', 'audit_events', 'tickets']) expect(names).toContain(table);
    for (const a of activity) {
      expect(Number.isFinite(a.deadRows) && a.deadRows >= 0).toBe(true);
      expect(Number.isFinite(a.modifiedSinceAnalyze) && a.modifiedSinceAnalyze >= 0).toBe(true);
      expect(Number.isFinite(a.estimatedRows)).toBe(true);
    }
  });

  it('vacuums the tables that are due, analyzes those with changes only, leaves the rest and the data alone', async () => {
    const sessionsBefore = await t.db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(kind((await stats('sessions'))?.last_vacuum)).not.toBe('[object Date]');
    const done = await runUpkeep(t.db, [
      { table: 'sessions', deadRows: 500, modifiedSinceAnalyze: 500, estimatedRows: 10 },
      { table: 'users', deadRows: 0, modifiedSinceAnalyze: 5000, estimatedRows: 10 },
      { table: 'tenants', deadRows: 0, modifiedSinceAnalyze: 0, estimatedRows: 10 },
    ]);
    expect(done).toEqual({ vacuumed: ['sessions'], analyzed: ['users'] });
    expect(kind((await stats('sessions'))?.last_vacuum)).toBe('[object Date]');
    expect(kind((await stats('sessions'))?.last_analyze)).toBe('[object Date]');
    expect(kind((await stats('users'))?.last_vacuum)).not.toBe('[object Date]');
    expect(kind((await stats('users'))?.last_analyze)).toBe('[object Date]');
    expect(kind((await stats('tenants'))?.last_analyze)).not.toBe('[object Date]');
    const sessionsAfter = await t.db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(sessionsAfter.n).toBe(sessionsBefore.n);
  });

  it('finds a table with many dead rows by its real statistics and vacuums it', async () => {
    await sql`create table upkeep_probe (id int primary key, note text)`.execute(t.db);
    // One connection: the statistics are that backend's until it flushes them (forced here).
    await t.db.connection().execute(async (conn) => {
      await sql`insert into upkeep_probe select g, 'x' from generate_series(1, 400) g`.execute(conn);
      await sql`delete from upkeep_probe where id > 100`.execute(conn);
      await sql`select pg_stat_force_next_flush()`.execute(conn);
      await sql`select 1`.execute(conn);
    });
    const probe = (await tableActivity(t.db)).find((a) => a.table === 'upkeep_probe');
    expect(probe?.deadRows).toBeGreaterThanOrEqual(300);
    const done = await embeddedUpkeep(t.db);
    expect(done.vacuumed).toContain('upkeep_probe');
    expect(kind((await stats('upkeep_probe'))?.last_vacuum)).toBe('[object Date]');
    expect((await tableActivity(t.db)).find((a) => a.table === 'upkeep_probe')?.deadRows).toBe(0);
    expect(Number((await sql<{ n: string | number }>`select count(*) as n from upkeep_probe`.execute(t.db)).rows[0]?.n)).toBe(100);
  });
});
