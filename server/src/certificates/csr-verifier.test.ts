/**
 * The CSR signature check off the event loop (csr-verifier.ts): node:crypto's answer from a worker thread, true for a
 * signature of the key, false for another message, a changed signature, or bytes that are no SPKI; concurrent checks
 * each get their own answer.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { verifyCsrSignature } from './csr-verifier';

describe('verifyCsrSignature', () => {
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spkiOf = (key: typeof ec.publicKey) => new Uint8Array(key.export({ type: 'spki', format: 'der' }));
  const data = new Uint8Array(Buffer.from('certificationRequestInfo'));

  it('should verify ECDSA and RSA PKCS#1 v1.5 signatures and refuse the others', async () => {
    const ecSignature = new Uint8Array(sign('sha256', data, ec.privateKey));
    const rsaSignature = new Uint8Array(sign('sha384', data, rsa.privateKey));
    expect(await verifyCsrSignature('sha256', data, spkiOf(ec.publicKey), ecSignature)).toBe(true);
    expect(await verifyCsrSignature('sha384', data, spkiOf(rsa.publicKey), rsaSignature)).toBe(true);
    expect(await verifyCsrSignature('sha256', new Uint8Array(Buffer.from('another request')), spkiOf(ec.publicKey), ecSignature)).toBe(false);
    expect(await verifyCsrSignature('sha256', data, spkiOf(rsa.publicKey), ecSignature)).toBe(false);
    const changed = Uint8Array.from(rsaSignature);
    changed[10]! ^= 0x01;
    expect(await verifyCsrSignature('sha384', data, spkiOf(rsa.publicKey), changed)).toBe(false);
    expect(await verifyCsrSignature('sha256', data, new Uint8Array([1, 2, 3]), ecSignature)).toBe(false);
  });

  it('should give each of many concurrent checks its own answer', async () => {
    const messages = Array.from({ length: 40 }, (_, i) => new Uint8Array(Buffer.from(`request ${i}`)));
    const signatures = messages.map((m, i) => new Uint8Array(sign('sha256', i % 3 === 0 ? Buffer.from('other') : m, ec.privateKey)));
    const answers = await Promise.all(messages.map((m, i) => verifyCsrSignature('sha256', m, spkiOf(ec.publicKey), signatures[i]!)));
    expect(answers).toEqual(messages.map((_, i) => i % 3 !== 0));
  });
});
