/**
 * Passkey calls (signin §4, §7, §8; docs/api.md): FIDO2 registration and sign-in, the viewer's registered
 * credentials, and the synced FIDO credentials of CMS-v2.
 */
import {
  MESSAGES,
  WEBAUTHN_CHALLENGE_CONTENT_TYPE,
  encodeBase64Url,
  type Fido2Credential,
  type Fido2CredentialList,
  type Fido2SyncedCredential,
  type LoginResponse,
  type WebAuthnChallenge,
  type WebAuthnOptionsJson,
  type WebAuthnResponseJson,
} from '@tessera/domain';
import { ApiError, errorFromResponse } from './ApiError';
import type { ApiClientOptions, HttpSend } from './http';

const AUTH = '/api2/Authentication-v1';
const CMS = '/api2/CMS-v2';

/** The passkey calls. */
export interface PasskeysCalls {
  /** `POST PrepareFido2Registration {userId}` → creation options JSON. */
  prepareFido2Registration(userId: string): Promise<WebAuthnOptionsJson>;
  /** `POST FinishFido2Registration {credentialCreationResponseJson, customName}`. */
  finishFido2Registration(credentialCreationResponseJson: WebAuthnResponseJson, customName: string): Promise<Fido2Credential>;
  /** `POST ListFido2RegisteredCredentials {userId}`. */
  listFido2RegisteredCredentials(userId: string): Promise<Fido2CredentialList>;
  /** `POST RenameFido2RegisteredCredential {userId, id, newCustomName}`. */
  renameFido2RegisteredCredential(userId: string, id: string, newCustomName: string): Promise<Fido2Credential>;
  /** `POST DeleteFido2RegisteredCredential {userId, id}` → 204. */
  deleteFido2RegisteredCredential(userId: string, id: string): Promise<void>;
  /**
   * `POST PrepareFido2Authentication`: no body, no credentials, Accept `application/x-webauthn-challenge`;
   * the binary answer must carry that content type, else 'unexpected response content type: expected
   * application/x-webauthn-challenge' (signin §7, §8).
   */
  prepareFido2Authentication(): Promise<WebAuthnChallenge>;
  /** `POST FinishFido2Authentication` with the assertion JSON: signs in (sets the session cookie). */
  finishFido2Authentication(assertion: WebAuthnResponseJson): Promise<LoginResponse>;
  /** `POST /api2/CMS-v2/GetFido2SyncedCredential {credentialId}`. */
  getFido2SyncedCredential(credentialId: string): Promise<Fido2SyncedCredential>;
  /** `POST /api2/CMS-v2/MarkFido2SyncedCredentialForDeletion {credentialId, markedForDeletion}`. */
  markFido2SyncedCredentialForDeletion(credentialId: string, markedForDeletion: boolean): Promise<Fido2SyncedCredential>;
  /** `PATCH /api2/CMS-v2/RenameFido2SyncedCredential {credentialId, newCustomName}`. */
  renameFido2SyncedCredential(credentialId: string, newCustomName: string): Promise<Fido2SyncedCredential>;
  /** `DELETE /api2/CMS-v2/Fido2SyncedCredential {credentialId}` → 204. */
  deleteFido2SyncedCredential(credentialId: string): Promise<void>;
}

/**
 * `PrepareFido2Authentication` over a raw fetch: the only call whose answer is binary and that sends
 * no cookies (the challenge is not bound to a session; the server exempts it from the XSRF check).
 */
export function prepareFido2AuthenticationCall({ baseUrl = '', fetch }: Pick<ApiClientOptions, 'baseUrl' | 'fetch'>, now: () => number = Date.now) {
  return async function prepareFido2Authentication(): Promise<WebAuthnChallenge> {
    const url = `${baseUrl.replace(/\/+$/, '')}${AUTH}/PrepareFido2Authentication`;
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', credentials: 'omit', headers: { Accept: WEBAUTHN_CHALLENGE_CONTENT_TYPE } });
    } catch (cause) {
      throw new ApiError('NETWORK', `Could not reach the server at ${url}: ${cause instanceof Error ? cause.message : String(cause)}`, { status: 0, cause });
    }
    if (!response.ok) throw errorFromResponse(response.status, await response.text(), response.headers.get('retry-after'));
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== WEBAUTHN_CHALLENGE_CONTENT_TYPE) throw new Error(MESSAGES.WEBAUTHN_CONTENT_TYPE);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length < 16) throw new Error(MESSAGES.WEBAUTHN_CONTENT_TYPE);
    return { challenge: encodeBase64Url(bytes), rpId: response.headers.get('x-webauthn-rp-id'), fetchedAt: now() };
  };
}

/** The passkey calls over `send` (and the raw fetch for the binary challenge). */
export function passkeysCalls(send: HttpSend, options: Pick<ApiClientOptions, 'baseUrl' | 'fetch'>): PasskeysCalls {
  return {
    prepareFido2Registration: (userId) => send({ method: 'POST', path: `${AUTH}/PrepareFido2Registration`, body: { userId } }),
    finishFido2Registration: (credentialCreationResponseJson, customName) =>
      send({ method: 'POST', path: `${AUTH}/FinishFido2Registration`, body: { credentialCreationResponseJson, customName } }),
    listFido2RegisteredCredentials: (userId) => send({ method: 'POST', path: `${AUTH}/ListFido2RegisteredCredentials`, body: { userId } }),
    renameFido2RegisteredCredential: (userId, id, newCustomName) =>
      send({ method: 'POST', path: `${AUTH}/RenameFido2RegisteredCredential`, body: { userId, id, newCustomName } }),
    deleteFido2RegisteredCredential: (userId, id) => send({ method: 'POST', path: `${AUTH}/DeleteFido2RegisteredCredential`, body: { userId, id } }),
    prepareFido2Authentication: prepareFido2AuthenticationCall(options),
    finishFido2Authentication: (assertion) => send({ method: 'POST', path: `${AUTH}/FinishFido2Authentication`, body: assertion }),
    getFido2SyncedCredential: (credentialId) => send({ method: 'POST', path: `${CMS}/GetFido2SyncedCredential`, body: { credentialId } }),
    markFido2SyncedCredentialForDeletion: (credentialId, markedForDeletion) =>
      send({ method: 'POST', path: `${CMS}/MarkFido2SyncedCredentialForDeletion`, body: { credentialId, markedForDeletion } }),
    renameFido2SyncedCredential: (credentialId, newCustomName) =>
      send({ method: 'PATCH', path: `${CMS}/RenameFido2SyncedCredential`, body: { credentialId, newCustomName } }),
    deleteFido2SyncedCredential: (credentialId) => send({ method: 'DELETE', path: `${CMS}/Fido2SyncedCredential`, body: { credentialId } }),
  };
}
