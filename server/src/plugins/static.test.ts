/** The in-memory cache of content-hashed assets, and Accept-Encoding parsing. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { AssetCache, acceptedEncodings, readAsset } from './static';

describe('AssetCache', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-assets-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads an asset and its compressed siblings once, then answers from memory', () => {
    const file = path.join(dir, 'app.0123abcd.js');
    const source = Buffer.from('console.log("tessera");'.repeat(20));
    fs.writeFileSync(file, source);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source));
    const cache = new AssetCache();
    const first = cache.get(file);
    expect(first?.identity.equals(source)).toBe(true);
    expect(zlib.brotliDecompressSync(first!.encoded.br!).equals(source)).toBe(true);
    expect(zlib.gunzipSync(first!.encoded.gzip!).equals(source)).toBe(true);
    expect(cache.bytes).toBe(first!.size);
    // Gone from disk (a rebuild swapped the folder): still served, the bytes are immutable under the name.
    fs.rmSync(file);
    expect(cache.get(file)).toBe(first);
  });

  it('answers null for a missing file or a folder, and keeps nothing', () => {
    const cache = new AssetCache();
    expect(cache.get(path.join(dir, 'missing.js'))).toBeNull();
    expect(cache.get(dir)).toBeNull();
    expect(cache.bytes).toBe(0);
  });

  it('serves but does not keep an asset past its byte limit', () => {
    const file = path.join(dir, 'big.0123abcd.js');
    fs.writeFileSync(file, Buffer.alloc(2048, 0x61));
    const cache = new AssetCache(1024);
    expect(cache.get(file)?.identity.length).toBe(2048);
    expect(cache.bytes).toBe(0);
    fs.writeFileSync(file, Buffer.alloc(10, 0x62));
    expect(cache.get(file)?.identity.length).toBe(10);
  });
});

describe('readAsset', () => {
  it('reads a file that is not content-hashed afresh each time, with the siblings it has', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-assets-'));
    try {
      const file = path.join(dir, 'index.html');
      fs.writeFileSync(file, '<p>one</p>');
      expect(readAsset(file)?.identity.toString()).toBe('<p>one</p>');
      expect(readAsset(file)?.encoded).toEqual({});
      fs.writeFileSync(file, '<p>two</p>');
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync('<p>two</p>'));
      const again = readAsset(file);
      expect(again?.identity.toString()).toBe('<p>two</p>');
      expect(Object.keys(again?.encoded ?? {})).toEqual(['gzip']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('acceptedEncodings', () => {
  it('lists the accepted encodings and leaves out q=0', () => {
    expect([...acceptedEncodings('gzip, deflate, br;q=1.0')]).toEqual(['gzip', 'deflate', 'br']);
    expect(acceptedEncodings('br;q=0, gzip').has('br')).toBe(false);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});
