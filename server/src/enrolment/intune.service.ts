/**
 * Intune mode of SCEP (issue 17; admin-console §2.2 `/config/scep` [manageIntuneScepAuthConfiguration]).
 *
 * Microsoft's protocol ("Use APIs to add third-party CAs for SCEP to Intune"): Intune generates a challenge per
 * device that carries the expected CSR parameters and an expiry, signed by Intune; the SCEP server passes the
 * CSR and the challenge to Intune's ScepRequestValidation service (`validateRequest`) and afterwards reports
 * the outcome (`sendSuccessNotification` / `sendFailureNotification`), authenticated with an Entra application.
 *
 * What this server checks offline, with the tenant's settings: the challenge is a compact JWS (RS256, PS256 or
 * ES256) signed by the key of the configured verification certificate, whose claims are `tid` (the configured
 * Azure tenant), `exp`/`nbf` (validity), `sub` (the subject DN the CSR must carry), optional `sans` (DNS names
 * the CSR must all be within) and `jti` (single use: a used token is recorded and refused again). Microsoft's
 * online validateRequest and notification calls are not reachable from here and are not made.
 */
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import type { IntuneScepConfig } from '@tessera/domain';
import { ValidationError } from '../platform/errors';
import type { AuditEventInput } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import type { Trx } from '../db/database';
import { x509 } from '../pki/pki.service';
import type { EnrolmentDeps } from './enrolment.deps';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

const EMPTY: IntuneScepConfig = { enabled: false, azureTenantId: '', applicationId: '', verificationCertificate: '', templateIds: [] };

/** The tenant's Intune settings (defaults when never saved). */
export async function getIntuneConfig(deps: Pick<EnrolmentDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>): Promise<IntuneScepConfig> {
  const row = await deps.db.selectFrom('intune_scep_configs').selectAll().where('tenant_id', '=', auth.tenantId).executeTakeFirst();
  if (!row) return EMPTY;
  return { enabled: row.enabled, azureTenantId: row.azure_tenant_id, applicationId: row.application_id, verificationCertificate: row.verification_certificate_pem, templateIds: row.template_ids };
}

/** Saves the tenant's Intune settings; audited `scep.intune.update`. Enabling needs a parsable certificate and an Azure tenant id. */
export async function saveIntuneConfig(deps: EnrolmentDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, input: IntuneScepConfig): Promise<IntuneScepConfig> {
  const pem = input.verificationCertificate.trim();
  if (pem !== '') {
    try {
      new x509.X509Certificate(pem);
    } catch (cause) {
      throw new ValidationError('verificationCertificate', 'is not a PEM certificate', { cause });
    }
  } else if (input.enabled) throw new ValidationError('verificationCertificate', 'is required when Intune validation is enabled');
  if (input.enabled && input.azureTenantId.trim() === '') throw new ValidationError('azureTenantId', 'is required when Intune validation is enabled');
  const templateIds = [...new Set(input.templateIds)];
  if (templateIds.length > 0) {
    const found = await deps.db.selectFrom('certificate_templates').select('id').where('tenant_id', '=', auth.tenantId).where('id', 'in', templateIds).execute();
    const unknown = templateIds.findIndex((id) => !found.some((f) => f.id === id));
    if (unknown >= 0) throw new ValidationError(`templateIds.${unknown}`, 'is not a certificate template of this tenant');
  }
  const values = { enabled: input.enabled, azure_tenant_id: input.azureTenantId.trim(), application_id: input.applicationId.trim(), verification_certificate_pem: pem, template_ids: JSON.stringify(templateIds), updated_at: new Date(deps.now()) };
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('intune_scep_configs').values({ tenant_id: auth.tenantId, ...values }).onConflict((oc) => oc.column('tenant_id').doUpdateSet(values)).execute();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'scep.intune.update', targetType: 'intune_scep_config', targetId: auth.tenantId, detail: { enabled: input.enabled, azureTenantId: values.azure_tenant_id, templates: templateIds.length } });
  });
  return getIntuneConfig(deps, auth);
}

/** Why an Intune challenge was refused (for the audit and the failInfo; never shown to the device in detail). */
export class IntuneChallengeRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IntuneChallengeRefused';
  }
}

const ALGORITHMS: Record<string, { hash: string; options: Record<string, unknown> }> = {
  RS256: { hash: 'sha256', options: {} },
  PS256: { hash: 'sha256', options: { padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: 32 } },
  ES256: { hash: 'sha256', options: { dsaEncoding: 'ieee-p1363' } },
};

const b64url = (text: string) => Buffer.from(text, 'base64url');

/** Whether two distinguished names are the same (false when either does not parse). */
function sameName(a: string, b: string): boolean {
  try {
    return new x509.Name(a).toString() === new x509.Name(b).toString();
  } catch {
    return false;
  }
}

/** The claims of an Intune challenge token this server checks. */
export interface IntuneClaims {
  tid: string;
  sub: string;
  exp: number;
  nbf?: number;
  jti: string;
  sans?: string[];
}

/**
 * Checks an Intune challenge against the settings and the CSR (signature, tenant, validity, subject, SANs)
 * and records its `jti` as used in `trx` (audited `scep.intune.challenge`). @throws IntuneChallengeRefused
 */
export async function validateIntuneChallenge(deps: EnrolmentDeps, trx: Trx, config: IntuneScepConfig, input: { tenantId: string; templateId: string; token: string; csr: x509.Pkcs10CertificateRequest; ip: string }): Promise<IntuneClaims> {
  const parts = input.token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) throw new IntuneChallengeRefused('The challenge is not an Intune token.');
  let header: { alg?: string };
  let claims: Partial<IntuneClaims>;
  try {
    header = JSON.parse(b64url(parts[0]!).toString('utf8'));
    claims = JSON.parse(b64url(parts[1]!).toString('utf8'));
  } catch {
    throw new IntuneChallengeRefused('The challenge is not an Intune token.');
  }
  const algorithm = ALGORITHMS[header.alg ?? ''];
  if (!algorithm) throw new IntuneChallengeRefused(`The token algorithm ${String(header.alg)} is not accepted.`);
  const certificate = new x509.X509Certificate(config.verificationCertificate);
  const key = createPublicKey({ key: Buffer.from(certificate.publicKey.rawData), format: 'der', type: 'spki' });
  const ok = verifySignature(algorithm.hash, Buffer.from(`${parts[0]}.${parts[1]}`, 'ascii'), { key, ...algorithm.options } as never, b64url(parts[2]!));
  if (!ok) throw new IntuneChallengeRefused('The token signature does not verify with the verification certificate.');
  const now = Math.floor(deps.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new IntuneChallengeRefused('The token has expired.');
  if (typeof claims.nbf === 'number' && claims.nbf > now + 60) throw new IntuneChallengeRefused('The token is not valid yet.');
  if (claims.tid !== config.azureTenantId) throw new IntuneChallengeRefused('The token is for another Azure tenant.');
  if (typeof claims.jti !== 'string' || claims.jti === '') throw new IntuneChallengeRefused('The token has no jti.');
  if (typeof claims.sub !== 'string' || !sameName(claims.sub, input.csr.subject)) throw new IntuneChallengeRefused("The request's subject is not the one the token names.");
  if (claims.sans !== undefined) {
    const allowed = new Set(claims.sans.map((s) => s.toLowerCase()));
    const sanExt = input.csr.getExtension('2.5.29.17') as x509.SubjectAlternativeNameExtension | null;
    const asked = (sanExt?.names.items ?? []).filter((n: x509.GeneralName) => n.type === 'dns').map((n: x509.GeneralName) => n.value.toLowerCase());
    if (asked.some((n: string) => !allowed.has(n))) throw new IntuneChallengeRefused("The request's subjectAltNames are not the ones the token names.");
  }
  const tokenHash = createHash('sha256').update(`intune:${claims.tid}:${claims.jti}`).digest('hex');
  const inserted = await trx
    .insertInto('scep_challenges')
    .values({ tenant_id: input.tenantId, template_id: input.templateId, password_hash: tokenHash, password_sealed: null, created_by: null, expires_at: new Date(claims.exp * 1000), fetched_at: null, used_at: new Date(deps.now()) })
    .onConflict((oc) => oc.column('password_hash').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new IntuneChallengeRefused('The token was already used.');
  await deps.audit.write(trx, { actorUserId: null, actorUsername: null, actorApiKeyId: null, ip: input.ip, tenantId: input.tenantId, action: 'scep.intune.challenge', targetType: 'scep_challenge', targetId: inserted.id, detail: { jti: claims.jti, subject: claims.sub } });
  return claims as IntuneClaims;
}
