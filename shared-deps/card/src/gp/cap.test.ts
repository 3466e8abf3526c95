/** CAP parsing on CAP files built in the test (a ZIP of minimal components). */
import { zipSync } from 'fflate';
import { buildCapFile } from './cap-builder';
import { CapError, parseCap } from './cap';

describe('parseCap', () => {
  it('reads the package AID, version, name and applet AIDs and builds the load file in load order', () => {
    const cap = parseCap(buildCapFile({ packageAid: 'a0000008880101', appletAids: ['A000000888010101', 'A000000888010102'], version: '2.7', packageName: 'org/example/hello' }));
    expect(cap).toMatchObject({ packageAid: 'A0000008880101', version: '2.7', capVersion: '2.2', packageName: 'org/example/hello', appletAids: ['A000000888010101', 'A000000888010102'] });
    expect(cap.loadFile[0]).toBe(0xc4);
    // Component tags in the order a card loads them: Header 1, Directory 2, Import 4, Applet 3, Class 6, Method 7, ConstantPool 5, RefLocation 9.
    const tags: number[] = [];
    const body = cap.loadFile.subarray(cap.loadFile[1]! & 0x80 ? 2 + (cap.loadFile[1]! & 0x7f) : 2);
    for (let i = 0; i < body.length; i += 3 + body.readUInt16BE(i + 1)) tags.push(body[i]!);
    expect(tags).toEqual([1, 2, 4, 3, 6, 7, 5, 9]);
  });

  it('a library package (no Applet component) has no applet AIDs', () => {
    expect(parseCap(buildCapFile({ packageAid: 'A0000008880102', appletAids: [] })).appletAids).toEqual([]);
  });

  it('says what is wrong with a bad file', () => {
    expect(() => parseCap(Buffer.from('not a zip'))).toThrow(CapError);
    expect(() => parseCap(Buffer.from('not a zip'))).toThrow('not a ZIP');
    expect(() => parseCap(zipSync({ 'x/javacard/Method.cap': new Uint8Array([7, 0, 0]) }))).toThrow('Header.cap is missing');
    const good = buildCapFile({ packageAid: 'A0000008880101', appletAids: ['A000000888010101'] });
    expect(() => parseCap(buildCapFile({ packageAid: 'A000', appletAids: ['A000000888010101'] }))).toThrow('package AID: an AID is 5 to 16 bytes');
    // Break the magic number of Header.cap.
    const { unzipSync } = jest.requireActual<typeof import('fflate')>('fflate');
    const files = unzipSync(good);
    const name = Object.keys(files).find((k) => k.endsWith('Header.cap'))!;
    const header = Buffer.from(files[name]!);
    header[3] = 0x00;
    expect(() => parseCap(zipSync({ ...files, [name]: header }))).toThrow('magic number');
    const name2 = Object.keys(files).find((k) => k.endsWith('Method.cap'))!;
    expect(() => parseCap(zipSync({ ...files, [name2]: new Uint8Array([7, 0, 5, 0]) }))).toThrow('Method.cap: the size field');
  });
});
