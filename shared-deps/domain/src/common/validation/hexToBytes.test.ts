import { bytesToHex, hexToBytes } from './hexToBytes';

describe('hexToBytes', () => {
  it('should decode hex of either case', () => {
    expect(hexToBytes('00ffAB10')).toEqual(Uint8Array.from([0, 255, 171, 16]));
    expect(hexToBytes('')).toEqual(new Uint8Array());
  });
  it("should reject an odd length with 'invalid hex string'", () => {
    expect(() => hexToBytes('abc')).toThrow('invalid hex string');
  });
  it('should reject a non-hex character', () => {
    expect(() => hexToBytes('zz')).toThrow(expect.objectContaining({ code: 'HEX_INVALID' }));
  });
  it('should round-trip through bytesToHex', () => {
    expect(bytesToHex(hexToBytes('0a1b2c'))).toBe('0a1b2c');
  });
});
