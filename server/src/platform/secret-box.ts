/**
 * Secrets at rest: AES-256-GCM from node:crypto (NIST SP 800-38D) with a random 96-bit IV per value.
 * The key comes from `TESSERA_SECRET_KEY` or from `<dataDir>/secret.key` (created 0600 on first use).
 * Also keyed HMACs (recovery codes) with a sub-key derived by HKDF, so the stored hash of a short
 * code cannot be searched offline without the server key.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './errors';

const VERSION = 'v1';

/** Parses a 32-byte key given as base64/base64url (43–44 chars) or hex (64 chars). */
export function parseSecretKey(raw: string): Buffer {
  const text = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new ConfigError(`env: TESSERA_SECRET_KEY must be 32 bytes (base64 or hex), got ${key.length} bytes`);
  return key;
}

/** The key of the configuration, or the data directory's key file (created when missing). */
export function loadSecretKey(config: { secretKey: string | null; dataDir: string }): Buffer {
  if (config.secretKey) return parseSecretKey(config.secretKey);
  const file = path.join(config.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return parseSecretKey(readFileSync(file, 'utf8'));
}

/** Encrypts and decrypts small secrets; keyed hashes of codes. */
export class SecretBox {
  readonly #key: Buffer;
  readonly #hmacKey: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error(`SecretBox: expected a 32-byte key, got ${key.length} bytes`);
    this.#key = key;
    this.#hmacKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'tessera hmac v1', 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>` (base64url parts). `context` is bound as additional data. */
  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /** The plaintext. @throws Error when the value was altered, the context differs or the key is wrong */
  decrypt(sealed: string, context: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error(`SecretBox: expected a ${VERSION} sealed value`);
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** HMAC-SHA-256 (hex) of a value under the server's HMAC sub-key. */
  hmac(value: string): string {
    return createHmac('sha256', this.#hmacKey).update(value, 'utf8').digest('hex');
  }
}

let cached: { dataDir: string; secretKey: string | null; box: SecretBox } | null = null;

/** The SecretBox of a configuration (the key file is read once per configuration). */
export function secretBoxFor(config: { secretKey: string | null; dataDir: string }): SecretBox {
  if (cached && cached.dataDir === config.dataDir && cached.secretKey === config.secretKey) return cached.box;
  const box = new SecretBox(loadSecretKey(config));
  cached = { dataDir: config.dataDir, secretKey: config.secretKey, box };
  return box;
}
