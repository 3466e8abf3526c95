/**
 * The rate-limit config of the caller's installation (issue 14, admin-console §3, §9): read (the caller's
 * tenant layer and the management layers), replace whole (validated by domain's rule, audited
 * `ratelimits.update` in the same transaction, then reloaded here at once and on every other instance
 * within a second), and the live counters.
 */
import { MANAGEMENT_LAYERS_FORBIDDEN_MESSAGE, sameManagementLayers, validateRateLimitConfig, type RateLimitConfig, type RateLimitStatus } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter, AuditEventInput } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { ForbiddenError, ValidationError } from '../platform/errors';
import * as repository from '../platform/rate-limits/rate-limit-rules.repository';
import type { RateLimiter } from '../platform/rate-limits/rate-limiter';

/** What the service needs. */
export interface RateLimitsDeps {
  db: Db;
  audit: AuditWriter;
  rateLimits: RateLimiter;
  now: () => number;
}

/** Who acts. */
export type RateLimitsActor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** The config the caller's tenant runs under: its own layer 0 and the management layers. */
export async function readConfig(deps: RateLimitsDeps, auth: AuthContext): Promise<RateLimitConfig> {
  return repository.toConfig(await repository.rulesOfTenant(deps.db, auth.tenantId));
}

/**
 * Replaces the caller's tenant layer and the management layers with `input`, whole or not at all. The management
 * layers hold for every tenant of the installation: only a caller of the default tenant may change them; any other
 * tenant sends them back unchanged (as read) and changes its own layer only.
 * @throws ValidationError naming the rule and the field (e.g. `layerRules[0].rules[2].rate`)
 * @throws ForbiddenError when a tenant other than the default one changes a management layer
 */
export async function replaceConfig(deps: RateLimitsDeps, auth: AuthContext, actor: RateLimitsActor, input: unknown): Promise<RateLimitConfig> {
  const check = validateRateLimitConfig(input, { ownTenantId: auth.tenantId });
  if (!check.ok) {
    const { rule, field, message } = check.problem;
    const path = rule === 'config' ? field : `${rule}.${field}`;
    throw new ValidationError(path, `${rule}: ${message}`, { exact: true });
  }
  const config = check.config;
  await deps.db.transaction().execute(async (trx) => {
    const before = await repository.rulesOfTenant(trx, auth.tenantId);
    if (!sameManagementLayers(repository.toConfig(before), config)) {
      const tenant = await trx.selectFrom('tenants').select('is_default').where('id', '=', auth.tenantId).executeTakeFirst();
      if (!tenant?.is_default) throw new ForbiddenError(MANAGEMENT_LAYERS_FORBIDDEN_MESSAGE);
    }
    await repository.replaceConfig(trx, auth.tenantId, config);
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'ratelimits.update',
      targetType: 'rate-limit-config',
      targetId: null,
      detail: { rulesBefore: before.length, rulesAfter: config.layerRules.reduce((sum, group) => sum + group.rules.length, 0), layerRules: config.layerRules },
    });
  });
  await deps.rateLimits.reload();
  return readConfig(deps, auth);
}

/** Allowed and refused requests per rule over the last minutes. */
export async function status(deps: RateLimitsDeps, auth: AuthContext): Promise<RateLimitStatus> {
  return deps.rateLimits.status(auth.tenantId, deps.now());
}
