/**
 * A software WebAuthn authenticator for server tests (a test double; the e2e tests use Chromium's
 * virtual authenticator): one ES256 credential, `none` attestation, flags and counter under the
 * test's control (WebAuthn L3 §6.1 authenticator data, §6.5.4 attestation object).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Options of a ceremony. */
export interface CeremonyOptions {
  challenge: string;
  origin: string;
  rpId: string;
}

/** A software authenticator holding one credential. */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  /** Signature counter of the next assertion is `counter + 1`. */
  counter = 0;
  /** Flags: user verified, backup eligible, backup state (synced). */
  uv: boolean;
  be: boolean;
  bs: boolean;
  /** The user handle returned in assertions (base64url), set at registration. */
  userHandle: string | null = null;

  constructor(options: { uv?: boolean; be?: boolean; bs?: boolean } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = privateKey;
    this.#publicKey = publicKey;
    this.uv = options.uv ?? true;
    this.be = options.be ?? false;
    this.bs = options.bs ?? false;
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  #flags(attested: boolean): number {
    return 0x01 | (this.uv ? 0x04 : 0) | (this.be ? 0x08 : 0) | (this.bs ? 0x10 : 0) | (attested ? 0x40 : 0);
  }

  #coseKey(): Uint8Array {
    const jwk = this.#publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
  }

  #authData(rpId: string, counter: number, attested: boolean): Buffer {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head.writeUInt8(this.#flags(attested), 32);
    head.writeUInt32BE(counter, 33);
    if (!attested) return head;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([head, Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.#coseKey())]);
  }

  /** A `RegistrationResponseJSON` for these creation options. */
  register({ challenge, origin, rpId }: CeremonyOptions, userHandle: string): Record<string, unknown> {
    this.userHandle = userHandle;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge, origin, crossOrigin: false }));
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', this.#authData(rpId, this.counter, true)]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** An `AuthenticationResponseJSON` signed with the credential; `counter` overrides the next count. */
  assert({ challenge, origin, rpId }: CeremonyOptions, options: { counter?: number } = {}): Record<string, unknown> {
    this.counter = options.counter ?? this.counter + 1;
    const authData = this.#authData(rpId, this.counter, false);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.#privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authData), signature: b64u(signature), ...(this.userHandle ? { userHandle: this.userHandle } : {}) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
