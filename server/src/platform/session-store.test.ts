import { Redis } from 'ioredis';
import { DatabaseSessionStore, RedisSessionStore, isExpired, newSessionToken, sessionIdOf, type SessionRecord, type SessionStore } from './session-store';
import { createTestDatabase, type TestDatabase } from '../test-helpers/database';

const record = (id: string, userId: string | null, tenantId: string | null, now = Date.now()): SessionRecord => ({
  id,
  userId,
  tenantId,
  state: userId ? 'active' : 'anonymous',
  createdAt: now,
  lastSeenAt: now,
  idleExpiresAt: now + 60_000,
  absoluteExpiresAt: now + 3_600_000,
});

describe('session tokens', () => {
  it('should make 32-byte base64url tokens and store their SHA-256 only', () => {
    const token = newSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessionIdOf(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionIdOf(token)).not.toContain(token);
  });

  it('should expire at the idle or the absolute expiry, whichever comes first', () => {
    const r = record('x', null, null, 0);
    expect(isExpired(r, 59_999)).toBe(false);
    expect(isExpired(r, 60_000)).toBe(true);
    expect(isExpired({ ...r, idleExpiresAt: 10_000_000 }, 3_600_000)).toBe(true);
  });
});

describe('DatabaseSessionStore', () => {
  let t: TestDatabase;
  let tenantId: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    tenantId = (await t.db.insertInto('tenants').values({ name: 'T', support_email: 's@t' }).returning('id').executeTakeFirstOrThrow()).id;
    userId = (await t.db.insertInto('users').values({ tenant_id: tenantId, username: 'u', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  it('should answer a warm check from the cache, without a database round trip', async () => {
    const store = new DatabaseSessionStore(t.db);
    await store.create(record('s1', userId, tenantId));
    expect(await store.get('s1')).toMatchObject({ id: 's1', userId });
    // Remove the row behind the cache's back: a warm get does not see it.
    await t.db.deleteFrom('sessions').where('id', '=', 's1').execute();
    expect(await store.get('s1')).toMatchObject({ id: 's1' });
    // A fresh store (cold cache) reads the table.
    expect(await new DatabaseSessionStore(t.db).get('s1')).toBeNull();
  });

  it('should extend, delete and delete per user in table and cache', async () => {
    const store = new DatabaseSessionStore(t.db);
    await store.create(record('s2', userId, tenantId));
    await store.create(record('s3', userId, tenantId));
    await store.get('s2');
    await store.extend('s2', 123_000, 100_000);
    expect(await store.get('s2')).toMatchObject({ idleExpiresAt: 123_000, lastSeenAt: 100_000 });
    expect(await new DatabaseSessionStore(t.db).get('s2')).toMatchObject({ idleExpiresAt: 123_000 });
    await store.delete('s2');
    expect(await store.get('s2')).toBeNull();
    await store.deleteForUser(userId);
    expect(await store.get('s3')).toBeNull();
  });

  it('should purge expired records', async () => {
    const store = new DatabaseSessionStore(t.db);
    await store.create(record('old', null, tenantId, 0));
    await store.purgeExpired(Date.now());
    expect(await store.get('old')).toBeNull();
  });
});

const redisUrl = process.env.TESSERA_TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('RedisSessionStore (TESSERA_TEST_REDIS_URL)', () => {
  let redis: Redis;
  let store: SessionStore;
  beforeAll(async () => {
    redis = new Redis(redisUrl ?? '');
    store = new RedisSessionStore(redis, { prefix: `tessera-test:${process.pid}:${Date.now()}:`, now: Date.now });
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('should create, get, extend and delete records, and delete per user', async () => {
    await store.create(record('r1', 'u1', 't1'));
    await store.create(record('r2', 'u1', 't1'));
    expect(await store.get('r1')).toMatchObject({ id: 'r1', userId: 'u1' });
    await store.extend('r1', 42, 41);
    expect(await store.get('r1')).toMatchObject({ idleExpiresAt: 42, lastSeenAt: 41 });
    await store.delete('r1');
    expect(await store.get('r1')).toBeNull();
    await store.deleteForUser('u1');
    expect(await store.get('r2')).toBeNull();
  });
});
