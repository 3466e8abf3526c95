/**
 * Intune mode of SCEP (issue 17; admin-console §2.2 `/config/scep` [manageIntuneScepAuthConfiguration]).
 *
 * Microsoft's protocol ("Use APIs to add third-party CAs for SCEP to Intune"): Intune hands the device an
 * opaque challenge; the SCEP server passes the CSR (which carries it as its challengePassword) and the SCEP
 * transaction id to Intune's ScepRequestValidationFEService (`validateRequest`), issues only on `Success`, and
 * afterwards reports the outcome (`successNotification` / `failureNotification`), authenticated with an Entra
 * application (client credentials). This is the online mode, used when the application id and its client
 * secret are set (client: intune-client.ts; the secret is sealed at rest, write-only, never returned or audited).
 *
 * Without a client secret, Tessera's offline mode applies (a Tessera format, not Intune's own challenge): the
 * challenge is a compact JWS (RS256, PS256 or ES256) signed by the key of the configured verification
 * certificate, whose claims are `tid` (the configured Azure tenant), `exp`/`nbf` (validity), `sub` (the subject
 * DN the CSR must carry), optional `sans` (DNS names the CSR must all be within) and `jti` (single use).
 */
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import { INTUNE_DEFAULTS, type IntuneScepConfig, type IntuneScepConfigInput } from '@tessera/domain';
import { ValidationError } from '../platform/errors';
import type { AuditEventInput } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import type { Trx } from '../db/database';
import { x509 } from '../pki/pki.service';
import type { EnrolmentDeps } from './enrolment.deps';
import { checkIntuneUrl, IntuneClient, IntuneServiceError } from './intune-client';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

const EMPTY: IntuneScepConfig = { enabled: false, azureTenantId: '', applicationId: '', clientSecretSet: false, authorityUrl: '', graphUrl: '', verificationCertificate: '', templateIds: [] };

/** The context the client secret is sealed under (bound to the tenant). */
const sealContext = (tenantId: string) => `intune-client-secret:${tenantId}`;

/** The `callerInfo` Tessera gives Intune. */
export const INTUNE_CALLER_INFO = 'Tessera/0.1';

/** The tenant's Intune settings (defaults when never saved); the client secret only as set / not set. */
export async function getIntuneConfig(deps: Pick<EnrolmentDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>): Promise<IntuneScepConfig> {
  const row = await deps.db.selectFrom('intune_scep_configs').selectAll().where('tenant_id', '=', auth.tenantId).executeTakeFirst();
  if (!row) return EMPTY;
  return { enabled: row.enabled, azureTenantId: row.azure_tenant_id, applicationId: row.application_id, clientSecretSet: row.client_secret_sealed !== null, authorityUrl: row.authority_url, graphUrl: row.graph_url, verificationCertificate: row.verification_certificate_pem, templateIds: row.template_ids };
}

/** An online Intune client for the tenant's settings, or null when the application id or the secret is not set (offline mode). */
export async function intuneClientOf(deps: Pick<EnrolmentDeps, 'db' | 'box' | 'now'>, tenantId: string): Promise<IntuneClient | null> {
  const row = await deps.db.selectFrom('intune_scep_configs').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row || row.client_secret_sealed === null || row.application_id === '') return null;
  return new IntuneClient(
    { azureTenantId: row.azure_tenant_id, applicationId: row.application_id, clientSecret: deps.box.decrypt(row.client_secret_sealed, sealContext(tenantId)), authorityUrl: row.authority_url || INTUNE_DEFAULTS.authorityUrl, graphUrl: row.graph_url || INTUNE_DEFAULTS.graphUrl, callerInfo: INTUNE_CALLER_INFO },
    deps.now,
  );
}

/**
 * Saves the tenant's Intune settings; audited `scep.intune.update` (never with the secret). Enabling needs an
 * Azure tenant id and either the application id with its client secret (online) or a verification certificate (offline).
 */
export async function saveIntuneConfig(deps: EnrolmentDeps, auth: Pick<AuthContext, 'tenantId'>, actor: Actor, input: IntuneScepConfigInput): Promise<IntuneScepConfig> {
  const pem = input.verificationCertificate.trim();
  if (pem !== '') {
    try {
      new x509.X509Certificate(pem);
    } catch (cause) {
      throw new ValidationError('verificationCertificate', 'is not a PEM certificate', { cause });
    }
  }
  const authorityUrl = (input.authorityUrl ?? '').trim() === '' ? '' : checkIntuneUrl('authorityUrl', (input.authorityUrl ?? '').trim());
  const graphUrl = (input.graphUrl ?? '').trim() === '' ? '' : checkIntuneUrl('graphUrl', (input.graphUrl ?? '').trim());
  const existing = await deps.db.selectFrom('intune_scep_configs').select('client_secret_sealed').where('tenant_id', '=', auth.tenantId).executeTakeFirst();
  const secret = input.clientSecret;
  const sealed = secret === undefined ? (existing?.client_secret_sealed ?? null) : secret === '' ? null : deps.box.encrypt(secret, sealContext(auth.tenantId));
  const applicationId = input.applicationId.trim();
  const online = sealed !== null && applicationId !== '';
  if (input.enabled && input.azureTenantId.trim() === '') throw new ValidationError('azureTenantId', 'is required when Intune validation is enabled');
  if (sealed !== null && applicationId === '') throw new ValidationError('applicationId', 'is required with a client secret');
  if (input.enabled && !online && pem === '') throw new ValidationError('verificationCertificate', 'is required when Intune validation is enabled without a client secret');
  const templateIds = [...new Set(input.templateIds)];
  if (templateIds.length > 0) {
    const found = await deps.db.selectFrom('certificate_templates').select('id').where('tenant_id', '=', auth.tenantId).where('id', 'in', templateIds).execute();
    const unknown = templateIds.findIndex((id) => !found.some((f) => f.id === id));
    if (unknown >= 0) throw new ValidationError(`templateIds.${unknown}`, 'is not a certificate template of this tenant');
  }
  const values = { enabled: input.enabled, azure_tenant_id: input.azureTenantId.trim(), application_id: applicationId, client_secret_sealed: sealed, authority_url: authorityUrl, graph_url: graphUrl, verification_certificate_pem: pem, template_ids: JSON.stringify(templateIds), updated_at: new Date(deps.now()) };
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto('intune_scep_configs').values({ tenant_id: auth.tenantId, ...values }).onConflict((oc) => oc.column('tenant_id').doUpdateSet(values)).execute();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'scep.intune.update', targetType: 'intune_scep_config', targetId: auth.tenantId, detail: { enabled: input.enabled, azureTenantId: values.azure_tenant_id, applicationId, mode: online ? 'online' : 'offline', clientSecret: secret === undefined ? 'unchanged' : secret === '' ? 'removed' : 'set', authorityUrl, graphUrl, templates: templateIds.length } });
  });
  return getIntuneConfig(deps, auth);
}

/** The outcome of an online validation. */
export interface IntuneValidation {
  ok: boolean;
  /** Intune's code, or `Unreachable` when Intune could not be asked. */
  code: string;
  description: string;
}

/**
 * Asks Intune whether this request may be issued (online mode) and audits the answer `scep.intune.validate`
 * (success or failure, with Intune's code; never the challenge). Nothing is issued unless `ok`.
 */
export async function validateIntuneOnline(deps: EnrolmentDeps, client: IntuneClient, input: { tenantId: string; templateId: string; transactionId: string; csrDer: Uint8Array; ip: string }): Promise<IntuneValidation> {
  let result: IntuneValidation;
  try {
    const answer = await client.validateRequest(input.transactionId, input.csrDer);
    result = { ok: answer.code === 'Success', code: answer.code, description: answer.errorDescription };
  } catch (error) {
    if (!(error instanceof IntuneServiceError)) throw error;
    result = { ok: false, code: 'Unreachable', description: error.message };
  }
  await deps.db.transaction().execute((trx) =>
    deps.audit.write(trx, { actorUserId: null, actorUsername: null, actorApiKeyId: null, ip: input.ip, tenantId: input.tenantId, action: 'scep.intune.validate', outcome: result.ok ? 'success' : 'failure', targetType: 'certificate_template', targetId: input.templateId, detail: { transactionId: input.transactionId, code: result.code, description: result.description.slice(0, 255) } }),
  );
  return result;
}

/** HRESULT E_FAIL, reported to Intune with a failure notification. */
const E_FAIL = 0x80004005;

/**
 * Reports the outcome of a validated request to Intune (successNotification with the issued certificate, or
 * failureNotification). A notification that fails is logged and audited `scep.intune.notify` (failure); it
 * does not undo the issue. A delivered one is audited `scep.intune.notify` (success).
 */
export async function notifyIntune(deps: EnrolmentDeps, client: IntuneClient, input: { tenantId: string; templateId: string; transactionId: string; csrDer: Uint8Array; ip: string; certificatePem?: string; failure?: string }): Promise<void> {
  let kind: 'success' | 'failure';
  let outcome: { code: string; description: string };
  try {
    if (input.certificatePem) {
      kind = 'success';
      const cert = new x509.X509Certificate(input.certificatePem);
      const thumbprint = createHash('sha1').update(new Uint8Array(cert.rawData)).digest('hex').toUpperCase();
      const answer = await client.successNotification({ transactionId: input.transactionId, csrDer: input.csrDer, thumbprint, serialNumber: cert.serialNumber, expiresAt: cert.notAfter, issuingCertificateAuthority: cert.issuer });
      outcome = { code: answer.code, description: answer.errorDescription };
    } else {
      kind = 'failure';
      const answer = await client.failureNotification({ transactionId: input.transactionId, csrDer: input.csrDer, hResult: E_FAIL, errorDescription: input.failure ?? 'The certificate was not issued.' });
      outcome = { code: answer.code, description: answer.errorDescription };
    }
  } catch (error) {
    // Whatever went wrong, the issue stands: the failure is logged and audited below.
    kind = input.certificatePem ? 'success' : 'failure';
    outcome = { code: error instanceof IntuneServiceError ? 'Unreachable' : 'Error', description: error instanceof Error ? error.message : String(error) };
  }
  const delivered = outcome.code === 'Success';
  if (!delivered) deps.log?.warn({ transactionId: input.transactionId, notification: kind, code: outcome.code, description: outcome.description }, 'Intune notification failed');
  await deps.db.transaction().execute((trx) =>
    deps.audit.write(trx, { actorUserId: null, actorUsername: null, actorApiKeyId: null, ip: input.ip, tenantId: input.tenantId, action: 'scep.intune.notify', outcome: delivered ? 'success' : 'failure', targetType: 'certificate_template', targetId: input.templateId, detail: { transactionId: input.transactionId, notification: kind, code: outcome.code, description: outcome.description.slice(0, 255) } }),
  );
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
