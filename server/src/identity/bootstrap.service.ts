/**
 * First run (ARCHITECTURE.md "First run"): while no user exists the server is in bootstrap mode; the
 * one Bootstrap call creates the default tenant, an Administrator role holding every permission (built-in:
 * `builtin_all`, see platform/access.ts), and the first user. Concurrent attempts are serialised: in process by a lock, across instances by an advisory
 * transaction lock, and finally by the unique index on the default tenant. Only one wins.
 */
import { sql } from 'kysely';
import type { BootstrapRequest, BootstrapResponse } from '@tessera/domain';
import type { Db } from '../db/database';
import type { AuditWriter } from '../platform/audit';
import { BootstrapDoneError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import { Mutex } from '../platform/mutex';
import { hashPassword } from '../platform/password';
import { passwordProblem } from '../platform/password-policy';
import * as users from './users.repository';
import * as tenants from './tenants.repository';
import * as roles from './roles.repository';
import { DEFAULT_ROLES, trimUsername, validateUsername } from '@tessera/domain';

/** Name of the role bootstrap creates. */
export const ADMINISTRATOR_ROLE = 'Administrator';

/** Advisory lock key of bootstrap (any constant; "tessera" in ASCII). */
const BOOTSTRAP_LOCK_KEY = 0x74657373;

/**
 * Bootstrap state of one app instance: the in-process lock, and the mode once known to be over
 * (once false it stays false: users are never all removed). Made once per app by {@link newBootstrapState}.
 */
export interface BootstrapState {
  readonly lock: Mutex;
  bootstrapMode: boolean | undefined;
}

/** A fresh bootstrap state (mode not read yet). */
export function newBootstrapState(): BootstrapState {
  return { lock: new Mutex(), bootstrapMode: undefined };
}

/** What bootstrap needs. */
export interface BootstrapDeps {
  db: Db;
  audit: AuditWriter;
  state: BootstrapState;
}

/** Is the server in bootstrap mode (no user at all)? */
export async function isBootstrapMode(deps: BootstrapDeps): Promise<boolean> {
  if (deps.state.bootstrapMode === false) return false;
  const mode = !(await users.anyUserExists(deps.db));
  if (!mode) deps.state.bootstrapMode = false;
  return mode;
}

/** Runs the bootstrap. @throws BootstrapDoneError when a user exists already */
export async function bootstrap(deps: BootstrapDeps, client: { ip: string | null }, body: BootstrapRequest): Promise<BootstrapResponse> {
  const username = trimUsername(body.username);
  const problem = validateUsername(username);
  if (problem) throw new ValidationError('username', problem, { exact: true });
  if (!(await isBootstrapMode(deps))) throw new BootstrapDoneError();
  // One password policy everywhere (issue 18): the same rule as ChangePassword and reset.
  const weak = passwordProblem(body.password, [username, body.tenantName, body.emailAddress]);
  if (weak) throw new ValidationError('password', weak, { exact: true });
  const passwordHash = await hashPassword(body.password);
  return deps.state.lock.run(async () => {
    try {
      const result = await deps.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`.execute(trx);
        if (await users.anyUserExists(trx)) throw new BootstrapDoneError();
        const tenant = await tenants.insert(trx, {
          name: body.tenantName.trim(),
          is_default: true,
          support_email: body.emailAddress.trim(),
        });
        const role = await roles.insert(trx, {
          tenant_id: tenant.id,
          name: ADMINISTRATOR_ROLE,
          // Built-in: holds every permission of domain's catalog at read time (platform/access.ts),
          // including those later releases add.
          permissions: [],
          blacklist: [],
          is_manager: true,
          builtin_all: true,
        });
        const user = await users.insert(trx, {
          tenant_id: tenant.id,
          username,
          password_hash: passwordHash,
          given_name: '',
          family_name: '',
          email: body.emailAddress.trim(),
        });
        await users.setRoles(trx, user.id, [role.id]);
        // The editable default roles (domain's DEFAULT_ROLES; issue 13).
        for (const def of DEFAULT_ROLES) {
          await roles.insert(trx, { tenant_id: tenant.id, name: def.name, permissions: [...def.permissions], blacklist: [...def.blacklist], is_manager: def.isManager });
        }
        await deps.audit.write(trx, {
          tenantId: tenant.id,
          actorUserId: user.id,
          actorUsername: username,
          action: 'bootstrap',
          targetType: 'tenant',
          targetId: tenant.id,
          ip: client.ip,
          detail: { tenantName: tenant.name, roleId: role.id },
        });
        return { tenantId: tenant.id, userId: user.id };
      });
      deps.state.bootstrapMode = false;
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw new BootstrapDoneError();
      throw error;
    }
  });
}
