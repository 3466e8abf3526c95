/**
 * The CSR signature check off the event loop (csr-verifier.ts): node:crypto's answer from a worker thread, true for a
 * signature of the key, false for another message, a changed signature, or bytes that are no SPKI; concurrent checks
 * each get their own answer. The check and the certificate's signature in one round trip: signed with the CA's key
 * only when the CSR's signature holds, a signing failure an error, keys kept apart in the worker.
 */
import { ECDH, generateKeyPairSync, KeyObject, sign, verify, webcrypto } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { SubjectPublicKeyInfo } from '@peculiar/asn1-x509';
import { signerStats, verifierStats, verifyCsrAndSign, verifyCsrSignature } from './csr-verifier';

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

  it('should import a NIST-curve key from its uncompressed point, refuse a point off the curve, and read the other EC keys from their DER', async () => {
    for (const namedCurve of ['P-256', 'P-384', 'P-521']) {
      const pair = generateKeyPairSync('ec', { namedCurve });
      const spki = spkiOf(pair.publicKey);
      const signature = new Uint8Array(sign('sha384', data, pair.privateKey));
      const before = verifierStats.keysFromPoint;
      expect(await verifyCsrSignature('sha384', data, spki, signature)).toBe(true);
      expect(await verifyCsrSignature('sha384', new Uint8Array(Buffer.from('another request')), spki, signature)).toBe(false);
      expect(verifierStats.keysFromPoint - before).toBe(2);
      // The point's y coordinate changed: no longer on the curve, refused by the import.
      const offCurve = Uint8Array.from(spki);
      offCurve[offCurve.length - 1]! ^= 0x01;
      expect(await verifyCsrSignature('sha384', data, offCurve, signature)).toBe(false);
      expect(verifierStats.keysFromPoint - before).toBe(3);
    }
    // A compressed point (RFC 5480 §2.2 allows it; the SPKI re-encoded by asn1-schema): not the usual header and point,
    // so OpenSSL's decoding, and still verified.
    const spki = AsnConvert.parse(spkiOf(ec.publicKey), SubjectPublicKeyInfo);
    spki.subjectPublicKey = new Uint8Array(ECDH.convertKey(new Uint8Array(spki.subjectPublicKey), 'prime256v1', undefined, undefined, 'compressed') as Buffer).buffer;
    const compressed = new Uint8Array(AsnConvert.serialize(spki));
    expect(compressed.length).toBe(spkiOf(ec.publicKey).length - 32);
    const before = verifierStats.keysFromPoint;
    expect(await verifyCsrSignature('sha256', data, compressed, new Uint8Array(sign('sha256', data, ec.privateKey)))).toBe(true);
    expect(verifierStats.keysFromPoint).toBe(before);
  });

  it('should give each of many concurrent checks its own answer', async () => {
    const messages = Array.from({ length: 40 }, (_, i) => new Uint8Array(Buffer.from(`request ${i}`)));
    const signatures = messages.map((m, i) => new Uint8Array(sign('sha256', i % 3 === 0 ? Buffer.from('other') : m, ec.privateKey)));
    const answers = await Promise.all(messages.map((m, i) => verifyCsrSignature('sha256', m, spkiOf(ec.publicKey), signatures[i]!)));
    expect(answers).toEqual(messages.map((_, i) => i % 3 !== 0));
  });

  describe('verifyCsrAndSign', () => {
    const caEc = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const caRsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const csrCheck = (message: string, signedMessage = message) => ({ hash: 'sha256', data: new Uint8Array(Buffer.from(message)), spki: spkiOf(ec.publicKey), signature: new Uint8Array(sign('sha256', Buffer.from(signedMessage), ec.privateKey)) });

    it('should sign the TBS with the CA key once the CSR signature holds, each request with its own key among concurrent ones', async () => {
      const before = signerStats.inWorker;
      const tbss = Array.from({ length: 24 }, (_, i) => new Uint8Array(Buffer.from(`tbsCertificate ${i}`)));
      const answers = await Promise.all(tbss.map((tbs, i) => verifyCsrAndSign(csrCheck(`request ${i}`), { hash: i % 2 ? 'sha384' : 'sha256', data: tbs, key: i % 2 ? caRsa.privateKey : caEc.privateKey })));
      answers.forEach((answer, i) => {
        expect(answer.verified).toBe(true);
        if (!answer.verified) return;
        expect(verify(i % 2 ? 'sha384' : 'sha256', tbss[i]!, i % 2 ? caRsa.publicKey : caEc.publicKey, answer.signature)).toBe(true);
        expect(verify(i % 2 ? 'sha384' : 'sha256', tbss[(i + 2) % 24]!, i % 2 ? caRsa.publicKey : caEc.publicKey, answer.signature)).toBe(false);
      });
      expect(signerStats.inWorker - before).toBe(24);
    });

    it('should sign with a key made from a non-extractable WebCrypto key (as the key store opens CA keys)', async () => {
      const pair = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
      const tbs = new Uint8Array(Buffer.from('tbs of a key store key'));
      const answer = await verifyCsrAndSign(csrCheck('request'), { hash: 'sha256', data: tbs, key: KeyObject.from(pair.privateKey) });
      expect(answer.verified && verify('sha256', tbs, KeyObject.from(pair.publicKey), answer.signature)).toBe(true);
    });

    it('should sign nothing when the CSR signature does not verify', async () => {
      const before = { ...signerStats };
      const answers = await Promise.all([
        verifyCsrAndSign(csrCheck('request', 'another request'), { hash: 'sha256', data: new Uint8Array([1, 2, 3]), key: caEc.privateKey }),
        verifyCsrAndSign({ ...csrCheck('request'), spki: new Uint8Array([1, 2, 3]) }, { hash: 'sha256', data: new Uint8Array([1, 2, 3]), key: caEc.privateKey }),
      ]);
      expect(answers).toEqual([{ verified: false }, { verified: false }]);
      expect(signerStats).toEqual(before);
    });

    it('should answer an error, not a signature, when the key cannot sign with the digest, and sign again afterwards', async () => {
      const ed = generateKeyPairSync('ed25519');
      await expect(verifyCsrAndSign(csrCheck('request'), { hash: 'sha256', data: new Uint8Array([1]), key: ed.privateKey })).rejects.toThrow(/^The certificate could not be signed: .*digest/);
      const answer = await verifyCsrAndSign(csrCheck('request'), { hash: 'sha256', data: new Uint8Array([1]), key: caEc.privateKey });
      expect(answer.verified && verify('sha256', new Uint8Array([1]), caEc.publicKey, answer.signature)).toBe(true);
    });
  });
});
