/**
 * A virtual PIV card (NIST SP 800-73-4 Part 2 card commands, subset) with real cryptography: keys are
 * generated inside with node:crypto and never leave the object (no method returns them). It answers
 * raw APDU bytes, so it sits behind the in-process `virtual` reader or behind vpcd in pcscd.
 *
 * Implemented: SELECT (full or partial AID) → application property template; GET DATA (CHUID, CCC,
 * discovery object, certificate objects, any object written); VERIFY, CHANGE REFERENCE DATA and
 * RESET RETRY COUNTER with retry counters; GENERAL AUTHENTICATE for the management key (AES or 3DES
 * mutual authentication) and for private-key operations (ECDSA P-256/P-384, raw RSA-2048);
 * GENERATE ASYMMETRIC KEY PAIR; PUT DATA; GET RESPONSE (response chaining); command chaining;
 * short and extended APDUs; the YubiKey GET SERIAL, GET VERSION, SET MANAGEMENT KEY (INS FF) and
 * PIV RESET (INS FB) extensions.
 */
import { createCipheriv, createDecipheriv, createHash, createPrivateKey, generateKeyPairSync, privateDecrypt, randomBytes, constants as cryptoConstants, timingSafeEqual, type KeyObject } from 'node:crypto';
import { p256, p384 } from '@noble/curves/nist';
import { PIV_PIN_LENGTH } from '@tessera/domain';
import { INS, SW, decodeApdu, type DecodedCommand } from '../apdu';
import { parseTlvs, tlv, findTlv } from '../tlv';
import { ALGORITHM, DEFAULT_MANAGEMENT_KEY, DEFAULT_PIN, DEFAULT_PUK, KEY_REF, OBJECT, PIV_AID, PIV_PIX, SLOT } from '../piv/constants';
import { DEFAULT_SCP03_KEY, ISD_AID } from '../gp/session';
import type { Scp03StaticKeys } from '../gp/scp03';
import { CardManagerStatus, VirtualCardManager } from './VirtualCardManager';

/** Options of a virtual card. */
export interface VirtualPivCardOptions {
  /** Card serial (what GET SERIAL answers; also seeds CHUID GUID). Default: random. */
  serial?: number;
  /** Initial PIN (6–8 characters). Default 123456. */
  pin?: string;
  /** Initial PUK (6–8 characters). Default 12345678. */
  puk?: string;
  /** Management key. Default 0102…08 ×3. */
  managementKey?: Buffer;
  /** Algorithm of the management key: AES-128/192/256 or 3DES. Default AES-192. */
  managementAlgorithm?: number;
  /** Retries before the PIN and PUK block. Default 3. */
  pinRetries?: number;
  pukRetries?: number;
  /** The card manager's SCP03 static keys (key version 30). Default: 40 41 … 4F for ENC, MAC and DEK. */
  gpKeys?: Scp03StaticKeys;
}

/** The persistent state of a virtual card (hex strings): see {@link VirtualPivCard.exportState}. */
export interface VirtualPivCardState {
  version: 1;
  serial: number;
  pin: string;
  puk: string;
  pinMax: number;
  pukMax: number;
  pinLeft: number;
  pukLeft: number;
  managementKey: string;
  managementAlgorithm: number;
  factory: { pin: string; puk: string; managementKey: string; managementAlgorithm: number };
  objects: [number, string][];
  keys: [number, { algorithm: number; rsaPkcs8?: string; ecScalar?: string }][];
}

interface CardKey {
  algorithm: number;
  /** Private key: RSA as a KeyObject; EC as the secret scalar for the prehash signer. */
  rsa?: KeyObject;
  ecScalar?: Uint8Array;
}

/** The longest response sent in one short APDU answer before 61xx chaining. */
const SHORT_MAX = 256;

/** The historical bytes of the ATR: "TesseraPIV01". */
const HISTORICAL = Buffer.from('TesseraPIV01', 'ascii');

/** The ATR: T=0 and T=1 offered, 12 historical bytes, TCK (ISO 7816-3 §8.2). */
function buildAtr(): Buffer {
  const body = Buffer.concat([Buffer.from([0x8c, 0x80, 0x01]), HISTORICAL]);
  let tck = 0;
  for (const byte of body) tck ^= byte;
  return Buffer.concat([Buffer.from([0x3b]), body, Buffer.from([tck])]);
}

/** The FASC-N of SP 800-73-4's sample (agency 9999, system 9999, credential 999999). */
const SAMPLE_FASCN = Buffer.from('d4e739da739ced39ce739d836858210842108421c84210c3eb', 'hex');

function padRef(value: string): Buffer {
  const b = Buffer.alloc(8, 0xff);
  b.write(value, 'ascii');
  return b;
}

function pinValid(ref: Buffer): boolean {
  // SP 800-73-4 Part 2 §3.2.1: 6–8 characters (domain's PIV_PIN_LENGTH), padded with FF to 8 bytes.
  const end = ref.indexOf(0xff);
  const length = end === -1 ? 8 : end;
  if (length < PIV_PIN_LENGTH.min) return false;
  for (let i = length; i < 8; i += 1) if (ref[i] !== 0xff) return false;
  return true;
}

function blockCipher(algorithm: number, key: Buffer): { name: string; block: number } {
  switch (algorithm) {
    case ALGORITHM.AES_128:
      return { name: 'aes-128-ecb', block: 16 };
    case ALGORITHM.AES_192:
      return { name: 'aes-192-ecb', block: 16 };
    case ALGORITHM.AES_256:
      return { name: 'aes-256-ecb', block: 16 };
    case ALGORITHM.TDES:
      return { name: 'des-ede3', block: 8 };
    default:
      throw new RangeError(`management key algorithm ${algorithm} is not supported (key of ${key.length} bytes)`);
  }
}

function ecb(algorithm: number, key: Buffer, data: Buffer, encrypt: boolean): Buffer {
  const { name } = blockCipher(algorithm, key);
  const cipher = encrypt ? createCipheriv(name, key, null) : createDecipheriv(name, key, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

class CardStatus extends Error {
  constructor(readonly sw: number) {
    super(`SW ${sw.toString(16)}`);
  }
}

/** A virtual PIV card. */
export class VirtualPivCard {
  /** Answer to reset. */
  readonly atr: Buffer = buildAtr();
  /** Serial number (GET SERIAL). */
  readonly serial: number;

  #pin: Buffer;
  #puk: Buffer;
  readonly #pinMax: number;
  readonly #pukMax: number;
  /** What {@link VirtualPivCard.reset} is not: the PIV RESET (INS FB) brings these back. */
  readonly #factory: { pin: Buffer; puk: Buffer; mgmKey: Buffer; mgmAlgorithm: number };
  #pinLeft: number;
  #pukLeft: number;
  #mgmKey: Buffer;
  #mgmAlgorithm: number;
  readonly #objects = new Map<number, Buffer>();
  readonly #keys = new Map<number, CardKey>();
  /** The GUID the card identifies itself with (CHUID, CCC); it survives a PIV reset. */
  readonly #guid: Buffer;

  /** The GlobalPlatform card manager (Issuer Security Domain) and the applets it installed. */
  readonly #cardManager: VirtualCardManager;

  // Volatile state, cleared on reset.
  /** What SELECT chose besides PIV: the ISD, or an installed applet (recorded, not run). */
  #gpSelected: 'isd' | 'applet' | null = null;
  #selected = false;
  #pinVerified = false;
  #mgmAuthenticated = false;
  #witness: Buffer | null = null;
  #pending: Buffer | null = null;
  #chain: { ins: number; p1: number; p2: number; data: Buffer[] } | null = null;

  constructor(options: VirtualPivCardOptions = {}) {
    this.serial = options.serial ?? randomBytes(4).readUInt32BE(0) % 100_000_000;
    this.#pin = padRef(options.pin ?? DEFAULT_PIN);
    this.#puk = padRef(options.puk ?? DEFAULT_PUK);
    this.#pinMax = options.pinRetries ?? 3;
    this.#pukMax = options.pukRetries ?? 3;
    this.#pinLeft = this.#pinMax;
    this.#pukLeft = this.#pukMax;
    this.#mgmKey = Buffer.from(options.managementKey ?? DEFAULT_MANAGEMENT_KEY);
    this.#mgmAlgorithm = options.managementAlgorithm ?? ALGORITHM.AES_192;
    blockCipher(this.#mgmAlgorithm, this.#mgmKey);
    this.#factory = { pin: Buffer.from(this.#pin), puk: Buffer.from(this.#puk), mgmKey: Buffer.from(this.#mgmKey), mgmAlgorithm: this.#mgmAlgorithm };
    this.#guid = createHash('sha256').update(`tessera-virtual-piv:${this.serial}`).digest().subarray(0, 16);
    this.#factoryObjects();
    const defaultKey = Buffer.from(DEFAULT_SCP03_KEY, 'hex');
    this.#cardManager = new VirtualCardManager(options.gpKeys ?? { enc: defaultKey, mac: defaultKey, dek: defaultKey }, { kdd: this.#guid.subarray(0, 10) });
  }

  /** The objects a card leaves the factory with: CHUID, CCC and the discovery object. */
  #factoryObjects(): void {
    const guid = this.#guid;
    // CHUID (SP 800-73-4 Part 1 Table 9): FASC-N, GUID, expiration date, (empty) issuer signature, LRC.
    this.#objects.set(OBJECT.CHUID, Buffer.concat([tlv(0x30, SAMPLE_FASCN), tlv(0x34, guid), tlv(0x35, Buffer.from('20351231')), tlv(0x3e), tlv(0xfe)]));
    // CCC (SP 800-73-4 Part 1 Table 8): card identifier (GSC-RID A0 00 00 01 16, manufacturer FF, type 02, 14-byte id).
    const cardId = Buffer.concat([Buffer.from('a000000116ff02', 'hex'), guid.subarray(0, 14)]);
    this.#objects.set(
      OBJECT.CCC,
      Buffer.concat([
        tlv(0xf0, cardId), tlv(0xf1, Buffer.from([0x21])), tlv(0xf2, Buffer.from([0x21])), tlv(0xf3), tlv(0xf4, Buffer.from([0x00])),
        tlv(0xf5, Buffer.from([0x10])), tlv(0xf6), tlv(0xf7), tlv(0xfa), tlv(0xfb), tlv(0xfc), tlv(0xfd), tlv(0xfe),
      ]),
    );
    // Discovery object (Part 1 §3.3.2): PIV AID and PIN usage policy 40 00 (application PIN only).
    this.#objects.set(OBJECT.DISCOVERY, Buffer.concat([tlv(0x4f, PIV_AID), tlv(0x5f2f, Buffer.from([0x40, 0x00]))]));
  }

  /** Power-up or warm reset: clears the selection, verified PIN, authentication and pending data. */
  reset(): void {
    this.#gpSelected = null;
    this.#cardManager.close();
    this.#selected = false;
    this.#pinVerified = false;
    this.#mgmAuthenticated = false;
    this.#witness = null;
    this.#pending = null;
    this.#chain = null;
  }

  /** Processes one command APDU and returns the response APDU (data + SW). Never throws. */
  process(bytes: Uint8Array): Buffer {
    let command: DecodedCommand;
    try {
      command = decodeApdu(bytes);
    } catch {
      return sw(SW.WRONG_LENGTH);
    }
    try {
      if (command.ins !== INS.GET_RESPONSE) this.#pending = null;
      // GlobalPlatform commands (CLA 80, 84 with secure messaging) go to the card manager when the ISD is selected.
      if ((command.cla & 0xf0) === 0x80 && command.ins !== INS.GET_RESPONSE) {
        if (this.#gpSelected !== 'isd') return sw(SW.CLA_NOT_SUPPORTED);
        return this.#respond(this.#cardManager.command(command), command);
      }
      if ((command.cla & 0xf0) !== 0x80 && (command.cla & 0xef) !== 0x00) return sw(SW.CLA_NOT_SUPPORTED);
      // Command chaining (ISO 7816-4 §5.1.1.1): gather blocks with CLA bit 0x10 until the last one.
      if (command.cla & 0x10) {
        if (this.#chain && (this.#chain.ins !== command.ins || this.#chain.p1 !== command.p1 || this.#chain.p2 !== command.p2)) this.#chain = null;
        this.#chain ??= { ins: command.ins, p1: command.p1, p2: command.p2, data: [] };
        this.#chain.data.push(command.data);
        return sw(SW.OK);
      }
      if (this.#chain) {
        const chain = this.#chain;
        this.#chain = null;
        if (chain.ins === command.ins && chain.p1 === command.p1 && chain.p2 === command.p2) {
          command = { ...command, data: Buffer.concat([...chain.data, command.data]) };
        }
      }
      const data = this.#dispatch(command);
      return this.#respond(data, command);
    } catch (error) {
      if (error instanceof CardStatus || error instanceof CardManagerStatus) return sw(error.sw);
      return sw(SW.NO_PRECISE_DIAGNOSIS);
    }
  }

  #respond(data: Buffer, command: DecodedCommand): Buffer {
    const max = command.extended ? (command.le ?? 65536) : SHORT_MAX;
    if (data.length <= max) return Buffer.concat([data, sw(SW.OK)]);
    this.#pending = data.subarray(max);
    const left = this.#pending.length;
    return Buffer.concat([data.subarray(0, max), sw(SW.MORE_DATA | (left >= 256 ? 0 : left))]);
  }

  #dispatch(c: DecodedCommand): Buffer {
    switch (c.ins) {
      case INS.SELECT:
        return this.#select(c);
      case INS.GET_RESPONSE: {
        if (!this.#pending) throw new CardStatus(SW.CONDITIONS_NOT_SATISFIED);
        const pending = this.#pending;
        this.#pending = null;
        return pending;
      }
      case INS.GET_SERIAL:
        this.#requireSelected();
        return Buffer.from([(this.serial >>> 24) & 0xff, (this.serial >>> 16) & 0xff, (this.serial >>> 8) & 0xff, this.serial & 0xff]);
      case INS.GET_VERSION:
        this.#requireSelected();
        return Buffer.from([5, 4, 3]);
      case INS.GET_DATA:
        return this.#getData(c);
      case INS.VERIFY:
        return this.#verify(c);
      case INS.CHANGE_REFERENCE_DATA:
        return this.#changeReference(c);
      case INS.RESET_RETRY_COUNTER:
        return this.#resetRetryCounter(c);
      case INS.GENERAL_AUTHENTICATE:
        return this.#generalAuthenticate(c);
      case INS.GENERATE_ASYMMETRIC_KEY_PAIR:
        return this.#generate(c);
      case INS.PUT_DATA:
        return this.#putData(c);
      case INS.SET_MANAGEMENT_KEY:
        return this.#setManagementKey(c);
      case INS.RESET:
        return this.#pivReset(c);
      default:
        throw new CardStatus(SW.INS_NOT_SUPPORTED);
    }
  }

  #requireSelected(): void {
    if (!this.#selected) throw new CardStatus(SW.CONDITIONS_NOT_SATISFIED);
  }

  #select(c: DecodedCommand): Buffer {
    if (c.p1 !== 0x04) throw new CardStatus(SW.INCORRECT_P1P2);
    const aid = c.data.toString('hex').toUpperCase();
    this.#cardManager.close();
    this.#gpSelected = null;
    if (aid === ISD_AID) {
      this.#selected = false;
      this.#gpSelected = 'isd';
      return this.#cardManager.fci();
    }
    if (this.#cardManager.isInstalled(aid)) {
      this.#selected = false;
      this.#gpSelected = 'applet';
      return tlv(0x6f, tlv(0x84, c.data));
    }
    // Partial AID selection (ISO 7816-4 §5.3.1.1; OpenSC selects with the 5-byte RID + PIX prefix).
    if (c.data.length < 5 || c.data.length > PIV_AID.length || !PIV_AID.subarray(0, c.data.length).equals(c.data)) {
      this.#selected = false;
      throw new CardStatus(SW.FILE_NOT_FOUND);
    }
    this.#selected = true;
    this.#mgmAuthenticated = false;
    this.#witness = null;
    // Application property template (SP 800-73-4 Part 2 Table 3).
    const algorithms = [ALGORITHM.TDES, ALGORITHM.AES_128, ALGORITHM.AES_192, ALGORITHM.AES_256, ALGORITHM.RSA_2048, ALGORITHM.ECC_P256, ALGORITHM.ECC_P384];
    return tlv(
      0x61,
      tlv(0x4f, PIV_PIX),
      tlv(0x79, tlv(0x4f, PIV_AID.subarray(0, 5))),
      tlv(0x50, Buffer.from('Tessera virtual PIV', 'ascii')),
      tlv(0xac, ...algorithms.map((a) => tlv(0x80, Buffer.from([a]))), tlv(0x06, Buffer.from([0x00]))),
    );
  }

  #getData(c: DecodedCommand): Buffer {
    this.#requireSelected();
    if (c.p1 !== 0x3f || c.p2 !== 0xff) throw new CardStatus(SW.INCORRECT_P1P2);
    const tagBytes = findTlv(c.data, 0x5c);
    if (!tagBytes || tagBytes.length < 1 || tagBytes.length > 3) throw new CardStatus(SW.INCORRECT_DATA);
    const tag = tagBytes.readUIntBE(0, tagBytes.length);
    const value = this.#objects.get(tag);
    if (!value) throw new CardStatus(SW.FILE_NOT_FOUND);
    // The discovery object is returned under its own tag 7E; every other object inside 53.
    return tlv(tag === OBJECT.DISCOVERY ? 0x7e : 0x53, value);
  }

  #verify(c: DecodedCommand): Buffer {
    this.#requireSelected();
    if (c.p2 !== KEY_REF.PIN) throw new CardStatus(SW.REFERENCE_DATA_NOT_FOUND);
    if (c.p1 === 0xff) {
      // Part 2 §3.2.1: P1 = FF resets the security status of the PIN.
      this.#pinVerified = false;
      return Buffer.alloc(0);
    }
    if (c.p1 !== 0x00) throw new CardStatus(SW.INCORRECT_P1P2);
    if (c.data.length === 0) {
      if (this.#pinVerified) return Buffer.alloc(0);
      throw new CardStatus(this.#pinLeft === 0 ? SW.AUTH_METHOD_BLOCKED : SW.VERIFY_FAIL | this.#pinLeft);
    }
    if (c.data.length !== 8) throw new CardStatus(SW.INCORRECT_DATA);
    this.#checkPin(c.data);
    this.#pinVerified = true;
    return Buffer.alloc(0);
  }

  /** Compares with the PIN, counting a failure (63Cx) or blocking (6983). */
  #checkPin(candidate: Buffer): void {
    if (this.#pinLeft === 0) throw new CardStatus(SW.AUTH_METHOD_BLOCKED);
    if (!timingSafeEqual(candidate, this.#pin)) {
      this.#pinVerified = false;
      this.#pinLeft -= 1;
      throw new CardStatus(SW.VERIFY_FAIL | this.#pinLeft);
    }
    this.#pinLeft = this.#pinMax;
  }

  #checkPuk(candidate: Buffer): void {
    if (this.#pukLeft === 0) throw new CardStatus(SW.AUTH_METHOD_BLOCKED);
    if (!timingSafeEqual(candidate, this.#puk)) {
      this.#pukLeft -= 1;
      throw new CardStatus(SW.VERIFY_FAIL | this.#pukLeft);
    }
    this.#pukLeft = this.#pukMax;
  }

  #changeReference(c: DecodedCommand): Buffer {
    this.#requireSelected();
    if (c.p1 !== 0x00) throw new CardStatus(SW.INCORRECT_P1P2);
    if (c.data.length !== 16) throw new CardStatus(SW.INCORRECT_DATA);
    const current = c.data.subarray(0, 8);
    const next = Buffer.from(c.data.subarray(8));
    if (c.p2 === KEY_REF.PIN) {
      this.#checkPin(current);
      if (!pinValid(next)) throw new CardStatus(SW.INCORRECT_DATA);
      this.#pin = next;
      this.#pinVerified = true;
      return Buffer.alloc(0);
    }
    if (c.p2 === KEY_REF.PUK) {
      this.#checkPuk(current);
      if (!pinValid(next)) throw new CardStatus(SW.INCORRECT_DATA);
      this.#puk = next;
      return Buffer.alloc(0);
    }
    throw new CardStatus(SW.REFERENCE_DATA_NOT_FOUND);
  }

  #resetRetryCounter(c: DecodedCommand): Buffer {
    this.#requireSelected();
    if (c.p1 !== 0x00 || c.p2 !== KEY_REF.PIN) throw new CardStatus(SW.INCORRECT_P1P2);
    if (c.data.length !== 16) throw new CardStatus(SW.INCORRECT_DATA);
    this.#checkPuk(c.data.subarray(0, 8));
    const next = Buffer.from(c.data.subarray(8));
    if (!pinValid(next)) throw new CardStatus(SW.INCORRECT_DATA);
    this.#pin = next;
    this.#pinLeft = this.#pinMax;
    this.#pinVerified = false;
    return Buffer.alloc(0);
  }

  #generalAuthenticate(c: DecodedCommand): Buffer {
    this.#requireSelected();
    const template = findTlv(c.data, 0x7c);
    if (!template) throw new CardStatus(SW.INCORRECT_DATA);
    const parts = new Map(parseTlvs(template).map((t) => [t.tag, t.value]));
    if (c.p2 === KEY_REF.MANAGEMENT) return this.#managementAuth(c.p1, parts);
    return this.#privateKeyOperation(c.p1, c.p2, parts);
  }

  /** Mutual authentication with the management key (SP 800-73-4 Part 2 Appendix A.1, "witness" then "challenge"). */
  #managementAuth(algorithm: number, parts: Map<number, Buffer>): Buffer {
    if (algorithm !== this.#mgmAlgorithm) throw new CardStatus(SW.INCORRECT_P1P2);
    const { block } = blockCipher(this.#mgmAlgorithm, this.#mgmKey);
    const witness = parts.get(0x80);
    const challenge = parts.get(0x81);
    if (witness !== undefined && witness.length === 0 && challenge === undefined) {
      this.#mgmAuthenticated = false;
      this.#witness = randomBytes(block);
      return tlv(0x7c, tlv(0x80, ecb(this.#mgmAlgorithm, this.#mgmKey, this.#witness, true)));
    }
    if (witness && witness.length === block && challenge && challenge.length === block) {
      const expected = this.#witness;
      this.#witness = null;
      if (!expected || !timingSafeEqual(expected, witness)) throw new CardStatus(SW.SECURITY_CONDITION_NOT_SATISFIED);
      this.#mgmAuthenticated = true;
      return tlv(0x7c, tlv(0x82, ecb(this.#mgmAlgorithm, this.#mgmKey, challenge, true)));
    }
    this.#witness = null;
    throw new CardStatus(SW.INCORRECT_DATA);
  }

  #privateKeyOperation(algorithm: number, slot: number, parts: Map<number, Buffer>): Buffer {
    const key = this.#keys.get(slot);
    if (!key) throw new CardStatus(SW.FILE_NOT_FOUND);
    if (key.algorithm !== algorithm) throw new CardStatus(SW.INCORRECT_P1P2);
    // PIN policy: every slot but Card Authentication (9E) needs the PIN (Part 1 Table 4b); the digital signature slot needs it just before each use.
    if (slot !== SLOT.CARD_AUTH && !this.#pinVerified) throw new CardStatus(SW.SECURITY_CONDITION_NOT_SATISFIED);
    const challenge = parts.get(0x81);
    if (!challenge || !parts.has(0x82)) throw new CardStatus(SW.INCORRECT_DATA);
    let result: Buffer;
    if (key.rsa) {
      if (challenge.length !== 256) throw new CardStatus(SW.INCORRECT_DATA);
      result = privateDecrypt({ key: key.rsa, padding: cryptoConstants.RSA_NO_PADDING }, challenge);
    } else {
      const curve = key.algorithm === ALGORITHM.ECC_P256 ? p256 : p384;
      const size = key.algorithm === ALGORITHM.ECC_P256 ? 32 : 48;
      if (challenge.length > size) throw new CardStatus(SW.INCORRECT_DATA);
      // The host sends the digest (left-padded to the field size by SP 800-73-4 Part 2 §3.2.4).
      const digest = Buffer.concat([Buffer.alloc(size - challenge.length), challenge]);
      result = Buffer.from(curve.sign(digest, key.ecScalar!, { prehash: false, lowS: false }).toDERRawBytes());
    }
    if (slot === SLOT.SIGNATURE) this.#pinVerified = false;
    return tlv(0x7c, tlv(0x82, result));
  }

  #generate(c: DecodedCommand): Buffer {
    this.#requireSelected();
    if (!this.#mgmAuthenticated) throw new CardStatus(SW.SECURITY_CONDITION_NOT_SATISFIED);
    if (![SLOT.AUTHENTICATION, SLOT.SIGNATURE, SLOT.KEY_MANAGEMENT, SLOT.CARD_AUTH].includes(c.p2 as never)) throw new CardStatus(SW.INCORRECT_P1P2);
    const control = findTlv(c.data, 0xac);
    const algorithm = control ? findTlv(control, 0x80)?.[0] : undefined;
    if (algorithm === ALGORITHM.RSA_2048) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
      const jwk = publicKey.export({ format: 'jwk' });
      this.#keys.set(c.p2, { algorithm, rsa: privateKey });
      return tlv(0x7f49, tlv(0x81, Buffer.from(jwk.n!, 'base64url')), tlv(0x82, Buffer.from(jwk.e!, 'base64url')));
    }
    if (algorithm === ALGORITHM.ECC_P256 || algorithm === ALGORITHM.ECC_P384) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: algorithm === ALGORITHM.ECC_P256 ? 'P-256' : 'P-384' });
      const scalar = Buffer.from(privateKey.export({ format: 'jwk' }).d!, 'base64url');
      const point = publicKey.export({ format: 'der', type: 'spki' });
      // The uncompressed point is the last 65 (P-256) or 97 (P-384) bytes of the SPKI.
      const pointLength = algorithm === ALGORITHM.ECC_P256 ? 65 : 97;
      this.#keys.set(c.p2, { algorithm, ecScalar: new Uint8Array(scalar) });
      scalar.fill(0);
      return tlv(0x7f49, tlv(0x86, point.subarray(point.length - pointLength)));
    }
    throw new CardStatus(SW.INCORRECT_DATA);
  }

  /**
   * SET MANAGEMENT KEY (Yubico PIV extension, INS FF, P1 FF, P2 FF or FE for touch): data is the
   * algorithm, 9B, the key length and the key. Needs management-key authentication.
   */
  #setManagementKey(c: DecodedCommand): Buffer {
    this.#requireSelected();
    if (!this.#mgmAuthenticated) throw new CardStatus(SW.SECURITY_CONDITION_NOT_SATISFIED);
    if (c.p1 !== 0xff || (c.p2 !== 0xff && c.p2 !== 0xfe)) throw new CardStatus(SW.INCORRECT_P1P2);
    const [algorithm, reference, length] = [c.data[0], c.data[1], c.data[2]];
    if (algorithm === undefined || reference !== KEY_REF.MANAGEMENT || length === undefined || c.data.length !== 3 + length) throw new CardStatus(SW.INCORRECT_DATA);
    const key = Buffer.from(c.data.subarray(3));
    let expected: number;
    try {
      expected = { [ALGORITHM.TDES]: 24, [ALGORITHM.AES_128]: 16, [ALGORITHM.AES_192]: 24, [ALGORITHM.AES_256]: 32 }[algorithm] ?? -1;
      blockCipher(algorithm, key);
    } catch {
      throw new CardStatus(SW.INCORRECT_DATA);
    }
    if (key.length !== expected) throw new CardStatus(SW.INCORRECT_DATA);
    this.#mgmKey = key;
    this.#mgmAlgorithm = algorithm;
    return Buffer.alloc(0);
  }

  /**
   * PIV RESET (Yubico PIV extension, INS FB): only when both the PIN and the PUK are blocked (else
   * 6985); wipes every key and object, and brings back the factory PIN, PUK, management key and
   * objects (CHUID, CCC, discovery).
   */
  #pivReset(c: DecodedCommand): Buffer {
    this.#requireSelected();
    if (c.p1 !== 0x00 || c.p2 !== 0x00) throw new CardStatus(SW.INCORRECT_P1P2);
    if (this.#pinLeft !== 0 || this.#pukLeft !== 0) throw new CardStatus(SW.CONDITIONS_NOT_SATISFIED);
    this.#keys.clear();
    this.#objects.clear();
    this.#factoryObjects();
    this.#pin = Buffer.from(this.#factory.pin);
    this.#puk = Buffer.from(this.#factory.puk);
    this.#mgmKey = Buffer.from(this.#factory.mgmKey);
    this.#mgmAlgorithm = this.#factory.mgmAlgorithm;
    this.#pinLeft = this.#pinMax;
    this.#pukLeft = this.#pukMax;
    this.#pinVerified = false;
    this.#mgmAuthenticated = false;
    return Buffer.alloc(0);
  }

  #putData(c: DecodedCommand): Buffer {
    this.#requireSelected();
    if (!this.#mgmAuthenticated) throw new CardStatus(SW.SECURITY_CONDITION_NOT_SATISFIED);
    if (c.p1 !== 0x3f || c.p2 !== 0xff) throw new CardStatus(SW.INCORRECT_P1P2);
    const elements = parseTlvs(c.data);
    const discovery = elements.find((e) => e.tag === 0x7e);
    if (discovery) {
      this.#objects.set(OBJECT.DISCOVERY, Buffer.from(discovery.value));
      return Buffer.alloc(0);
    }
    const tagBytes = elements.find((e) => e.tag === 0x5c)?.value;
    const value = elements.find((e) => e.tag === 0x53)?.value;
    if (!tagBytes || tagBytes.length !== 3 || value === undefined) throw new CardStatus(SW.INCORRECT_DATA);
    const tag = tagBytes.readUIntBE(0, 3);
    if ((tag & 0xffff00) !== 0x5fc100) throw new CardStatus(SW.INCORRECT_DATA);
    if (value.length === 0) this.#objects.delete(tag);
    else this.#objects.set(tag, Buffer.from(value));
    return Buffer.alloc(0);
  }

  /**
   * The card's persistent state (PIN, PUK, counters, management key, objects and private keys), for the agent's
   * encrypted store of virtual smart cards only (issue 15 IssueVSC): whoever holds it holds the card. Volatile
   * state (selection, verified PIN, authentication) is not part of it.
   */
  exportState(): VirtualPivCardState {
    const ref = (b: Buffer) => b.toString('hex');
    return {
      version: 1,
      serial: this.serial,
      pin: ref(this.#pin),
      puk: ref(this.#puk),
      pinMax: this.#pinMax,
      pukMax: this.#pukMax,
      pinLeft: this.#pinLeft,
      pukLeft: this.#pukLeft,
      managementKey: ref(this.#mgmKey),
      managementAlgorithm: this.#mgmAlgorithm,
      factory: { pin: ref(this.#factory.pin), puk: ref(this.#factory.puk), managementKey: ref(this.#factory.mgmKey), managementAlgorithm: this.#factory.mgmAlgorithm },
      objects: [...this.#objects].map(([tag, value]) => [tag, value.toString('hex')]),
      keys: [...this.#keys].map(([slot, key]) => [
        slot,
        { algorithm: key.algorithm, ...(key.rsa ? { rsaPkcs8: key.rsa.export({ format: 'der', type: 'pkcs8' }).toString('hex') } : {}), ...(key.ecScalar ? { ecScalar: Buffer.from(key.ecScalar).toString('hex') } : {}) },
      ]),
    };
  }

  /** A card from {@link VirtualPivCard.exportState}'s state. @throws RangeError on a state of another version */
  static fromState(state: VirtualPivCardState): VirtualPivCard {
    if (state.version !== 1) throw new RangeError(`virtual card state version ${String(state.version)} is not supported`);
    const hex = (h: string) => Buffer.from(h, 'hex');
    const unpad = (h: string) => {
      const b = hex(h);
      const end = b.indexOf(0xff);
      return b.subarray(0, end === -1 ? b.length : end).toString('ascii');
    };
    const card = new VirtualPivCard({
      serial: state.serial,
      pin: unpad(state.factory.pin),
      puk: unpad(state.factory.puk),
      managementKey: hex(state.factory.managementKey),
      managementAlgorithm: state.factory.managementAlgorithm,
      pinRetries: state.pinMax,
      pukRetries: state.pukMax,
    });
    card.#pin = hex(state.pin);
    card.#puk = hex(state.puk);
    card.#pinLeft = state.pinLeft;
    card.#pukLeft = state.pukLeft;
    card.#mgmKey = hex(state.managementKey);
    card.#mgmAlgorithm = state.managementAlgorithm;
    blockCipher(card.#mgmAlgorithm, card.#mgmKey);
    card.#objects.clear();
    for (const [tag, value] of state.objects) card.#objects.set(tag, hex(value));
    for (const [slot, key] of state.keys) {
      card.#keys.set(slot, {
        algorithm: key.algorithm,
        ...(key.rsaPkcs8 ? { rsa: createPrivateKey({ key: hex(key.rsaPkcs8), format: 'der', type: 'pkcs8' }) } : {}),
        ...(key.ecScalar ? { ecScalar: new Uint8Array(hex(key.ecScalar)) } : {}),
      });
    }
    return card;
  }
}

function sw(value: number): Buffer {
  return Buffer.from([value >> 8, value & 0xff]);
}
