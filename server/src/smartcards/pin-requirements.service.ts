/**
 * A tenant's card PIN policy (signin §3 pinRequirements and pinRequirementDescriptionOverride, §5):
 * what GetPinRequirements answers, and the smartcardManage calls that read, set and reset it. A policy
 * must be one a PIV card can meet (lengths 6 to 8, SP 800-73-4), the minimum not above the maximum: the
 * domain's `validatePinPolicy` decides, as it does in the browser form. Every change is audited in its transaction.
 */
import {
  DEFAULT_PIN_MAX_LENGTH,
  DEFAULT_PIN_MIN_LENGTH,
  pinRequirementsDescription,
  validatePinPolicy,
  type PinPolicyErrors,
  type CardPinRequirements,
  type PinRequirementsConfig,
  type UpdatePinRequirementsConfigRequest,
} from '@tessera/domain';
import type { Db, DbOrTrx } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import type { Actor } from '../identity/users.service';
import { ValidationError } from '../platform/errors';
import * as repo from './pin-requirements.repository';
import type { PinRequirementsRow } from './pin-requirements.table';

/** What the PIN policy service needs. */
export interface PinRequirementsDeps {
  db: Db;
  audit: AuditWriter;
}

function toConfig(row: PinRequirementsRow | undefined): PinRequirementsConfig {
  const minLength = row?.min_length ?? DEFAULT_PIN_MIN_LENGTH;
  const maxLength = row?.max_length ?? DEFAULT_PIN_MAX_LENGTH;
  const digitsOnly = row?.digits_only ?? true;
  const description = row?.description ?? null;
  return { minLength, maxLength, digitsOnly, description, effectiveDescription: description ?? pinRequirementsDescription({ minLength, maxLength, digitsOnly }), isDefault: !row };
}

/** The tenant's card PIN requirements as GetPinRequirements answers them: the policy, else 6–8 digits. */
export async function pinRequirementsOf(db: DbOrTrx, tenantId: string): Promise<CardPinRequirements> {
  const { minLength, maxLength, digitsOnly, effectiveDescription } = toConfig(await repo.findPinRequirements(db, tenantId));
  return { minLength, maxLength, digitsOnly, description: effectiveDescription };
}

/** `GET /api2/CMS-v2/PinRequirementsConfig`. */
export async function getConfig(deps: PinRequirementsDeps, auth: AuthContext): Promise<PinRequirementsConfig> {
  return toConfig(await repo.findPinRequirements(deps.db, auth.tenantId));
}

const POLICY_FIELDS: readonly (keyof PinPolicyErrors)[] = ['minLength', 'maxLength', 'description'];

/**
 * `PUT /api2/CMS-v2/PinRequirementsConfig`: sets the policy, audited `pin-requirements.update`.
 * The schema checks the types; the domain rule checks the lengths against the PIV card's limit and the
 * pair. @throws ValidationError naming the first wrong field (nothing is written)
 */
export async function updateConfig(deps: PinRequirementsDeps, auth: AuthContext, actor: Actor, body: UpdatePinRequirementsConfigRequest): Promise<PinRequirementsConfig> {
  const errors = validatePinPolicy(body);
  const field = POLICY_FIELDS.find((name) => errors[name] !== undefined);
  if (field) throw new ValidationError(field, errors[field]!, { exact: true });
  // An empty override means "no override": users then see the generated text.
  const rule = { minLength: body.minLength, maxLength: body.maxLength, digitsOnly: body.digitsOnly, description: body.description?.trim() || null };
  const row = await deps.db.transaction().execute(async (trx) => {
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'pin-requirements.update', targetType: 'tenant', targetId: auth.tenantId, detail: rule });
    return repo.upsertPinRequirements(trx, auth.tenantId, rule);
  });
  return toConfig(row);
}

/** `DELETE /api2/CMS-v2/PinRequirementsConfig`: back to the default, audited `pin-requirements.reset`. */
export async function resetConfig(deps: PinRequirementsDeps, auth: AuthContext, actor: Actor): Promise<PinRequirementsConfig> {
  await deps.db.transaction().execute(async (trx) => {
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'pin-requirements.reset', targetType: 'tenant', targetId: auth.tenantId, detail: {} });
    await repo.deletePinRequirements(trx, auth.tenantId);
  });
  return toConfig(undefined);
}
