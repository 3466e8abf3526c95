/**
 * Rows as one JSON parameter (json-rows.ts), against the test database (PGlite, or PostgreSQL in the scale phase): each
 * column's value arrives as its type reads it, a column no row names keeps its default, texts that JSON escapes come
 * back unchanged, the statement composes with RETURNING and WITH, and rows that name different columns are refused.
 */
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test-helpers/database';
import { insertJsonRows } from './json-rows';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await sql`create table json_rows_probe (id uuid primary key default gen_random_uuid(), label text not null, at timestamptz, n integer, flag boolean, detail jsonb not null default '{}'::jsonb, created_at timestamptz not null default now())`.execute(test.db);
});
afterAll(async () => {
  await test.close();
});

// The probe table is not in the Database type: the statements are typed as if it were audit_events.
const probe = 'json_rows_probe' as 'audit_events';

describe('insertJsonRows', () => {
  it('should insert every row with its values converted by the column types, and defaults for the columns no row names', async () => {
    const at = new Date('2026-11-29T10:11:12.345Z');
    const texts = ['plain', 'quote " and backslash \\ and \'', 'line\nbreak\ttab', 'ünïcødé ✓ 𝄞', '{"looks":"like json"}', 'lone \ud800 surrogate'];
    const rows = texts.map((label, i) => ({ label, at: i === 0 ? null : at, n: i, flag: i % 2 === 0, detail: { i, label, nested: [1, null, 'x'] } }));
    const inserted = await insertJsonRows(test.db, probe, rows).returning('id').execute();
    expect(inserted).toHaveLength(texts.length);
    const { rows: back } = await sql<{ id: string; label: string; at: Date | null; n: number; flag: boolean; detail: unknown; created_at: Date }>`select * from json_rows_probe order by n`.execute(test.db);
    // A lone surrogate is stored as U+FFFD (as a text parameter is encoded), the others as they are.
    expect(back.map((r) => r.label)).toEqual(texts.map((text) => text.replace('\ud800', '\ufffd')));
    expect(back[0]!.at).toBeNull();
    expect(new Date(back[1]!.at!).toISOString()).toBe(at.toISOString());
    expect(back.map((r) => [r.n, r.flag])).toEqual(texts.map((_, i) => [i, i % 2 === 0]));
    expect(back[3]!.detail).toEqual({ i: 3, label: texts[3], nested: [1, null, 'x'] });
    // A JSON column's value is stored as JSON, not as a JSON string.
    const { rows: kinds } = await sql<{ kind: string }>`select jsonb_typeof(detail) as kind from json_rows_probe`.execute(test.db);
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(['object']));
    expect(new Set(back.map((r) => r.id))).toEqual(new Set(inserted.map((r) => r.id)));
    // The defaults: id (gen_random_uuid(), returned above) and created_at (now()).
    expect(back.every((r) => r.created_at !== null && !Number.isNaN(new Date(r.created_at).getTime()))).toBe(true);
  });

  it('should compose as a data-modifying WITH of another insert', async () => {
    await sql`delete from json_rows_probe`.execute(test.db);
    await insertJsonRows(test.db.with('first', (db) => insertJsonRows(db, probe, [{ label: 'in the WITH', n: 1 }])), probe, [{ label: 'outer', n: 2 }]).execute();
    const { rows } = await sql<{ label: string }>`select label from json_rows_probe order by n`.execute(test.db);
    expect(rows.map((r) => r.label)).toEqual(['in the WITH', 'outer']);
  });

  it('should refuse rows that name different columns, and no rows, before anything is sent', async () => {
    expect(() => insertJsonRows(test.db, probe, [{ label: 'a', n: 1 }, { label: 'b', flag: true }])).toThrow(/every row of json_rows_probe names the same columns \(label, n\)/);
    expect(() => insertJsonRows(test.db, probe, [{ label: 'a', n: 1 }, { label: 'b' }])).toThrow(/same columns/);
    expect(() => insertJsonRows(test.db, probe, [])).toThrow(/no rows for json_rows_probe/);
  });
});
