/**
 * EST (RFC 7030) over the HTTPS listener: the listener is built as server.ts builds it (httpsMaterial, a
 * certificate from the Tessera CA, requestCert, the app's `routing`), the client is node's https with the CA as
 * its only trust anchor (so the listener certificate is checked) and a client certificate where the test says,
 * and each PKCS#7 answer is read by `openssl pkcs7 -print_certs` (csrattrs by `openssl asn1parse`).
 */
import { createServer, request as httpsRequest, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, webcrypto } from 'node:crypto';
import { EST_PATH_PREFIX } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { dir, openssl, pemOf, removeScepScratch } from '../test-helpers/scep-client';
import { loadConfig } from '../platform/config';
import { x509 } from '../pki/x509';
import { enrolmentDepsOf } from './enrolment.routes';
import { httpsMaterial } from './tls.service';

const P = '/api2/PKI-v1';
const S = '/api2/SCEP-v1';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('EST (RFC 7030) over the HTTPS listener', () => {
  let t: TestContext;
  let admin: TestClient;
  let templateId: string;
  let caPem: string;
  let server: Server;
  let port: number;

  const est = (operation: string, options: { body?: string; basic?: string; cert?: string; key?: string; id?: string } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port,
          servername: 'localhost',
          method: options.body === undefined ? 'GET' : 'POST',
          path: `${EST_PATH_PREFIX}/${options.id ?? templateId}/${operation}`,
          ca: caPem,
          ...(options.cert ? { cert: options.cert, key: options.key } : {}),
          headers: { ...(options.body !== undefined ? { 'content-type': 'application/pkcs10' } : {}), ...(options.basic ? { authorization: `Basic ${Buffer.from(`device:${options.basic}`).toString('base64')}` } : {}) },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });
  const certsOf = (base64: string) => {
    const file = path.join(dir, `${randomBytes(6).toString('hex')}.p7`);
    writeFileSync(file, Buffer.from(base64, 'base64'));
    return [...openssl('pkcs7', '-inform', 'DER', '-in', file, '-print_certs').toString().matchAll(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)].map((m) => new x509.X509Certificate(m[0]));
  };
  const keyAndCsr = async (cn: string) => {
    const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${cn}`, keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' }, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: cn }])] });
    return { key: pemOf(new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)), 'PRIVATE KEY'), csr: Buffer.from(csr.rawData).toString('base64') };
  };
  const challenge = async () => {
    const created = await admin.post(`${S}/Challenge`, { templateId });
    return (await t.client().post(`${S}/RetrieveChallenge`, { id: created.json().id })).json().password as string;
  };

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const ca = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'EST Root', keyAlgorithm: 'P-256' })).json();
    caPem = ca.certificate ?? (await t.db.selectFrom('certificate_authorities').select('certificate_pem').where('id', '=', ca.id).executeTakeFirstOrThrow()).certificate_pem;
    templateId = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'est-device', class: 'DEVICE', caId: ca.id, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
    const tls = await httpsMaterial(enrolmentDepsOf(t.app), t.app.config);
    expect(tls.source).toBe('tessera-ca');
    server = createServer({ cert: tls.cert, key: tls.key, ca: tls.ca, requestCert: true, rejectUnauthorized: false }, (req, res) => t.app.routing(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }, 180_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
    removeScepScratch();
  });

  it('should serve cacerts and csrattrs over TLS with a listener certificate of the Tessera CA', async () => {
    const cacerts = await est('cacerts');
    expect(cacerts.status).toBe(200);
    expect(cacerts.headers['content-type']).toMatch(/^application\/pkcs7-mime/);
    const certs = certsOf(cacerts.body);
    expect(certs.map((c) => c.subject)).toEqual([new x509.X509Certificate(caPem).subject]);
    const attrs = await est('csrattrs');
    expect(attrs.status).toBe(200);
    writeFileSync(path.join(dir, 'attrs.der'), Buffer.from(attrs.body, 'base64'));
    expect(openssl('asn1parse', '-inform', 'DER', '-in', 'attrs.der').toString()).toContain('ecdsa-with-SHA256');
    expect((await est('cacerts', { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await t.auditRows('tls.listener.issue')).length).toBe(1);
  });

  it('should enrol with HTTP basic and a one-time challenge, then re-enrol with the client certificate', async () => {
    const first = await keyAndCsr('est1.example.com');
    const noAuth = await est('simpleenroll', { body: first.csr });
    expect(noAuth.status).toBe(401);
    expect(noAuth.headers['www-authenticate']).toBe('Basic realm="EST"');
    expect((await est('simpleenroll', { body: first.csr, basic: 'wrong' })).status).toBe(401);
    const password = await challenge();
    const enrolled = await est('simpleenroll', { body: first.csr, basic: password });
    expect(enrolled.status).toBe(200);
    expect(enrolled.headers['content-type']).toBe('application/pkcs7-mime; smime-type=certs-only');
    const [cert] = certsOf(enrolled.body);
    expect(cert!.subject).toBe('CN=est1.example.com');
    expect(await cert!.verify({ publicKey: new x509.X509Certificate(caPem).publicKey, signatureOnly: true })).toBe(true);
    // The challenge is spent.
    expect((await est('simpleenroll', { body: (await keyAndCsr('est2.example.com')).csr, basic: password })).status).toBe(401);
    // Re-enrol: the client certificate authenticates; the new key's CSR must keep the subject.
    const renewal = await keyAndCsr('est1.example.com');
    expect((await est('simplereenroll', { body: renewal.csr })).status).toBe(401);
    const renewed = await est('simplereenroll', { body: renewal.csr, cert: cert!.toString('pem'), key: first.key });
    expect(renewed.status).toBe(200);
    const [next] = certsOf(renewed.body);
    expect(next!.subject).toBe('CN=est1.example.com');
    expect(next!.serialNumber).not.toBe(cert!.serialNumber);
    expect((await est('simplereenroll', { body: (await keyAndCsr('someone-else.example.com')).csr, cert: cert!.toString('pem'), key: first.key })).status).toBe(403);
    // The client certificate also authenticates a simpleenroll, with no challenge.
    expect((await est('simpleenroll', { body: (await keyAndCsr('est3.example.com')).csr, cert: cert!.toString('pem'), key: first.key })).status).toBe(200);
  }, 120_000);

  it('should refuse a client certificate of another CA, basic on plain HTTP, and a body that is not a CSR', async () => {
    const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const stranger = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '05', name: 'CN=stranger', notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 3_600_000), keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } });
    const strangerKey = pemOf(new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)), 'PRIVATE KEY');
    const csr = (await keyAndCsr('stranger')).csr;
    expect((await est('simplereenroll', { body: csr, cert: stranger.toString('pem'), key: strangerKey })).status).toBe(401);
    expect((await est('simpleenroll', { body: csr, cert: stranger.toString('pem'), key: strangerKey })).status).toBe(401);
    // Basic credentials over plain HTTP are not read (RFC 7030 §3.3.1: TLS only).
    const password = await challenge();
    const plain = await t.app.inject({ method: 'POST', url: `${EST_PATH_PREFIX}/${templateId}/simpleenroll`, headers: { 'content-type': 'application/pkcs10', authorization: `Basic ${Buffer.from(`d:${password}`).toString('base64')}` }, payload: csr });
    expect(plain.statusCode).toBe(401);
    // Garbage with a valid challenge: refused with the reason, and nothing issued.
    const garbage = await est('simpleenroll', { body: 'bm90IGEgY3Ny', basic: password });
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatch(/CSR/);
  }, 60_000);

  it('should refuse a half-given listener certificate in the configuration', () => {
    expect(() => loadConfig({ TESSERA_TLS_CERT: '/x.pem' })).toThrow(/TESSERA_TLS_CERT and TESSERA_TLS_KEY go together/);
    expect(loadConfig({ TESSERA_HTTPS_PORT: '8443' }).httpsPort).toBe(8443);
    expect(loadConfig({}).httpsPort).toBeNull();
  });
});
