import { decodeBase64Url, encodeBase64Url } from './decodeBase64Url';

describe('decodeBase64Url', () => {
  it('should decode URL-safe base64 with or without padding', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xfe, 0x01]);
    expect(decodeBase64Url('-__-AQ')).toEqual(bytes);
    expect(decodeBase64Url('-__-AQ==')).toEqual(bytes);
    expect(decodeBase64Url('')).toEqual(new Uint8Array());
  });
  it("should reject '+' and '/' with 'Expected a URL-safe Base64-encoded string'", () => {
    expect(() => decodeBase64Url('+//+AQ')).toThrow('Expected a URL-safe Base64-encoded string');
    expect(() => decodeBase64Url('ab cd')).toThrow(expect.objectContaining({ code: 'BASE64URL_EXPECTED' }));
  });
  it("should reject an impossible length with 'invalid Base64 data'", () => {
    expect(() => decodeBase64Url('abcde')).toThrow('invalid Base64 data');
    expect(() => decodeBase64Url('abc==')).toThrow(expect.objectContaining({ code: 'BASE64_INVALID' }));
  });
  it('should round-trip through encodeBase64Url', () => {
    const bytes = Uint8Array.from({ length: 50 }, (_, i) => (i * 37) % 256);
    expect(decodeBase64Url(encodeBase64Url(bytes))).toEqual(bytes);
    expect(encodeBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  });
});
