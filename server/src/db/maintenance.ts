/**
 * Upkeep of the embedded database. PGlite is PostgreSQL in one process with no background workers, so
 * no autovacuum: tables that are written often (sessions on every sign-in, keep-alive and purge; tickets
 * on bulk updates) would keep their dead rows and grow, and the planner would plan from statistics taken
 * while a table was small, or from none. In embedded mode the server applies autovacuum's own rule now and
 * then (after each session purge): a table with more dead rows than 50 + 20% of its rows is vacuumed and
 * analyzed; one with more changes since its last analyze than 50 + 10% of its rows is analyzed. A
 * PostgreSQL server does this on its own. PGlite runs one statement at a time, so upkeep holds other
 * queries meanwhile: a vacuum of 100,000 tickets after 10,000 updates takes about 0.1 s here.
 */
import { sql } from 'kysely';
import type { Db } from './database';

/** PostgreSQL's autovacuum defaults (`autovacuum_vacuum_threshold` and the others). */
export const AUTOVACUUM_RULES = Object.freeze({ vacuumThreshold: 50, vacuumScaleFactor: 0.2, analyzeThreshold: 50, analyzeScaleFactor: 0.1 });

/** What the statistics say of one table. */
export interface TableActivity {
  table: string;
  /** Dead row versions (`n_dead_tup`). */
  deadRows: number;
  /** Rows inserted, updated or deleted since the last analyze (`n_mod_since_analyze`). */
  modifiedSinceAnalyze: number;
  /** Rows as the planner knows them (`reltuples`; -1 when never vacuumed or analyzed). */
  estimatedRows: number;
}

/** Upkeep a table is due for by autovacuum's rule, if any. */
export function upkeepDue(activity: TableActivity, rules: typeof AUTOVACUUM_RULES = AUTOVACUUM_RULES): 'vacuum' | 'analyze' | null {
  const rows = Math.max(activity.estimatedRows, 0);
  if (activity.deadRows > rules.vacuumThreshold + rules.vacuumScaleFactor * rows) return 'vacuum';
  if (activity.modifiedSinceAnalyze > rules.analyzeThreshold + rules.analyzeScaleFactor * rows) return 'analyze';
  return null;
}

/** The activity of every table of the current schema. */
export async function tableActivity(db: Db): Promise<TableActivity[]> {
  const { rows } = await sql<{ table: string; dead_rows: string | number; modified: string | number; estimated_rows: string | number }>`
    select s.relname as "table", s.n_dead_tup as dead_rows, s.n_mod_since_analyze as modified, c.reltuples as estimated_rows
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema()
    order by s.relname
  `.execute(db);
  return rows.map((r) => ({ table: r.table, deadRows: Number(r.dead_rows), modifiedSinceAnalyze: Number(r.modified), estimatedRows: Number(r.estimated_rows) }));
}

/** What one upkeep round did. */
export interface UpkeepResult {
  vacuumed: string[];
  analyzed: string[];
}

/** Vacuums (and analyzes) or analyzes each table that is due, by the activities given. */
export async function runUpkeep(db: Db, activities: readonly TableActivity[]): Promise<UpkeepResult> {
  const result: UpkeepResult = { vacuumed: [], analyzed: [] };
  for (const activity of activities) {
    const due = upkeepDue(activity);
    if (due === 'vacuum') {
      await sql`vacuum (analyze) ${sql.id(activity.table)}`.execute(db);
      result.vacuumed.push(activity.table);
    } else if (due === 'analyze') {
      await sql`analyze ${sql.id(activity.table)}`.execute(db);
      result.analyzed.push(activity.table);
    }
  }
  return result;
}

/** One round of embedded upkeep: reads the statistics and does what is due. */
export async function embeddedUpkeep(db: Db): Promise<UpkeepResult> {
  return runUpkeep(db, await tableActivity(db));
}
