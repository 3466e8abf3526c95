import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
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
    expect(await tables(t)).toEqual(['acme_accounts', 'acme_authorizations', 'acme_challenges', 'acme_client_accounts', 'acme_client_http01', 'acme_client_runs', 'acme_configs', 'acme_eab_keys', 'acme_nonces', 'acme_orders', 'allowed_domains', 'api_keys', 'audit_events', 'card_templates', 'certificate_authorities', 'certificate_requests', 'certificate_templates', 'certificates', 'cloud_hsm_configs', 'crls', 'device_endpoints', 'devices', 'directory_connections', 'email_links', 'intune_scep_configs', 'locales', 'mfa_recovery_codes', 'organisations', 'password_reset_tokens', 'pin_requirements', 'rate_limit_rules', 'rate_limit_seeded_defaults', 'rate_limit_state', 'revocations', 'roles', 'scep_challenges', 'scep_ra', 'scep_transactions', 'search_favourites', 'secret_question_links', 'secret_question_policies', 'secret_questions', 'sessions', 'smartcard_applets', 'smartcard_batch_cards', 'smartcard_batches', 'smartcard_gp_keys', 'smartcard_requests', 'smartcard_stock', 'smartcard_stock_settings', 'smartcard_stock_thresholds', 'smartcards', 'sponsors', 'subnets', 'template_ordering', 'temporary_card_configs', 'temporary_pass_print_requests', 'temporary_passes', 'tenants', 'ticket_messages', 'tickets', 'user_mfa', 'user_photos', 'user_roles', 'users', 'visits', 'webauthn_challenges', 'webauthn_credentials']);
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
    expect(await tables(t)).toEqual(['acme_accounts', 'acme_authorizations', 'acme_challenges', 'acme_client_accounts', 'acme_client_http01', 'acme_client_runs', 'acme_configs', 'acme_eab_keys', 'acme_nonces', 'acme_orders', 'allowed_domains', 'api_keys', 'audit_events', 'card_templates', 'certificate_authorities', 'certificate_requests', 'certificate_templates', 'certificates', 'cloud_hsm_configs', 'crls', 'device_endpoints', 'devices', 'directory_connections', 'email_links', 'intune_scep_configs', 'locales', 'mfa_recovery_codes', 'organisations', 'password_reset_tokens', 'pin_requirements', 'rate_limit_rules', 'rate_limit_seeded_defaults', 'rate_limit_state', 'revocations', 'roles', 'scep_challenges', 'scep_ra', 'scep_transactions', 'search_favourites', 'secret_question_links', 'secret_question_policies', 'secret_questions', 'sessions', 'smartcard_applets', 'smartcard_batch_cards', 'smartcard_batches', 'smartcard_gp_keys', 'smartcard_requests', 'smartcard_stock', 'smartcard_stock_settings', 'smartcard_stock_thresholds', 'smartcards', 'sponsors', 'subnets', 'template_ordering', 'temporary_card_configs', 'temporary_pass_print_requests', 'temporary_passes', 'tenants', 'ticket_messages', 'tickets', 'user_mfa', 'user_photos', 'user_roles', 'users', 'visits', 'webauthn_challenges', 'webauthn_credentials']);
  });

  it('should enforce one default tenant and case-insensitive unique usernames per tenant', async () => {
    const a = await t.db.insertInto('tenants').values({ name: 'A', is_default: true, support_email: 'a@a' }).returning('id').executeTakeFirstOrThrow();
    await expect(t.db.insertInto('tenants').values({ name: 'B', is_default: true, support_email: 'b@b' }).execute()).rejects.toMatchObject({ code: '23505' });
    await t.db.insertInto('users').values({ tenant_id: a.id, username: 'Ann', password_hash: 'x' }).execute();
    await expect(t.db.insertInto('users').values({ tenant_id: a.id, username: 'ANN', password_hash: 'x' }).execute()).rejects.toMatchObject({ code: '23505' });
  });

  it('should turn free-text organisations into organisations of that name per tenant, and back', async () => {
    // Step down to just before the identity data model (later migrations first).
    const after = names.length - names.indexOf('2026_11_26_02_00_00_identity_data_model');
    for (let i = 0; i < after; i += 1) await migrateDown(t.db);
    const db = t.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before the migration
    const a = await db.insertInto('tenants').values({ name: 'OrgA', support_email: 'a@a' }).returning('id').executeTakeFirstOrThrow();
    const b = await db.insertInto('tenants').values({ name: 'OrgB', support_email: 'b@b' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values([
        { tenant_id: a.id, username: 'a1', password_hash: 'x', organisation: 'Acme' },
        { tenant_id: a.id, username: 'a2', password_hash: 'x', organisation: ' acme ' },
        { tenant_id: a.id, username: 'a3', password_hash: 'x', organisation: null },
        { tenant_id: b.id, username: 'b1', password_hash: 'x', organisation: 'Acme' },
      ])
      .execute();
    await migrateUp(t.db);
    const orgs = await t.db.selectFrom('organisations').select(['id', 'tenant_id', 'name']).where('tenant_id', 'in', [a.id, b.id]).execute();
    expect(orgs.map((o) => [o.tenant_id, o.name]).sort()).toEqual([[a.id, 'Acme'], [b.id, 'Acme']].sort());
    const users = await t.db.selectFrom('users').select(['username', 'organisation_id', 'country']).where('tenant_id', 'in', [a.id, b.id]).orderBy('username').execute();
    const orgOf = (tenant: string) => orgs.find((o) => o.tenant_id === tenant)!.id;
    expect(users).toEqual([
      { username: 'a1', organisation_id: orgOf(a.id), country: '' },
      { username: 'a2', organisation_id: orgOf(a.id), country: '' },
      { username: 'a3', organisation_id: null, country: '' },
      { username: 'b1', organisation_id: orgOf(b.id), country: '' },
    ]);
    await migrateDown(t.db);
    const back = await db.selectFrom('users').select(['username', 'organisation']).where('tenant_id', 'in', [a.id, b.id]).orderBy('username').execute();
    expect(back).toEqual([
      { username: 'a1', organisation: 'Acme' },
      { username: 'a2', organisation: 'Acme' },
      { username: 'a3', organisation: null },
      { username: 'b1', organisation: 'Acme' },
    ]);
    await migrateToLatest(t.db);
  });
});
