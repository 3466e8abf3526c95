import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, createPGliteDb, runStatementsInTransaction } from './create-db';
import { PGliteThread } from './pglite-thread';

describe('PGliteThread (the embedded database in its own thread)', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-pglite-thread-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('should keep the data in the data directory across a close and a new thread, as the server opens it', async () => {
    const first = await createDb({ databaseUrl: null, dataDir: dir });
    await sql`create table kept (id int primary key, name text not null)`.execute(first);
    await sql`insert into kept values (1, 'one'), (2, 'two')`.execute(first);
    await first.destroy();
    expect(fs.existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
    const second = await createDb({ databaseUrl: null, dataDir: dir });
    expect((await sql<{ name: string }>`select name from kept order by id`.execute(second)).rows).toEqual([{ name: 'one' }, { name: 'two' }]);
    await second.destroy();
  });

  it('should answer concurrent queries each with its own result, and errors with their SQLSTATE and constraint', async () => {
    const thread = new PGliteThread();
    try {
      await thread.exec('create table u (name text primary key)');
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => thread.query<{ n: number }>('select $1::int * 2 as n', [i])));
      expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
      await thread.query('insert into u values ($1)', ['a']);
      await expect(thread.query('insert into u values ($1)', ['a'])).rejects.toMatchObject({ code: '23505', constraint: 'u_pkey' });
    } finally {
      await thread.close();
    }
    await expect(thread.query('select 1')).rejects.toThrow('pglite-thread: closed');
  });

  it('should run a transaction of several statements in one message: all committed, or none with the failing statement\'s index, and nothing else inside it', async () => {
    const thread = new PGliteThread();
    const db = createPGliteDb(thread);
    try {
      await thread.exec('create table t (name text primary key)');
      const insert = (name: string) => sql`insert into t values (${name})`.compile(db);
      const results = await runStatementsInTransaction(db, [insert('a'), insert('b'), sql`select count(*)::int as n from t`.compile(db)]);
      expect(results.map((r) => r.numAffectedRows)).toEqual([1n, 1n, undefined]);
      expect(results[2]!.rows).toEqual([{ n: 2 }]);
      // A duplicate key in the second statement: the first is rolled back with it.
      await expect(runStatementsInTransaction(db, [insert('c'), insert('a')])).rejects.toMatchObject({ code: '23505', statementIndex: 1 });
      // A statement sent while a one-message transaction runs is not part of it: it sees the table before or after it.
      const [, seen] = await Promise.all([runStatementsInTransaction(db, [insert('d'), sql`select pg_sleep(0.05)`.compile(db), insert('e')]), thread.query<{ n: number }>('select count(*)::int as n from t')]);
      expect([2, 4]).toContain(seen.rows[0]!.n);
      expect((await thread.query<{ name: string }>('select name from t order by name')).rows.map((r) => r.name)).toEqual(['a', 'b', 'd', 'e']);
    } finally {
      await db.destroy();
    }
  });
});
