/**
 * Tenant PIN policies an administrator sets (issue 5): lengths 4 to 16 (the first migration allowed
 * 1 to 8) and a description of at most 200 characters. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  // Rows the new rule refuses go back to the default (no row) rather than failing the migration.
  await db.deleteFrom('pin_requirements').where((eb) => eb.or([eb('min_length', '<', 4), eb('max_length', '>', 16)])).execute();
  await db.schema.alterTable('pin_requirements').dropConstraint('pin_requirements_lengths').execute();
  await db.schema
    .alterTable('pin_requirements')
    .addCheckConstraint('pin_requirements_lengths', sql`min_length >= 4 and max_length <= 16 and min_length <= max_length`)
    .execute();
  await db.schema
    .alterTable('pin_requirements')
    .addCheckConstraint('pin_requirements_description', sql`description is null or char_length(description) <= 200`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('pin_requirements').where('max_length', '>', 8).execute();
  await db.schema.alterTable('pin_requirements').dropConstraint('pin_requirements_description').execute();
  await db.schema.alterTable('pin_requirements').dropConstraint('pin_requirements_lengths').execute();
  await db.schema
    .alterTable('pin_requirements')
    .addCheckConstraint('pin_requirements_lengths', sql`min_length >= 1 and max_length <= 8 and min_length <= max_length`)
    .execute();
}
