import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test-helpers/database';
import { GroupCommit, type StatementBatchWriter } from './group-commit';

describe('GroupCommit', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`create table gc_items (name text primary key)`.execute(database.db);
  });
  afterAll(async () => database?.close());
  const stored = async () => (await sql<{ name: string }>`select name from gc_items order by name`.execute(database.db)).rows.map((r) => r.name);

  it('should write concurrent items in shared transactions, one result each in order, and a lone item at once', async () => {
    const seen: string[][] = [];
    const committer = new GroupCommit<string, string>(database.db, async (trx, items) => {
      seen.push([...items]);
      await trx.insertInto('gc_items' as never).values(items.map((name) => ({ name })) as never).execute();
      return items.map((name) => name.toUpperCase());
    });
    expect(await committer.submit('lone')).toBe('LONE');
    expect(seen).toEqual([['lone']]);
    const names = Array.from({ length: 20 }, (_, i) => `n${String(i).padStart(2, '0')}`);
    const results = await Promise.all(names.map((name) => committer.submit(name)));
    expect(results).toEqual(names.map((n) => n.toUpperCase()));
    // Submitted together, they share one or two transactions (two when the first starts before the others arrive).
    expect(seen.slice(1).flat()).toEqual(names);
    expect(seen.length - 1).toBeLessThanOrEqual(2);
    expect(committer.stats).toMatchObject({ batches: seen.length, items: 21, replays: 0 });
    expect(await stored()).toEqual(['lone', ...names]);
  });

  it('should fail only the item that fails alone, storing nothing of it, when its batch fails', async () => {
    await sql`delete from gc_items`.execute(database.db);
    const committer = new GroupCommit<string, string>(database.db, async (trx, items) => {
      await trx.insertInto('gc_items' as never).values(items.map((name) => ({ name })) as never).execute();
      if (items.includes('bad')) throw new Error('refused: bad');
      return items.map(() => 'ok');
    });
    const outcomes = await Promise.allSettled(['a', 'b', 'bad', 'c', 'd'].map((name) => committer.submit(name)));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['ok', 'ok', 'refused: bad', 'ok', 'ok']);
    expect(committer.stats.replays).toBe(1);
    expect(await stored()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('should keep at most maxBatch items in a transaction and refuse a writer that answers the wrong number of results', async () => {
    const sizes: number[] = [];
    const committer = new GroupCommit<number, number>(database.db, async (_trx, items) => (sizes.push(items.length), [...items]), { maxBatch: 4 });
    await Promise.all(Array.from({ length: 11 }, (_, i) => committer.submit(i)));
    expect(sizes.reduce((a, b) => a + b)).toBe(11);
    expect(Math.max(...sizes)).toBe(4);
    const broken = new GroupCommit<number, number>(database.db, async () => []);
    await expect(broken.submit(1)).rejects.toThrow('answered 0 results for 1 items');
  });

  describe('a writer of compiled statements', () => {
    /** Items stored by an INSERT of their names, then an INSERT that fails for the name 'audit-refused' (a check constraint). */
    const writer = (seen: string[][], flight = { now: 0, most: 0 }): StatementBatchWriter<string, string> => ({
      statements(items) {
        seen.push([...items]);
        flight.most = Math.max(flight.most, ++flight.now);
        return {
          statements: [
            { query: database.db.insertInto('gc_items' as never).values(items.map((name) => ({ name })) as never).compile() },
            { query: sql`insert into gc_checked (name) select unnest(${[...items]}::text[])`.compile(database.db), failure: (error) => (flight.now--, new Error(`statement ${error.statementIndex} failed`)) },
          ],
          results: (answers) => (flight.now--, items.map(() => `stored by ${answers.length} statements`)),
        };
      },
    });
    beforeAll(async () => {
      await sql`create table gc_checked (name text check (name <> 'audit-refused'))`.execute(database.db);
    });

    it('should run each batch as one transaction of its statements, two batches in flight, and answer each item', async () => {
      await sql`delete from gc_items`.execute(database.db);
      const seen: string[][] = [];
      const flight = { now: 0, most: 0 };
      const committer = new GroupCommit(database.db, writer(seen, flight), { maxBatch: 3 });
      const names = Array.from({ length: 10 }, (_, i) => `s${i}`);
      expect(await Promise.all(names.map((name) => committer.submit(name)))).toEqual(names.map(() => 'stored by 2 statements'));
      // The next batch was sent while one ran, and never more than two at once.
      expect(flight.most).toBe(2);
      expect(seen.flat().sort()).toEqual(names);
      expect(Math.max(...seen.map((b) => b.length))).toBe(3);
      expect(await stored()).toEqual(names);
    });

    it('should store nothing of a failed batch, replay its items alone, and fail the one whose statement fails with the writer\'s error', async () => {
      await sql`delete from gc_items`.execute(database.db);
      await sql`delete from gc_checked`.execute(database.db);
      const seen: string[][] = [];
      const committer = new GroupCommit(database.db, writer(seen));
      const outcomes = await Promise.allSettled(['a', 'b', 'audit-refused', 'c'].map((name) => committer.submit(name)));
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['stored by 2 statements', 'stored by 2 statements', 'statement 1 failed', 'stored by 2 statements']);
      expect(committer.stats.replays).toBeGreaterThanOrEqual(1);
      // The first statement of the failing item ran and was rolled back with its transaction.
      expect(await stored()).toEqual(['a', 'b', 'c']);
      expect((await sql<{ name: string }>`select name from gc_checked order by name`.execute(database.db)).rows.map((r) => r.name)).toEqual(['a', 'b', 'c']);
    });
  });

  describe('announced items', () => {
    const recorder = (options: { maxWaitMs?: number } = {}) => {
      const seen: string[][] = [];
      const committer = new GroupCommit<string, string>(database.db, async (_trx, items) => (seen.push([...items]), items.map((name) => `${name}!`)), options);
      return { seen, committer };
    };
    const turns = async (n = 5) => {
      for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
    };

    it('should write a lone announced item at once', async () => {
      const { seen, committer } = recorder({ maxWaitMs: 5_000 });
      const started = Date.now();
      expect(await committer.announce().submit('lone')).toBe('lone!');
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(seen).toEqual([['lone']]);
      expect(committer.stats).toMatchObject({ batches: 1, held: 0 });
    });

    it('should hold a transaction for the items announced before it and write them together', async () => {
      const { seen, committer } = recorder({ maxWaitMs: 5_000 });
      const [a, b, c] = [committer.announce(), committer.announce(), committer.announce()];
      const first = a.submit('a');
      await turns();
      expect(seen).toEqual([]); // b and c are on their way
      const second = b.submit('b');
      await turns();
      expect(seen).toEqual([]);
      const third = c.submit('c');
      expect(await Promise.all([first, second, third])).toEqual(['a!', 'b!', 'c!']);
      expect(seen).toEqual([['a', 'b', 'c']]);
      expect(committer.stats).toMatchObject({ batches: 1, held: 1, holdTimeouts: 0 });
    });

    it('should end the hold when an announced item is withdrawn, and not wait for items announced after the hold began', async () => {
      const { seen, committer } = recorder({ maxWaitMs: 5_000 });
      const [a, b, c] = [committer.announce(), committer.announce(), committer.announce()];
      const started = Date.now();
      const first = a.submit('a');
      b.withdraw();
      const late = committer.announce(); // after the hold began: not waited for
      await turns();
      expect(seen).toEqual([]); // c is still on its way
      const third = c.submit('c');
      expect(await Promise.all([first, third])).toEqual(['a!', 'c!']);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(seen).toEqual([['a', 'c']]);
      b.withdraw(); // a second end of an announcement changes nothing
      expect(await late.submit('late')).toBe('late!');
      expect(seen).toEqual([['a', 'c'], ['late']]);
    });

    it('should hold no longer than maxWaitMs for an item that does not come, nor beyond maxBatch items', async () => {
      const { seen, committer } = recorder({ maxWaitMs: 200 });
      const [a, slow] = [committer.announce(), committer.announce()];
      const started = Date.now();
      expect(await a.submit('a')).toBe('a!');
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
      expect(committer.stats).toMatchObject({ held: 1, holdTimeouts: 1 });
      // A late item is not waited for again: the next hold waits for its own companions only.
      const [x, y] = [committer.announce(), committer.announce()];
      const x1 = x.submit('x');
      await turns();
      const t1 = Date.now();
      expect(await Promise.all([x1, y.submit('y')])).toEqual(['x!', 'y!']);
      expect(Date.now() - t1).toBeLessThan(150);
      expect(committer.stats).toMatchObject({ held: 2, holdTimeouts: 1 });
      expect(await slow.submit('slow')).toBe('slow!');
      expect(seen).toEqual([['a'], ['x', 'y'], ['slow']]);

      const capped = new GroupCommit<number, number>(database.db, async (_trx, items) => [...items], { maxBatch: 2, maxWaitMs: 5_000 });
      const announced = Array.from({ length: 3 }, () => capped.announce());
      const t0 = Date.now();
      expect(await Promise.all([announced[0]!.submit(0), announced[1]!.submit(1)])).toEqual([0, 1]);
      expect(Date.now() - t0).toBeLessThan(1_000); // two items fill a batch: the third is not waited for
      announced[2]!.withdraw();
    });
  });
});
