import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test-helpers/database';
import { GroupCommit } from './group-commit';

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
});
