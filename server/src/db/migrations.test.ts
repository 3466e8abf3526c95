import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { migrations } from './migrations';
import { migrateDown, migrateToLatest, migrateUp } from './migrate';
import { createTestDatabase, type TestDatabase } from '../test-helpers/database';

const names = Object.keys(migrations);

async function tables(t: TestDatabase): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(t.db);
  return rows.rows.map((r) => r.table_name);
}

describe('migrations', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.close());

  it('should list every file of the migrations folder, in order, with frozen names', () => {
    const files = fs
      .readdirSync(path.join(__dirname, 'migrations'))
      .filter((f) => /^\d{4}_\d{2}_\d{2}_\d{2}_\d{2}_\d{2}_[a-z0-9_]+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(names).toEqual(files);
    expect([...names].sort()).toEqual(names);
  });

  it('should create every table', async () => {
    expect(await tables(t)).toEqual(['api_keys', 'audit_events', 'certificate_authorities', 'certificate_requests', 'certificate_templates', 'certificates', 'crls', 'mfa_recovery_codes', 'password_reset_tokens', 'pin_requirements', 'revocations', 'roles', 'sessions', 'smartcard_requests', 'template_ordering', 'temporary_pass_print_requests', 'temporary_passes', 'tenants', 'ticket_messages', 'tickets', 'user_mfa', 'user_roles', 'users', 'webauthn_challenges', 'webauthn_credentials']);
  });

  it('should go down to nothing, then up, down and up again one by one', async () => {
    for (let i = 0; i < names.length; i++) await migrateDown(t.db);
    expect(await tables(t)).toEqual([]);
    const seen: string[][] = [];
    for (const name of names) {
      const up = await migrateUp(t.db);
      expect(up.results?.[0]).toMatchObject({ migrationName: name, direction: 'Up', status: 'Success' });
      const after = await tables(t);
      const down = await migrateDown(t.db);
      expect(down.results?.[0]).toMatchObject({ migrationName: name, direction: 'Down', status: 'Success' });
      expect(await tables(t)).toEqual(seen.at(-1) ?? []);
      await migrateUp(t.db);
      expect(await tables(t)).toEqual(after);
      seen.push(after);
    }
    const latest = await migrateToLatest(t.db);
    expect(latest.results).toEqual([]);
    expect(await tables(t)).toEqual(['api_keys', 'audit_events', 'certificate_authorities', 'certificate_requests', 'certificate_templates', 'certificates', 'crls', 'mfa_recovery_codes', 'password_reset_tokens', 'pin_requirements', 'revocations', 'roles', 'sessions', 'smartcard_requests', 'template_ordering', 'temporary_pass_print_requests', 'temporary_passes', 'tenants', 'ticket_messages', 'tickets', 'user_mfa', 'user_roles', 'users', 'webauthn_challenges', 'webauthn_credentials']);
  });

  it('should enforce one default tenant and case-insensitive unique usernames per tenant', async () => {
    const a = await t.db.insertInto('tenants').values({ name: 'A', is_default: true, support_email: 'a@a' }).returning('id').executeTakeFirstOrThrow();
    await expect(t.db.insertInto('tenants').values({ name: 'B', is_default: true, support_email: 'b@b' }).execute()).rejects.toMatchObject({ code: '23505' });
    await t.db.insertInto('users').values({ tenant_id: a.id, username: 'Ann', password_hash: 'x' }).execute();
    await expect(t.db.insertInto('users').values({ tenant_id: a.id, username: 'ANN', password_hash: 'x' }).execute()).rejects.toMatchObject({ code: '23505' });
  });
});
