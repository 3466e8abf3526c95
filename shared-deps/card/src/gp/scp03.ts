/**
 * GlobalPlatform Secure Channel Protocol '03' (GP Card Specification v2.3 Amendment D, v1.1.2):
 * the key derivation function (NIST SP 800-108 KDF in counter mode with AES-CMAC as the PRF, §6.2.1),
 * the session keys S-ENC, S-MAC and S-RMAC (§6.2.1), the card and host cryptograms (§6.2.2.2-3),
 * C-MAC chaining (§6.2.4) and command data encryption (C-DECRYPTION, §6.2.6).
 *
 * AES-CMAC comes from `@noble/ciphers` (audited, maintained); AES-CBC/ECB from node:crypto. Nothing
 * here logs or returns a static key. Used on both sides: by {@link GpSession} (host) and by the
 * virtual card's card manager (card).
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { cmac } from '@noble/ciphers/aes.js';

/** Derivation constants (Amendment D Table 6-1). */
export const SCP03_CONSTANT = Object.freeze({
  CARD_CRYPTOGRAM: 0x00,
  HOST_CRYPTOGRAM: 0x01,
  CARD_CHALLENGE: 0x02,
  S_ENC: 0x04,
  S_MAC: 0x06,
  S_RMAC: 0x07,
});

/** The three static keys of a security domain key set (AES-128, -192 or -256). */
export interface Scp03StaticKeys {
  enc: Buffer;
  mac: Buffer;
  dek: Buffer;
}

/** Session keys of one secure channel session. */
export interface Scp03SessionKeys {
  sEnc: Buffer;
  sMac: Buffer;
  sRmac: Buffer;
}

/** Security level of EXTERNAL AUTHENTICATE P1 (GP Card Spec §10.6.2 / Amendment D §7.1.2). */
export const SECURITY_LEVEL = Object.freeze({
  C_MAC: 0x01,
  C_DECRYPTION_C_MAC: 0x03,
});

/** AES-CMAC (NIST SP 800-38B) of `data` under `key`, 16 bytes. */
export function aesCmac(key: Uint8Array, data: Uint8Array): Buffer {
  return Buffer.from(cmac(Uint8Array.from(data), Uint8Array.from(key)));
}

/**
 * The SCP03 KDF (Amendment D §6.2.1): SP 800-108 counter mode, PRF AES-CMAC, fixed input data
 * label (11 zero bytes) ‖ constant ‖ 00 ‖ L (2 bytes, bits) ‖ i (1-byte counter) ‖ context.
 */
export function scp03Kdf(key: Uint8Array, constant: number, context: Uint8Array, lengthBits: number): Buffer {
  const out: Buffer[] = [];
  const blocks = Math.ceil(lengthBits / 128);
  for (let i = 1; i <= blocks; i += 1) {
    const input = Buffer.concat([Buffer.alloc(11), Buffer.from([constant, 0x00, (lengthBits >> 8) & 0xff, lengthBits & 0xff, i]), Buffer.from(context)]);
    out.push(aesCmac(key, input));
  }
  return Buffer.concat(out).subarray(0, lengthBits / 8);
}

/** Session keys from the static keys and the challenges (context = host challenge ‖ card challenge). */
export function deriveSessionKeys(keys: Scp03StaticKeys, hostChallenge: Uint8Array, cardChallenge: Uint8Array): Scp03SessionKeys {
  const context = Buffer.concat([hostChallenge, cardChallenge]);
  const bits = keys.enc.length * 8;
  return {
    sEnc: scp03Kdf(keys.enc, SCP03_CONSTANT.S_ENC, context, bits),
    sMac: scp03Kdf(keys.mac, SCP03_CONSTANT.S_MAC, context, keys.mac.length * 8),
    sRmac: scp03Kdf(keys.mac, SCP03_CONSTANT.S_RMAC, context, keys.mac.length * 8),
  };
}

/** Card cryptogram (8 bytes, §6.2.2.2). */
export function cardCryptogram(sMac: Uint8Array, hostChallenge: Uint8Array, cardChallenge: Uint8Array): Buffer {
  return scp03Kdf(sMac, SCP03_CONSTANT.CARD_CRYPTOGRAM, Buffer.concat([hostChallenge, cardChallenge]), 64);
}

/** Host cryptogram (8 bytes, §6.2.2.3). */
export function hostCryptogram(sMac: Uint8Array, hostChallenge: Uint8Array, cardChallenge: Uint8Array): Buffer {
  return scp03Kdf(sMac, SCP03_CONSTANT.HOST_CRYPTOGRAM, Buffer.concat([hostChallenge, cardChallenge]), 64);
}

/** Key check value of an AES key (AES-ECB of 16 bytes 01, first 3 bytes: GP Card Spec §11.8.2.3). */
export function aesKcv(key: Uint8Array): Buffer {
  return aesEcb(key, Buffer.alloc(16, 1)).subarray(0, 3);
}

function cipherName(key: Uint8Array, mode: 'cbc' | 'ecb'): string {
  if (key.length !== 16 && key.length !== 24 && key.length !== 32) throw new Error('SCP03: an AES key is 16, 24 or 32 bytes');
  return `aes-${key.length * 8}-${mode}`;
}

function aesEcb(key: Uint8Array, block: Uint8Array): Buffer {
  const cipher = createCipheriv(cipherName(key, 'ecb'), key, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

function aesCbc(key: Uint8Array, iv: Uint8Array, data: Uint8Array, decrypt: boolean): Buffer {
  const cipher = decrypt ? createDecipheriv(cipherName(key, 'cbc'), key, iv) : createCipheriv(cipherName(key, 'cbc'), key, iv);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** ISO 9797-1 method 2 padding to a multiple of 16 (80 00 ...). */
function pad80(data: Uint8Array): Buffer {
  const length = (Math.floor(data.length / 16) + 1) * 16;
  const out = Buffer.alloc(length);
  Buffer.from(data).copy(out);
  out[data.length] = 0x80;
  return out;
}

function unpad80(data: Buffer): Buffer {
  let i = data.length - 1;
  while (i >= 0 && data[i] === 0x00) i -= 1;
  if (i < 0 || data[i] !== 0x80) throw new Error('SCP03: bad padding');
  return data.subarray(0, i);
}

/** The encryption counter's ICV (§6.2.6): AES-ECB under S-ENC of the counter on 16 bytes; 80 first for responses. */
function icv(sEnc: Uint8Array, counter: number, response: boolean): Buffer {
  const block = Buffer.alloc(16);
  block.writeUInt32BE(counter >>> 0, 12);
  if (response) block[0] = 0x80;
  return aesEcb(sEnc, block);
}

/** One secure-channel session's state, the same object on host and card. */
export class Scp03Channel {
  readonly #keys: Scp03SessionKeys;
  readonly securityLevel: number;
  #chain: Buffer = Buffer.alloc(16);
  #counter = 0;

  constructor(keys: Scp03SessionKeys, securityLevel: number) {
    this.#keys = keys;
    this.securityLevel = securityLevel;
  }

  /**
   * Wraps a plain command (CLA INS P1 P2 + data; no Le) for the card: encrypts its data when the
   * level asks for C-DECRYPTION and the data is not empty, sets the secure-messaging bit of CLA,
   * appends the 8-byte C-MAC and updates the MAC chaining value. `macOnly` for EXTERNAL AUTHENTICATE
   * (MACed, never encrypted, and not counted by the encryption counter).
   */
  wrap(cla: number, ins: number, p1: number, p2: number, data: Uint8Array = Buffer.alloc(0), macOnly = false): Buffer {
    let body: Buffer = Buffer.from(data);
    if (this.securityLevel & 0x02 && !macOnly) {
      this.#counter += 1;
      if (body.length > 0) body = aesCbc(this.#keys.sEnc, icv(this.#keys.sEnc, this.#counter, false), pad80(body), false);
    }
    if (body.length + 8 > 255) throw new Error('SCP03: command data too long for a short APDU');
    const header = Buffer.from([(cla | 0x04) & 0xff, ins, p1, p2, body.length + 8]);
    const mac = aesCmac(this.#keys.sMac, Buffer.concat([this.#chain, header, body]));
    this.#chain = mac;
    return Buffer.concat([header, body, mac.subarray(0, 8)]);
  }

  /**
   * The card side of {@link wrap}: checks the C-MAC of a wrapped command (its header with Lc and
   * its data with the MAC at the end), updates the chaining value and returns the plain data.
   * Throws when the MAC does not match.
   */
  unwrap(header: Uint8Array, dataWithMac: Uint8Array, macOnly = false): Buffer {
    if (dataWithMac.length < 8) throw new Error('SCP03: no C-MAC');
    const body = Buffer.from(dataWithMac.subarray(0, dataWithMac.length - 8));
    const mac = Buffer.from(dataWithMac.subarray(dataWithMac.length - 8));
    const h = Buffer.from([header[0] ?? 0, header[1] ?? 0, header[2] ?? 0, header[3] ?? 0, dataWithMac.length]);
    const expected = aesCmac(this.#keys.sMac, Buffer.concat([this.#chain, h, body]));
    if (!expected.subarray(0, 8).equals(mac)) throw new Error('SCP03: C-MAC does not match');
    this.#chain = expected;
    if (!(this.securityLevel & 0x02) || macOnly) return body;
    this.#counter += 1;
    if (body.length === 0) return body;
    return unpad80(aesCbc(this.#keys.sEnc, icv(this.#keys.sEnc, this.#counter, false), body, true));
  }
}
