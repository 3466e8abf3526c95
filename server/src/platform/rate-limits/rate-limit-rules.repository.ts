/** Reads and writes `rate_limit_rules` and `rate_limit_state` (issue 14). */
import { sql } from 'kysely';
import { TENANT_LAYER, type LayerRules, type RateLimitConfig, type RateLimitRule } from '@tessera/domain';
import type { DbOrTrx } from '../../db/database';
import type { StoredRule } from './rule-set';

function toStored(row: {
  owner_tenant_id: string | null;
  layer: number;
  stage: number;
  position: number;
  tenant_id: string;
  user_id: string;
  method: string;
  endpoint: string;
  period_seconds: number;
  rate: string;
  burst: string;
  max_data_bytes: string;
}): StoredRule {
  return {
    ownerTenantId: row.owner_tenant_id,
    layer: row.layer,
    stage: row.stage,
    index: row.position,
    rule: {
      tenantId: row.tenant_id,
      userId: row.user_id,
      method: row.method,
      endpoint: row.endpoint,
      periodSeconds: row.period_seconds,
      rate: Number(row.rate),
      burst: Number(row.burst),
      maxDataBytes: Number(row.max_data_bytes),
    },
  };
}

/** Every rule of the installation (all tenants' layer 0 and the management layers). */
export async function allRules(db: DbOrTrx): Promise<StoredRule[]> {
  const rows = await db.selectFrom('rate_limit_rules').selectAll().orderBy('layer').orderBy('stage').orderBy('position').execute();
  return rows.map(toStored);
}

/** The rules a tenant sees: its own layer 0 and the management layers. */
export async function rulesOfTenant(db: DbOrTrx, tenantId: string): Promise<StoredRule[]> {
  const rows = await db
    .selectFrom('rate_limit_rules')
    .selectAll()
    .where((eb) => eb.or([eb('owner_tenant_id', '=', tenantId), eb('owner_tenant_id', 'is', null)]))
    .orderBy('layer')
    .orderBy('stage')
    .orderBy('position')
    .execute();
  return rows.map(toStored);
}

/** Groups stored rules into the wire shape `{layerRules}`, by layer then stage. */
export function toConfig(rules: readonly StoredRule[]): RateLimitConfig {
  const groups = new Map<string, LayerRules>();
  for (const stored of rules) {
    const id = `${stored.layer}/${stored.stage}`;
    const group = groups.get(id) ?? { layer: stored.layer, stage: stored.stage, rules: [] };
    group.rules.push(stored.rule);
    groups.set(id, group);
  }
  return { layerRules: [...groups.values()].sort((a, b) => a.layer - b.layer || a.stage - b.stage) };
}

/** Replaces a tenant's layer 0 and the management layers with a validated config, and bumps the version. */
export async function replaceConfig(trx: DbOrTrx, tenantId: string, config: RateLimitConfig): Promise<void> {
  await trx
    .deleteFrom('rate_limit_rules')
    .where((eb) => eb.or([eb('owner_tenant_id', '=', tenantId), eb('owner_tenant_id', 'is', null)]))
    .execute();
  const rows = config.layerRules.flatMap((group) =>
    group.rules.map((rule, position) => ({
      owner_tenant_id: group.layer === TENANT_LAYER ? tenantId : null,
      layer: group.layer,
      stage: group.stage,
      position,
      tenant_id: rule.tenantId,
      user_id: rule.userId,
      method: rule.method,
      endpoint: rule.endpoint,
      period_seconds: rule.periodSeconds,
      rate: rule.rate,
      burst: rule.burst,
      max_data_bytes: rule.maxDataBytes,
    })),
  );
  if (rows.length > 0) await trx.insertInto('rate_limit_rules').values(rows).execute();
  await bumpVersion(trx);
}

/** Moves the version every instance polls (inserted at 1 when missing). */
export async function bumpVersion(trx: DbOrTrx): Promise<void> {
  await trx
    .insertInto('rate_limit_state')
    .values({ id: 1, version: 1 })
    .onConflict((oc) => oc.column('id').doUpdateSet({ version: sql`rate_limit_state.version + 1`, updated_at: sql`now()` }))
    .execute();
}

/** The current version (0 before the first config or seeding). */
export async function currentVersion(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('rate_limit_state').select('version').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/** A default rule to give the installation once (rate-limiter.ts `keyedDefaultRules`). */
export interface DefaultRuleToSeed {
  key: string;
  layer: number;
  stage: number;
  rule: RateLimitRule;
}

/**
 * Gives the installation the default management rules it has not been given yet, each once (recorded by key in
 * `rate_limit_seeded_defaults`): all of them on the first start; on a later start the defaults a newer version added
 * (appended to their layer and stage), so that, say, the enrolment protocols' per-address rules reach an installation
 * seeded before them. A default the installation already has an equal rule for (same layer, stage, method, endpoint,
 * tenant and user: an operator may have changed its numbers) is only recorded. A default recorded once is never
 * added again: an operator who deleted it keeps it deleted. Concurrent starts serialise on the version row. Answers
 * the keys given now (their rules inserted or found); the version moves when a rule was inserted.
 */
export async function seedDefaults(trx: DbOrTrx, defaults: readonly DefaultRuleToSeed[]): Promise<{ inserted: string[]; recorded: string[] }> {
  await trx.insertInto('rate_limit_state').values({ id: 1, version: 0 }).onConflict((oc) => oc.column('id').doNothing()).execute();
  await trx.selectFrom('rate_limit_state').select('version').where('id', '=', 1).forUpdate().executeTakeFirst();
  const given = new Set((await trx.selectFrom('rate_limit_seeded_defaults').select('key').execute()).map((r) => r.key));
  const missing = defaults.filter((d) => !given.has(d.key));
  if (missing.length === 0) return { inserted: [], recorded: [] };
  const existing = await trx.selectFrom('rate_limit_rules').select(['layer', 'stage', 'position', 'method', 'endpoint', 'tenant_id', 'user_id']).where('owner_tenant_id', 'is', null).execute();
  const next = new Map<string, number>();
  for (const r of existing) next.set(`${r.layer}:${r.stage}`, Math.max(next.get(`${r.layer}:${r.stage}`) ?? 0, r.position + 1));
  const inserted: string[] = [];
  for (const d of missing) {
    const same = existing.some((r) => r.layer === d.layer && r.stage === d.stage && r.method === d.rule.method && r.endpoint === d.rule.endpoint && r.tenant_id === d.rule.tenantId && r.user_id === d.rule.userId);
    if (same) continue;
    const slot = `${d.layer}:${d.stage}`;
    const position = next.get(slot) ?? 0;
    next.set(slot, position + 1);
    await trx
      .insertInto('rate_limit_rules')
      .values({
        owner_tenant_id: null,
        layer: d.layer,
        stage: d.stage,
        position,
        tenant_id: d.rule.tenantId,
        user_id: d.rule.userId,
        method: d.rule.method,
        endpoint: d.rule.endpoint,
        period_seconds: d.rule.periodSeconds,
        rate: d.rule.rate,
        burst: d.rule.burst,
        max_data_bytes: d.rule.maxDataBytes,
      })
      .execute();
    inserted.push(d.key);
  }
  await trx.insertInto('rate_limit_seeded_defaults').values(missing.map((d) => ({ key: d.key }))).execute();
  if (inserted.length > 0) await bumpVersion(trx);
  return { inserted, recorded: missing.map((d) => d.key) };
}
