/**
 * `PivSession`: the PIV card driver (NIST SP 800-73-4 Part 2 card commands, subset), one documented
 * method per card operation, over any {@link ApduTransport}. Works the same on a real PIV card (a
 * YubiKey) and on the virtual card. Status words become {@link PivError}s with a meaning: wrong PIN
 * with tries left, blocked, not found, not supported. Never logs a PIN or a key.
 */
import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual, createPublicKey, type KeyObject } from 'node:crypto';
import { ApduError, INS, SW, transmitApdu, type ApduTransport, type CommandApdu, type TransmitOptions } from '../apdu';
import { findTlv, parseTlvs, requireTlv, tlv } from '../tlv';
import { ALGORITHM, KEY_REF, OBJECT, PIV_AID, certificateObject, objectTagBytes, type Slot } from './constants';

/** What went wrong, by meaning. */
export type PivErrorCode = 'WRONG_PIN' | 'BLOCKED' | 'NOT_FOUND' | 'NOT_SUPPORTED' | 'SECURITY' | 'INVALID' | 'AUTH_FAILED' | 'CARD';

/** A PIV operation failed. `triesLeft` is set on WRONG_PIN. The status word error is the `cause`. */
export class PivError extends Error {
  readonly code: PivErrorCode;
  readonly triesLeft?: number;
  constructor(code: PivErrorCode, message: string, options?: { cause?: unknown; triesLeft?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PivError';
    this.code = code;
    if (options?.triesLeft !== undefined) this.triesLeft = options.triesLeft;
  }
}

/** Maps a status word to a PivError (SP 800-73-4 Part 2 Table 6). */
export function pivErrorFor(sw: number, operation: string): PivError {
  const cause = new ApduError(sw, operation);
  if ((sw & 0xfff0) === SW.VERIFY_FAIL) {
    const triesLeft = sw & 0x0f;
    return new PivError(triesLeft === 0 ? 'BLOCKED' : 'WRONG_PIN', `${operation}: wrong reference data, ${triesLeft} tries left`, { cause, triesLeft });
  }
  switch (sw) {
    case SW.AUTH_METHOD_BLOCKED:
      return new PivError('BLOCKED', `${operation}: blocked`, { cause });
    case SW.FILE_NOT_FOUND:
    case SW.REFERENCE_DATA_NOT_FOUND:
      return new PivError('NOT_FOUND', `${operation}: not found on the card`, { cause });
    case SW.INS_NOT_SUPPORTED:
    case SW.FUNCTION_NOT_SUPPORTED:
    case SW.CLA_NOT_SUPPORTED:
      return new PivError('NOT_SUPPORTED', `${operation}: not supported by the card`, { cause });
    case SW.SECURITY_CONDITION_NOT_SATISFIED:
      return new PivError('SECURITY', `${operation}: security condition not satisfied (PIN or management key needed)`, { cause });
    case SW.INCORRECT_DATA:
    case SW.INCORRECT_P1P2:
    case SW.WRONG_LENGTH:
      return new PivError('INVALID', `${operation}: the card rejected the command data`, { cause });
    default:
      return new PivError('CARD', cause.message, { cause });
  }
}

/** Answer of SELECT: the application property template. */
export interface PivApplication {
  /** PIX of the application (tag 4F). */
  pix: Buffer;
  /** Application label (tag 50), when given. */
  label?: string;
  /** Algorithms the card lists (tag AC/80). */
  algorithms: number[];
}

/** A public key read back from GENERATE ASYMMETRIC KEY PAIR. */
export interface GeneratedKey {
  algorithm: number;
  publicKey: KeyObject;
}

/** Parsed CHUID (SP 800-73-4 Part 1 Table 9). */
export interface Chuid {
  fascn?: Buffer;
  guid?: Buffer;
  expiry?: string;
}

/** Options of a session. */
export interface PivSessionOptions {
  /** Extended-length APDUs instead of short APDUs with command chaining. */
  extended?: boolean;
}

/** PIN and PUK references are 8 bytes, padded with FF (Part 2 §3.2.1). */
export function padPin(pin: string): Buffer {
  const bytes = Buffer.from(pin, 'utf8');
  if (bytes.length < 1 || bytes.length > 8) throw new PivError('INVALID', `a PIN or PUK is 1 to 8 bytes, got ${bytes.length}`);
  const padded = Buffer.alloc(8, 0xff);
  bytes.copy(padded);
  return padded;
}

function managementCipher(algorithm: number): { name: string; keyLength: number; block: number } {
  switch (algorithm) {
    case ALGORITHM.AES_128:
      return { name: 'aes-128-ecb', keyLength: 16, block: 16 };
    case ALGORITHM.AES_192:
      return { name: 'aes-192-ecb', keyLength: 24, block: 16 };
    case ALGORITHM.AES_256:
      return { name: 'aes-256-ecb', keyLength: 32, block: 16 };
    case ALGORITHM.TDES:
      return { name: 'des-ede3', keyLength: 24, block: 8 };
    default:
      throw new PivError('INVALID', `management key algorithm ${algorithm} is not one of AES-128/192/256 or 3DES`);
  }
}

function ecb(name: string, key: Buffer, data: Buffer, encrypt: boolean): Buffer {
  const cipher = encrypt ? createCipheriv(name, key, null) : createDecipheriv(name, key, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** The PIV card driver. */
export class PivSession {
  readonly #transport: ApduTransport;
  readonly #options: TransmitOptions;

  constructor(transport: ApduTransport, options: PivSessionOptions = {}) {
    this.#transport = transport;
    this.#options = { extended: options.extended ?? false };
  }

  async #send(apdu: CommandApdu, operation: string): Promise<Buffer> {
    const response = await transmitApdu(this.#transport, apdu, this.#options);
    if (response.sw !== SW.OK) throw pivErrorFor(response.sw, operation);
    return response.data;
  }

  /** SELECT the PIV application (Part 2 §3.1.1) and parse its property template. */
  async select(): Promise<PivApplication> {
    const data = await this.#send({ ins: INS.SELECT, p1: 0x04, p2: 0x00, data: PIV_AID, le: 0 }, 'SELECT PIV');
    const template = findTlv(data, 0x61) ?? data;
    const algorithmsTemplate = findTlv(template, 0xac);
    const label = findTlv(template, 0x50);
    return {
      pix: findTlv(template, 0x4f) ?? Buffer.alloc(0),
      ...(label ? { label: label.toString('utf8') } : {}),
      algorithms: algorithmsTemplate ? parseTlvs(algorithmsTemplate).filter((t) => t.tag === 0x80).map((t) => t.value[0]!) : [],
    };
  }

  /** GET DATA of one object (Part 2 §3.1.2): the object's value (inside tag 53, or 7E for discovery). */
  async getData(objectTag: number): Promise<Buffer> {
    const data = await this.#send(
      { ins: INS.GET_DATA, p1: 0x3f, p2: 0xff, data: tlv(0x5c, objectTagBytes(objectTag)), le: 0 },
      `GET DATA ${objectTag.toString(16).toUpperCase()}`,
    );
    return requireTlv(data, objectTag === OBJECT.DISCOVERY ? 0x7e : 0x53, 'GET DATA answer');
  }

  /** The CHUID (FASC-N, GUID, expiry). */
  async getChuid(): Promise<Chuid> {
    const value = await this.getData(OBJECT.CHUID);
    const expiry = findTlv(value, 0x35);
    const fascn = findTlv(value, 0x30);
    const guid = findTlv(value, 0x34);
    return { ...(fascn ? { fascn } : {}), ...(guid ? { guid } : {}), ...(expiry ? { expiry: expiry.toString('ascii') } : {}) };
  }

  /** The discovery object (Part 1 §3.3.2): the AID and PIN usage policy. */
  async getDiscovery(): Promise<{ aid: Buffer; pinPolicy: Buffer | undefined }> {
    const value = await this.getData(OBJECT.DISCOVERY);
    return { aid: requireTlv(value, 0x4f, 'discovery object'), pinPolicy: findTlv(value, 0x5f2f) };
  }

  /** The DER certificate of a slot, or null when the slot has none. */
  async getCertificate(slot: Slot): Promise<Buffer | null> {
    try {
      const value = await this.getData(certificateObject(slot));
      const certificate = findTlv(value, 0x70);
      if (!certificate || certificate.length === 0) return null;
      if (findTlv(value, 0x71)?.[0]) throw new PivError('NOT_SUPPORTED', 'compressed certificates are not supported');
      return certificate;
    } catch (error) {
      if (error instanceof PivError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  /** The YubiKey serial (GET SERIAL, a Yubico extension), or null on a card that lacks it. */
  async getSerial(): Promise<number | null> {
    try {
      const data = await this.#send({ ins: INS.GET_SERIAL, p1: 0, p2: 0, le: 0 }, 'GET SERIAL');
      return data.length === 4 ? data.readUInt32BE(0) : null;
    } catch (error) {
      if (error instanceof PivError && (error.code === 'NOT_SUPPORTED' || error.code === 'INVALID')) return null;
      throw error;
    }
  }

  /** VERIFY the PIN (Part 2 §3.2.1). @throws PivError WRONG_PIN (with `triesLeft`) or BLOCKED */
  async verifyPin(pin: string): Promise<void> {
    await this.#send({ ins: INS.VERIFY, p1: 0x00, p2: KEY_REF.PIN, data: padPin(pin) }, 'VERIFY PIN');
  }

  /** PIN tries left (VERIFY without data); 0 when blocked; null when already verified in this session. */
  async getPinRetries(): Promise<number | null> {
    const response = await transmitApdu(this.#transport, { ins: INS.VERIFY, p1: 0x00, p2: KEY_REF.PIN }, this.#options);
    if (response.sw === SW.OK) return null;
    if ((response.sw & 0xfff0) === SW.VERIFY_FAIL) return response.sw & 0x0f;
    if (response.sw === SW.AUTH_METHOD_BLOCKED) return 0;
    throw pivErrorFor(response.sw, 'VERIFY (retries)');
  }

  /** CHANGE REFERENCE DATA for the PIN (Part 2 §3.2.2). */
  async changePin(oldPin: string, newPin: string): Promise<void> {
    await this.#send({ ins: INS.CHANGE_REFERENCE_DATA, p1: 0x00, p2: KEY_REF.PIN, data: Buffer.concat([padPin(oldPin), padPin(newPin)]) }, 'CHANGE PIN');
  }

  /** CHANGE REFERENCE DATA for the PUK. */
  async changePuk(oldPuk: string, newPuk: string): Promise<void> {
    await this.#send({ ins: INS.CHANGE_REFERENCE_DATA, p1: 0x00, p2: KEY_REF.PUK, data: Buffer.concat([padPin(oldPuk), padPin(newPuk)]) }, 'CHANGE PUK');
  }

  /** RESET RETRY COUNTER: unblocks the PIN with the PUK and sets a new PIN (Part 2 §3.2.3). */
  async unblockPin(puk: string, newPin: string): Promise<void> {
    await this.#send({ ins: INS.RESET_RETRY_COUNTER, p1: 0x00, p2: KEY_REF.PIN, data: Buffer.concat([padPin(puk), padPin(newPin)]) }, 'RESET RETRY COUNTER');
  }

  /**
   * Mutual authentication with the card management key (Part 2 Appendix A.1; GENERAL AUTHENTICATE
   * with key reference 9B): request a witness, decrypt it, send it back with a challenge, check the
   * card's encryption of the challenge. @throws PivError AUTH_FAILED when the key is wrong
   */
  async authenticate(managementKey: Buffer, algorithm: number = ALGORITHM.AES_192): Promise<void> {
    const { name, keyLength, block } = managementCipher(algorithm);
    if (managementKey.length !== keyLength) throw new PivError('INVALID', `management key is ${managementKey.length} bytes, expected ${keyLength}`);
    const step1 = await this.#send(
      { ins: INS.GENERAL_AUTHENTICATE, p1: algorithm, p2: KEY_REF.MANAGEMENT, data: tlv(0x7c, tlv(0x80)), le: 0 },
      'AUTHENTICATE (witness)',
    );
    const encryptedWitness = requireTlv(requireTlv(step1, 0x7c, 'witness answer'), 0x80, 'witness answer');
    if (encryptedWitness.length !== block) throw new PivError('INVALID', `witness is ${encryptedWitness.length} bytes, expected ${block}`);
    const witness = ecb(name, managementKey, encryptedWitness, false);
    const challenge = randomBytes(block);
    let step2: Buffer;
    try {
      step2 = await this.#send(
        { ins: INS.GENERAL_AUTHENTICATE, p1: algorithm, p2: KEY_REF.MANAGEMENT, data: tlv(0x7c, tlv(0x80, witness), tlv(0x81, challenge)), le: 0 },
        'AUTHENTICATE (challenge)',
      );
    } catch (error) {
      if (error instanceof PivError && error.code === 'SECURITY') throw new PivError('AUTH_FAILED', 'management key authentication failed', { cause: error });
      throw error;
    }
    const answer = requireTlv(requireTlv(step2, 0x7c, 'challenge answer'), 0x82, 'challenge answer');
    const expected = ecb(name, managementKey, challenge, true);
    if (answer.length !== expected.length || !timingSafeEqual(answer, expected)) {
      throw new PivError('AUTH_FAILED', 'the card did not prove it holds the management key');
    }
  }

  /**
   * GENERATE ASYMMETRIC KEY PAIR in a slot (Part 2 §3.3.2); the private key stays on the card.
   * Needs management-key authentication first.
   */
  async generateKey(slot: Slot, algorithm: number): Promise<GeneratedKey> {
    const data = await this.#send(
      { ins: INS.GENERATE_ASYMMETRIC_KEY_PAIR, p1: 0x00, p2: slot, data: tlv(0xac, tlv(0x80, Buffer.from([algorithm]))), le: 0 },
      'GENERATE KEY',
    );
    const template = requireTlv(data, 0x7f49, 'generated key');
    if (algorithm === ALGORITHM.RSA_2048) {
      const n = requireTlv(template, 0x81, 'RSA modulus');
      const e = requireTlv(template, 0x82, 'RSA exponent');
      return { algorithm, publicKey: createPublicKey({ key: { kty: 'RSA', n: n.toString('base64url'), e: e.toString('base64url') }, format: 'jwk' }) };
    }
    if (algorithm === ALGORITHM.ECC_P256 || algorithm === ALGORITHM.ECC_P384) {
      const point = requireTlv(template, 0x86, 'EC point');
      const size = algorithm === ALGORITHM.ECC_P256 ? 32 : 48;
      if (point.length !== 1 + 2 * size || point[0] !== 0x04) throw new PivError('INVALID', `EC point is ${point.length} bytes, expected ${1 + 2 * size} uncompressed`);
      const jwk = {
        kty: 'EC',
        crv: algorithm === ALGORITHM.ECC_P256 ? 'P-256' : 'P-384',
        x: point.subarray(1, 1 + size).toString('base64url'),
        y: point.subarray(1 + size).toString('base64url'),
      };
      return { algorithm, publicKey: createPublicKey({ key: jwk, format: 'jwk' }) };
    }
    throw new PivError('NOT_SUPPORTED', `key algorithm ${algorithm} is not supported (P-256, P-384, RSA-2048)`);
  }

  /** PUT DATA of an object (Part 2 §3.3.1). Needs management-key authentication. */
  async putData(objectTag: number, value: Buffer): Promise<void> {
    const data =
      objectTag === OBJECT.DISCOVERY ? tlv(0x7e, value) : Buffer.concat([tlv(0x5c, objectTagBytes(objectTag)), tlv(0x53, value)]);
    await this.#send({ ins: INS.PUT_DATA, p1: 0x3f, p2: 0xff, data }, `PUT DATA ${objectTag.toString(16).toUpperCase()}`);
  }

  /** Writes a DER certificate into a slot's certificate object (Part 1 Table 10: 70 cert, 71 info, FE LRC). */
  async putCertificate(slot: Slot, der: Buffer): Promise<void> {
    await this.putData(certificateObject(slot), Buffer.concat([tlv(0x70, der), tlv(0x71, Buffer.from([0])), tlv(0xfe)]));
  }

  /**
   * GENERAL AUTHENTICATE with a slot's private key (Part 2 §3.2.4): ECDSA over a digest (P-256/384,
   * DER signature back) or the raw RSA private operation over a 256-byte padded block. Needs the
   * PIN for every slot but 9E.
   */
  async sign(slot: Slot, algorithm: number, input: Buffer): Promise<Buffer> {
    const data = await this.#send(
      { ins: INS.GENERAL_AUTHENTICATE, p1: algorithm, p2: slot, data: tlv(0x7c, tlv(0x82), tlv(0x81, input)), le: 0 },
      'SIGN',
    );
    return requireTlv(requireTlv(data, 0x7c, 'signature answer'), 0x82, 'signature answer');
  }
}
