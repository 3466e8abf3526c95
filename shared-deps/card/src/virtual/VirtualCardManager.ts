/**
 * The card manager (Issuer Security Domain) of the virtual card, the GlobalPlatform subset the
 * applet upload needs (GP Card Spec v2.3 ch. 11, Amendment D): INITIALIZE UPDATE and EXTERNAL
 * AUTHENTICATE for SCP03 with its own static keys (i=70: pseudo-random card challenge), then in the
 * secure channel INSTALL [for load], LOAD, INSTALL [for install and make selectable], GET STATUS and
 * DELETE. Applets are recorded, never executed: a SELECT of an installed instance answers 9000.
 * Every command after EXTERNAL AUTHENTICATE must carry a good C-MAC (and be encrypted at level 03);
 * a bad one closes the channel with 6982.
 */
import { SW, type DecodedCommand } from '../apdu';
import { parseTlvs, tlv } from '../tlv';
import { GP_INS, ISD_AID } from '../gp/session';
import { SCP03_CONSTANT, Scp03Channel, cardCryptogram, deriveSessionKeys, hostCryptogram, scp03Kdf, type Scp03StaticKeys } from '../gp/scp03';

/** A status word answer of the card manager. */
export class CardManagerStatus extends Error {
  constructor(readonly sw: number) {
    super(`SW ${sw.toString(16)}`);
  }
}

interface LoadFile {
  version: string;
  modules: string[];
}

interface Application {
  packageAid: string;
  moduleAid: string;
  privileges: number;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();

/** Reads LV-coded fields of INSTALL data. */
function readLvs(data: Buffer, count: number): Buffer[] {
  const out: Buffer[] = [];
  let i = 0;
  for (let k = 0; k < count; k += 1) {
    const length = data[i];
    if (length === undefined || i + 1 + length > data.length) throw new CardManagerStatus(SW.INCORRECT_DATA);
    out.push(data.subarray(i + 1, i + 1 + length));
    i += 1 + length;
  }
  return out;
}

/** Package version and applet AIDs from a Load File Data Block (C4 ‖ components). */
function readLoadFile(block: Buffer): { packageAid: string; version: string; modules: string[] } {
  const [c4] = parseTlvs(block);
  if (!c4 || c4.tag !== 0xc4) throw new CardManagerStatus(SW.INCORRECT_DATA);
  const body = c4.value;
  let packageAid = '';
  let version = '';
  const modules: string[] = [];
  for (let i = 0; i + 3 <= body.length; ) {
    const tag = body[i]!;
    const size = body.readUInt16BE(i + 1);
    const c = body.subarray(i + 3, i + 3 + size);
    if (tag === 1 && c.length >= 10) {
      version = `${c[8]}.${c[7]}`;
      packageAid = hex(c.subarray(10, 10 + c[9]!));
    }
    if (tag === 3) {
      let o = 1;
      for (let n = 0; n < (c[0] ?? 0); n += 1) {
        const length = c[o]!;
        modules.push(hex(c.subarray(o + 1, o + 1 + length)));
        o += 1 + length + 2;
      }
    }
    i += 3 + size;
  }
  if (!packageAid) throw new CardManagerStatus(SW.INCORRECT_DATA);
  return { packageAid, version, modules };
}

/** The virtual card's Issuer Security Domain. */
export class VirtualCardManager {
  readonly #keys: Scp03StaticKeys;
  readonly #keyVersion: number;
  readonly #kdd: Buffer;
  #sequence = 0;
  readonly #loadFiles = new Map<string, LoadFile>();
  readonly #applications = new Map<string, Application>();

  // Volatile.
  #pendingHost: { hostChallenge: Buffer; cardChallenge: Buffer; keys: ReturnType<typeof deriveSessionKeys> } | null = null;
  #channel: Scp03Channel | null = null;
  #loading: { packageAid: string; next: number; blocks: Buffer[] } | null = null;

  constructor(keys: Scp03StaticKeys, options: { keyVersion?: number; kdd: Buffer }) {
    this.#keys = { enc: Buffer.from(keys.enc), mac: Buffer.from(keys.mac), dek: Buffer.from(keys.dek) };
    this.#keyVersion = options.keyVersion ?? 0x30;
    this.#kdd = Buffer.from(options.kdd);
  }

  /** Is this AID an installed application instance (SELECT answers it)? */
  isInstalled(aid: string): boolean {
    return this.#applications.has(aid.toUpperCase());
  }

  /** Ends the session (reset, or another application selected). */
  close(): void {
    this.#pendingHost = null;
    this.#channel = null;
    this.#loading = null;
  }

  /** FCI of the ISD (answer of SELECT). */
  fci(): Buffer {
    return tlv(0x6f, tlv(0x84, Buffer.from(ISD_AID, 'hex')), tlv(0xa5, tlv(0x9f6e, Buffer.from([0x01])), tlv(0x9f65, Buffer.from([0xff]))));
  }

  /** One command while the ISD is selected. */
  command(c: DecodedCommand): Buffer {
    switch (c.ins) {
      case GP_INS.INITIALIZE_UPDATE:
        return this.#initializeUpdate(c);
      case GP_INS.EXTERNAL_AUTHENTICATE:
        return this.#externalAuthenticate(c);
      case GP_INS.INSTALL:
      case GP_INS.LOAD:
      case GP_INS.GET_STATUS:
      case GP_INS.DELETE:
        return this.#secured(c);
      default:
        throw new CardManagerStatus(SW.INS_NOT_SUPPORTED);
    }
  }

  #initializeUpdate(c: DecodedCommand): Buffer {
    if ((c.cla & 0xf0) !== 0x80) throw new CardManagerStatus(SW.CLA_NOT_SUPPORTED);
    if (c.p1 !== 0 && c.p1 !== this.#keyVersion) throw new CardManagerStatus(SW.REFERENCE_DATA_NOT_FOUND);
    if (c.data.length !== 8) throw new CardManagerStatus(SW.WRONG_LENGTH);
    this.close();
    this.#sequence += 1;
    const sequence = Buffer.from([(this.#sequence >> 16) & 0xff, (this.#sequence >> 8) & 0xff, this.#sequence & 0xff]);
    const cardChallenge = scp03Kdf(this.#keys.enc, SCP03_CONSTANT.CARD_CHALLENGE, Buffer.concat([sequence, Buffer.from(ISD_AID, 'hex')]), 64);
    const keys = deriveSessionKeys(this.#keys, c.data, cardChallenge);
    this.#pendingHost = { hostChallenge: Buffer.from(c.data), cardChallenge, keys };
    return Buffer.concat([this.#kdd, Buffer.from([this.#keyVersion, 0x03, 0x70]), cardChallenge, cardCryptogram(keys.sMac, c.data, cardChallenge), sequence]);
  }

  #externalAuthenticate(c: DecodedCommand): Buffer {
    const pending = this.#pendingHost;
    this.#pendingHost = null;
    if (!pending || c.cla !== 0x84) throw new CardManagerStatus(SW.CONDITIONS_NOT_SATISFIED);
    if (c.p1 !== 0x01 && c.p1 !== 0x03) throw new CardManagerStatus(SW.INCORRECT_P1P2);
    const channel = new Scp03Channel(pending.keys, c.p1);
    let host: Buffer;
    try {
      host = channel.unwrap(Buffer.from([c.cla, c.ins, c.p1, c.p2]), c.data, true);
    } catch {
      throw new CardManagerStatus(SW.SECURITY_CONDITION_NOT_SATISFIED);
    }
    if (!host.equals(hostCryptogram(pending.keys.sMac, pending.hostChallenge, pending.cardChallenge))) throw new CardManagerStatus(SW.SECURITY_CONDITION_NOT_SATISFIED);
    this.#channel = channel;
    return Buffer.alloc(0);
  }

  #secured(c: DecodedCommand): Buffer {
    const channel = this.#channel;
    if (!channel || c.cla !== 0x84) throw new CardManagerStatus(SW.SECURITY_CONDITION_NOT_SATISFIED);
    let data: Buffer;
    try {
      data = channel.unwrap(Buffer.from([c.cla, c.ins, c.p1, c.p2]), c.data);
    } catch {
      this.close();
      throw new CardManagerStatus(SW.SECURITY_CONDITION_NOT_SATISFIED);
    }
    switch (c.ins) {
      case GP_INS.INSTALL:
        return this.#install(c, data);
      case GP_INS.LOAD:
        return this.#load(c, data);
      case GP_INS.GET_STATUS:
        return this.#getStatus(c, data);
      default:
        return this.#delete(c, data);
    }
  }

  #install(c: DecodedCommand, data: Buffer): Buffer {
    if (c.p1 === 0x02) {
      const [pkg, sd] = readLvs(data, 2);
      const packageAid = hex(pkg!);
      if (sd!.length > 0 && hex(sd!) !== ISD_AID) throw new CardManagerStatus(SW.FILE_NOT_FOUND);
      if (this.#loadFiles.has(packageAid)) throw new CardManagerStatus(SW.CONDITIONS_NOT_SATISFIED);
      this.#loading = { packageAid, next: 0, blocks: [] };
      return Buffer.from([0x00]);
    }
    if (c.p1 === 0x0c || c.p1 === 0x04) {
      const [pkg, mod, inst, priv] = readLvs(data, 4);
      const packageAid = hex(pkg!);
      const moduleAid = hex(mod!);
      const instanceAid = hex(inst!);
      const file = this.#loadFiles.get(packageAid);
      if (!file || !file.modules.includes(moduleAid)) throw new CardManagerStatus(SW.REFERENCE_DATA_NOT_FOUND);
      if (this.#applications.has(instanceAid) || instanceAid.length < 10) throw new CardManagerStatus(SW.CONDITIONS_NOT_SATISFIED);
      this.#applications.set(instanceAid, { packageAid, moduleAid, privileges: priv![0] ?? 0 });
      return Buffer.from([0x00]);
    }
    throw new CardManagerStatus(SW.INCORRECT_P1P2);
  }

  #load(c: DecodedCommand, data: Buffer): Buffer {
    const loading = this.#loading;
    if (!loading) throw new CardManagerStatus(SW.CONDITIONS_NOT_SATISFIED);
    if (c.p2 !== (loading.next & 0xff)) {
      this.#loading = null;
      throw new CardManagerStatus(SW.INCORRECT_P1P2);
    }
    loading.blocks.push(data);
    loading.next += 1;
    if (c.p1 !== 0x80) return Buffer.alloc(0);
    this.#loading = null;
    const file = readLoadFile(Buffer.concat(loading.blocks));
    if (file.packageAid !== loading.packageAid) throw new CardManagerStatus(SW.INCORRECT_DATA);
    this.#loadFiles.set(file.packageAid, { version: file.version, modules: file.modules });
    return Buffer.from([0x00]);
  }

  #getStatus(c: DecodedCommand, data: Buffer): Buffer {
    if (c.p2 !== 0x02 && c.p2 !== 0x03) throw new CardManagerStatus(SW.INCORRECT_P1P2);
    const filter = parseTlvs(data).find((t) => t.tag === 0x4f)?.value ?? Buffer.alloc(0);
    const match = (aid: string) => aid.startsWith(hex(filter));
    const entries: Buffer[] = [];
    const aid = (a: string) => tlv(0x4f, Buffer.from(a, 'hex'));
    if (c.p1 === 0x80) {
      if (match(ISD_AID)) entries.push(tlv(0xe3, aid(ISD_AID), tlv(0x9f70, Buffer.from([0x0f])), tlv(0xc5, Buffer.from([0x9e, 0xfe, 0x80]))));
    } else if (c.p1 === 0x40) {
      for (const [a, app] of this.#applications) if (match(a)) entries.push(tlv(0xe3, aid(a), tlv(0x9f70, Buffer.from([0x07])), tlv(0xc5, Buffer.from([app.privileges])), tlv(0xcc, Buffer.from(ISD_AID, 'hex'))));
    } else if (c.p1 === 0x20 || c.p1 === 0x10) {
      for (const [a, file] of this.#loadFiles) {
        if (!match(a)) continue;
        const [major, minor] = file.version.split('.').map(Number);
        const modules = c.p1 === 0x10 ? file.modules.map((m) => tlv(0x84, Buffer.from(m, 'hex'))) : [];
        entries.push(tlv(0xe3, aid(a), tlv(0x9f70, Buffer.from([0x01])), tlv(0xce, Buffer.from([major ?? 0, minor ?? 0])), tlv(0xcc, Buffer.from(ISD_AID, 'hex')), ...modules));
      }
    } else {
      throw new CardManagerStatus(SW.INCORRECT_P1P2);
    }
    if (entries.length === 0) throw new CardManagerStatus(SW.REFERENCE_DATA_NOT_FOUND);
    return Buffer.concat(entries);
  }

  #delete(c: DecodedCommand, data: Buffer): Buffer {
    const target = parseTlvs(data).find((t) => t.tag === 0x4f)?.value;
    if (!target) throw new CardManagerStatus(SW.INCORRECT_DATA);
    const aid = hex(target);
    if (this.#applications.delete(aid)) return Buffer.from([0x00]);
    const file = this.#loadFiles.get(aid);
    if (!file) throw new CardManagerStatus(SW.REFERENCE_DATA_NOT_FOUND);
    const dependents = [...this.#applications].filter(([, app]) => app.packageAid === aid);
    if (dependents.length > 0 && !(c.p2 & 0x80)) throw new CardManagerStatus(SW.CONDITIONS_NOT_SATISFIED);
    for (const [a] of dependents) this.#applications.delete(a);
    this.#loadFiles.delete(aid);
    return Buffer.from([0x00]);
  }
}
