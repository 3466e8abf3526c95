/**
 * Many rows into one table as one statement with one parameter: the rows as a JSON array, which PostgreSQL reads with
 * json_populate_recordset and the table's own row type (each column's type and input conversion), instead of a VALUES
 * list with a parameter a value. On the hot path of issuance (a batch of 64 requests writes ~1,000 values a table) the
 * database then parses and plans one short statement and converts the values in one pass, and the client compiles and
 * sends one string: about a fifth less of the embedded database's CPU a certificate (docs/bench.md, session 14).
 *
 * Every row names the same columns; a column no row names keeps its default (an undefined value is written as null, not
 * as the default). Values are what JSON.stringify writes: a Date as its ISO string (timestamptz), and for a json or jsonb
 * column the value itself (an object or array, not its JSON text, which would be stored as a JSON string). A lone
 * UTF-16 surrogate in a text (a BMPString of a CSR may hold one) is written as U+FFFD, as node-postgres and PGlite encode
 * a text parameter, instead of a `\ud800` escape that PostgreSQL's JSON input refuses.
 */
import { sql, type InsertQueryBuilder, type InsertResult, type QueryCreator } from 'kysely';
import type { Database } from '../db/database';

/** JSON.stringify's replacer: each text well formed (ES2024 String.prototype.toWellFormed, in node 20; TypeScript's lib here predates it). */
const wellFormed = (_key: string, value: unknown): unknown => (typeof value === 'string' ? (value as string & { toWellFormed(): string }).toWellFormed() : value);

/** A row of {@link insertJsonRows}: its columns' values (objects and arrays only for json and jsonb columns). */
export type JsonRow = Readonly<Record<string, string | number | boolean | Date | object | null>>;

/**
 * `insert into table (columns) select columns from json_populate_recordset(null::table, $1)`, as a Kysely insert
 * (composable: `with`, `returning`). @throws Error when there is no row or the rows do not name the same columns.
 */
export function insertJsonRows<T extends keyof Database & string>(db: QueryCreator<Database>, table: T, rows: readonly JsonRow[]): InsertQueryBuilder<Database, T, InsertResult> {
  const first = rows[0];
  if (!first) throw new Error(`insertJsonRows: no rows for ${table}`);
  const columns = Object.keys(first);
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length || keys.some((key) => !(key in first))) throw new Error(`insertJsonRows: every row of ${table} names the same columns (${columns.join(', ')})`);
  }
  const list = sql.join(columns.map((column) => sql.ref(column)));
  return db
    .insertInto(table)
    .columns(columns as never)
    .expression(sql`select ${list} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows, wellFormed)}::json)`);
}
