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

/**
 * The order in which the dialect sends to the instance (issue 12: a statement outside a transaction holds the lock
 * only while it is sent; a transaction holds it until its end has been answered; BEGIN is not waited for).
 */
describe('PGliteDialect sending', () => {
  /** An instance that records what it is sent and answers only when the test says so. */
  function recordingInstance() {
    const sent: string[] = [];
    const waiting: { sql: string; answer: () => void; fail: (error: Error) => void }[] = [];
    const take = (sql: string) =>
      new Promise<{ rows: never[]; command: string }>((resolve, reject) => {
        sent.push(sql);
        waiting.push({ sql, answer: () => resolve({ rows: [], command: sql.split(' ')[0]!.toUpperCase() }), fail: reject });
      });
    const instance = { query: (sql: string) => take(sql), exec: (sql: string) => take(sql), close: async () => {} };
    /** Answers the oldest statement not yet answered, as the instance does (in order); fails it given an error. */
    const answerNext = async (error?: Error) => {
      const next = waiting.shift();
      if (!next) throw new Error('nothing sent to answer');
      if (error) next.fail(error);
      else next.answer();
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    };
    const settle = async () => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    };
    return { instance, sent, answerNext, settle };
  }

  it('should send statements outside a transaction back to back, each before the one before it is answered', async () => {
    const { instance, sent, answerNext, settle } = recordingInstance();
    const db = createPGliteDb(instance);
    const reads = [sql`select 1`.execute(db), sql`select 2`.execute(db), sql`select 3`.execute(db)];
    await settle();
    expect(sent).toEqual(['select 1', 'select 2', 'select 3']);
    for (let i = 0; i < 3; i++) await answerNext();
    await Promise.all(reads);
  });

  it('should send nothing of others inside a transaction, and send BEGIN and its first statement together', async () => {
    const { instance, sent, answerNext, settle } = recordingInstance();
    const db = createPGliteDb(instance);
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert one`.execute(trx);
      await sql`insert two`.execute(trx);
    });
    await settle();
    const read = sql`select outside`.execute(db);
    await settle();
    // BEGIN is not waited for; the read waits for the transaction's end.
    expect(sent).toEqual(['begin', 'insert one']);
    await answerNext(); // begin
    await answerNext(); // insert one
    expect(sent).toEqual(['begin', 'insert one', 'insert two']);
    await answerNext(); // insert two
    expect(sent).toEqual(['begin', 'insert one', 'insert two', 'commit']);
    await answerNext(); // commit: the lock is free again
    expect(sent).toEqual(['begin', 'insert one', 'insert two', 'commit', 'select outside']);
    await answerNext();
    await Promise.all([transaction, read]);
  });

  it('should give the first statement the failure of a BEGIN, send no COMMIT and free the lock', async () => {
    const { instance, sent, answerNext, settle } = recordingInstance();
    const db = createPGliteDb(instance);
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert one`.execute(trx);
    });
    const failed = expect(transaction).rejects.toThrow('no transaction for you');
    await settle();
    await answerNext(new Error('no transaction for you')); // begin
    await answerNext(); // insert one (moot)
    expect(sent).toEqual(['begin', 'insert one', 'rollback']);
    await answerNext(); // rollback
    await failed;
    const read = sql`select after`.execute(db);
    await settle();
    expect(sent.at(-1)).toBe('select after');
    await answerNext();
    await read;
  });
});

