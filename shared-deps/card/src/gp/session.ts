/**
 * `GpSession`: the GlobalPlatform card manager driver (GP Card Specification v2.3, chapter 11,
 * subset) over any {@link ApduTransport}: SELECT of the Issuer Security Domain, an SCP03 secure
 * channel (INITIALIZE UPDATE, EXTERNAL AUTHENTICATE; C-MAC, optionally C-DECRYPTION), INSTALL [for
 * load], LOAD in blocks, INSTALL [for install and make selectable], GET STATUS (applications and
 * load files, TLV format) and DELETE. Same code for a real card and the virtual one. Never logs keys.
 */
import { randomBytes } from 'node:crypto';
import { ApduError, INS, SW, transmitApdu, type ApduTransport, type CommandApdu } from '../apdu';
import { parseTlvs, tlv } from '../tlv';
import { Scp03Channel, SECURITY_LEVEL, cardCryptogram, deriveSessionKeys, hostCryptogram, type Scp03StaticKeys } from './scp03';

/** AID of the Issuer Security Domain (GP Card Spec v2.3 §H.1.3). */
export const ISD_AID = 'A000000151000000';

/** GlobalPlatform instruction bytes (GP Card Spec v2.3 §11.1.2). */
export const GP_INS = Object.freeze({
  DELETE: 0xe4,
  INSTALL: 0xe6,
  LOAD: 0xe8,
  GET_STATUS: 0xf2,
  INITIALIZE_UPDATE: 0x50,
  EXTERNAL_AUTHENTICATE: 0x82,
});

/** GET STATUS P1 (§11.4.2.1). */
export const STATUS_SCOPE = Object.freeze({ ISD: 0x80, APPLICATIONS: 0x40, LOAD_FILES: 0x20, LOAD_FILES_AND_MODULES: 0x10 });

/** The default SCP03 test key set (40 41 … 4F for ENC, MAC and DEK), the GP test cards' and the virtual card's. */
export const DEFAULT_SCP03_KEY = '404142434445464748494A4B4C4D4E4F';

/** One GET STATUS entry (tag E3, §11.4.3.2). */
export interface GpStatusEntry {
  aid: string;
  /** Life cycle state (tag 9F70, first byte): 07 INSTALLED/SELECTABLE, 01 LOADED, 0F PERSONALIZED, ... */
  lifeCycle: number;
  /** Privileges (tag C5), hex. */
  privileges?: string;
  /** Load file version (tag CE), `major.minor`. */
  version?: string;
  /** Executable module AIDs of a load file (tags 84). */
  modules?: string[];
}

/** A GlobalPlatform card operation failed. */
export class GpError extends Error {
  readonly code: 'AUTH_FAILED' | 'CARD' | 'NOT_FOUND' | 'NO_CHANNEL';
  readonly sw?: number;
  constructor(code: GpError['code'], message: string, sw?: number) {
    super(message);
    this.name = 'GpError';
    this.code = code;
    if (sw !== undefined) this.sw = sw;
  }
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();
const aidBytes = (aid: string) => Buffer.from(aid, 'hex');
const lv = (b: Uint8Array) => Buffer.concat([Buffer.from([b.length]), b]);

/** Plain data of a LOAD block with C-DECRYPTION stays under 255 bytes once padded and MACed. */
const LOAD_BLOCK = 224;

/** The GlobalPlatform card manager driver. */
export class GpSession {
  readonly #transport: ApduTransport;
  #channel: Scp03Channel | null = null;
  /**
   * The card's key diversification data (the first 10 bytes of INITIALIZE UPDATE's answer), hex, once a
   * channel was asked for: how the server tells cards apart and finds a card's keys.
   */
  kdd: string | null = null;

  constructor(transport: ApduTransport) {
    this.#transport = transport;
  }

  /** SELECT by AID (ISO 7816-4); returns the FCI. @throws GpError NOT_FOUND */
  async select(aid: string = ISD_AID): Promise<Buffer> {
    this.#channel = null;
    const response = await transmitApdu(this.#transport, { cla: 0x00, ins: INS.SELECT, p1: 0x04, p2: 0x00, data: aidBytes(aid), le: 0 });
    if (response.sw === SW.FILE_NOT_FOUND) throw new GpError('NOT_FOUND', `SELECT ${aid}: no such application on the card`, response.sw);
    if (response.sw !== SW.OK) throw new GpError('CARD', new ApduError(response.sw, `SELECT ${aid}`).message, response.sw);
    return response.data;
  }

  /**
   * Opens an SCP03 secure channel with the selected security domain: INITIALIZE UPDATE with a fresh
   * host challenge, checks the card cryptogram (a wrong key set fails here, before EXTERNAL
   * AUTHENTICATE could count against the card's retry counter), then EXTERNAL AUTHENTICATE. `keys`
   * may be a function of the card's KDD and key version, for a server that keeps keys per card.
   */
  async openSecureChannel(
    keys: Scp03StaticKeys | ((card: { kdd: string; keyVersion: number }) => Scp03StaticKeys | Promise<Scp03StaticKeys>),
    options: { keyVersion?: number; securityLevel?: number; hostChallenge?: Buffer } = {},
  ): Promise<void> {
    const hostChallenge = options.hostChallenge ?? randomBytes(8);
    const level = options.securityLevel ?? SECURITY_LEVEL.C_DECRYPTION_C_MAC;
    const init = await transmitApdu(this.#transport, { cla: 0x80, ins: GP_INS.INITIALIZE_UPDATE, p1: options.keyVersion ?? 0x00, p2: 0x00, data: hostChallenge, le: 0 });
    if (init.sw !== SW.OK) throw new GpError('CARD', new ApduError(init.sw, 'INITIALIZE UPDATE').message, init.sw);
    const r = init.data;
    if (r.length < 29 || r[11] !== 0x03) throw new GpError('CARD', `INITIALIZE UPDATE: the card does not answer for SCP03 (SCP ${r[11]?.toString(16) ?? '?'})`);
    const cardChallenge = r.subarray(13, 21);
    this.kdd = hex(r.subarray(0, 10));
    const staticKeys = typeof keys === 'function' ? await keys({ kdd: this.kdd, keyVersion: r[10]! }) : keys;
    const session = deriveSessionKeys(staticKeys, hostChallenge, cardChallenge);
    if (!cardCryptogram(session.sMac, hostChallenge, cardChallenge).equals(r.subarray(21, 29))) {
      throw new GpError('AUTH_FAILED', 'INITIALIZE UPDATE: the card cryptogram does not match (wrong card keys)');
    }
    const channel = new Scp03Channel(session, level);
    const command = channel.wrap(0x80, GP_INS.EXTERNAL_AUTHENTICATE, level, 0x00, hostCryptogram(session.sMac, hostChallenge, cardChallenge), true);
    const response = await this.#transport.transmit(command);
    const sw = response.readUInt16BE(response.length - 2);
    if (sw !== SW.OK) throw new GpError('AUTH_FAILED', new ApduError(sw, 'EXTERNAL AUTHENTICATE').message, sw);
    this.#channel = channel;
  }

  /** Sends a command in the secure channel; returns data and SW. */
  async #secure(ins: number, p1: number, p2: number, data: Uint8Array, le?: number): Promise<{ data: Buffer; sw: number }> {
    if (!this.#channel) throw new GpError('NO_CHANNEL', 'no secure channel: open one first');
    const wrapped = this.#channel.wrap(0x80, ins, p1, p2, data);
    const apdu: CommandApdu = { cla: wrapped[0]!, ins, p1, p2, data: wrapped.subarray(5), ...(le === undefined ? {} : { le }) };
    return transmitApdu(this.#transport, apdu);
  }

  async #secureOk(ins: number, p1: number, p2: number, data: Uint8Array, what: string, le?: number): Promise<Buffer> {
    const response = await this.#secure(ins, p1, p2, data, le);
    if (response.sw === SW.FILE_NOT_FOUND || response.sw === SW.REFERENCE_DATA_NOT_FOUND) throw new GpError('NOT_FOUND', `${what}: not found on the card`, response.sw);
    if (response.sw !== SW.OK) throw new GpError('CARD', new ApduError(response.sw, what).message, response.sw);
    return response.data;
  }

  /** INSTALL [for load] (§11.5.2.3.1): announces the load file and the security domain it goes to. */
  async installForLoad(packageAid: string, securityDomainAid: string = ISD_AID): Promise<void> {
    const data = Buffer.concat([lv(aidBytes(packageAid)), lv(aidBytes(securityDomainAid)), lv(Buffer.alloc(0)), lv(Buffer.alloc(0)), lv(Buffer.alloc(0))]);
    await this.#secureOk(GP_INS.INSTALL, 0x02, 0x00, data, `INSTALL [for load] ${packageAid}`, 0);
  }

  /** LOAD (§11.6): the Load File Data Block in numbered blocks, P1 80 on the last. Returns the block count. */
  async load(loadFile: Uint8Array, onBlock?: (sent: number, total: number) => void): Promise<number> {
    const total = Math.ceil(loadFile.length / LOAD_BLOCK);
    for (let i = 0; i < total; i += 1) {
      const block = loadFile.subarray(i * LOAD_BLOCK, (i + 1) * LOAD_BLOCK);
      await this.#secureOk(GP_INS.LOAD, i === total - 1 ? 0x80 : 0x00, i & 0xff, block, `LOAD block ${i}`, 0);
      onBlock?.(i + 1, total);
    }
    return total;
  }

  /** INSTALL [for install and make selectable] (§11.5.2.3.2) of one applet instance. */
  async installForInstall(packageAid: string, moduleAid: string, instanceAid: string = moduleAid, privileges = 0x00): Promise<void> {
    const params = tlv(0xc9);
    const data = Buffer.concat([lv(aidBytes(packageAid)), lv(aidBytes(moduleAid)), lv(aidBytes(instanceAid)), lv(Buffer.from([privileges])), lv(params), lv(Buffer.alloc(0))]);
    await this.#secureOk(GP_INS.INSTALL, 0x0c, 0x00, data, `INSTALL [for install] ${instanceAid}`, 0);
  }

  /** GET STATUS (§11.4) in the TLV format (P2 02), following 6310 "more data" with P2 03. */
  async getStatus(scope: number): Promise<GpStatusEntry[]> {
    const entries: GpStatusEntry[] = [];
    let p2 = 0x02;
    for (;;) {
      const response = await this.#secure(GP_INS.GET_STATUS, scope, p2, tlv(0x4f), 0);
      if (response.sw === SW.REFERENCE_DATA_NOT_FOUND) return entries;
      if (response.sw !== SW.OK && response.sw !== 0x6310) throw new GpError('CARD', new ApduError(response.sw, 'GET STATUS').message, response.sw);
      for (const e of parseTlvs(response.data)) {
        if (e.tag !== 0xe3) continue;
        const fields = parseTlvs(e.value);
        const aid = fields.find((f) => f.tag === 0x4f)?.value;
        if (!aid) continue;
        const entry: GpStatusEntry = { aid: hex(aid), lifeCycle: fields.find((f) => f.tag === 0x9f70)?.value[0] ?? 0 };
        const privileges = fields.find((f) => f.tag === 0xc5)?.value;
        if (privileges) entry.privileges = hex(privileges);
        const version = fields.find((f) => f.tag === 0xce)?.value;
        if (version && version.length >= 2) entry.version = `${version[0]}.${version[1]}`;
        const modules = fields.filter((f) => f.tag === 0x84).map((f) => hex(f.value));
        if (modules.length > 0) entry.modules = modules;
        entries.push(entry);
      }
      if (response.sw === SW.OK) return entries;
      p2 = 0x03;
    }
  }

  /** DELETE (§11.2) of an application or a load file; `related` also deletes a load file's applets. */
  async delete(aid: string, related = false): Promise<void> {
    await this.#secureOk(GP_INS.DELETE, 0x00, related ? 0x80 : 0x00, tlv(0x4f, aidBytes(aid)), `DELETE ${aid}`, 0);
  }
}
