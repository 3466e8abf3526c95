/**
 * The ACME server (RFC 8555; issue 17): a directory per tenant and ACME-enabled template, replay nonces kept
 * in the database (single use, so that every instance agrees), accounts (with external account binding,
 * §7.3.4, when the template requires it), orders, authorisations, challenges, finalisation through the
 * certificate service's request flow (the template's checks), certificate download with the chain,
 * revocation, key rollover and account deactivation. Validation reaches only names the tenant's allowed
 * domains permit. Audited: account creation, order finalisation and revocation.
 */
import { createPublicKey, randomBytes } from 'node:crypto';
import type * as jose from 'jose';
import { ACME_CHALLENGE_TYPES, REVOCATION_REASONS, TEMPLATE_CLASSES, domainPermitted, type AcmeChallengeType, type RevocationReason } from '@tessera/domain';
import type { AuditEventInput } from '../platform/audit';
import type { SecretBox } from '../platform/secret-box';
import { caWithChain } from '../pki/ca.service';
import { x509, type PkiDeps } from '../pki/pki.service';
import { revoke, submitCsr } from '../certificates/certificates.service';
import { AcmeProblem } from './acme.problem';
import { decodeJws, importAccountKey, jsonPayload, publicJwk, thumbprint, verifyJws, type AcmeProtectedHeader, type FlattenedJws } from './acme.jws';
import { validateChallenge, type ChallengeEnv } from './challenges';
import * as repo from './acme.repository';
import type { AcmeAccountRow, AcmeOrderRow } from './acme.table';

/** What the ACME service needs. */
export interface AcmeDeps extends PkiDeps {
  challenges: ChallengeEnv;
  box: SecretBox;
}

/** A directory: the template it serves, its tenant and CA, and its absolute base URL. */
export interface AcmeDirectory {
  templateId: string;
  tenantId: string;
  caId: string;
  eabRequired: boolean;
  /** `{origin}/pki/acme/{templateId}` */
  base: string;
}

/** An answer of an ACME route. */
export interface AcmeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  contentType?: string;
}

const NONCE_TTL_MS = 60 * 60 * 1000;
const ORDER_TTL_MS = 7 * 24 * 60 * 60 * 1000;
type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;
const actorOf = (ip: string): Actor => ({ actorUserId: null, actorUsername: null, actorApiKeyId: null, ip });

/** Validations running in the background (tests and graceful shutdown wait for them). */
const running = new Set<Promise<void>>();
/** Resolves when the challenge validations started so far have finished. */
export async function validationsSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

/** The directory of a template. @throws AcmeProblem 404 when the template does not serve ACME */
export async function directoryOf(deps: Pick<AcmeDeps, 'db'>, templateId: string, origin: string): Promise<AcmeDirectory> {
  const row = /^[0-9a-f-]{36}$/.test(templateId) ? await repo.findEnabledTemplate(deps.db, templateId) : undefined;
  if (!row || !row.ca_id) throw new AcmeProblem('malformed', 'No ACME directory here: the template does not exist or does not serve ACME.', 404);
  return { templateId: row.template_id, tenantId: row.tenant_id, caId: row.ca_id, eabRequired: row.eab_required, base: `${origin}/pki/acme/${row.template_id}` };
}

/** The directory object (RFC 8555 §7.1.1). */
export function directoryDocument(dir: AcmeDirectory): Record<string, unknown> {
  return {
    newNonce: `${dir.base}/new-nonce`,
    newAccount: `${dir.base}/new-account`,
    newOrder: `${dir.base}/new-order`,
    revokeCert: `${dir.base}/revoke-cert`,
    keyChange: `${dir.base}/key-change`,
    meta: { externalAccountRequired: dir.eabRequired, website: dir.base.replace(/\/pki\/acme\/.*$/, '/') },
  };
}

/** A fresh nonce, stored until used or expired. */
export async function newNonce(deps: Pick<AcmeDeps, 'db' | 'now'>): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  const now = deps.now();
  await repo.insertNonce(deps.db, nonce, new Date(now + NONCE_TTL_MS), new Date(now), randomBytes(1)[0]! < 4);
  return nonce;
}

/** A verified request: the header, the JSON payload (null for POST-as-GET), the key, and the account when `kid`. */
interface Verified {
  header: AcmeProtectedHeader;
  payload: Record<string, unknown> | null;
  jwk: jose.JWK;
  account: AcmeAccountRow | null;
  jws: FlattenedJws;
}

const accountUrl = (dir: AcmeDirectory, id: string) => `${dir.base}/acct/${id}`;
const orderUrl = (dir: AcmeDirectory, id: string) => `${dir.base}/order/${id}`;
const authzUrl = (dir: AcmeDirectory, id: string) => `${dir.base}/authz/${id}`;
const challUrl = (dir: AcmeDirectory, id: string) => `${dir.base}/chall/${id}`;

/**
 * Verifies a request's JWS (RFC 8555 §6.2-6.5): the header, the `url` equal to the request's, the nonce
 * (used once), then the signature with the `jwk` (`newAccount`, revocation by certificate key) or with the
 * key of the valid account named by `kid`.
 */
async function verify(deps: AcmeDeps, dir: AcmeDirectory, body: unknown, url: string, keyMode: 'jwk' | 'kid' | 'either'): Promise<Verified> {
  const { jws, header } = decodeJws(body);
  if (header.url !== url) throw new AcmeProblem('unauthorized', `The JWS url '${header.url}' is not this request's URL '${url}'.`, 401);
  if (typeof header.nonce !== 'string' || !(await repo.consumeNonce(deps.db, header.nonce, new Date(deps.now())))) throw new AcmeProblem('badNonce', 'The nonce is unknown, used or expired.');
  if (keyMode === 'jwk' && !header.jwk) throw new AcmeProblem('malformed', 'This request must be signed with a jwk, not a kid.');
  if (keyMode === 'kid' && !header.kid) throw new AcmeProblem('malformed', 'This request must be signed by an account (kid), not a jwk.');
  let jwk: jose.JWK;
  let account: AcmeAccountRow | null = null;
  if (header.jwk) jwk = publicJwk(header.jwk);
  else {
    const prefix = `${dir.base}/acct/`;
    const id = header.kid!.startsWith(prefix) ? header.kid!.slice(prefix.length) : '';
    account = /^[0-9a-f-]{36}$/.test(id) ? ((await repo.findAccount(deps.db, dir.templateId, id)) ?? null) : null;
    if (!account) throw new AcmeProblem('accountDoesNotExist', 'The kid names no account of this directory.', 400);
    if (account.status !== 'valid') throw new AcmeProblem('unauthorized', `The account is ${account.status}.`, 401);
    jwk = account.jwk as jose.JWK;
  }
  const key = await importAccountKey(jwk, header.alg);
  const payload = jsonPayload(await verifyJws(jws, key));
  return { header, payload, jwk, account, jws };
}

function accountDocument(dir: AcmeDirectory, row: AcmeAccountRow): Record<string, unknown> {
  return { status: row.status, contact: row.contact, orders: `${accountUrl(dir, row.id)}/orders`, createdAt: row.created_at.toISOString() };
}

function checkContact(contact: unknown): string[] {
  if (contact === undefined) return [];
  if (!Array.isArray(contact) || contact.some((c) => typeof c !== 'string' || !/^mailto:[^\s,@]+@[^\s,@]+$/.test(c))) {
    throw new AcmeProblem('malformed', 'contact must be a list of mailto: URLs with one address each.');
  }
  return contact as string[];
}

/** External account binding (RFC 8555 §7.3.4): an HS256 JWS by an unused key of the template over the account key. */
async function checkEab(deps: AcmeDeps, dir: AcmeDirectory, eab: unknown, jwk: jose.JWK, url: string): Promise<string> {
  let decoded: { jws: FlattenedJws; header: AcmeProtectedHeader };
  const raw = eab as Partial<FlattenedJws> | null;
  if (!raw || typeof raw.protected !== 'string' || typeof raw.payload !== 'string' || typeof raw.signature !== 'string') throw new AcmeProblem('malformed', 'externalAccountBinding is not a flattened JWS.');
  try {
    const header = JSON.parse(Buffer.from(raw.protected, 'base64url').toString('utf8')) as AcmeProtectedHeader;
    decoded = { jws: raw as FlattenedJws, header };
  } catch (cause) {
    throw new AcmeProblem('malformed', 'externalAccountBinding has no readable protected header.', 400, { cause });
  }
  const { header } = decoded;
  if (!['HS256', 'HS384', 'HS512'].includes(header.alg) || typeof header.kid !== 'string' || header.url !== url || header.nonce !== undefined) {
    throw new AcmeProblem('malformed', 'externalAccountBinding must be a MAC (HS256) JWS with the key id as kid, the newAccount url and no nonce.');
  }
  const keyRow = await deps.db.selectFrom('acme_eab_keys').selectAll().where('id', '=', header.kid).where('template_id', '=', dir.templateId).executeTakeFirst();
  if (!keyRow || keyRow.account_id !== null) throw new AcmeProblem('unauthorized', 'The external account binding key is unknown or already used.', 401);
  const hmacKey = Buffer.from(deps.box.decrypt(keyRow.hmac_key_sealed, `acme-eab:${keyRow.id}`), 'base64url');
  const payload = await verifyJws(decoded.jws, new Uint8Array(hmacKey), [header.alg]).catch(() => {
    throw new AcmeProblem('unauthorized', 'The external account binding does not verify with its key.', 401);
  });
  let bound: jose.JWK;
  try {
    bound = JSON.parse(Buffer.from(payload).toString('utf8')) as jose.JWK;
  } catch {
    throw new AcmeProblem('malformed', 'The external account binding payload is not a JWK.');
  }
  if ((await thumbprint(publicJwk(bound))) !== (await thumbprint(jwk))) throw new AcmeProblem('unauthorized', 'The external account binding is for another key.', 401);
  return keyRow.id;
}

/** newAccount (RFC 8555 §7.3): creates an account, or answers the existing one of the key (200). */
export async function newAccount(deps: AcmeDeps, dir: AcmeDirectory, body: unknown, url: string, ip: string): Promise<AcmeAnswer> {
  const { payload, jwk } = await verify(deps, dir, body, url, 'jwk');
  const print = await thumbprint(jwk);
  const existing = await repo.findAccountByThumbprint(deps.db, dir.templateId, print);
  if (existing) return { status: 200, body: accountDocument(dir, existing), headers: { location: accountUrl(dir, existing.id) } };
  if (payload?.onlyReturnExisting === true) throw new AcmeProblem('accountDoesNotExist', 'No account has this key.');
  if (payload?.termsOfServiceAgreed !== undefined && typeof payload.termsOfServiceAgreed !== 'boolean') throw new AcmeProblem('malformed', 'termsOfServiceAgreed must be a boolean.');
  const contact = checkContact(payload?.contact);
  let eabKeyId: string | null = null;
  if (payload?.externalAccountBinding !== undefined) eabKeyId = await checkEab(deps, dir, payload.externalAccountBinding, jwk, url);
  else if (dir.eabRequired) throw new AcmeProblem('externalAccountRequired', 'This directory requires an external account binding (a key from /config/acme).');
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await trx.insertInto('acme_accounts').values({ tenant_id: dir.tenantId, template_id: dir.templateId, thumbprint: print, jwk: JSON.stringify(jwk), status: 'valid', contact: JSON.stringify(contact), eab_key_id: eabKeyId }).returningAll().executeTakeFirstOrThrow();
    if (eabKeyId) {
      const used = await trx.updateTable('acme_eab_keys').set({ account_id: created.id }).where('id', '=', eabKeyId).where('account_id', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw new AcmeProblem('unauthorized', 'The external account binding key is already used.', 401);
    }
    await deps.audit.write(trx, { ...actorOf(ip), tenantId: dir.tenantId, action: 'acme.account.create', targetType: 'acme_account', targetId: created.id, detail: { templateId: dir.templateId, thumbprint: print, contact, externalAccountBinding: eabKeyId } });
    return created;
  });
  return { status: 201, body: accountDocument(dir, row), headers: { location: accountUrl(dir, row.id) } };
}

/** POST to an account URL (§7.3.2 update, §7.3.6 deactivation, or POST-as-GET). */
export async function account(deps: AcmeDeps, dir: AcmeDirectory, id: string, body: unknown, url: string, ip: string): Promise<AcmeAnswer> {
  const { account: acct, payload } = await verify(deps, dir, body, url, 'kid');
  if (acct!.id !== id) throw new AcmeProblem('unauthorized', 'The request is signed by another account.', 401);
  let row = acct!;
  if (payload) {
    const changes: { status?: string; contact?: string } = {};
    if (payload.status !== undefined) {
      if (payload.status !== 'deactivated') throw new AcmeProblem('malformed', "status may only be set to 'deactivated'.");
      changes.status = 'deactivated';
    }
    if (payload.contact !== undefined) changes.contact = JSON.stringify(checkContact(payload.contact));
    if (Object.keys(changes).length > 0) {
      row = await deps.db.transaction().execute(async (trx) => {
        const updated = await trx.updateTable('acme_accounts').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        if (changes.status) await deps.audit.write(trx, { ...actorOf(ip), tenantId: dir.tenantId, action: 'acme.account.deactivate', targetType: 'acme_account', targetId: id, detail: { templateId: dir.templateId } });
        return updated;
      });
    }
  }
  return { status: 200, body: accountDocument(dir, row), headers: { location: accountUrl(dir, id) } };
}

/** The orders of an account (§7.1.2.1). */
export async function accountOrders(deps: AcmeDeps, dir: AcmeDirectory, id: string, body: unknown, url: string): Promise<AcmeAnswer> {
  const { account: acct } = await verify(deps, dir, body, url, 'kid');
  if (acct!.id !== id) throw new AcmeProblem('unauthorized', 'The request is signed by another account.', 401);
  const rows = await deps.db.selectFrom('acme_orders').select('id').where('account_id', '=', id).where('status', 'in', ['pending', 'ready', 'processing']).orderBy('created_at').execute();
  return { status: 200, body: { orders: rows.map((r) => orderUrl(dir, r.id)) } };
}

/** Key rollover (§7.3.5): the inner JWS, signed by the new key, names the account and its old key. */
export async function keyChange(deps: AcmeDeps, dir: AcmeDirectory, body: unknown, url: string, ip: string): Promise<AcmeAnswer> {
  const outer = await verify(deps, dir, body, url, 'kid');
  const { jws: inner, header } = decodeJws(outer.payload);
  if (!header.jwk || header.kid !== undefined) throw new AcmeProblem('malformed', 'The inner JWS must be signed with the new key as jwk.');
  if (header.url !== url) throw new AcmeProblem('malformed', 'The inner JWS url must be the keyChange URL.');
  if (header.nonce !== undefined) throw new AcmeProblem('malformed', 'The inner JWS must have no nonce.');
  const newJwk = publicJwk(header.jwk);
  const innerPayload = jsonPayload(await verifyJws(inner, await importAccountKey(newJwk, header.alg)));
  const acct = outer.account!;
  if (innerPayload?.account !== accountUrl(dir, acct.id)) throw new AcmeProblem('malformed', 'The inner payload account is not the signing account.');
  const oldKey = innerPayload.oldKey as jose.JWK | undefined;
  if (!oldKey || typeof oldKey !== 'object' || (await thumbprint(publicJwk(oldKey))) !== acct.thumbprint) throw new AcmeProblem('malformed', 'The inner payload oldKey is not the account key.');
  const print = await thumbprint(newJwk);
  const clash = await repo.findAccountByThumbprint(deps.db, dir.templateId, print);
  if (clash) throw new AcmeProblem('malformed', 'The new key is already the key of an account.', 409, { location: accountUrl(dir, clash.id) });
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('acme_accounts').set({ jwk: JSON.stringify(newJwk), thumbprint: print }).where('id', '=', acct.id).returningAll().executeTakeFirstOrThrow();
    await deps.audit.write(trx, { ...actorOf(ip), tenantId: dir.tenantId, action: 'acme.account.key_change', targetType: 'acme_account', targetId: acct.id, detail: { oldThumbprint: acct.thumbprint, newThumbprint: print } });
    return updated;
  });
  return { status: 200, body: accountDocument(dir, row), headers: { location: accountUrl(dir, acct.id) } };
}

/** The order object (§7.1.3), with its state derived from its authorisations. */
async function orderDocument(deps: AcmeDeps, dir: AcmeDirectory, order: AcmeOrderRow): Promise<Record<string, unknown>> {
  const authzs = await repo.authorizationsOf(deps.db, order.id);
  const doc: Record<string, unknown> = {
    status: order.status,
    expires: order.expires_at.toISOString(),
    identifiers: order.identifiers,
    authorizations: authzs.map((a) => authzUrl(dir, a.id)),
    finalize: `${orderUrl(dir, order.id)}/finalize`,
  };
  if (order.certificate_id) doc.certificate = `${dir.base}/cert/${order.id}`;
  if (order.error) doc.error = order.error;
  return doc;
}

/** newOrder (§7.4): DNS identifiers the tenant's allowed domains permit; one authorisation each with its challenges. */
export async function newOrder(deps: AcmeDeps, dir: AcmeDirectory, body: unknown, url: string): Promise<AcmeAnswer> {
  const { account: acct, payload } = await verify(deps, dir, body, url, 'kid');
  const identifiers = payload?.identifiers;
  if (!Array.isArray(identifiers) || identifiers.length === 0 || identifiers.length > 100) throw new AcmeProblem('malformed', 'identifiers must be a list of 1 to 100 identifiers.');
  if (payload?.notBefore !== undefined || payload?.notAfter !== undefined) throw new AcmeProblem('malformed', 'notBefore and notAfter are not supported: the template sets the validity.');
  const allowed = await repo.allowedDomainsOf(deps.db, dir.tenantId);
  const names = new Set<string>();
  for (const [i, id] of identifiers.entries()) {
    const ident = id as { type?: unknown; value?: unknown };
    if (ident?.type !== 'dns') throw new AcmeProblem('unsupportedIdentifier', `identifiers.${i}.type must be 'dns'.`);
    if (typeof ident.value !== 'string' || !/^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(ident.value)) throw new AcmeProblem('malformed', `identifiers.${i}.value is not a DNS name.`);
    const value = ident.value.toLowerCase();
    if (!domainPermitted(value, allowed)) throw new AcmeProblem('rejectedIdentifier', `${value} is not in the tenant's allowed domains.`, 403);
    names.add(value);
  }
  const now = deps.now();
  const expires = new Date(now + ORDER_TTL_MS);
  const order = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('acme_orders')
      .values({ tenant_id: dir.tenantId, template_id: dir.templateId, account_id: acct!.id, status: 'pending', identifiers: JSON.stringify([...names].map((value) => ({ type: 'dns', value }))), expires_at: expires })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const name of names) {
      const wildcard = name.startsWith('*.');
      const authz = await trx.insertInto('acme_authorizations').values({ order_id: row.id, tenant_id: dir.tenantId, identifier_value: wildcard ? name.slice(2) : name, wildcard, status: 'pending', expires_at: expires }).returning('id').executeTakeFirstOrThrow();
      // §7.1.3 / §8.3: a wildcard is validated by dns-01 alone.
      const types: readonly AcmeChallengeType[] = wildcard ? ['dns-01'] : ACME_CHALLENGE_TYPES;
      await trx.insertInto('acme_challenges').values(types.map((type) => ({ authorization_id: authz.id, type, token: randomBytes(32).toString('base64url'), status: 'pending', validated_at: null, error: null }))).execute();
    }
    return row;
  });
  return { status: 201, body: await orderDocument(deps, dir, order), headers: { location: orderUrl(dir, order.id) } };
}

async function ownOrder(deps: AcmeDeps, dir: AcmeDirectory, id: string, accountId: string): Promise<AcmeOrderRow> {
  const order = /^[0-9a-f-]{36}$/.test(id) ? await repo.findOrder(deps.db, dir.templateId, id) : undefined;
  if (!order || order.account_id !== accountId) throw new AcmeProblem('malformed', 'No such order of this account.', 404);
  return order;
}

/** POST-as-GET of an order. */
export async function getOrder(deps: AcmeDeps, dir: AcmeDirectory, id: string, body: unknown, url: string): Promise<AcmeAnswer> {
  const { account: acct } = await verify(deps, dir, body, url, 'kid');
  const order = await ownOrder(deps, dir, id, acct!.id);
  return { status: 200, body: await orderDocument(deps, dir, order), headers: { location: orderUrl(dir, order.id) } };
}

async function challengeDocument(dir: AcmeDirectory, c: { id: string; type: string; token: string; status: string; validated_at: Date | null; error: unknown }): Promise<Record<string, unknown>> {
  const doc: Record<string, unknown> = { type: c.type, url: challUrl(dir, c.id), status: c.status, token: c.token };
  if (c.validated_at) doc.validated = c.validated_at.toISOString();
  if (c.error) doc.error = c.error;
  return doc;
}

/** POST-as-GET of an authorisation (§7.5), or its deactivation (§7.5.2). */
export async function authorization(deps: AcmeDeps, dir: AcmeDirectory, id: string, body: unknown, url: string): Promise<AcmeAnswer> {
  const { account: acct, payload } = await verify(deps, dir, body, url, 'kid');
  let authz = /^[0-9a-f-]{36}$/.test(id) ? await repo.findAuthorization(deps.db, dir.templateId, id) : undefined;
  if (!authz || authz.account_id !== acct!.id) throw new AcmeProblem('malformed', 'No such authorization of this account.', 404);
  if (payload?.status === 'deactivated') {
    await deps.db.updateTable('acme_authorizations').set({ status: 'deactivated' }).where('id', '=', id).execute();
    await deps.db.updateTable('acme_orders').set({ status: 'invalid', updated_at: new Date(deps.now()) }).where('id', '=', authz.order_id).where('status', 'in', ['pending', 'ready']).execute();
    authz = { ...authz, status: 'deactivated' };
  }
  const challenges = await repo.challengesOf(deps.db, [id]);
  return {
    status: 200,
    body: {
      identifier: { type: 'dns', value: authz.identifier_value },
      status: authz.status,
      expires: authz.expires_at.toISOString(),
      challenges: await Promise.all(challenges.map((c) => challengeDocument(dir, c))),
      ...(authz.wildcard ? { wildcard: true } : {}),
    },
  };
}

/** Moves an order to ready when every authorisation is valid, to invalid when one is invalid. */
async function settleOrder(deps: AcmeDeps, orderId: string): Promise<void> {
  const authzs = await repo.authorizationsOf(deps.db, orderId);
  const now = new Date(deps.now());
  if (authzs.some((a) => a.status === 'invalid' || a.status === 'deactivated')) await deps.db.updateTable('acme_orders').set({ status: 'invalid', updated_at: now }).where('id', '=', orderId).where('status', '=', 'pending').execute();
  else if (authzs.every((a) => a.status === 'valid')) await deps.db.updateTable('acme_orders').set({ status: 'ready', updated_at: now }).where('id', '=', orderId).where('status', '=', 'pending').execute();
}

/** Validates a challenge and records the outcome on it, its authorisation and its order. */
async function runValidation(deps: AcmeDeps, dir: AcmeDirectory, challenge: { id: string; type: string; token: string; identifier_value: string; authorization_id: string; order_id: string }, keyAuthorization: string): Promise<void> {
  let error: AcmeProblem | null = null;
  try {
    // Validation reaches only names the tenant's allowed domains permit (checked again: the list may have changed).
    const allowed = await repo.allowedDomainsOf(deps.db, dir.tenantId);
    if (!domainPermitted(challenge.identifier_value, allowed) && !domainPermitted(`*.${challenge.identifier_value}`, allowed)) throw new AcmeProblem('rejectedIdentifier', `${challenge.identifier_value} is no longer in the tenant's allowed domains.`, 403);
    await validateChallenge(deps.challenges, challenge.type as AcmeChallengeType, challenge.identifier_value, challenge.token, keyAuthorization);
  } catch (cause) {
    error = cause instanceof AcmeProblem ? cause : new AcmeProblem('serverInternal', 'Validation failed unexpectedly.', 500, { cause });
  }
  const now = new Date(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('acme_challenges').set(error ? { status: 'invalid', error: JSON.stringify(error.toJSON()) } : { status: 'valid', validated_at: now, error: null }).where('id', '=', challenge.id).execute();
    await trx.updateTable('acme_authorizations').set({ status: error ? 'invalid' : 'valid' }).where('id', '=', challenge.authorization_id).where('status', '=', 'pending').execute();
  });
  await settleOrder(deps, challenge.order_id);
}

/** POST to a challenge (§7.5.1): starts its validation in the background and answers it as processing. */
export async function respondChallenge(deps: AcmeDeps, dir: AcmeDirectory, id: string, body: unknown, url: string): Promise<AcmeAnswer> {
  const { account: acct, jwk } = await verify(deps, dir, body, url, 'kid');
  const challenge = /^[0-9a-f-]{36}$/.test(id) ? await repo.findChallenge(deps.db, dir.templateId, id) : undefined;
  if (!challenge || challenge.account_id !== acct!.id) throw new AcmeProblem('malformed', 'No such challenge of this account.', 404);
  let status = challenge.status;
  if (challenge.status === 'pending' && challenge.authz_status === 'pending') {
    const started = await deps.db.updateTable('acme_challenges').set({ status: 'processing' }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    if (Number(started.numUpdatedRows) === 1) {
      status = 'processing';
      const keyAuthorization = `${challenge.token}.${await thumbprint(jwk)}`;
      const job = runValidation(deps, dir, challenge, keyAuthorization).catch(() => undefined);
      running.add(job);
      void job.finally(() => running.delete(job));
    }
  }
  const fresh = (await repo.challengesOf(deps.db, [challenge.authorization_id])).find((c) => c.id === id)!;
  return { status: 200, body: await challengeDocument(dir, { ...fresh, status: fresh.status === 'pending' ? status : fresh.status }), headers: { link: `<${authzUrl(dir, challenge.authorization_id)}>;rel="up"` } };
}

/** The DNS names of a CSR: its subjectAltName dNSNames and its CN. */
function csrNames(csr: x509.Pkcs10CertificateRequest): { sans: string[]; cn: string | undefined; other: boolean } {
  const ext = csr.extensions.find((e) => e.type === '2.5.29.17');
  const names = ext ? new x509.SubjectAlternativeNameExtension(ext.rawData).names.toJSON() : [];
  return { sans: names.filter((n) => n.type === 'dns').map((n) => n.value.toLowerCase()), cn: csr.subjectName.getField('CN')[0]?.toLowerCase(), other: names.some((n) => n.type !== 'dns') };
}

/**
 * finalize (§7.4): the CSR must name exactly the order's identifiers (§7.4: no more, no fewer; a CN, if any,
 * one of them); the certificate service then applies the template (key type, size, SANs) and issues.
 */
export async function finalize(deps: AcmeDeps, dir: AcmeDirectory, id: string, body: unknown, url: string, ip: string): Promise<AcmeAnswer> {
  const { account: acct, payload } = await verify(deps, dir, body, url, 'kid');
  const order = await ownOrder(deps, dir, id, acct!.id);
  if (order.status !== 'ready') throw new AcmeProblem('orderNotReady', `The order is ${order.status}, not ready.`, 403);
  if (typeof payload?.csr !== 'string' || !/^[A-Za-z0-9_-]+$/.test(payload.csr)) throw new AcmeProblem('malformed', 'csr must be the base64url DER of a PKCS#10 request.');
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(new Uint8Array(Buffer.from(payload.csr, 'base64url')));
  } catch (cause) {
    throw new AcmeProblem('badCSR', 'The csr is not a PKCS#10 certificate request.', 400, { cause });
  }
  const wanted = new Set((order.identifiers as { value: string }[]).map((i) => i.value));
  const { sans, cn, other } = csrNames(csr);
  const named = new Set(sans);
  if (cn && !named.has(cn)) named.add(cn);
  if (other || named.size !== wanted.size || [...named].some((n) => !wanted.has(n))) throw new AcmeProblem('badCSR', `The CSR must name exactly the order's identifiers (${[...wanted].join(', ')}); it names ${[...named].join(', ') || 'none'}.`);
  const claimed = await deps.db.updateTable('acme_orders').set({ status: 'processing', updated_at: new Date(deps.now()) }).where('id', '=', order.id).where('status', '=', 'ready').executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new AcmeProblem('orderNotReady', 'The order is already being finalised.', 403);
  const result = await submitCsr(deps, { tenantId: dir.tenantId }, actorOf(ip), { templateId: dir.templateId, csr: csr.toString('pem') }, TEMPLATE_CLASSES).catch(async (cause: unknown) => {
    await deps.db.updateTable('acme_orders').set({ status: 'ready' }).where('id', '=', order.id).execute();
    throw cause;
  });
  const certificateId = result.status === 'complete' ? (await deps.db.selectFrom('certificate_requests').select('certificate_id').where('id', '=', result.requestId).executeTakeFirstOrThrow()).certificate_id : null;
  const problem = result.status === 'complete' ? null : new AcmeProblem('badCSR', result.status === 'failed' ? `${result.failureCode}: ${result.message}` : 'The template needs approval, which ACME cannot wait for.');
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('acme_orders')
      .set({ status: problem ? 'invalid' : 'valid', certificate_id: certificateId, error: problem ? JSON.stringify(problem.toJSON()) : null, updated_at: new Date(deps.now()) })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await deps.audit.write(trx, { ...actorOf(ip), tenantId: dir.tenantId, action: 'acme.order.finalize', targetType: 'acme_order', targetId: order.id, outcome: problem ? 'failure' : 'success', detail: { accountId: acct!.id, identifiers: [...wanted], certificateId, failure: problem?.detail ?? null } });
    return row;
  });
  if (problem) throw problem;
  return { status: 200, body: await orderDocument(deps, dir, updated), headers: { location: orderUrl(dir, order.id) } };
}

/** Certificate download (§7.4.2): the leaf and the chain to the root, application/pem-certificate-chain. */
export async function certificate(deps: AcmeDeps, dir: AcmeDirectory, orderId: string, body: unknown, url: string): Promise<AcmeAnswer> {
  const { account: acct } = await verify(deps, dir, body, url, 'kid');
  const order = await ownOrder(deps, dir, orderId, acct!.id);
  if (!order.certificate_id) throw new AcmeProblem('malformed', 'The order has no certificate.', 404);
  const cert = await deps.db.selectFrom('certificates').select(['certificate_pem', 'ca_id']).where('id', '=', order.certificate_id).where('tenant_id', '=', dir.tenantId).executeTakeFirstOrThrow();
  const { chain } = await caWithChain(deps, dir.tenantId, cert.ca_id!);
  const pem = [cert.certificate_pem, ...chain].map((p) => `${p.trim()}\n`).join('');
  return { status: 200, body: pem, contentType: 'application/pem-certificate-chain' };
}

/**
 * revokeCert (§7.6): signed by the account that ordered the certificate, or with the certificate's own key
 * (a `jwk` equal to its public key). The reason is an RFC 5280 code.
 */
export async function revokeCert(deps: AcmeDeps, dir: AcmeDirectory, body: unknown, url: string, ip: string): Promise<AcmeAnswer> {
  const { account: acct, jwk, payload } = await verify(deps, dir, body, url, 'either');
  if (typeof payload?.certificate !== 'string') throw new AcmeProblem('malformed', 'certificate must be the base64url DER of the certificate.');
  let cert: x509.X509Certificate;
  try {
    cert = new x509.X509Certificate(new Uint8Array(Buffer.from(payload.certificate, 'base64url')));
  } catch (cause) {
    throw new AcmeProblem('malformed', 'certificate is not an X.509 certificate.', 400, { cause });
  }
  const code = payload.reason === undefined ? 0 : payload.reason;
  const reason = (Object.entries(REVOCATION_REASONS) as [RevocationReason, number][]).find(([, v]) => v === code)?.[0];
  if (!reason || reason === 'removeFromCRL' || reason === 'certificateHold') throw new AcmeProblem('badRevocationReason', `reason ${String(code)} is not an RFC 5280 reason this server accepts.`);
  const serial = cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, '');
  const row = await deps.db
    .selectFrom('certificates')
    .select(['id', 'ca_id', 'status', 'certificate_pem'])
    .where('tenant_id', '=', dir.tenantId)
    .where('serial_number', '=', serial)
    .execute()
    .then((rows) => rows.find((r) => new x509.X509Certificate(r.certificate_pem).equal(cert)));
  if (!row) throw new AcmeProblem('malformed', 'The certificate was not issued by this directory.', 404);
  let authorised = false;
  if (acct) authorised = (await deps.db.selectFrom('acme_orders').select('id').where('account_id', '=', acct.id).where('certificate_id', '=', row.id).executeTakeFirst()) !== undefined;
  else {
    const spki = createPublicKey({ key: jwk as import('node:crypto').JsonWebKey, format: 'jwk' }).export({ type: 'spki', format: 'der' });
    authorised = spki.equals(Buffer.from(cert.publicKey.rawData));
  }
  if (!authorised) throw new AcmeProblem('unauthorized', 'The request is signed neither by the account that ordered the certificate nor by its key.', 403);
  if (row.status === 'revoked') throw new AcmeProblem('alreadyRevoked', 'The certificate is already revoked.');
  await revoke(deps, { tenantId: dir.tenantId }, actorOf(ip), { caId: row.ca_id!, serialNumber: serial, reason, comment: acct ? `ACME revokeCert by account ${acct.id}` : 'ACME revokeCert by the certificate key' });
  return { status: 200, body: '' };
}
