/**
 * The console as an ACME client (issue 17; admin-console §2.2 `le/upload` [uploadLECert], §4 "ACME order
 * flow: registration, order, authorisation, validation, finalisation, certificate fetch"): a run obtains a
 * certificate for one name the tenant's allowed domains permit from any ACME directory. The server holds the
 * account key and the certificate key (sealed; never answered); http-01 is answered by Tessera itself at
 * `/.well-known/acme-challenge/{token}` (client.routes.ts), which the ACME server must reach on port 80 of the
 * name (or `TESSERA_ACME_HTTP01_PORT` for Tessera's own ACME server). The run goes on in the background, its
 * steps moved by domain's advanceAcmeClient and stored on the run, which the console polls; every step is
 * audited (`acme.client.{step}`, success or failure) in the transaction that records it. The certificate is
 * stored as the tenant's (certificates' uploadCertificate), or linked when the tenant holds it already (a
 * certificate of the tenant's own ACME server).
 */
import { webcrypto } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { JWK } from 'jose';
import { acmeClientOrderProblem, acmeClientRunState, advanceAcmeClient, formatCertId, initialAcmeClientSteps, type AcmeClientOrderRequest, type AcmeClientRun, type AcmeClientStep, type AcmeClientStepProgress } from '@tessera/domain';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import type { AuditEventInput } from '../platform/audit';
import type { SecretBox } from '../platform/secret-box';
import type { AuthContext } from '../platform/types';
import { uploadCertificate } from '../certificates/upload.service';
import { x509, type PkiDeps } from '../pki/pki.service';
import type { AcmeClientRunsTable } from './client.table';
import { AcmeClientError, AcmeProtocolClient, newAccountKey, type AcmeAuthorizationDocument, type AcmeOrderDocument } from './client';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** What the ACME client needs. */
export interface AcmeClientDeps extends PkiDeps {
  box: SecretBox;
}

/** How long an http-01 answer is served (designed: a server validates within minutes). */
const HTTP01_TTL_MS = 10 * 60_000;

/** Runs going on in the background (tests and shutdown wait for them). */
const running = new Set<Promise<void>>();
/** Resolves when the runs started so far have finished. */
export async function acmeClientRunsSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

type RunRow = { id: string; directory_url: string; domain: string; state: string; steps: unknown; error: string | null; cert_id: string | null; created_at: Date };
const runOf = (row: RunRow): AcmeClientRun => ({
  runId: row.id,
  directoryUrl: row.directory_url,
  domain: row.domain,
  state: row.state as AcmeClientRun['state'],
  steps: (typeof row.steps === 'string' ? JSON.parse(row.steps) : row.steps) as AcmeClientStepProgress[],
  error: row.error,
  certId: row.cert_id,
  createdAt: row.created_at.toISOString(),
});

async function allowedDomainsOf(deps: Pick<PkiDeps, 'db'>, tenantId: string): Promise<string[]> {
  const rows = await deps.db.selectFrom('allowed_domains').select('domain').where('tenant_id', '=', tenantId).orderBy('domain').execute();
  return rows.map((r) => r.domain);
}

/** The tenant's allowed domains, the names a run may order for (the picker of `le/upload`). */
export async function acmeClientDomains(deps: Pick<PkiDeps, 'db'>, auth: Pick<AuthContext, 'tenantId'>): Promise<{ domains: string[] }> {
  return { domains: await allowedDomainsOf(deps, auth.tenantId) };
}

/**
 * A run of the tenant. A run still running that has not moved for {@link STALE_RUN_MS} was interrupted (its
 * server stopped: every step moves well within that, its polls ending after 60 s): it is ended as failed, its
 * running step failed. @throws NotFoundError
 */
export async function getAcmeClientRun(deps: Pick<PkiDeps, 'db' | 'now'>, auth: Pick<AuthContext, 'tenantId'>, runId: string): Promise<AcmeClientRun> {
  const row = await deps.db.selectFrom('acme_client_runs').select(['id', 'directory_url', 'domain', 'state', 'steps', 'error', 'cert_id', 'created_at', 'updated_at']).where('tenant_id', '=', auth.tenantId).where('id', '=', runId).executeTakeFirst();
  if (!row) throw new NotFoundError('The ACME client run');
  const run = runOf(row);
  if (run.state !== 'running' || row.updated_at.getTime() > deps.now() - STALE_RUN_MS) return run;
  const at = new Date(deps.now()).toISOString();
  const current = run.steps.find((s) => s.state === 'running');
  const steps = current ? advanceAcmeClient(run.steps, { type: 'failed', step: current.step, at, message: INTERRUPTED }) : run.steps;
  const error = `${current?.step ?? 'run'}: ${INTERRUPTED}`;
  await deps.db.updateTable('acme_client_runs').set({ state: 'failed', steps: JSON.stringify(steps), error, updated_at: new Date(deps.now()) }).where('id', '=', runId).where('state', '=', 'running').execute();
  return { ...run, state: 'failed', steps, error };
}

/** How long a running run may stand still before it counts as interrupted (designed). */
export const STALE_RUN_MS = 15 * 60_000;
const INTERRUPTED = 'the run was interrupted (the server stopped); start it again';

/** The key authorisation served for an http-01 token, or null (unknown or expired). */
export async function http01Answer(deps: Pick<PkiDeps, 'db' | 'now'>, token: string): Promise<string | null> {
  const row = await deps.db.selectFrom('acme_client_http01').select('key_authorization').where('token', '=', token).where('expires_at', '>', new Date(deps.now())).executeTakeFirst();
  return row?.key_authorization ?? null;
}

/**
 * Starts a run (202): checks the input (400 naming `directoryUrl`, `domain`, `eabKeyId` or `eabHmacKey`;
 * nothing stored then), stores the run with every step pending, audited `acme.client.start`, and drives it in
 * the background.
 */
export async function startAcmeClientRun(deps: AcmeClientDeps, auth: AuthContext, actor: Actor, request: AcmeClientOrderRequest): Promise<AcmeClientRun> {
  const problem = acmeClientOrderProblem(request, await allowedDomainsOf(deps, auth.tenantId));
  if (problem) throw new ValidationError(problem.field, problem.message);
  const domain = request.domain.trim().toLowerCase().replace(/\.$/, '');
  const directoryUrl = request.directoryUrl.trim();
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('acme_client_runs')
      .values({ tenant_id: auth.tenantId, directory_url: directoryUrl, domain, steps: JSON.stringify(initialAcmeClientSteps()), requested_by: actor.actorUserId ?? null })
      .returning(['id', 'directory_url', 'domain', 'state', 'steps', 'error', 'cert_id', 'created_at'])
      .executeTakeFirstOrThrow();
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'acme.client.start', targetType: 'acme_client_run', targetId: inserted.id, detail: { directoryUrl, domain, externalAccountBinding: Boolean(request.eabKeyId) } });
    return inserted;
  });
  const eab = request.eabKeyId && request.eabHmacKey ? { keyId: request.eabKeyId.trim(), hmacKey: request.eabHmacKey.trim() } : undefined;
  const job = drive(deps, auth, actor, row.id, { directoryUrl, domain, ...(eab ? { eab } : {}), ...(request.email ? { email: request.email } : {}) }).catch(async (cause: unknown) => {
    // A failed step is recorded by drive; when even that could not be written (the audit), the run still ends.
    await deps.db
      .updateTable('acme_client_runs')
      .set({ state: 'failed', error: `the run stopped: ${(cause as Error).message}`, updated_at: new Date(deps.now()) })
      .where('id', '=', row.id)
      .where('state', '=', 'running')
      .execute()
      .catch(() => undefined);
  });
  running.add(job);
  void job.finally(() => running.delete(job));
  return runOf(row);
}

/** A step failed: what the run shows. */
class StepFailure extends Error {}

/** What a step found: its value, the line the console shows, and columns of the run to store with it. */
interface StepResult<T> {
  value: T;
  detail: string;
  extra?: Pick<Updateable<AcmeClientRunsTable>, 'order_url' | 'cert_id' | 'certificate_id' | 'chain_pem' | 'key_sealed'>;
}

/** Drives a run through the six steps; a failing step records its message and ends the run. */
async function drive(deps: AcmeClientDeps, auth: AuthContext, actor: Actor, runId: string, input: { directoryUrl: string; domain: string; eab?: { keyId: string; hmacKey: string }; email?: string }): Promise<void> {
  let steps = initialAcmeClientSteps();
  const at = () => new Date(deps.now()).toISOString();
  const audit = { ...actor, tenantId: auth.tenantId, targetType: 'acme_client_run', targetId: runId };

  /** Runs one step: started, then done (with what it found) or failed, each stored and the end audited. */
  const step = async <T>(name: AcmeClientStep, work: () => Promise<StepResult<T>>): Promise<T> => {
    steps = advanceAcmeClient(steps, { type: 'started', step: name, at: at() });
    await deps.db.updateTable('acme_client_runs').set({ steps: JSON.stringify(steps), updated_at: new Date(deps.now()) }).where('id', '=', runId).execute();
    let result: StepResult<T>;
    try {
      result = await work();
    } catch (cause) {
      const message = cause instanceof AcmeClientError || cause instanceof StepFailure ? cause.message : `unexpected error (${(cause as Error).message})`;
      steps = advanceAcmeClient(steps, { type: 'failed', step: name, at: at(), message });
      await deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('acme_client_runs').set({ steps: JSON.stringify(steps), state: 'failed', error: `${name}: ${message}`, updated_at: new Date(deps.now()) }).where('id', '=', runId).execute();
        await deps.audit.write(trx, { ...audit, action: `acme.client.${name.replace(' ', '_')}`, outcome: 'failure', detail: { domain: input.domain, error: message } });
      });
      throw cause;
    }
    steps = advanceAcmeClient(steps, { type: 'done', step: name, at: at(), detail: result.detail });
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('acme_client_runs').set({ steps: JSON.stringify(steps), state: acmeClientRunState(steps), ...(result.extra ?? {}), updated_at: new Date(deps.now()) }).where('id', '=', runId).execute();
      await deps.audit.write(trx, { ...audit, action: `acme.client.${name.replace(' ', '_')}`, outcome: 'success', detail: { domain: input.domain, result: result.detail } });
    });
    return result.value;
  };

  // registration: the tenant's account at this directory (one key per tenant and directory, sealed).
  const sealContext = `acme-client-account:${auth.tenantId}`;
  const client = await step('registration', async () => {
    const stored = await deps.db.selectFrom('acme_client_accounts').select(['id', 'key_sealed', 'account_url']).where('tenant_id', '=', auth.tenantId).where('directory_url', '=', input.directoryUrl).executeTakeFirst();
    const jwk: JWK = stored ? (JSON.parse(deps.box.decrypt(stored.key_sealed, sealContext)) as JWK) : newAccountKey();
    const c = new AcmeProtocolClient(input.directoryUrl, jwk, stored?.account_url ?? null);
    const { accountUrl, created } = await c.register({ ...(input.email ? { email: input.email } : {}), ...(input.eab ? { eab: input.eab } : {}) });
    if (stored) await deps.db.updateTable('acme_client_accounts').set({ account_url: accountUrl }).where('id', '=', stored.id).execute();
    else await deps.db.insertInto('acme_client_accounts').values({ tenant_id: auth.tenantId, directory_url: input.directoryUrl, account_url: accountUrl, key_sealed: deps.box.encrypt(JSON.stringify(jwk), sealContext) }).execute();
    return { value: c, detail: `${created ? 'new account' : 'existing account'} ${accountUrl}` };
  });

  const order = await step('order', async () => {
    const o = await client.newOrder([input.domain]);
    if (o.authorizations.length === 0 && o.status !== 'ready' && o.status !== 'valid') throw new StepFailure('the order has no authorisation');
    return { value: o, detail: `order ${o.url} (${o.status})`, extra: { order_url: o.url } };
  });

  // authorisation: read the name's authorisation and put the http-01 answer where Tessera serves it.
  const pending = await step('authorisation', async () => {
    const out: { authz: string; challengeUrl: string; token: string }[] = [];
    for (const url of order.authorizations) {
      const authz: AcmeAuthorizationDocument = await client.authorization(url);
      if (authz.status === 'valid') continue;
      if (authz.status !== 'pending') throw new StepFailure(`the authorisation of ${authz.identifier.value} is ${authz.status}`);
      const challenge = authz.challenges.find((c) => c.type === 'http-01');
      if (!challenge) throw new StepFailure(`the server offers no http-01 challenge for ${authz.identifier.value} (offered: ${authz.challenges.map((c) => c.type).join(', ') || 'none'})`);
      const keyAuthorization = await client.keyAuthorization(challenge.token);
      await deps.db.insertInto('acme_client_http01').values({ token: challenge.token, run_id: runId, key_authorization: keyAuthorization, expires_at: new Date(deps.now() + HTTP01_TTL_MS) }).onConflict((oc) => oc.column('token').doUpdateSet({ key_authorization: keyAuthorization, run_id: runId })).execute();
      out.push({ authz: url, challengeUrl: challenge.url, token: challenge.token });
    }
    return { value: out, detail: out.length === 0 ? 'already authorised' : `http-01 answer served at /.well-known/acme-challenge/${out.map((p) => p.token).join(', ')}` };
  });

  await step('validation', async () => {
    try {
      for (const p of pending) {
        await client.respond(p.challengeUrl);
        const authz = await client.poll(() => client.authorization(p.authz), (a) => a.status !== 'pending', 'validation');
        if (authz.status !== 'valid') {
          const failed = authz.challenges.find((c) => c.type === 'http-01');
          const e = failed?.error;
          throw new StepFailure(`${authz.identifier.value} is ${authz.status}${e ? ` (${(e.type ?? '').replace('urn:ietf:params:acme:error:', '')}${e.detail ? `: ${e.detail}` : ''})` : ''}`);
        }
      }
    } finally {
      await deps.db.deleteFrom('acme_client_http01').where('run_id', '=', runId).execute();
    }
    return { value: undefined, detail: pending.length === 0 ? 'nothing to validate' : `${input.domain} validated over http-01` };
  });

  // finalisation: a key Tessera makes (ECDSA P-256), a CSR naming the domain, then the order valid.
  const { final, keyPem } = await step('finalisation', async () => {
    const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${input.domain}`, keys: keys as unknown as CryptoKeyPair, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' }, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: input.domain }])] });
    const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
    const pem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`;
    let o: AcmeOrderDocument = await client.poll(() => client.order(order.url), (d) => d.status !== 'pending', 'the order');
    if (o.status === 'ready') o = await client.finalize(o, new Uint8Array(csr.rawData));
    o = await client.poll(() => client.order(order.url), (d) => d.status !== 'processing' && d.status !== 'ready', 'finalisation');
    if (o.status !== 'valid' || !o.certificate) throw new StepFailure(`the order is ${o.status}${o.error ? ` (${(o.error.type ?? '').replace('urn:ietf:params:acme:error:', '')}: ${o.error.detail ?? ''})` : ''}`);
    return { value: { final: o, keyPem: pem }, detail: `order valid; certificate at ${o.certificate}` };
  });

  // certificate fetch: the chain, stored as a certificate of the tenant with its key sealed.
  await step('certificate fetch', async () => {
    const chain = await client.certificate(final.certificate!);
    const leaf = new x509.X509Certificate(chain.slice(0, chain.indexOf('-----END CERTIFICATE-----') + '-----END CERTIFICATE-----'.length));
    let certId: string;
    let certificateId: string | null = null;
    try {
      certId = (await uploadCertificate(deps, auth, actor, { certificate: leaf.toString('pem'), friendlyName: `ACME ${input.domain}` })).certId;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      certId = '';
    }
    const serial = leaf.serialNumber.toLowerCase().replace(/^0+(?=.)/, '');
    const row = await deps.db.selectFrom('certificates').select(['id', 'ca_id']).where('tenant_id', '=', auth.tenantId).where('issuer', '=', leaf.issuer).where('serial_number', '=', serial).executeTakeFirst();
    if (row) {
      certificateId = row.id;
      certId ||= formatCertId(row.ca_id ?? 'external', serial);
    }
    if (!certId) throw new StepFailure('the certificate could not be stored');
    const names = leaf.getExtension(x509.SubjectAlternativeNameExtension)?.names.toJSON().map((n) => n.value) ?? [];
    if (!names.includes(input.domain)) throw new StepFailure(`the certificate does not name ${input.domain}`);
    const sealed = deps.box.encrypt(keyPem, `acme-client-key:${runId}`);
    return { value: undefined, detail: `serial ${serial}, ${chain.match(/BEGIN CERTIFICATE/g)!.length} certificate(s) in the chain`, extra: { cert_id: certId, certificate_id: certificateId, chain_pem: chain, key_sealed: sealed } };
  });
}
