/** PKCS#12 key delivery (issue 12): files OpenSSL 3 reads with the password, refuses without it; RSA and EC keys. */
import { execFileSync } from 'node:child_process';
import { createPublicKey, webcrypto } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { x509 } from '../pki/pki.service';
import { buildPkcs12 } from './pkcs12';

const ALGORITHMS = {
  'P-256': { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' },
  'RSA-2048': { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
} as const;

describe('buildPkcs12', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-p12-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  it.each(Object.keys(ALGORITHMS) as (keyof typeof ALGORITHMS)[])(
    'should write a %s key with its certificate and chain that openssl pkcs12 reads with the password (PBES2 AES-256, SHA-256 MAC)',
    async (name) => {
      const algorithm = ALGORITHMS[name];
      const caKeys = (await webcrypto.subtle.generateKey(ALGORITHMS['P-256'], true, ['sign', 'verify'])) as CryptoKeyPair;
      const ca = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '0a01', name: 'CN=P12 Test CA', notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 86_400_000), keys: caKeys, signingAlgorithm: ALGORITHMS['P-256'] });
      const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
      const cert = await x509.X509CertificateGenerator.create({ serialNumber: '0b02', subject: `CN=holder-${name}`, issuer: ca.subject, notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 86_400_000), publicKey: keys.publicKey, signingKey: caKeys.privateKey, signingAlgorithm: ALGORITHMS['P-256'] });
      const pkcs8 = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
      const password = 'correct horse é 9';
      const file = buildPkcs12({ privateKeyPkcs8: pkcs8, certificates: [new Uint8Array(cert.rawData), new Uint8Array(ca.rawData)], password, friendlyName: `holder ${name}`, keyIterations: 10_000 });
      const p12 = path.join(dir, `${name}.p12`);
      writeFileSync(p12, file);

      const info = execFileSync('openssl', ['pkcs12', '-info', '-nodes', '-in', p12, '-passin', 'stdin'], { cwd: dir, encoding: 'utf8', input: `${password}\n`, stdio: ['pipe', 'pipe', 'pipe'] });
      const infoErr = execFileSync('sh', ['-c', `printf '%s\\n' "$P" | openssl pkcs12 -info -nodes -in "${p12}" -passin stdin 2>&1 >/dev/null`], { encoding: 'utf8', env: { ...process.env, P: password } });
      expect(infoErr).toContain('MAC: sha256, Iteration 2048');
      expect(infoErr).toContain('Shrouded Keybag: PBES2, PBKDF2, AES-256-CBC, Iteration 10000, PRF hmacWithSHA256');
      expect(info).toContain(`friendlyName: holder ${name}`);
      expect(info.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(2);
      // The key openssl decrypted is the key we put in: same public key as the certificate.
      const keyPem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(info)?.[0] ?? '';
      expect(createPublicKey(keyPem).export({ type: 'spki', format: 'der' })).toEqual(Buffer.from(cert.publicKey.rawData));

      // A wrong password fails the MAC check.
      expect(() => openssl('pkcs12', '-info', '-nodes', '-in', p12, '-passin', 'pass:not the password')).toThrow(/mac verify/i);
    },
    120_000,
  );

  it('should need the certificate', () => {
    expect(() => buildPkcs12({ privateKeyPkcs8: new Uint8Array([1]), certificates: [], password: 'x', friendlyName: 'x' })).toThrow('needs the certificate');
  });
});
