/** Reads and writes `rate_limit_rules` and `rate_limit_state` (issue 14). */
import { sql } from 'kysely';
import { TENANT_LAYER, type LayerRules, type RateLimitConfig } from '@tessera/domain';
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

/**
 * Seeds the management defaults on the installation's first start: only the instance that creates the
 * version row inserts them, so concurrent first starts seed once and a config emptied on purpose stays empty.
 */
export async function seedOnce(db: DbOrTrx, defaults: RateLimitConfig): Promise<boolean> {
  const created = await db.insertInto('rate_limit_state').values({ id: 1, version: 1 }).onConflict((oc) => oc.column('id').doNothing()).returning('id').executeTakeFirst();
  if (!created) return false;
  const rows = defaults.layerRules.flatMap((group) =>
    group.rules.map((rule, position) => ({
      owner_tenant_id: null,
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
  if (rows.length > 0) await db.insertInto('rate_limit_rules').values(rows).execute();
  return true;
}
