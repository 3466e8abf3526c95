/**
 * TOTP multi-factor authentication (signin §3, §4; admin-console §3): status, enrolment with QR code
 * and recovery codes, code checks with replay refusal, self enable/disable, administrator reset,
 * the tenant policy. Secrets are sealed with the server key; recovery codes stored as keyed hashes.
 */
import { toDataURL } from 'qrcode';
import type { MfaEnrolment, MfaStatus } from '@tessera/domain';
import { PRODUCT_NAME } from '@tessera/domain';
import { secretBoxFor, type SecretBox } from '../../platform/secret-box';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import type { ServerConfig } from '../../platform/config';
import type { TenantRow } from '../../identity/accounts.service';
import * as repo from './mfa.repository';
import { totpStateOf, type TotpState } from './totp-state';
import { looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, totpOf, verifyTotp } from './totp';

/** The user fields MFA needs. */
export interface MfaUser {
  id: string;
  tenant_id: string;
  username: string;
}

/** How a passcode was accepted. */
export type PasscodeMethod = 'totp' | 'recovery';

/** Result of {@link checkPasscode}. */
export type PasscodeResult = { ok: true; method: PasscodeMethod; confirmed: boolean } | { ok: false; reason: 'invalid' | 'replay' | 'no-secret' };

/** The issuer shown in authenticator apps: product and tenant. */
export function issuerOf(tenant: Pick<TenantRow, 'name'>): string {
  return `${PRODUCT_NAME} (${tenant.name})`;
}

/** What the MFA rules need: the server key comes from the config, codes are checked against the clock. */
export interface MfaDeps {
  config: Readonly<ServerConfig>;
  now: () => number;
}

/** The server's secret box; the key is loaded on first use only (servers that never use MFA need no key file). */
function boxOf(deps: Pick<MfaDeps, 'config'>): SecretBox {
  return secretBoxFor(deps.config);
}

/** The associated data a user's TOTP secret is sealed with (binds it to the user and tenant). */
function contextOf(user: MfaUser): string {
  return `totp:${user.tenant_id}:${user.id}`;
}

/** The MFA status of a user (signin §3). */
export async function status(db: DbOrTrx, tenant: Pick<TenantRow, 'id' | 'mfa_required'>, userId: string): Promise<MfaStatus> {
  const state = totpStateOf(await repo.find(db, tenant.id, userId));
  return { isEnabled: state.enabled && state.confirmed, isSecretSet: state.confirmed, isRequired: tenant.mfa_required };
}

/**
 * What a sign-in whose password was accepted still needs: TOTP when the user enabled it or the
 * tenant requires it; with no confirmed secret yet, a new enrolment (signin §4). `known` is the
 * user's TOTP state when the caller has read it already (sign-in reads it with the user).
 */
export async function loginRequirement(deps: MfaDeps, trx: Trx, tenant: TenantRow, user: MfaUser, known?: TotpState): Promise<{ required: boolean; enrolment?: MfaEnrolment }> {
  const state = known ?? totpStateOf(await repo.find(trx, tenant.id, user.id));
  const required = tenant.mfa_required || (state.enabled && state.confirmed);
  if (!required) return { required: false };
  if (state.confirmed) return { required: true };
  return { required: true, enrolment: await startEnrolment(deps, trx, tenant, user) };
}

/** A new secret (unconfirmed until a code of it is accepted) and new recovery codes. */
export async function startEnrolment(deps: MfaDeps, trx: Trx, tenant: Pick<TenantRow, 'name'>, user: MfaUser): Promise<MfaEnrolment> {
  const secret = newTotpSecret();
  const issuer = issuerOf(tenant);
  await repo.setPendingSecret(trx, user.tenant_id, user.id, boxOf(deps).encrypt(secret, contextOf(user)));
  const recoveryCodes = await replaceRecoveryCodes(deps, trx, user);
  const qr = await toDataURL(totpOf(secret, issuer, user.username).toString(), { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { issuer, accountName: user.username, secret, qr, recovery_codes: recoveryCodes };
}

/** New recovery codes, stored as keyed hashes; the old ones stop working. */
async function replaceRecoveryCodes(deps: MfaDeps, trx: Trx, user: MfaUser): Promise<string[]> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(trx, user.tenant_id, user.id, codes.map((c) => boxOf(deps).hmac(`${user.id}:${normaliseRecoveryCode(c)}`)));
  return codes;
}

/** New recovery codes for a user with a confirmed secret; the old ones stop working. */
export async function regenerateRecoveryCodes(deps: MfaDeps, trx: Trx, user: MfaUser): Promise<string[]> {
  return replaceRecoveryCodes(deps, trx, user);
}

/**
 * Checks a TOTP code or a recovery code inside `trx` (the MFA row is locked, so two requests with
 * the same code cannot both pass). A TOTP code confirms a pending secret and enables MFA.
 */
export async function checkPasscode(deps: MfaDeps, trx: Trx, user: MfaUser, passcode: string): Promise<PasscodeResult> {
  const row = await repo.find(trx, user.tenant_id, user.id, { lock: true });
  if (!row?.secret_encrypted) return { ok: false, reason: 'no-secret' };
  const input = passcode.trim();
  if (looksLikeRecoveryCode(input)) {
    // A recovery code stands in for a code of a confirmed secret only.
    if (!row.secret_confirmed) return { ok: false, reason: 'invalid' };
    const used = await repo.useRecoveryCode(trx, user.tenant_id, user.id, boxOf(deps).hmac(`${user.id}:${normaliseRecoveryCode(input)}`), new Date(deps.now()));
    if (!used) return { ok: false, reason: 'invalid' };
    return { ok: true, method: 'recovery', confirmed: true };
  }
  const secret = boxOf(deps).decrypt(row.secret_encrypted, contextOf(user));
  const check = verifyTotp({ secret, token: input, now: deps.now(), lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step) });
  if (!check.ok) return check;
  await repo.markUsed(trx, user.id, check.step, !row.secret_confirmed);
  return { ok: true, method: 'totp', confirmed: !row.secret_confirmed };
}

/** Turns MFA off and forgets the secret and the recovery codes. */
export async function clear(trx: Trx, user: Pick<MfaUser, 'id' | 'tenant_id'>): Promise<void> {
  await repo.clear(trx, user.tenant_id, user.id);
}

/** Unused recovery codes left. */
export async function remainingRecoveryCodes(db: Db, user: MfaUser): Promise<number> {
  return repo.remainingRecoveryCodes(db, user.tenant_id, user.id);
}
