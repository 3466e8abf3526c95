import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { MAX_FILE_SIZE_BYTES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const DECODE = '/api2/PKI-v1/DecodePem';
const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const RSA = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
x509.cryptoProvider.set(webcrypto as unknown as Crypto);

type Decoded = { kind: string; format: string; fields: { name: string; value: string }[]; extensions: { name: string; critical: boolean; value: string }[]; revoked: { serialNumber: string; reason: string | null }[]; pem: string };
const field = (object: Decoded, name: string) => object.fields.find((f) => f.name === name)?.value;

describe('PKI-v1 DecodePem', () => {
  let t: TestContext;
  let admin: TestClient;
  let noPermission: TestClient;
  let cert: x509.X509Certificate;
  let csr: x509.Pkcs10CertificateRequest;
  let crl: x509.X509Crl;
  let caKeyPem: string;

  beforeAll(async () => {
    t = await build();
    const { tenantId } = await t.bootstrap();
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    await t.createUser(tenantId, 'viewer', ['ticketView']);
    noPermission = t.client();
    await noPermission.login('viewer', TEST_PASSWORD);

    const caKeys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
    cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01ab',
      name: 'CN=Decode Root, O=Tessera',
      notBefore: new Date('2026-01-01T00:00:00Z'),
      notAfter: new Date('2036-01-01T00:00:00Z'),
      keys: caKeys,
      signingAlgorithm: EC,
      extensions: [
        new x509.BasicConstraintsExtension(true, 1, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: 'root.example' }]),
      ],
    });
    const deviceKeys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
    csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: 'CN=device-1', keys: deviceKeys, signingAlgorithm: RSA });
    crl = await x509.X509CrlGenerator.create({
      issuer: cert.subject,
      thisUpdate: new Date('2026-06-01T00:00:00Z'),
      nextUpdate: new Date('2026-06-08T00:00:00Z'),
      entries: [{ serialNumber: '05', revocationDate: new Date('2026-05-31T00:00:00Z'), reason: x509.X509CrlReason.keyCompromise }],
      signingAlgorithm: EC,
      signingKey: caKeys.privateKey,
    });
    const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', caKeys.privateKey)).toString('base64');
    caKeyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8}\n-----END PRIVATE KEY-----\n`;
  }, 120_000);
  afterAll(async () => t?.close());

  it('should decode a certificate, a CSR and a CRL pasted as PEM, in order, and skip the private key', async () => {
    const content = `${caKeyPem}${cert.toString('pem')}\n${csr.toString('pem')}\n${crl.toString('pem')}`;
    const res = await admin.post(DECODE, { content, encoding: 'text' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; objects: Decoded[] };
    expect(body.message).toBe('Successfully decoded');
    expect(body.objects.map((o) => o.kind)).toEqual(['certificate', 'csr', 'crl']);
    const [c, r, l] = body.objects as [Decoded, Decoded, Decoded];
    expect(field(c, 'Subject')).toBe('CN=Decode Root, O=Tessera');
    expect(field(c, 'Serial number')).toBe('01:AB');
    expect(field(c, 'Valid to')).toBe('2036-01-01T00:00:00.000Z');
    expect(field(c, 'Public key')).toBe('ECDSA P-256');
    expect(field(c, 'Self-signed')).toBe('yes');
    expect(field(c, 'SHA-256 fingerprint')).toBe(Buffer.from(await cert.getThumbprint('SHA-256')).toString('hex').toUpperCase().match(/../g)!.join(':'));
    expect(c.extensions).toEqual(
      expect.arrayContaining([
        { oid: '2.5.29.19', name: 'Basic Constraints', critical: true, value: 'CA: true\nPath Length: 1' },
        { oid: '2.5.29.15', name: 'Key Usages', critical: true, value: 'crlSign, keyCertSign' },
        { oid: '2.5.29.17', name: 'Subject Alternative Name', critical: false, value: 'DNS: root.example' },
      ]),
    );
    expect(field(r, 'Subject')).toBe('CN=device-1');
    expect(field(r, 'Public key')).toBe('RSASSA-PKCS1-v1_5 2048 bits');
    expect(field(r, 'Signature')).toBe('valid');
    expect(field(l, 'Next update')).toBe('2026-06-08T00:00:00.000Z');
    expect(l.revoked).toEqual([{ serialNumber: '05', revocationDate: '2026-05-31T00:00:00.000Z', reason: 'keyCompromise' }]);
    expect(c.pem.replace(/\s+/g, '')).toBe(cert.toString('pem').replace(/\s+/g, ''));
    expect(res.body).not.toContain('PRIVATE KEY');
  });

  it('should decode a binary DER file sent in base64, and hex text of unknown kind', async () => {
    const der = await admin.post(DECODE, { content: Buffer.from(crl.rawData).toString('base64'), encoding: 'base64' });
    expect(der.statusCode).toBe(200);
    expect(der.json().objects).toMatchObject([{ kind: 'crl', format: 'der', label: null }]);
    const hex = await admin.post(DECODE, { content: Buffer.from(csr.rawData).toString('hex'), encoding: 'text' });
    expect(hex.statusCode).toBe(200);
    expect(hex.json().objects).toMatchObject([{ kind: 'csr', format: 'hex' }]);
  });

  it('should answer Failed to decode on content, naming the field, for text that holds nothing decodable', async () => {
    for (const content of ['hello', caKeyPem, `-----BEGIN CERTIFICATE-----\nMIIBAAAA\n-----END CERTIFICATE-----\n`]) {
      const res = await admin.post(DECODE, { content, encoding: 'text' });
      expect({ content, status: res.statusCode, body: res.json() }).toEqual({ content, status: 400, body: { code: 'VALIDATION', message: 'Failed to decode', field: 'content' } });
    }
  });

  it('should refuse more than 10 MB with the file-size text, bad base64, and a wrong encoding, naming the field', async () => {
    const big = await admin.post(DECODE, { content: Buffer.alloc(MAX_FILE_SIZE_BYTES + 1, 0x41).toString('base64'), encoding: 'base64' });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ code: 'VALIDATION', message: 'The file is larger than 10 MB.', field: 'content' });
    const badBase64 = await admin.post(DECODE, { content: 'not*base64', encoding: 'base64' });
    expect(badBase64.json()).toEqual({ code: 'VALIDATION', message: 'content is not valid base64', field: 'content' });
    const badEncoding = await admin.post(DECODE, { content: 'x', encoding: 'utf16' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json().field).toBe('encoding');
  });

  it('should need a session and the pEMView permission', async () => {
    expect((await t.client().post(DECODE, { content: cert.toString('pem'), encoding: 'text' })).statusCode).toBe(401);
    const res = await noPermission.post(DECODE, { content: cert.toString('pem'), encoding: 'text' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});
