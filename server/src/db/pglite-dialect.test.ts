import { sql, type Generated, type Kysely } from 'kysely';
import { createPGliteDb } from './create-db';
import { PGliteThread } from './pglite-thread';
import type { Db } from './database';

describe('PGliteDialect', () => {
  let pglite: PGliteThread;
  let db: Db;

  beforeAll(async () => {
    pglite = new PGliteThread();
    db = createPGliteDb(pglite);
    await sql`create table t (id serial primary key, name text not null unique, tags text[] not null default '{}', detail jsonb, at timestamptz)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    expect(pglite.closed).toBe(true);
  });

  interface T {
    t: { id: Generated<number>; name: string; tags: Generated<string[]>; detail: string | null; at: Date | null };
  }
  const tdb = () => db as unknown as Kysely<T>;

  it('should insert and select arrays, jsonb and timestamps, and count affected rows', async () => {
    const at = new Date('2030-01-02T03:04:05.678Z');
    const inserted = await tdb().insertInto('t').values({ name: 'a', tags: ['x', 'y,z'], detail: JSON.stringify({ k: [1] }), at }).executeTakeFirstOrThrow();
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    const row = await tdb().selectFrom('t').selectAll().where('name', '=', 'a').executeTakeFirstOrThrow();
    expect(row.tags).toEqual(['x', 'y,z']);
    expect(row.detail).toEqual({ k: [1] });
    expect(new Date(row.at as Date).toISOString()).toBe(at.toISOString());
    const updated = await tdb().updateTable('t').set({ name: 'b' }).where('name', '=', 'a').executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(1n);
  });

  it('should roll a failed transaction back and keep a committed one', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await (trx as unknown as ReturnType<typeof tdb>).insertInto('t').values({ name: 'rolled' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await db.transaction().execute(async (trx) => {
      await (trx as unknown as ReturnType<typeof tdb>).insertInto('t').values({ name: 'kept' }).execute();
    });
    const names = (await tdb().selectFrom('t').select('name').execute()).map((r) => r.name);
    expect(names).toContain('kept');
    expect(names).not.toContain('rolled');
  });

  it('should serialise concurrent transactions (one connection, handed out under a lock)', async () => {
    const order: string[] = [];
    await Promise.all(
      ['one', 'two', 'three'].map((name) =>
        db.transaction().execute(async (trx) => {
          order.push(`begin ${name}`);
          await (trx as unknown as ReturnType<typeof tdb>).insertInto('t').values({ name }).execute();
          await new Promise((r) => setTimeout(r, 5));
          order.push(`end ${name}`);
        }),
      ),
    );
    expect(order).toEqual(['begin one', 'end one', 'begin two', 'end two', 'begin three', 'end three']);
  });

  it('should surface SQLSTATE codes of errors', async () => {
    await expect(tdb().insertInto('t').values({ name: 'kept' }).execute()).rejects.toMatchObject({ code: '23505' });
  });

  it('should introspect tables', async () => {
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).toContain('t');
  });
});
