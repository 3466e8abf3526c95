/**
 * Indexes of the certificate search (issue 12 bench: p95 ≤ 50 ms over 1,000,000 certificates in PostgreSQL).
 * The search sorts by one column with the id as a tie-break in the same direction, so one
 * (tenant_id, column, id) index serves each sort field in both directions and a page is an index range read;
 * the serial filter is a prefix match (text_pattern_ops), the subject filter a case-insensitive substring
 * match (a trigram GIN index where pg_trgm is available: PostgreSQL ≥ 13 lets the database owner create it;
 * PGlite loads it as a separate module, so there the subject search scans). The two older sort indexes are
 * replaced by their (…, id) forms. Frozen: never import application code here.
 */
import { sql, type Kysely } from 'kysely';

const SORT_INDEXES = [
  ['certificates_search_created', 'created_at'],
  ['certificates_search_not_after', 'not_after'],
  ['certificates_search_not_before', 'not_before'],
  ['certificates_search_subject', 'subject'],
  ['certificates_search_serial', 'serial_number'],
  ['certificates_search_status', 'status'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists certificates_tenant_created`.execute(db);
  await sql`drop index if exists certificates_tenant_expiry`.execute(db);
  for (const [name, column] of SORT_INDEXES) {
    await sql`create index ${sql.id(name)} on certificates (tenant_id, ${sql.id(column)}, id)`.execute(db);
  }
  await sql`create index certificates_search_serial_prefix on certificates (tenant_id, serial_number text_pattern_ops)`.execute(db);
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index certificates_search_subject_trgm on certificates using gin (subject gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists certificates_search_subject_trgm`.execute(db);
  await sql`drop index if exists certificates_search_serial_prefix`.execute(db);
  for (const [name] of SORT_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`create index certificates_tenant_created on certificates (tenant_id, created_at desc, id)`.execute(db);
  await sql`create index certificates_tenant_expiry on certificates (tenant_id, not_after)`.execute(db);
}
