import { isBinaryContent } from './isBinaryContent';

const text = (s: string) => new TextEncoder().encode(s);

describe('isBinaryContent', () => {
  it('should treat text with line breaks as text', () => {
    expect(isBinaryContent(text('-----BEGIN CERTIFICATE-----\r\nMIIB\tAA\n'))).toBe(false);
    expect(isBinaryContent(new Uint8Array())).toBe(false);
  });
  it('should treat content with a null byte as binary', () => {
    expect(isBinaryContent(Uint8Array.from([65, 66, 0, 67]))).toBe(true);
  });
  it('should treat more than 10% control characters as binary', () => {
    const bytes = new Uint8Array(100).fill(65);
    bytes.fill(1, 0, 11);
    expect(isBinaryContent(bytes)).toBe(true);
  });
  it('should treat exactly 10% control characters as text', () => {
    const bytes = new Uint8Array(100).fill(65);
    bytes.fill(1, 0, 10);
    expect(isBinaryContent(bytes)).toBe(false);
  });
});
