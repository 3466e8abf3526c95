/** Runs the migrations of `migrations/` with Kysely's Migrator. */
import { Migrator, type Kysely, type MigrationProvider, type Migration, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations';

/** Provides the static list of migrations. */
export class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...migrations };
  }
}

/** A migration failed; `cause` is the database error. */
export class MigrationError extends Error {
  readonly code = 'MIGRATION' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
function migrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: new StaticMigrationProvider() });
}

function check(result: MigrationResultSet, what: string): MigrationResultSet {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`${what} failed at migration ${failed}`, { cause: result.error });
  }
  return result;
}

/** Migrates to the latest version. @throws MigrationError */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  return check(await migrator(db).migrateToLatest(), 'migrate to latest');
}

/** Undoes the latest migration. @throws MigrationError */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
export async function migrateDown(db: Kysely<any>): Promise<MigrationResultSet> {
  return check(await migrator(db).migrateDown(), 'migrate down');
}

/** Migrates up by one. @throws MigrationError */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
export async function migrateUp(db: Kysely<any>): Promise<MigrationResultSet> {
  return check(await migrator(db).migrateUp(), 'migrate up');
}
