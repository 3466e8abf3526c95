/**
 * Passkeys (signin §4, §5, §7; admin-console §2 FIDO) with @simplewebauthn/server: registration of
 * the signed-in user's own passkeys (never another's, issue 18), list, rename and delete of a user's
 * passkeys (the user's own, or another user's with userView / userEdit), username-less sign-in (PrepareFido2Authentication answers a binary challenge;
 * FinishFido2Authentication verifies the assertion), and the synced FIDO credentials of CMS-v2
 * (passkeys whose backup-state flag says they are synced between devices).
 *
 * Every challenge is single-use and expires after PASSKEY_CHALLENGE_LIFETIME_MS; origin and RP id are
 * checked; user verification is required (signin §5); the signature counter must grow when the
 * authenticator keeps one; a credential signs in only into its own tenant.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse, type AuthenticationResponseJSON, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { PASSKEY_CHALLENGE_LIFETIME_MS, PRODUCT_NAME, WEBAUTHN_CHALLENGE_CONTENT_TYPE, defaultPasskeyName, type Fido2Credential, type Fido2SyncedCredential } from '@tessera/domain';
import { errorResponses, NoContent, responseOf, SafeString, Uuid } from '../../platform/schemas';
import { requireAuth } from '../../platform/request';
import { auditActor } from '../../platform/audit';
import { setSessionCookie, readSessionToken } from '../../platform/session-cookie';
import { sessionIdOf } from '../../platform/session-store';
import * as authService from '../auth.service';
import { LoginResponseSchema } from '../auth.schemas';
import { accountKey } from '../../platform/login-throttle';
import { buildViewer } from '../../identity/viewer.service';
import { users } from '../../identity/accounts.service';
import { refuseGrant } from '../../identity/grants.service';
import { MESSAGES } from '@tessera/domain';
import { accessPermissions, loadAccess } from '../../platform/access';
import { tenantOfHost } from '../../identity/tenants.service';
import { ConflictError, ForbiddenError, NotFoundError, PasskeyFailedError, PasskeySignInFailedError } from '../../platform/errors';
import type { WebauthnCredentialRow } from './passkeys.table';
import * as repo from './passkeys.repository';
import { challengeId, challengeOfResponse, expectedOriginsFor, rpIdFor } from './webauthn';

const tags = ['passkeys'];
const AUTH = '/api2/Authentication-v1';
const CMS = '/api2/CMS-v2';

const Fido2CredentialSchema = Type.Object({
  id: Type.String(),
  customName: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  backedUp: Type.Boolean(),
  deviceType: Type.Union([Type.Literal('singleDevice'), Type.Literal('multiDevice')]),
});
const SyncedSchema = Type.Object({
  credentialId: Type.String(),
  customName: Type.String(),
  markedForDeletion: Type.Boolean(),
  userId: Type.String(),
  username: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});
const CustomName = () => SafeString({ minLength: 1, maxLength: 100 });
/** Base64url without padding (WebAuthn L3 §5.1: the JSON form of every binary field). */
const Base64Url = (options: { minLength?: number; maxLength: number }) => Type.String({ minLength: 1, ...options, pattern: '^[A-Za-z0-9_-]*$' });
/**
 * An AuthenticationResponseJSON (WebAuthn L3 §5.1.4.3, `PublicKeyCredential.toJSON()`): every field checked,
 * no others accepted. `clientExtensionResults` maps extension ids to their outputs (§9).
 */
const AuthenticationJson = Type.Object(
  {
    id: Base64Url({ maxLength: 1400 }),
    rawId: Base64Url({ maxLength: 1400 }),
    type: Type.Literal('public-key'),
    response: Type.Object(
      {
        clientDataJSON: Base64Url({ maxLength: 8192 }),
        authenticatorData: Base64Url({ maxLength: 8192 }),
        signature: Base64Url({ maxLength: 2048 }),
        userHandle: Type.Optional(Base64Url({ minLength: 0, maxLength: 128 })),
      },
      { additionalProperties: false },
    ),
    clientExtensionResults: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,31}$' }), Type.Unknown(), { maxProperties: 16 })),
    authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform'), Type.Null()])),
  },
  { additionalProperties: false },
);
/** A WebAuthn JSON response: checked by the library, so only its outer shape here. */
const WebAuthnJson = Type.Object({ id: Type.String({ maxLength: 1400 }), rawId: Type.String({ maxLength: 1400 }), type: Type.String({ maxLength: 40 }), response: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: true });

function toCredential(row: WebauthnCredentialRow): Fido2Credential {
  return {
    id: row.id,
    customName: row.custom_name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    backedUp: row.backed_up,
    deviceType: row.device_type === 'multiDevice' ? 'multiDevice' : 'singleDevice',
  };
}

function toSynced(row: WebauthnCredentialRow, username: string): Fido2SyncedCredential {
  return {
    credentialId: row.id,
    customName: row.custom_name,
    markedForDeletion: row.marked_for_deletion,
    userId: row.user_id,
    username,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/** Registers the passkey routes. */
export const passkeyRoutes: FastifyPluginAsyncTypebox = async (app) => {

  /** The caller may act on `userId`'s passkeys: always their own; another's with one of `permissions`. */
  const requireUserAccess = async (request: FastifyRequest, userId: string, permissions: string[]) => {
    const ctx = requireAuth(request);
    const target = await users.findById(app.db, ctx.tenantId, userId);
    if (!target) throw new NotFoundError('The user');
    if (userId === ctx.userId) return target;
    const access = await loadAccess(app.db, ctx.userId, ctx.tenantId);
    const held = new Set(accessPermissions(access));
    if (!permissions.some((p) => held.has(p))) throw new ForbiddenError();
    return target;
  };
  /**
   * Registration is for the signed-in user only (issue 18): a passkey registered on another account
   * would sign in as that account with no second factor. Another's passkeys can be deleted (reset), not
   * added. The refusal is audited.
   */
  const requireSelf = async (request: FastifyRequest, userId: string, action: string) => {
    const ctx = requireAuth(request);
    const target = await users.findById(app.db, ctx.tenantId, userId);
    if (!target) throw new NotFoundError('The user');
    if (userId === ctx.userId) return target;
    const who = await actor(request);
    return refuseGrant(
      { db: app.db, audit: app.audit },
      { actor: who, tenantId: ctx.tenantId, action, targetType: 'user', targetId: userId, field: 'userId', reason: 'credential-of-another', message: MESSAGES.CREDENTIAL_SELF_ONLY },
    );
  };
  const actor = async (request: FastifyRequest) => {
    const ctx = requireAuth(request);
    const me = await users.findById(app.db, ctx.tenantId, ctx.userId);
    return { ...auditActor(request), actorUsername: me?.username ?? null };
  };

  app.post(
    `${AUTH}/PrepareFido2Registration`,
    {
      config: { auth: 'session' },
      schema: { summary: 'Start registering a passkey', tags, body: Type.Object({ userId: Uuid() }, { additionalProperties: false }), response: { 200: Type.Object({}, { additionalProperties: true }), ...errorResponses(401, 404) } },
    },
    async (request) => {
      const target = await requireSelf(request, request.body.userId, 'passkey.register');
      const existing = await repo.listForUser(app.db, target.tenant_id, target.id);
      const rpID = rpIdFor(request, app.config);
      const options = await generateRegistrationOptions({
        rpName: PRODUCT_NAME,
        rpID,
        userName: target.username,
        userID: new TextEncoder().encode(target.id),
        userDisplayName: `${target.given_name} ${target.family_name}`.trim() || target.username,
        timeout: PASSKEY_CHALLENGE_LIFETIME_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
        // Discoverable credentials for username-less sign-in; user verification required (signin §5).
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const now = app.now();
      await repo.insertChallenge(app.db, { id: challengeId(options.challenge), kind: 'registration', tenantId: target.tenant_id, userId: target.id, expiresAt: new Date(now + PASSKEY_CHALLENGE_LIFETIME_MS) }, new Date(now));
      return options;
    },
  );

  app.post(
    `${AUTH}/FinishFido2Registration`,
    {
      config: { auth: 'session' },
      schema: {
        summary: 'Finish registering a passkey',
        tags,
        body: Type.Object({ credentialCreationResponseJson: WebAuthnJson, customName: Type.Optional(SafeString({ maxLength: 100 })) }, { additionalProperties: false }),
        response: { 200: Fido2CredentialSchema, ...errorResponses(401, 404, 409, 503) },
      },
    },
    async (request) => {
      const ctx = requireAuth(request);
      const response = request.body.credentialCreationResponseJson as unknown as RegistrationResponseJSON;
      const challenge = challengeOfResponse(response);
      if (!challenge) throw new PasskeyFailedError('clientDataJSON carries no challenge');
      const now = new Date(app.now());
      const who = await actor(request);
      // The challenge is spent first, whatever follows (single use).
      const row = await app.db.transaction().execute((trx) => repo.consumeChallenge(trx, challengeId(challenge), 'registration', now));
      if (!row || row.tenant_id !== ctx.tenantId || !row.user_id) throw new PasskeyFailedError('unknown, used or expired challenge');
      const target = await requireSelf(request, row.user_id, 'passkey.register');
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: expectedOriginsFor(request, app.config),
          expectedRPID: rpIdFor(request, app.config),
          requireUserVerification: true,
        });
      } catch (cause) {
        throw new PasskeyFailedError(cause instanceof Error ? cause.message : 'registration did not verify', { cause });
      }
      if (!verification.verified) throw new PasskeyFailedError('registration did not verify');
      const info = verification.registrationInfo;
      return app.db.transaction().execute(async (trx) => {
        if (await repo.findByCredentialId(trx, info.credential.id)) throw new ConflictError('credentialCreationResponseJson', 'This passkey is already registered.');
        const customName = request.body.customName?.trim() || defaultPasskeyName(now);
        const created = await repo.insert(trx, {
          tenantId: target.tenant_id,
          userId: target.id,
          credentialId: info.credential.id,
          publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
          counter: info.credential.counter,
          transports: info.credential.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          rpId: info.rpID ?? rpIdFor(request, app.config),
          customName,
        });
        await app.audit.write(trx, { ...who, action: 'passkey.register', targetType: 'user', targetId: target.id, detail: { passkeyId: created.id, customName, backedUp: created.backed_up } });
        return toCredential(created);
      });
    },
  );

  app.post(
    `${AUTH}/ListFido2RegisteredCredentials`,
    {
      config: { auth: 'session' },
      schema: {
        summary: 'List a user\'s passkeys',
        tags,
        body: Type.Object({ userId: Uuid() }, { additionalProperties: false }),
        response: { 200: Type.Object({ registeredCredentials: Type.Array(Fido2CredentialSchema), displayName: Type.String(), username: Type.String() }), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const target = await requireUserAccess(request, request.body.userId, ['userView', 'viewFidoCredentials']);
      const rows = await repo.listForUser(app.db, target.tenant_id, target.id);
      return {
        registeredCredentials: rows.map(toCredential),
        displayName: `${target.given_name} ${target.family_name}`.trim() || target.username,
        username: target.username,
      };
    },
  );

  app.post(
    `${AUTH}/RenameFido2RegisteredCredential`,
    {
      config: { auth: 'session' },
      schema: {
        summary: 'Rename a passkey',
        tags,
        body: Type.Object({ userId: Uuid(), id: Uuid(), newCustomName: CustomName() }, { additionalProperties: false }),
        response: { 200: Fido2CredentialSchema, ...errorResponses(401, 404, 503) },
      },
    },
    async (request) => {
      const target = await requireUserAccess(request, request.body.userId, ['userEdit']);
      const who = await actor(request);
      return app.db.transaction().execute(async (trx) => {
        const existing = await repo.findById(trx, target.tenant_id, request.body.id);
        if (!existing || existing.user_id !== target.id) throw new NotFoundError('The passkey');
        await app.audit.write(trx, { ...who, action: 'passkey.rename', targetType: 'user', targetId: target.id, detail: { passkeyId: existing.id, newCustomName: request.body.newCustomName } });
        return toCredential((await repo.rename(trx, target.tenant_id, existing.id, request.body.newCustomName.trim()))!);
      });
    },
  );

  app.post(
    `${AUTH}/DeleteFido2RegisteredCredential`,
    {
      config: { auth: 'session' },
      schema: { summary: 'Delete a passkey', tags, body: Type.Object({ userId: Uuid(), id: Uuid() }, { additionalProperties: false }), response: { 204: NoContent, ...errorResponses(401, 404, 503) } },
    },
    async (request, reply) => {
      const target = await requireUserAccess(request, request.body.userId, ['userEdit']);
      const who = await actor(request);
      await app.db.transaction().execute(async (trx) => {
        const existing = await repo.findById(trx, target.tenant_id, request.body.id);
        if (!existing || existing.user_id !== target.id) throw new NotFoundError('The passkey');
        await app.audit.write(trx, { ...who, action: 'passkey.delete', targetType: 'user', targetId: target.id, detail: { passkeyId: existing.id, customName: existing.custom_name } });
        await repo.remove(trx, target.tenant_id, existing.id);
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${AUTH}/PrepareFido2Authentication`,
    {
      // No body, no cookies (signin §7): the challenge belongs to no session, so the XSRF check does not apply.
      config: { auth: 'public', xsrf: false },
      schema: {
        summary: 'Get a passkey sign-in challenge (binary)',
        tags,
        response: {
          200: {
            ...responseOf('The challenge: 32 random bytes, single use', { [WEBAUTHN_CHALLENGE_CONTENT_TYPE]: Type.String({ format: 'binary' }) }),
            headers: { 'x-webauthn-rp-id': Type.String({ description: 'The relying party id to use' }), 'cache-control': Type.Literal('no-store') },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const tenant = await tenantOfHost(app.db, request.hostname);
      if (!tenant) throw new NotFoundError('The tenant');
      const bytes = randomBytes(32);
      const now = app.now();
      await repo.insertChallenge(app.db, { id: challengeId(bytes.toString('base64url')), kind: 'authentication', tenantId: tenant.id, userId: null, expiresAt: new Date(now + PASSKEY_CHALLENGE_LIFETIME_MS) }, new Date(now));
      return reply
        .header('content-type', WEBAUTHN_CHALLENGE_CONTENT_TYPE)
        .header('cache-control', 'no-store')
        .header('x-webauthn-rp-id', rpIdFor(request, app.config))
        .send(bytes);
    },
  );

  app.post(
    `${AUTH}/FinishFido2Authentication`,
    {
      config: { auth: 'public' },
      schema: { summary: 'Sign in with a passkey assertion', tags, body: AuthenticationJson, response: { 200: LoginResponseSchema, ...errorResponses(503) } },
    },
    async (request, reply) => {
      const response = request.body as unknown as AuthenticationResponseJSON;
      const challenge = challengeOfResponse(response);
      const now = new Date(app.now());
      const previousToken = readSessionToken(request);
      const ip = request.ip;
      const fail = async (reason: string, extra: { tenantId?: string | null; userId?: string; username?: string } = {}, cause?: unknown): Promise<never> => {
        if (extra.username && extra.tenantId) await app.loginThrottle.recordFailure(accountKey(extra.tenantId, extra.username), ip);
        await app.db.transaction().execute((trx) =>
          app.audit.write(trx, { tenantId: extra.tenantId ?? null, actorUserId: extra.userId ?? null, actorUsername: extra.username ?? null, ip, action: 'login', outcome: 'failure', detail: { method: 'passkey', reason } }),
        );
        // The caller is anonymous: one generic answer; the reason is in the log and the audit event.
        request.log.info({ reason, err: cause }, 'passkey sign-in refused');
        throw new PasskeySignInFailedError({ cause });
      };
      if (!challenge) return fail('clientDataJSON carries no challenge');

      const result = await app.db.transaction().execute(async (trx) => {
        const row = await repo.consumeChallenge(trx, challengeId(challenge), 'authentication', now);
        if (!row || !row.tenant_id) return { error: 'unknown, used or expired challenge' } as const;
        const credential = await repo.findByCredentialId(trx, response.id, { lock: true });
        // A credential of another tenant is as unknown as no credential.
        if (!credential || credential.tenant_id !== row.tenant_id) return { error: 'unknown credential', tenantId: row.tenant_id } as const;
        const user = await users.findById(trx, credential.tenant_id, credential.user_id);
        if (!user || !user.enabled) return { error: 'account disabled', tenantId: row.tenant_id } as const;
        const who = { tenantId: user.tenant_id, userId: user.id, username: user.username };
        if (credential.marked_for_deletion) return { error: 'passkey marked for deletion', ...who } as const;
        const userHandle = response.response.userHandle;
        if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== user.id) return { error: 'user handle does not match the credential', ...who } as const;
        let verification;
        try {
          verification = await verifyAuthenticationResponse({
            response,
            expectedChallenge: challenge,
            expectedOrigin: expectedOriginsFor(request, app.config),
            expectedRPID: rpIdFor(request, app.config),
            credential: { id: credential.credential_id, publicKey: isoBase64URL.toBuffer(credential.public_key), counter: Number(credential.counter), transports: credential.transports as never },
            requireUserVerification: true,
          });
        } catch (cause) {
          return { error: cause instanceof Error ? cause.message : 'assertion did not verify', cause, ...who } as const;
        }
        if (!verification.verified) return { error: 'assertion did not verify', ...who } as const;
        const info = verification.authenticationInfo;
        // WebAuthn L3 §6.1.3: backup eligibility (BE) is fixed when the credential is made; a change means
        // another authenticator answers for this credential id. Backup state (BS) may change and is stored.
        if (info.credentialDeviceType !== credential.device_type) return { error: 'backup eligibility changed', ...who } as const;
        await repo.recordUse(trx, credential.id, info.newCounter, info.credentialBackedUp, now);
        await app.audit.write(trx, { tenantId: user.tenant_id, actorUserId: user.id, actorUsername: user.username, ip, action: 'login', outcome: 'success', detail: { method: 'passkey', passkeyId: credential.id } });
        const session = await authService.newActiveSession(app, trx, user.id, user.tenant_id, previousToken ? sessionIdOf(previousToken) : null);
        return { session, user } as const;
      });
      if ('error' in result) {
        const r = result as { error: string; tenantId?: string; userId?: string; username?: string; cause?: unknown };
        return fail(r.error, { tenantId: r.tenantId ?? null, ...(r.userId ? { userId: r.userId } : {}), ...(r.username ? { username: r.username } : {}) }, r.cause);
      }
      await app.loginThrottle.recordSuccess(accountKey(result.user.tenant_id, result.user.username), ip);
      setSessionCookie(request, reply, result.session.token);
      const viewer = await buildViewer(app.db, result.user.id, result.user.tenant_id);
      return { furtherAuthenticationRequired: [], viewer, session: authService.sessionInfo(app, result.session.record) };
    },
  );

  // ---- Synced FIDO credentials (signin §7 CMS-v2; admin-console §2 /credentials/fido/synced-credential/{id})
  const syncedOf = async (tenantId: string, id: string) => {
    const row = await repo.findById(app.db, tenantId, id);
    if (!row || !row.backed_up) throw new NotFoundError('The FIDO credential');
    const owner = await users.findById(app.db, tenantId, row.user_id);
    return { row, username: owner?.username ?? '' };
  };
  const synced = { config: { auth: 'session' as const, permission: 'viewFidoCredentials' } };

  app.post(
    `${CMS}/GetFido2SyncedCredential`,
    { ...synced, schema: { summary: 'Read a synced FIDO credential', tags, body: Type.Object({ credentialId: Uuid() }, { additionalProperties: false }), response: { 200: SyncedSchema, ...errorResponses(401, 404) } } },
    async (request) => {
      const { row, username } = await syncedOf(requireAuth(request).tenantId, request.body.credentialId);
      return toSynced(row, username);
    },
  );

  app.post(
    `${CMS}/MarkFido2SyncedCredentialForDeletion`,
    {
      ...synced,
      schema: { summary: 'Mark a synced FIDO credential for deletion', tags, body: Type.Object({ credentialId: Uuid(), markedForDeletion: Type.Optional(Type.Boolean()) }, { additionalProperties: false }), response: { 200: SyncedSchema, ...errorResponses(401, 404, 503) } },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const { row, username } = await syncedOf(tenantId, request.body.credentialId);
      const marked = request.body.markedForDeletion ?? true;
      const updated = await app.db.transaction().execute(async (trx) => {
        await app.audit.write(trx, { ...auditActor(request), action: 'fido.synced.mark', targetType: 'fido_credential', targetId: row.id, detail: { markedForDeletion: marked } });
        return repo.setMarkedForDeletion(trx, tenantId, row.id, marked);
      });
      return toSynced(updated!, username);
    },
  );

  app.patch(
    `${CMS}/RenameFido2SyncedCredential`,
    {
      ...synced,
      schema: { summary: 'Rename a synced FIDO credential', tags, body: Type.Object({ credentialId: Uuid(), newCustomName: CustomName() }, { additionalProperties: false }), response: { 200: SyncedSchema, ...errorResponses(401, 404, 503) } },
    },
    async (request) => {
      const { tenantId } = requireAuth(request);
      const { row, username } = await syncedOf(tenantId, request.body.credentialId);
      const updated = await app.db.transaction().execute(async (trx) => {
        await app.audit.write(trx, { ...auditActor(request), action: 'fido.synced.rename', targetType: 'fido_credential', targetId: row.id, detail: { newCustomName: request.body.newCustomName } });
        return repo.rename(trx, tenantId, row.id, request.body.newCustomName.trim());
      });
      return toSynced(updated!, username);
    },
  );

  app.delete(
    `${CMS}/Fido2SyncedCredential`,
    { ...synced, schema: { summary: 'Delete a synced FIDO credential', tags, body: Type.Object({ credentialId: Uuid() }, { additionalProperties: false }), response: { 204: NoContent, ...errorResponses(401, 404, 503) } } },
    async (request, reply) => {
      const { tenantId } = requireAuth(request);
      const { row } = await syncedOf(tenantId, request.body.credentialId);
      await app.db.transaction().execute(async (trx) => {
        await app.audit.write(trx, { ...auditActor(request), action: 'fido.synced.delete', targetType: 'fido_credential', targetId: row.id, detail: { customName: row.custom_name, userId: row.user_id } });
        await repo.remove(trx, tenantId, row.id);
      });
      return reply.code(204).send(null);
    },
  );
};
