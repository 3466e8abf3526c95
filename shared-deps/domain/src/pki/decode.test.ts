import { MAX_FILE_SIZE_BYTES } from '../common/constants';
import { bytesToHex } from '../common/validation/hexToBytes';
import { bytesToBase64 } from '../common/encoding';
import { PKI_MESSAGES } from './messages';
import { PEM_LABELS, findDecodeBlocks, kindOfPemLabel, pemOf } from './decode';

const text = (s: string) => new TextEncoder().encode(s);
/** A DER SEQUENCE with a two-byte length (the standard certificate prefix `30 82`), holding null bytes as real DER does. */
const der = Uint8Array.from([0x30, 0x82, 0x00, 0x04, 0x02, 0x01, 0x00, 0x05, 0x00]);

describe('kindOfPemLabel', () => {
  it('should know the certificate, CSR and CRL labels of RFC 7468', () => {
    expect(kindOfPemLabel('CERTIFICATE')).toBe('certificate');
    expect(kindOfPemLabel('CERTIFICATE REQUEST')).toBe('csr');
    expect(kindOfPemLabel('NEW CERTIFICATE REQUEST')).toBe('csr');
    expect(kindOfPemLabel('X509 CRL')).toBe('crl');
    expect(kindOfPemLabel('CRL')).toBe('crl');
  });
  it('should give null for a private key label', () => {
    expect(kindOfPemLabel('PRIVATE KEY')).toBeNull();
  });
});

describe('findDecodeBlocks', () => {
  it('should find every PEM block of a certificate chain with its kind', () => {
    const input = `${pemOf('CERTIFICATE', der)}junk between\n${pemOf('X509 CRL', der)}`;
    const found = findDecodeBlocks(text(input));
    expect(found).toEqual({
      ok: true,
      blocks: [
        { kind: 'certificate', format: 'pem', label: 'CERTIFICATE', der },
        { kind: 'crl', format: 'pem', label: 'X509 CRL', der },
      ],
    });
  });

  it('should skip a private key block and never return it', () => {
    const input = `${pemOf('PRIVATE KEY', der)}${pemOf('CERTIFICATE REQUEST', der)}`;
    const found = findDecodeBlocks(text(input));
    expect(found.ok && found.blocks.map((b) => b.label)).toEqual(['CERTIFICATE REQUEST']);
  });

  it('should fail to decode a file holding only a private key', () => {
    expect(findDecodeBlocks(text(pemOf('PRIVATE KEY', der)))).toEqual({ ok: false, problem: 'NOTHING_FOUND', message: PKI_MESSAGES.DECODE_FAILED });
  });

  it('should read bare hex starting 3082 and bare base64 starting MII as objects of unknown kind', () => {
    const hex = findDecodeBlocks(text(bytesToHex(der).toUpperCase()));
    expect(hex).toEqual({ ok: true, blocks: [{ kind: null, format: 'hex', label: null, der }] });
    const longer = Uint8Array.from([0x30, 0x82, 0x00, 0x03, 0x02, 0x01, 0x05]);
    const b64 = findDecodeBlocks(text(`  ${bytesToBase64(longer)}\n`));
    expect(b64).toEqual({ ok: true, blocks: [{ kind: null, format: 'base64', label: null, der: longer }] });
  });

  it('should treat binary content as one DER object (signin §5: a null byte)', () => {
    expect(findDecodeBlocks(der)).toEqual({ ok: true, blocks: [{ kind: null, format: 'der', label: null, der }] });
  });

  it('should fail to decode text that is neither PEM nor prefixed hex or base64', () => {
    expect(findDecodeBlocks(text('hello world'))).toMatchObject({ ok: false, message: 'Failed to decode' });
    expect(findDecodeBlocks(text('abcd'))).toMatchObject({ ok: false, message: 'Failed to decode' });
    expect(findDecodeBlocks(new Uint8Array())).toMatchObject({ ok: false, problem: 'NOTHING_FOUND' });
  });

  it('should refuse more than 10 MB with the file-size text, and accept exactly 10 MB', () => {
    const tooLarge = findDecodeBlocks(new Uint8Array(MAX_FILE_SIZE_BYTES + 1));
    expect(tooLarge).toMatchObject({ ok: false, problem: 'TOO_LARGE', message: 'The file is larger than 10 MB.' });
    expect(findDecodeBlocks(new Uint8Array(MAX_FILE_SIZE_BYTES))).toMatchObject({ ok: true });
  });
});

describe('pemOf', () => {
  it('should wrap base64 at 64 characters between the RFC 7468 lines', () => {
    const pem = pemOf(PEM_LABELS.certificate, new Uint8Array(60).fill(0xab));
    const lines = pem.trim().split('\n');
    expect(lines[0]).toBe('-----BEGIN CERTIFICATE-----');
    expect(lines[1]).toHaveLength(64);
    expect(lines[2]).toHaveLength(16);
    expect(lines[3]).toBe('-----END CERTIFICATE-----');
  });
});
