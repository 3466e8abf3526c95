/**
 * The default rate-limit rules reach every installation once (rate_limit_seeded_defaults): all on the first start; a
 * default a later version adds, on the next start of an installation seeded before it; never again once recorded,
 * so a default an operator deleted stays deleted; an installation emptied on purpose before the table existed stays
 * empty (the migration records the defaults of its version).
 */
import { createTestDatabase, type TestDatabase } from '../../test-helpers/database';
import * as seededDefaultsMigration from '../../db/migrations/2026_11_30_06_00_00_rate_limit_seeded_defaults';
import { ENROLMENT_RATE_PER_MINUTE } from '@tessera/domain';
import { keyedDefaultRules } from './rate-limiter';
import { currentVersion, seedDefaults } from './rate-limit-rules.repository';

const options = { perAddress: 30000, windowSeconds: 60, pkiPerAddress: 600 };

describe('seedDefaults', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(async () => t?.close());

  const rules = () => t.db.selectFrom('rate_limit_rules').select(['layer', 'stage', 'position', 'endpoint', 'rate']).where('owner_tenant_id', 'is', null).orderBy('layer').orderBy('stage').orderBy('position').execute();
  const seed = (defaults = keyedDefaultRules(options)) => t.db.transaction().execute((trx) => seedDefaults(trx, defaults));

  it('should give a new installation every default in order, once', async () => {
    const all = keyedDefaultRules(options);
    expect((await seed()).inserted).toEqual(all.map((d) => d.key));
    expect((await rules()).map((r) => r.endpoint)).toEqual(['*', '/pki/*', '/api2/Certificates-v1/AnonymousCertificateRequest', '/pki/scep/*', '/.well-known/est/*', '/pki/acme/*', '*', '/pki/*']);
    expect(await currentVersion(t.db)).toBe(1);
    expect(await seed()).toEqual({ inserted: [], recorded: [] });
    expect(await rules()).toHaveLength(all.length);
    expect(await currentVersion(t.db)).toBe(1);
  });

  it("should add a later version's defaults to an installation seeded before them, keeping the operator's numbers and deletions", async () => {
    const all = keyedDefaultRules(options);
    const older = all.filter((d) => !['ip:acme', 'ip:/pki/scep/*', 'ip:/.well-known/est/*'].includes(d.key));
    await seed(older);
    // The operator raises the per-address rule and deletes the anonymous CSR rule.
    await t.db.updateTable('rate_limit_rules').set({ rate: 50000 }).where('endpoint', '=', '*').where('stage', '=', 0).execute();
    await t.db.deleteFrom('rate_limit_rules').where('endpoint', '=', '/api2/Certificates-v1/AnonymousCertificateRequest').execute();
    const before = await currentVersion(t.db);

    const upgrade = await seed(all);
    expect(upgrade.inserted).toEqual(['ip:/pki/scep/*', 'ip:/.well-known/est/*', 'ip:acme']);
    expect(await currentVersion(t.db)).toBe(before + 1);
    const stage0 = (await rules()).filter((r) => r.stage === 0);
    expect(stage0.map((r) => [r.endpoint, Number(r.rate)])).toEqual([
      ['*', 50000],
      ['/pki/*', 600],
      ['/pki/scep/*', ENROLMENT_RATE_PER_MINUTE],
      ['/.well-known/est/*', ENROLMENT_RATE_PER_MINUTE],
      ['/pki/acme/*', expect.any(Number)],
    ]);
    expect(new Set(stage0.map((r) => r.position)).size).toBe(stage0.length);
    // Deleting a recorded default keeps it deleted through later starts.
    await t.db.deleteFrom('rate_limit_rules').where('endpoint', '=', '/pki/acme/*').execute();
    expect((await seed(all)).inserted).toEqual([]);
    expect((await rules()).some((r) => r.endpoint === '/pki/acme/*')).toBe(false);
  });

  it('should record an existing equal rule without adding a second one (an installation seeded before the keys existed)', async () => {
    const all = keyedDefaultRules(options);
    await seed(all);
    await t.db.deleteFrom('rate_limit_seeded_defaults').execute();
    const result = await seed(all);
    expect(result.inserted).toEqual([]);
    expect(result.recorded).toEqual(all.map((d) => d.key));
    expect(await rules()).toHaveLength(all.length);
  });

  it('should keep an installation whose management layers were emptied on purpose empty through the migration', async () => {
    // Back to before the table: an installation seeded, then emptied by its operator.
    await seededDefaultsMigration.down(t.db);
    await t.db.insertInto('rate_limit_state').values({ id: 1, version: 3 }).execute();
    await seededDefaultsMigration.up(t.db);
    expect((await seed()).inserted).toEqual([]);
    expect(await rules()).toEqual([]);
  });
});
