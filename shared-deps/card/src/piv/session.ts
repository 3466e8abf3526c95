/**
 * `PivSession`: the PIV card driver (NIST SP 800-73-4 Part 2 card commands, subset), one documented
 * method per card operation, over any {@link ApduTransport}. Each operation is also a
 * {@link PivCommand} (see {@link PivCommands}) so that several can go to the card in one batch
 * ({@link PivSession.batch}): over the server's relay through the agent a batch is one round trip. Works the same on a real PIV card (a
 * YubiKey) and on the virtual card. Status words become {@link PivError}s with a meaning: wrong PIN
 * with tries left, blocked, not found, not supported. Never logs a PIN or a key.
 */
import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual, createPublicKey, type KeyObject } from 'node:crypto';
import { PIV_PIN_LENGTH } from '@tessera/domain';
import { ApduError, INS, SW, chainApdu, completeResponse, parseResponse, swMatches, transmitBatch, type ApduTransport, type BatchCommand, type CommandApdu, type ResponseApdu } from '../apdu';
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

/**
 * PIN and PUK references are 8 bytes, padded with FF (Part 2 §3.2.1); the value itself is 6 to 8
 * bytes, domain's {@link PIV_PIN_LENGTH} (the one rule the template and tenant PIN checks use too).
 */
export function padPin(pin: string): Buffer {
  const bytes = Buffer.from(pin, 'utf8');
  if (bytes.length < PIV_PIN_LENGTH.min || bytes.length > PIV_PIN_LENGTH.max) {
    throw new PivError('INVALID', `a PIN or PUK is ${PIV_PIN_LENGTH.min} to ${PIV_PIN_LENGTH.max} bytes, got ${bytes.length}`);
  }
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


/**
 * One PIV command: its APDU, the status words it may answer (anything else is a {@link PivError}),
 * and how to read the answer. Built by {@link PivCommands}; run by {@link PivSession.batch}.
 */
export interface PivCommand<T> {
  readonly apdu: CommandApdu;
  /** Name used in error messages. */
  readonly operation: string;
  /** Status words that are answers, not failures (patterns as in {@link BatchCommand}). */
  readonly expect: readonly string[];
  readonly parse: (response: ResponseApdu) => T;
}

const OK = ['9000'] as const;

function ok<T>(apdu: CommandApdu, operation: string, parse: (data: Buffer) => T): PivCommand<T> {
  return { apdu, operation, expect: OK, parse: (response) => parse(response.data) };
}

const nothing = (): void => undefined;

/** Reads the public key out of a GENERATE ASYMMETRIC KEY PAIR answer (Part 2 §3.3.2, Table 10). */
function parseGeneratedKey(data: Buffer, algorithm: number): GeneratedKey {
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

/** The management-key algorithms and their key lengths (SP 800-78-4 Table 6-2). */
const MANAGEMENT_KEY_LENGTH: Readonly<Record<number, number>> = Object.freeze({
  [ALGORITHM.TDES]: 24,
  [ALGORITHM.AES_128]: 16,
  [ALGORITHM.AES_192]: 24,
  [ALGORITHM.AES_256]: 32,
});

/**
 * The PIV commands, each a {@link PivCommand} for {@link PivSession.batch}. Secrets (PIN, PUK,
 * management key) go into the APDU's data and nowhere else.
 */
export const PivCommands = Object.freeze({
  /** SELECT the PIV application (Part 2 §3.1.1) and parse its property template. */
  select(): PivCommand<PivApplication> {
    return ok({ ins: INS.SELECT, p1: 0x04, p2: 0x00, data: PIV_AID, le: 0 }, 'SELECT PIV', (data) => {
      const template = findTlv(data, 0x61) ?? data;
      const algorithmsTemplate = findTlv(template, 0xac);
      const label = findTlv(template, 0x50);
      return {
        pix: findTlv(template, 0x4f) ?? Buffer.alloc(0),
        ...(label ? { label: label.toString('utf8') } : {}),
        algorithms: algorithmsTemplate ? parseTlvs(algorithmsTemplate).filter((t) => t.tag === 0x80).map((t) => t.value[0]!) : [],
      };
    });
  },

  /** GET DATA of one object (Part 2 §3.1.2): the object's value (inside tag 53, or 7E for discovery). */
  getData(objectTag: number): PivCommand<Buffer> {
    return ok({ ins: INS.GET_DATA, p1: 0x3f, p2: 0xff, data: tlv(0x5c, objectTagBytes(objectTag)), le: 0 }, `GET DATA ${objectTag.toString(16).toUpperCase()}`, (data) =>
      requireTlv(data, objectTag === OBJECT.DISCOVERY ? 0x7e : 0x53, 'GET DATA answer'),
    );
  },

  /** The DER certificate of a slot, or null when the slot has none (6A82 is an answer here). */
  getCertificate(slot: Slot): PivCommand<Buffer | null> {
    const objectTag = certificateObject(slot);
    return {
      apdu: { ins: INS.GET_DATA, p1: 0x3f, p2: 0xff, data: tlv(0x5c, objectTagBytes(objectTag)), le: 0 },
      operation: `GET DATA ${objectTag.toString(16).toUpperCase()}`,
      expect: ['9000', '6A82'],
      parse: (response) => {
        if (response.sw !== SW.OK) return null;
        const value = requireTlv(response.data, 0x53, 'GET DATA answer');
        const certificate = findTlv(value, 0x70);
        if (!certificate || certificate.length === 0) return null;
        if (findTlv(value, 0x71)?.[0]) throw new PivError('NOT_SUPPORTED', 'compressed certificates are not supported');
        return certificate;
      },
    };
  },

  /** The YubiKey serial (GET SERIAL, a Yubico extension), or null on a card that lacks it. */
  getSerial(): PivCommand<number | null> {
    return {
      apdu: { ins: INS.GET_SERIAL, p1: 0, p2: 0, le: 0 },
      operation: 'GET SERIAL',
      expect: ['9000', '6D00', '6A81', '6E00', '6A80', '6A86', '6700'],
      parse: (response) => (response.sw === SW.OK && response.data.length === 4 ? response.data.readUInt32BE(0) : null),
    };
  },

  /** VERIFY the PIN (Part 2 §3.2.1). Fails WRONG_PIN (with `triesLeft`) or BLOCKED. */
  verifyPin(pin: string): PivCommand<void> {
    return ok({ ins: INS.VERIFY, p1: 0x00, p2: KEY_REF.PIN, data: padPin(pin) }, 'VERIFY PIN', nothing);
  },

  /** PIN tries left (VERIFY without data); 0 when blocked; null when already verified in this session. */
  getPinRetries(): PivCommand<number | null> {
    return {
      apdu: { ins: INS.VERIFY, p1: 0x00, p2: KEY_REF.PIN },
      operation: 'VERIFY (retries)',
      expect: ['9000', '63CX', '6983'],
      parse: (response) => (response.sw === SW.OK ? null : response.sw === SW.AUTH_METHOD_BLOCKED ? 0 : response.sw & 0x0f),
    };
  },

  /** CHANGE REFERENCE DATA for the PIN (Part 2 §3.2.2). */
  changePin(oldPin: string, newPin: string): PivCommand<void> {
    return ok({ ins: INS.CHANGE_REFERENCE_DATA, p1: 0x00, p2: KEY_REF.PIN, data: Buffer.concat([padPin(oldPin), padPin(newPin)]) }, 'CHANGE PIN', nothing);
  },

  /** CHANGE REFERENCE DATA for the PUK. */
  changePuk(oldPuk: string, newPuk: string): PivCommand<void> {
    return ok({ ins: INS.CHANGE_REFERENCE_DATA, p1: 0x00, p2: KEY_REF.PUK, data: Buffer.concat([padPin(oldPuk), padPin(newPuk)]) }, 'CHANGE PUK', nothing);
  },

  /** RESET RETRY COUNTER: unblocks the PIN with the PUK and sets a new PIN (Part 2 §3.2.3). */
  unblockPin(puk: string, newPin: string): PivCommand<void> {
    return ok({ ins: INS.RESET_RETRY_COUNTER, p1: 0x00, p2: KEY_REF.PIN, data: Buffer.concat([padPin(puk), padPin(newPin)]) }, 'RESET RETRY COUNTER', nothing);
  },

  /**
   * GENERATE ASYMMETRIC KEY PAIR in a slot (Part 2 §3.3.2); the private key stays on the card.
   * Needs management-key authentication first.
   */
  generateKey(slot: Slot, algorithm: number): PivCommand<GeneratedKey> {
    return ok(
      { ins: INS.GENERATE_ASYMMETRIC_KEY_PAIR, p1: 0x00, p2: slot, data: tlv(0xac, tlv(0x80, Buffer.from([algorithm]))), le: 0 },
      'GENERATE KEY',
      (data) => parseGeneratedKey(data, algorithm),
    );
  },

  /** PUT DATA of an object (Part 2 §3.3.1). Needs management-key authentication. */
  putData(objectTag: number, value: Buffer): PivCommand<void> {
    const data = objectTag === OBJECT.DISCOVERY ? tlv(0x7e, value) : Buffer.concat([tlv(0x5c, objectTagBytes(objectTag)), tlv(0x53, value)]);
    return ok({ ins: INS.PUT_DATA, p1: 0x3f, p2: 0xff, data }, `PUT DATA ${objectTag.toString(16).toUpperCase()}`, nothing);
  },

  /** Writes a DER certificate into a slot's certificate object (Part 1 Table 10: 70 cert, 71 info, FE LRC). */
  putCertificate(slot: Slot, der: Buffer): PivCommand<void> {
    return PivCommands.putData(certificateObject(slot), Buffer.concat([tlv(0x70, der), tlv(0x71, Buffer.from([0])), tlv(0xfe)]));
  },

  /**
   * SET MANAGEMENT KEY (Yubico PIV extension, INS FF; P2 FF, or FE to require touch): replaces the
   * card management key, so that each card gets its own. Needs management-key authentication.
   */
  setManagementKey(key: Buffer, algorithm: number = ALGORITHM.AES_192, options: { requireTouch?: boolean } = {}): PivCommand<void> {
    const length = MANAGEMENT_KEY_LENGTH[algorithm];
    if (length === undefined) throw new PivError('INVALID', `management key algorithm ${algorithm} is not one of AES-128/192/256 or 3DES`);
    if (key.length !== length) throw new PivError('INVALID', `management key is ${key.length} bytes, expected ${length}`);
    const data = Buffer.concat([Buffer.from([algorithm, KEY_REF.MANAGEMENT, key.length]), key]);
    return ok({ ins: INS.SET_MANAGEMENT_KEY, p1: 0xff, p2: options.requireTouch ? 0xfe : 0xff, data }, 'SET MANAGEMENT KEY', nothing);
  },

  /**
   * PIV RESET (Yubico PIV extension, INS FB): wipes every key and object and brings back the
   * factory PIN, PUK and management key. The card allows it only when PIN and PUK are both blocked
   * (6985 otherwise: {@link PivSession.blockPinAndPuk}).
   */
  reset(): PivCommand<void> {
    return ok({ ins: INS.RESET, p1: 0x00, p2: 0x00 }, 'PIV RESET', nothing);
  },

  /**
   * GENERAL AUTHENTICATE with a slot's private key (Part 2 §3.2.4): ECDSA over a digest (P-256/384,
   * DER signature back) or the raw RSA private operation over a 256-byte padded block. Needs the
   * PIN for every slot but 9E.
   */
  sign(slot: Slot, algorithm: number, input: Buffer): PivCommand<Buffer> {
    return ok({ ins: INS.GENERAL_AUTHENTICATE, p1: algorithm, p2: slot, data: tlv(0x7c, tlv(0x82), tlv(0x81, input)), le: 0 }, 'SIGN', (data) =>
      requireTlv(requireTlv(data, 0x7c, 'signature answer'), 0x82, 'signature answer'),
    );
  },
});

/** The results of a batch, in the order of its commands. */
export type PivResults<C extends readonly PivCommand<unknown>[]> = { -readonly [K in keyof C]: C[K] extends PivCommand<infer T> ? T : never };

/** The PIV card driver. */
export class PivSession {
  readonly #transport: ApduTransport;
  readonly #extended: boolean;

  constructor(transport: ApduTransport, options: PivSessionOptions = {}) {
    this.#transport = transport;
    this.#extended = options.extended ?? false;
  }

  /**
   * Runs commands in order, sending as many as possible in one {@link transmitBatch}: the batch ends
   * at the first answer a command does not expect. A 61xx or 6Cxx answer is completed on its own
   * (GET RESPONSE, resend) and the commands after it go in a new batch; any other unexpected answer
   * throws its {@link PivError} (the commands before it have run, the ones after it have not).
   */
  async batch<const C extends readonly PivCommand<unknown>[]>(commands: C): Promise<PivResults<C>> {
    const results: unknown[] = [];
    let next = 0;
    while (next < commands.length) {
      const wire: (BatchCommand & { index: number; last: boolean })[] = [];
      for (let index = next; index < commands.length; index += 1) {
        const command = commands[index]!;
        const blocks = chainApdu(command.apdu, this.#extended);
        blocks.forEach((apdu, b) => {
          const last = b === blocks.length - 1;
          wire.push({ apdu, expect: last ? command.expect : OK, index, last });
        });
      }
      const answers = await transmitBatch(this.#transport, wire.map(({ apdu, expect }) => ({ apdu, expect })));
      if (answers.length === 0) throw new PivError('CARD', 'the card gave no answer');
      let resumeAt = commands.length;
      for (let j = 0; j < answers.length; j += 1) {
        const { index, last } = wire[j]!;
        const command = commands[index]!;
        let response = parseResponse(answers[j]!);
        if (!last) {
          if (response.sw !== SW.OK) throw pivErrorFor(response.sw, command.operation);
          continue;
        }
        const chained = (response.sw & 0xff00) === SW.MORE_DATA || (response.sw & 0xff00) === SW.WRONG_LE;
        if (chained && !command.expect.some((pattern) => swMatches(response.sw, pattern))) {
          response = await completeResponse(this.#transport, command.apdu, response, this.#extended);
          resumeAt = index + 1;
        }
        if (!command.expect.some((pattern) => swMatches(response.sw, pattern))) throw pivErrorFor(response.sw, command.operation);
        results.push(command.parse(response));
        if (resumeAt === index + 1) break;
      }
      if (resumeAt === commands.length && answers.length < wire.length) throw new PivError('CARD', 'the card stopped answering in the middle of a batch');
      next = resumeAt;
    }
    return results as PivResults<C>;
  }

  async #one<T>(command: PivCommand<T>): Promise<T> {
    const [result] = await this.batch([command] as const);
    return result as T;
  }

  /** SELECT the PIV application (Part 2 §3.1.1) and parse its property template. */
  async select(): Promise<PivApplication> {
    return this.#one(PivCommands.select());
  }

  /** GET DATA of one object (Part 2 §3.1.2): the object's value (inside tag 53, or 7E for discovery). */
  async getData(objectTag: number): Promise<Buffer> {
    return this.#one(PivCommands.getData(objectTag));
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
    return this.#one(PivCommands.getCertificate(slot));
  }

  /** The YubiKey serial (GET SERIAL, a Yubico extension), or null on a card that lacks it. */
  async getSerial(): Promise<number | null> {
    return this.#one(PivCommands.getSerial());
  }

  /** VERIFY the PIN (Part 2 §3.2.1). @throws PivError WRONG_PIN (with `triesLeft`) or BLOCKED */
  async verifyPin(pin: string): Promise<void> {
    return this.#one(PivCommands.verifyPin(pin));
  }

  /** PIN tries left (VERIFY without data); 0 when blocked; null when already verified in this session. */
  async getPinRetries(): Promise<number | null> {
    return this.#one(PivCommands.getPinRetries());
  }

  /** CHANGE REFERENCE DATA for the PIN (Part 2 §3.2.2). */
  async changePin(oldPin: string, newPin: string): Promise<void> {
    return this.#one(PivCommands.changePin(oldPin, newPin));
  }

  /** CHANGE REFERENCE DATA for the PUK. */
  async changePuk(oldPuk: string, newPuk: string): Promise<void> {
    return this.#one(PivCommands.changePuk(oldPuk, newPuk));
  }

  /** RESET RETRY COUNTER: unblocks the PIN with the PUK and sets a new PIN (Part 2 §3.2.3). */
  async unblockPin(puk: string, newPin: string): Promise<void> {
    return this.#one(PivCommands.unblockPin(puk, newPin));
  }

  /**
   * Mutual authentication with the card management key (Part 2 Appendix A.1; GENERAL AUTHENTICATE
   * with key reference 9B): request a witness, decrypt it, send it back with a challenge, check the
   * card's encryption of the challenge. Two exchanges; `before` rides with the first and `after`
   * with the second (e.g. SELECT before, key generation after), so a whole issue needs few round
   * trips. The card refuses `after` commands that need the key when the key is wrong, and their
   * results are returned only once the card has proven it holds the key.
   * @throws PivError AUTH_FAILED when the key is wrong
   */
  async authenticate<const B extends readonly PivCommand<unknown>[] = [], const A extends readonly PivCommand<unknown>[] = []>(
    managementKey: Buffer,
    algorithm: number = ALGORITHM.AES_192,
    options: { before?: B; after?: A } = {},
  ): Promise<{ before: PivResults<B>; after: PivResults<A> }> {
    const { name, keyLength, block } = managementCipher(algorithm);
    if (managementKey.length !== keyLength) throw new PivError('INVALID', `management key is ${managementKey.length} bytes, expected ${keyLength}`);
    const witnessRequest = ok({ ins: INS.GENERAL_AUTHENTICATE, p1: algorithm, p2: KEY_REF.MANAGEMENT, data: tlv(0x7c, tlv(0x80)), le: 0 }, 'AUTHENTICATE (witness)', (data) => data);
    const first = await this.batch([...(options.before ?? []), witnessRequest]);
    const step1 = first[first.length - 1] as Buffer;
    const encryptedWitness = requireTlv(requireTlv(step1, 0x7c, 'witness answer'), 0x80, 'witness answer');
    if (encryptedWitness.length !== block) throw new PivError('INVALID', `witness is ${encryptedWitness.length} bytes, expected ${block}`);
    const witness = ecb(name, managementKey, encryptedWitness, false);
    const challenge = randomBytes(block);
    const expected = ecb(name, managementKey, challenge, true);
    const challengeCommand = ok(
      { ins: INS.GENERAL_AUTHENTICATE, p1: algorithm, p2: KEY_REF.MANAGEMENT, data: tlv(0x7c, tlv(0x80, witness), tlv(0x81, challenge)), le: 0 },
      'AUTHENTICATE (challenge)',
      (data) => data,
    );
    let second: unknown[];
    try {
      second = await this.batch([challengeCommand, ...(options.after ?? [])]);
    } catch (error) {
      if (error instanceof PivError && error.code === 'SECURITY' && error.message.startsWith('AUTHENTICATE (challenge)')) {
        throw new PivError('AUTH_FAILED', 'management key authentication failed', { cause: error });
      }
      throw error;
    }
    const answer = requireTlv(requireTlv(second[0] as Buffer, 0x7c, 'challenge answer'), 0x82, 'challenge answer');
    if (answer.length !== expected.length || !timingSafeEqual(answer, expected)) {
      throw new PivError('AUTH_FAILED', 'the card did not prove it holds the management key');
    }
    return { before: first.slice(0, -1) as PivResults<B>, after: second.slice(1) as PivResults<A> };
  }

  /**
   * GENERATE ASYMMETRIC KEY PAIR in a slot (Part 2 §3.3.2); the private key stays on the card.
   * Needs management-key authentication first.
   */
  async generateKey(slot: Slot, algorithm: number): Promise<GeneratedKey> {
    return this.#one(PivCommands.generateKey(slot, algorithm));
  }

  /** PUT DATA of an object (Part 2 §3.3.1). Needs management-key authentication. */
  async putData(objectTag: number, value: Buffer): Promise<void> {
    return this.#one(PivCommands.putData(objectTag, value));
  }

  /** Writes a DER certificate into a slot's certificate object (Part 1 Table 10: 70 cert, 71 info, FE LRC). */
  async putCertificate(slot: Slot, der: Buffer): Promise<void> {
    return this.#one(PivCommands.putCertificate(slot, der));
  }

  /** SET MANAGEMENT KEY (see {@link PivCommands.setManagementKey}). Needs management-key authentication. */
  async setManagementKey(key: Buffer, algorithm: number = ALGORITHM.AES_192, options: { requireTouch?: boolean } = {}): Promise<void> {
    return this.#one(PivCommands.setManagementKey(key, algorithm, options));
  }

  /**
   * Blocks the PIN and the PUK by presenting wrong values until the card says blocked (what
   * `ykman piv reset` does before RESET). Returns the number of wrong tries it took.
   */
  async blockPinAndPuk(): Promise<number> {
    let tries = 0;
    // 8 bytes no PIN or PUK of 6-8 digits can be: the card counts them as wrong without a chance of a match.
    const wrong = Buffer.alloc(8, 0x00);
    for (const [ins, data] of [
      [INS.VERIFY, wrong],
      [INS.RESET_RETRY_COUNTER, Buffer.concat([wrong, Buffer.from('00000000')])],
    ] as const) {
      for (let i = 0; i < 16; i += 1) {
        const [sw] = await this.batch([{ apdu: { ins, p1: 0x00, p2: KEY_REF.PIN, data }, operation: 'BLOCK', expect: ['63CX', '6983', '6A80'], parse: (r: ResponseApdu) => r.sw }] as const);
        tries += 1;
        if (sw === SW.AUTH_METHOD_BLOCKED || sw === SW.VERIFY_FAIL) break;
        if (sw === SW.INCORRECT_DATA) throw new PivError('INVALID', 'the card refused the blocking value');
      }
    }
    return tries;
  }

  /**
   * PIV RESET (see {@link PivCommands.reset}): wipes keys and objects. With `block`, blocks the PIN
   * and the PUK first (the card allows a reset only then).
   */
  async reset(options: { block?: boolean } = {}): Promise<void> {
    if (options.block) await this.blockPinAndPuk();
    await this.#one(PivCommands.reset());
  }

  /** GENERAL AUTHENTICATE with a slot's private key (see {@link PivCommands.sign}). */
  async sign(slot: Slot, algorithm: number, input: Buffer): Promise<Buffer> {
    return this.#one(PivCommands.sign(slot, algorithm, input));
  }
}
