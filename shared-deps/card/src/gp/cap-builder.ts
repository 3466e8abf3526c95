/**
 * Builds a minimal, well-formed CAP file (a ZIP of components with the right tags and sizes, code
 * components empty) for tests and demos: the catalogue, the virtual card and the e2e tests load
 * it without any downloaded binary. Not a JavaCard converter: the applets do nothing.
 */
import { zipSync } from 'fflate';

/** What goes into the CAP file. */
export interface CapBuildOptions {
  packageAid: string;
  appletAids: string[];
  /** `major.minor`, default 1.0. */
  version?: string;
  packageName?: string;
  /** Extra bytes in the Method component, to make the load file longer (several LOAD blocks). */
  methodBytes?: number;
}

function comp(tag: number, body: Uint8Array): Uint8Array {
  const out = Buffer.alloc(3 + body.length);
  out[0] = tag;
  out.writeUInt16BE(body.length, 1);
  Buffer.from(body).copy(out, 3);
  return out;
}

/** A CAP file's bytes. */
export function buildCapFile(options: CapBuildOptions): Buffer {
  const [major, minor] = (options.version ?? '1.0').split('.').map((n) => Number(n));
  const pkg = Buffer.from(options.packageAid, 'hex');
  const name = Buffer.from(options.packageName ?? 'com/example/applet', 'latin1');
  const header = Buffer.concat([Buffer.from([0xde, 0xca, 0xff, 0xed, 0x02, 0x02, 0x04, minor ?? 0, major ?? 1, pkg.length]), pkg, Buffer.from([name.length]), name]);
  const applets = Buffer.concat([
    Buffer.from([options.appletAids.length]),
    ...options.appletAids.map((a) => {
      const aid = Buffer.from(a, 'hex');
      return Buffer.concat([Buffer.from([aid.length]), aid, Buffer.from([0x00, 0x10])]);
    }),
  ]);
  const dir = 'com/example/applet/javacard';
  const files: Record<string, Uint8Array> = {
    'META-INF/MANIFEST.MF': Buffer.from('Manifest-Version: 1.0\n'),
    [`${dir}/Header.cap`]: comp(1, header),
    [`${dir}/Directory.cap`]: comp(2, Buffer.alloc(22)),
    [`${dir}/Import.cap`]: comp(4, Buffer.from([0x00])),
    [`${dir}/Class.cap`]: comp(6, Buffer.alloc(0)),
    [`${dir}/Method.cap`]: comp(7, Buffer.alloc(1 + (options.methodBytes ?? 0), 0x00)),
    [`${dir}/ConstantPool.cap`]: comp(5, Buffer.from([0x00, 0x00])),
    [`${dir}/RefLocation.cap`]: comp(9, Buffer.from([0x00, 0x00, 0x00, 0x00])),
  };
  if (options.appletAids.length > 0) files[`${dir}/Applet.cap`] = comp(3, applets);
  return Buffer.from(zipSync(files));
}
