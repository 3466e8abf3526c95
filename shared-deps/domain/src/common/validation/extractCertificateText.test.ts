import { extractCertificateText } from './extractCertificateText';

// A DER SEQUENCE with a two-byte length, as every certificate and CSR starts.
const DER = Uint8Array.from([0x30, 0x82, 0x00, 0x03, 0x02, 0x01, 0x05]);
const B64 = Buffer.from(DER).toString('base64');
const HEX = Buffer.from(DER).toString('hex');

describe('extractCertificateText', () => {
  it('should read every PEM block with its label', () => {
    const text = `junk\n-----BEGIN CERTIFICATE-----\n${B64}\n-----END CERTIFICATE-----\n-----BEGIN CERTIFICATE REQUEST-----\n${B64}\n-----END CERTIFICATE REQUEST-----\n`;
    const found = extractCertificateText(text);
    expect(found.map((c) => [c.format, c.label])).toEqual([
      ['pem', 'CERTIFICATE'],
      ['pem', 'CERTIFICATE REQUEST'],
    ]);
    expect(found[0]!.der).toEqual(DER);
  });
  it('should read hex starting with the certificate prefix 3082', () => {
    expect(extractCertificateText(` ${HEX.toUpperCase()}\n`)).toEqual([{ format: 'hex', label: null, der: DER }]);
  });
  it('should read base64 starting with the certificate prefix MII', () => {
    const der = new Uint8Array(300);
    der.set([0x30, 0x82, 0x01, 0x28]);
    const b64 = Buffer.from(der).toString('base64');
    expect(b64.startsWith('MII')).toBe(true);
    expect(extractCertificateText(b64.replace(/(.{64})/g, '$1\n'))).toEqual([{ format: 'base64', label: null, der }]);
  });
  it('should find nothing in text without a certificate', () => {
    expect(extractCertificateText('hello world')).toEqual([]);
    expect(extractCertificateText('abcdef')).toEqual([]);
    expect(extractCertificateText('3082zz')).toEqual([]);
    expect(extractCertificateText('-----BEGIN CERTIFICATE-----\n%%%\n-----END CERTIFICATE-----')).toEqual([]);
  });
});
