/** Challenge validation (RFC 8555 §8.4 dns-01 with an injected resolver; RFC 8737 tls-alpn-01 against a real node:tls listener). */
import { createHash } from 'node:crypto';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { crypto, x509 } from '../pki/x509';
import { ACME_IDENTIFIER_OID, dns01Value, validateChallenge, type ChallengeEnv } from './challenges';
import { AcmeProblem } from './acme.problem';

const KEY_AUTH = 'token123.thumbprint456';

describe('dns-01', () => {
  const env = (records: Record<string, string[][]>): ChallengeEnv => ({
    http01Port: 1,
    tlsAlpn01Port: 1,
    resolveTxt: async (name) => {
      if (!records[name]) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return records[name];
    },
  });

  it('should accept the base64url SHA-256 of the key authorisation at _acme-challenge, split or not, also for a wildcard', async () => {
    const value = dns01Value(KEY_AUTH);
    expect(value).toBe(createHash('sha256').update(KEY_AUTH).digest('base64url'));
    await expect(validateChallenge(env({ '_acme-challenge.www.example.com': [['other'], [value]] }), 'dns-01', 'www.example.com', 'token123', KEY_AUTH)).resolves.toBeUndefined();
    await expect(validateChallenge(env({ '_acme-challenge.example.com': [[value.slice(0, 10), value.slice(10)]] }), 'dns-01', '*.example.com', 'token123', KEY_AUTH)).resolves.toBeUndefined();
  });

  it('should refuse a wrong value (incorrectResponse) and a missing record (dns)', async () => {
    await expect(validateChallenge(env({ '_acme-challenge.www.example.com': [['wrong']] }), 'dns-01', 'www.example.com', 'token123', KEY_AUTH)).rejects.toMatchObject({ type: 'incorrectResponse' });
    const missing = await validateChallenge(env({}), 'dns-01', 'www.example.com', 'token123', KEY_AUTH).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AcmeProblem);
    expect((missing as AcmeProblem).toJSON().type).toBe('urn:ietf:params:acme:error:dns');
  });
});

describe('tls-alpn-01', () => {
  /** A TLS listener answering acme-tls/1 with a self-signed certificate for `name` holding `digest`. */
  async function listener(name: string, digest: Buffer, critical = true): Promise<{ port: number; close: () => void }> {
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: `CN=${name}`,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 3_600_000),
      keys,
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
      extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: name }]), new x509.Extension(ACME_IDENTIFIER_OID, critical, AsnConvert.serialize(new OctetString(digest)))],
    });
    const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
    const server = tls.createServer({ cert: cert.toString('pem'), key: `-----BEGIN PRIVATE KEY-----\n${pkcs8}\n-----END PRIVATE KEY-----\n`, ALPNProtocols: ['acme-tls/1'] }, (socket) => socket.end());
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, close: () => server.close() };
  }
  const env = (port: number): ChallengeEnv => ({ http01Port: 1, tlsAlpn01Port: port, resolveTxt: async () => [] });
  const digest = createHash('sha256').update(KEY_AUTH).digest();

  it('should accept the certificate naming the identifier with the critical acmeIdentifier digest', async () => {
    const l = await listener('alpn.acme.localhost', digest);
    try {
      await expect(validateChallenge(env(l.port), 'tls-alpn-01', 'alpn.acme.localhost', 'token123', KEY_AUTH)).resolves.toBeUndefined();
    } finally {
      l.close();
    }
  });

  it('should refuse another digest, a non-critical extension and another name', async () => {
    const wrong = await listener('alpn.acme.localhost', createHash('sha256').update('other').digest());
    const lax = await listener('alpn.acme.localhost', digest, false);
    const other = await listener('other.acme.localhost', digest);
    try {
      await expect(validateChallenge(env(wrong.port), 'tls-alpn-01', 'alpn.acme.localhost', 'token123', KEY_AUTH)).rejects.toMatchObject({ type: 'incorrectResponse', detail: expect.stringContaining('digest') });
      await expect(validateChallenge(env(lax.port), 'tls-alpn-01', 'alpn.acme.localhost', 'token123', KEY_AUTH)).rejects.toMatchObject({ detail: expect.stringContaining('critical') });
      await expect(validateChallenge(env(other.port), 'tls-alpn-01', 'alpn.acme.localhost', 'token123', KEY_AUTH)).rejects.toMatchObject({ detail: expect.stringContaining('subjectAltName') });
    } finally {
      wrong.close();
      lax.close();
      other.close();
    }
  });

  it('should refuse a listener that does not speak acme-tls/1', async () => {
    await expect(validateChallenge(env(1), 'tls-alpn-01', 'alpn.acme.localhost', 'token123', KEY_AUTH)).rejects.toMatchObject({ type: 'tls' });
  });
});
