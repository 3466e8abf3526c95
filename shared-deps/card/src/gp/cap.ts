/**
 * JavaCard CAP files (Java Card Virtual Machine Specification 3.0.5 chapter 6): a ZIP archive
 * whose `javacard/*.cap` entries are the components. `parseCap` reads the Header component
 * (package AID and version, §6.4), the Applet component (applet AIDs, §6.5) and builds the Load File
 * Data Block that LOAD sends (GP Card Spec §11.6.2.3: tag C4 and the components in the order of
 * JCVM §6.2, without Debug and Descriptor). Unzipping is fflate's.
 */
import { unzipSync } from 'fflate';
import { encodeLength } from '../tlv';

/** Component tags (JCVM §6.1, Table 6-1) and the order a card loads them in. */
const COMPONENT = Object.freeze({ Header: 1, Directory: 2, Applet: 3, Import: 4, ConstantPool: 5, Class: 6, Method: 7, StaticField: 8, RefLocation: 9, Export: 10, Descriptor: 11, Debug: 12 });
const LOAD_ORDER = ['Header', 'Directory', 'Import', 'Applet', 'Class', 'Method', 'StaticField', 'Export', 'ConstantPool', 'RefLocation'] as const;
const CAP_MAGIC = 0xdecaffed;

/** What a CAP file holds, as the catalogue keeps it. */
export interface CapFile {
  /** Package AID, upper-case hex. */
  packageAid: string;
  /** Package version `major.minor`. */
  version: string;
  /** CAP format version `major.minor`. */
  capVersion: string;
  /** Package name (from the Header component, CAP 2.2 and later), when present. */
  packageName?: string;
  /** Applet (module) AIDs, upper-case hex, in the order of the Applet component. */
  appletAids: string[];
  /** Load File Data Block (C4 ‖ length ‖ components) for LOAD. */
  loadFile: Buffer;
}

/** A CAP file that cannot be used, with the reason. */
export class CapError extends Error {
  readonly code = 'CAP' as const;
  constructor(message: string) {
    super(message);
    this.name = 'CapError';
  }
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();

function component(entries: Record<string, Uint8Array>, name: string): Buffer | undefined {
  const key = Object.keys(entries).find((k) => k === `${name}.cap` || k.endsWith(`/${name}.cap`));
  return key ? Buffer.from(entries[key]!) : undefined;
}

function checkComponent(bytes: Buffer, name: keyof typeof COMPONENT): void {
  if (bytes.length < 3 || bytes[0] !== COMPONENT[name]) throw new CapError(`${name}.cap: the component tag is not ${COMPONENT[name]}`);
  if (bytes.readUInt16BE(1) !== bytes.length - 3) throw new CapError(`${name}.cap: the size field says ${bytes.readUInt16BE(1)} bytes, the component has ${bytes.length - 3}`);
}

function readAid(bytes: Buffer, offset: number, what: string): { aid: Buffer; next: number } {
  const length = bytes[offset];
  if (length === undefined || length < 5 || length > 16 || offset + 1 + length > bytes.length) throw new CapError(`${what}: an AID is 5 to 16 bytes`);
  return { aid: bytes.subarray(offset + 1, offset + 1 + length), next: offset + 1 + length };
}

/** Parses and checks a CAP file. @throws CapError naming what is wrong */
export function parseCap(zip: Uint8Array): CapFile {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(Uint8Array.from(zip));
  } catch {
    throw new CapError('the file is not a ZIP archive (a CAP file is one)');
  }
  const header = component(entries, 'Header');
  if (!header) throw new CapError('Header.cap is missing');
  checkComponent(header, 'Header');
  if (header.length < 13 || header.readUInt32BE(3) !== CAP_MAGIC) throw new CapError('Header.cap: the magic number is not DECAFFED');
  const capVersion = `${header[8]}.${header[7]}`;
  // flags at 9; package_info: minor, major, AID.
  const version = `${header[11]}.${header[10]}`;
  const { aid: packageAid, next } = readAid(header, 12, 'Header.cap package AID');
  let packageName: string | undefined;
  if (next < header.length) {
    const length = header[next]!;
    if (length > 0 && next + 1 + length <= header.length) packageName = header.subarray(next + 1, next + 1 + length).toString('latin1');
  }

  const appletAids: string[] = [];
  const applet = component(entries, 'Applet');
  if (applet) {
    checkComponent(applet, 'Applet');
    const count = applet[3] ?? 0;
    let offset = 4;
    for (let i = 0; i < count; i += 1) {
      const { aid, next: after } = readAid(applet, offset, `Applet.cap applet ${i + 1}`);
      if (after + 2 > applet.length) throw new CapError(`Applet.cap applet ${i + 1}: the install method offset is missing`);
      appletAids.push(hex(aid));
      offset = after + 2;
    }
    if (count === 0) throw new CapError('Applet.cap lists no applet');
  }

  const parts: Buffer[] = [];
  for (const name of LOAD_ORDER) {
    const bytes = component(entries, name);
    if (!bytes) {
      if (name === 'Header' || name === 'Directory' || name === 'Import' || name === 'Class' || name === 'Method' || name === 'ConstantPool' || name === 'RefLocation') {
        throw new CapError(`${name}.cap is missing`);
      }
      continue;
    }
    checkComponent(bytes, name);
    parts.push(bytes);
  }
  const body = Buffer.concat(parts);
  const loadFile = Buffer.concat([Buffer.from([0xc4]), encodeLength(body.length), body]);
  return { packageAid: hex(packageAid), version, capVersion, ...(packageName ? { packageName } : {}), appletAids, loadFile };
}
