/** The rule engine's reloads when the database fails or the app closes (found by the PostgreSQL phase). */
import type { Db } from '../../db/database';
import { RateLimiter } from './rate-limiter';
import { MemoryRateLimitStore } from './stores';

/** A database whose every query fails as a destroyed Kysely driver does; counts the queries tried. */
function destroyedDb(): { db: Db; queries: () => number } {
  let queries = 0;
  const fail = () => {
    queries += 1;
    throw new Error('driver has already been destroyed');
  };
  const builder = { select: () => builder, selectAll: () => builder, where: () => builder, orderBy: () => builder, executeTakeFirst: async () => fail(), execute: async () => fail() };
  return { db: { selectFrom: () => builder } as unknown as Db, queries: () => queries };
}

describe('RateLimiter reloads', () => {
  it('should hand a failed load to its caller only, leaving no unhandled rejection behind', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { db } = destroyedDb();
      const limiter = new RateLimiter({ db, store: new MemoryRateLimitStore({ readSession: async () => null }) });
      await expect(limiter.reload(true)).rejects.toThrow('driver has already been destroyed');
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
      // The next load still runs after a failed one.
      await expect(limiter.reload(true)).rejects.toThrow('driver has already been destroyed');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('should query nothing once stopped (the app closes before its database)', async () => {
    const { db, queries } = destroyedDb();
    const limiter = new RateLimiter({ db, store: new MemoryRateLimitStore({ readSession: async () => null }) });
    await limiter.stop();
    await expect(limiter.reload(true)).resolves.toBeUndefined();
    expect(queries()).toBe(0);
  });
});
