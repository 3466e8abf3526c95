/**
 * Cloud HSM configs (issue 15; rules and the design in domain `cloudHsm.ts`; signin §7 GetCloudHSMConfig,
 * AddCloudHSMConfig, DeleteCloudHSMConfig {customer_sc_hardware}, PATCH CloudHSMConfig; admin-console §2.2
 * authenticatehsm). The client secret is sealed with the server's secret box (bound to the tenant and the hardware
 * name) and never answered, logged or audited. Every change is audited in its transaction; tenants are kept apart by
 * every query.
 */
import { CLOUD_HSM_MESSAGES, validateCloudHsmConfig, type CloudHsmConfig, type CloudHsmConfigInput } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditEventInput, AuditWriter } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import type { SecretBox } from '../platform/secret-box';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import * as repo from './cloud-hsm.repository';
import type { CloudHsmConfigRow } from './cloud-hsm.table';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** What the cloud HSM services need. */
export interface CloudHsmDeps {
  db: Db;
  audit: AuditWriter;
  now: () => number;
  box: SecretBox;
  /** The HTTP client of HSM authentication (global fetch). */
  fetch: typeof fetch;
}

/** How long the HSM service has to answer an authentication. */
export const HSM_AUTHENTICATION_TIMEOUT_MS = 10_000;

const contextOf = (tenantId: string, name: string) => `cloud-hsm-client-secret:${tenantId}:${name}`;

function toConfig(row: CloudHsmConfigRow): CloudHsmConfig {
  return { customer_sc_hardware: row.customer_sc_hardware, endpoint: row.endpoint, client_id: row.client_id, hasClientSecret: row.sealed_client_secret.length > 0, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
}

function check(input: CloudHsmConfigInput, complete: boolean): void {
  const problem = validateCloudHsmConfig(input, { complete });
  if (problem) throw new ValidationError(problem.field, problem.message);
}

async function found(deps: Pick<CloudHsmDeps, 'db'>, tenantId: string, name: string): Promise<CloudHsmConfigRow> {
  const row = await repo.findConfig(deps.db, tenantId, name);
  if (!row) throw new NotFoundError('The cloud HSM config');
  return row;
}

/** `POST GetCloudHSMConfig {customer_sc_hardware}`. @throws NotFoundError */
export async function getConfig(deps: Pick<CloudHsmDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>, name: string): Promise<CloudHsmConfig> {
  return toConfig(await found(deps, auth.tenantId, name));
}

/** `GET CloudHSMConfigs` (designed, for the screen): the tenant's configs. */
export async function listConfigs(deps: Pick<CloudHsmDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>): Promise<CloudHsmConfig[]> {
  return (await repo.listConfigs(deps.db, auth.tenantId)).map(toConfig);
}

/** `POST AddCloudHSMConfig`: every field required. Audited `smartcard.hsm-config-add`. @throws ValidationError, ConflictError */
export async function addConfig(deps: CloudHsmDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, input: Required<CloudHsmConfigInput>): Promise<CloudHsmConfig> {
  check(input, true);
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertConfig(trx, {
      tenant_id: auth.tenantId,
      customer_sc_hardware: input.customer_sc_hardware,
      endpoint: input.endpoint,
      client_id: input.client_id,
      sealed_client_secret: deps.box.encrypt(input.client_secret, contextOf(auth.tenantId, input.customer_sc_hardware)),
    });
    if (!row) throw new ConflictError('customer_sc_hardware', CLOUD_HSM_MESSAGES.EXISTS);
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.hsm-config-add', targetType: 'cloud-hsm-config', targetId: row.id, detail: { customer_sc_hardware: row.customer_sc_hardware, endpoint: row.endpoint, client_id: row.client_id } });
    return toConfig(row);
  });
}

/** `PATCH CloudHSMConfig`: the fields given (a new client secret replaces the old one). Audited `smartcard.hsm-config-update` (which fields, never the secret). */
export async function updateConfig(deps: CloudHsmDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, input: CloudHsmConfigInput): Promise<CloudHsmConfig> {
  check(input, false);
  return deps.db.transaction().execute(async (trx) => {
    const row = await found({ db: trx as unknown as Db }, auth.tenantId, input.customer_sc_hardware);
    const changes = {
      ...(input.endpoint !== undefined ? { endpoint: input.endpoint } : {}),
      ...(input.client_id !== undefined ? { client_id: input.client_id } : {}),
      ...(input.client_secret !== undefined ? { sealed_client_secret: deps.box.encrypt(input.client_secret, contextOf(auth.tenantId, row.customer_sc_hardware)) } : {}),
    };
    await repo.updateConfig(trx, row.id, { ...changes, updated_at: new Date(deps.now()) });
    await deps.audit.write(trx, {
      ...actor,
      tenantId: auth.tenantId,
      action: 'smartcard.hsm-config-update',
      targetType: 'cloud-hsm-config',
      targetId: row.id,
      detail: { customer_sc_hardware: row.customer_sc_hardware, changed: Object.keys(changes).map((k) => (k === 'sealed_client_secret' ? 'client_secret' : k)) },
    });
    return toConfig((await repo.findConfig(trx, auth.tenantId, row.customer_sc_hardware))!);
  });
}

/** `POST DeleteCloudHSMConfig {customer_sc_hardware}`. Audited `smartcard.hsm-config-delete`. @throws NotFoundError */
export async function deleteConfig(deps: CloudHsmDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, name: string): Promise<{ deleted: true }> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await found({ db: trx as unknown as Db }, auth.tenantId, name);
    await repo.deleteConfig(trx, row.id);
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.hsm-config-delete', targetType: 'cloud-hsm-config', targetId: row.id, detail: { customer_sc_hardware: name } });
    return { deleted: true as const };
  });
}

/** 502: the HSM service could not be reached or answered something other than yes or no. */
export class HsmUnreachableError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('CMS_CLIENT_ERROR', 502, message, options);
  }
}

/**
 * `POST /credentials/smartcards/authenticatehsm` → `POST /api2/CMS-v2/AuthenticateHSM {customer_sc_hardware, credential}`
 * (designed; HSMAuthenticate): sends the operator's HSM credential to the config's endpoint as JSON
 * `{client_id, credential}` with HTTP Basic client_id:client_secret. 2xx: authenticated; 401 or 403: not; anything
 * else, or no answer within 10 s: 502. Audited `smartcard.hsm-authenticate` (success or failure; never the credential).
 */
export async function authenticate(deps: CloudHsmDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, request: { customer_sc_hardware: string; credential: string }): Promise<{ authenticated: boolean }> {
  const row = await found(deps, auth.tenantId, request.customer_sc_hardware);
  const secret = deps.box.decrypt(row.sealed_client_secret, contextOf(auth.tenantId, row.customer_sc_hardware));
  let status: number;
  try {
    const response = await deps.fetch(row.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${row.client_id}:${secret}`).toString('base64')}` },
      body: JSON.stringify({ client_id: row.client_id, credential: request.credential }),
      redirect: 'error',
      signal: AbortSignal.timeout(HSM_AUTHENTICATION_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    throw new HsmUnreachableError(`The HSM service at ${new URL(row.endpoint).host} did not answer`, { cause: error });
  }
  if (!(status >= 200 && status < 300) && status !== 401 && status !== 403) throw new HsmUnreachableError(`The HSM service answered ${status}`);
  const authenticated = status >= 200 && status < 300;
  await deps.db.transaction().execute((trx) =>
    deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'smartcard.hsm-authenticate', outcome: authenticated ? 'success' : 'failure', targetType: 'cloud-hsm-config', targetId: row.id, detail: { customer_sc_hardware: row.customer_sc_hardware, status } }),
  );
  return { authenticated };
}
