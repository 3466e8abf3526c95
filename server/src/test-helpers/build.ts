/**
 * `build()`: a fresh app on a fresh database for a test file, with a clock the test moves, a
 * browser-like client, and fixtures (bootstrap, users with given permissions, other tenants).
 * Call `close()` in `afterAll`: it closes the app and the database (every PGlite must be closed).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { ServerConfig } from '../platform/config';
import type { AuditWriter } from '../platform/audit';
import type { Db } from '../db/database';
import { hashPassword } from '../platform/password';
import { createTestDatabase, type TestDatabase } from './database';
import { TestClient } from './client';
import type { MailMessage } from '../platform/mailer';

/** Password of every fixture user. */
export const TEST_PASSWORD = 'correct horse battery staple';

/** A test app and its parts. */
export interface TestContext {
  app: FastifyInstance;
  db: Db;
  kind: TestDatabase['kind'];
  /** Uses Redis for sessions and rate limits. */
  redis: boolean;
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  /** A new browser-like client (own cookies). */
  client(options?: { remoteAddress?: string }): TestClient;
  /** Runs bootstrap (tenant "Acme", user "admin") and returns the ids. */
  bootstrap(): Promise<{ tenantId: string; userId: string }>;
  /** Creates a user in a tenant holding a role with these permissions. */
  createUser(tenantId: string, username: string, permissions: string[], options?: { blacklist?: string[]; enabled?: boolean }): Promise<{ userId: string; roleId: string }>;
  /** Creates another (non-default) tenant with these host names. */
  createTenant(name: string, domains?: string[]): Promise<string>;
  /** Audit rows of an action, oldest first. */
  auditRows(action?: string): Promise<{ action: string; outcome: string; actor_username: string | null; tenant_id: string | null; target_id: string | null; detail: Record<string, unknown> }[]>;
  /** Mail the app sent (captured, never delivered). */
  mails: MailMessage[];
  /** Makes every audit write fail (renames the table), and back. */
  breakAudit(): Promise<void>;
  repairAudit(): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link build}. */
export interface BuildOptions {
  config?: Partial<ServerConfig>;
  /** Use Redis (needs `TESSERA_TEST_REDIS_URL`). */
  redis?: boolean;
  auditWriter?: AuditWriter;
}

let passwordHash: Promise<string> | undefined;

/** Builds a fresh app on a fresh database. */
export async function build(options: BuildOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  let offset = 0;
  const now = () => Date.now() + offset;
  const redisUrl = options.redis ? process.env.TESSERA_TEST_REDIS_URL : undefined;
  if (options.redis && !redisUrl) throw new Error('build({redis: true}) needs TESSERA_TEST_REDIS_URL');
  const mails: MailMessage[] = [];
  let app: FastifyInstance;
  try {
    app = await buildApp({
    env: {},
    db: database.db,
    now,
    config: {
      dataDir: '/nonexistent-tessera-test',
      webDir: '/nonexistent-tessera-test-web',
      redisUrl: redisUrl ?? null,
      redisPrefix: `tessera-test:${randomBytes(6).toString('hex')}:`,
      secretKey: randomBytes(32).toString('base64'),
      ...options.config,
    },
    ...(options.auditWriter ? { auditWriter: options.auditWriter } : {}),
    mailer: { send: async (message) => void mails.push(message), close: () => undefined },
    });
    await app.ready();
  } catch (error) {
    await database.close();
    throw error;
  }
  const db = database.db;

  const ctx: TestContext = {
    app,
    db,
    kind: database.kind,
    mails,
    redis: Boolean(redisUrl),
    advance(ms) {
      offset += ms;
    },
    client: (clientOptions) => new TestClient(app, clientOptions),
    async bootstrap() {
      const response = await ctx.client().post('/api2/IDM-v1/Bootstrap', {
        tenantName: 'Acme',
        username: 'admin',
        password: TEST_PASSWORD,
        emailAddress: 'admin@acme.test',
      });
      if (response.statusCode !== 201) throw new Error(`bootstrap failed: ${response.statusCode} ${response.body}`);
      return response.json() as { tenantId: string; userId: string };
    },
    async createUser(tenantId, username, permissions, userOptions = {}) {
      passwordHash ??= hashPassword(TEST_PASSWORD);
      const role = await db
        .insertInto('roles')
        .values({ tenant_id: tenantId, name: `role-${username}-${randomBytes(3).toString('hex')}`, permissions, blacklist: userOptions.blacklist ?? [] })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await db
        .insertInto('users')
        .values({ tenant_id: tenantId, username, password_hash: await passwordHash, given_name: username, family_name: 'Test', email: `${username}@example.test`, enabled: userOptions.enabled ?? true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
      return { userId: user.id, roleId: role.id };
    },
    async createTenant(name, domains = []) {
      const row = await db.insertInto('tenants').values({ name, domains, support_email: `support@${name.toLowerCase()}.test` }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async auditRows(action) {
      let q = db.selectFrom('audit_events').select(['action', 'outcome', 'actor_username', 'tenant_id', 'target_id', 'detail', 'created_at']);
      if (action) q = q.where('action', '=', action);
      const rows = await q.orderBy('created_at').execute();
      return rows.map(({ created_at: _createdAt, ...rest }) => rest);
    },
    async breakAudit() {
      await db.schema.alterTable('audit_events').renameTo('audit_events_broken').execute();
    },
    async repairAudit() {
      await db.schema.alterTable('audit_events_broken').renameTo('audit_events').execute();
    },
    async close() {
      try {
        await app.close();
      } finally {
        await database.close();
      }
    },
  };
  return ctx;
}
