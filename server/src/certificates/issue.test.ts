/**
 * The issuance path without HTTP or a database: the certificate as encoded from cached CA/template parts must be
 * what the library reads back (signature, issuer bytes, extensions, serial), the lint of the parts as built must
 * equal the lint of the parsed certificate, and proof of possession must hold on both verification paths.
 */
import { webcrypto } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, SubjectAlternativeName } from '@peculiar/asn1-x509';
import { execFileSync } from 'node:child_process';
import { fromBER } from 'asn1js';
import { issueFromCsr, IssueRefused, parseCsr } from './issue';
import { lintCertificate } from './lint';
import { x509 } from '../pki/pki.service';
import { caAlgorithm } from '../pki/x509';
import type { SigningCa } from '../pki/ca.service';
import type { StoredTemplate } from '../pki/templates.service';

const crypto = webcrypto as unknown as Crypto;
const template = {
  templateId: 't1',
  templateName: 'device',
  class: 'DEVICE',
  caId: 'ca',
  caName: 'CA',
  keyTypes: ['EC_NIST', 'RSA'],
  minRsaBits: 2048,
  validityPeriod: 30,
  validityPeriodUnits: 'DAYS',
  keyUsages: ['digitalSignature'],
  extendedKeyUsages: ['serverAuth'],
  certificateSans: [{ sanField: 'DNS' }],
  certificateSubjects: [],
  ignoreCsrDetails: false,
  approvalRequired: false,
  expiry: null,
} as unknown as StoredTemplate;

async function makeCa(keyAlgorithm: 'P-256' | 'RSA-2048', subject: string): Promise<SigningCa> {
  const algorithm = caAlgorithm(keyAlgorithm);
  const keys = (await crypto.subtle.generateKey(algorithm.generate, false, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: subject,
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 365 * 86_400_000),
    signingAlgorithm: algorithm.signing,
    keys,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true), await x509.SubjectKeyIdentifierExtension.create(keys.publicKey)],
  });
  return { row: { id: `ca-${keyAlgorithm}` }, certificate, key: keys.privateKey, signingAlgorithm: algorithm.signing, chain: [] } as unknown as SigningCa;
}

async function makeCsr(algorithm: RsaHashedKeyGenParams | EcKeyGenParams, signing: Algorithm | RsaPssParams | EcdsaParams, name = 'CN=host.example.com, O=Acme'): Promise<string> {
  const keys = (await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  return (await x509.Pkcs10CertificateRequestGenerator.create({ name, keys, signingAlgorithm: signing, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: 'host.example.com' }])] })).toString('pem');
}

describe('issueFromCsr', () => {
  let p256: SigningCa;
  let rsa: SigningCa;
  let ecCsr: string;

  beforeAll(async () => {
    p256 = await makeCa('P-256', 'CN=Issuing P-256, O=Acme');
    rsa = await makeCa('RSA-2048', 'CN=Issuing RSA, O=Acme');
    ecCsr = await makeCsr({ name: 'ECDSA', namedCurve: 'P-256' }, { name: 'ECDSA', hash: 'SHA-256' });
  });

  it.each([['P-256'], ['RSA-2048']])('should sign a certificate with a %s CA that the library verifies and reads back as built', async (kind) => {
    const ca = kind === 'P-256' ? p256 : rsa;
    const now = Date.now();
    const issued = await issueFromCsr({ csr: parseCsr(ecCsr), template, ca, request: { templateId: 't1', csr: ecCsr }, now, publicUrl: 'https://pki.example' });
    const cert = new x509.X509Certificate(issued.pem);
    expect(await cert.verify({ publicKey: ca.certificate, signatureOnly: true })).toBe(true);
    expect(Buffer.from(cert.rawData)).toEqual(issued.der);
    // Every byte is what asn1-schema encodes for the certificate as read (the shells by asn1js, the SKI from a template).
    expect(Buffer.from(AsnConvert.serialize(AsnConvert.parse(issued.der, Certificate)))).toEqual(issued.der);
    expect(cert.getExtension(x509.SubjectKeyIdentifierExtension)!.keyId).toBe((await x509.SubjectKeyIdentifierExtension.create(await cert.publicKey.export())).keyId);
    // The issuer is the CA certificate's subject as encoded there (RFC 5280 §4.1.2.4, name chaining).
    const issuerDer = AsnConvert.serialize(AsnConvert.parse(cert.rawData, Certificate).tbsCertificate.issuer);
    const caSubjectDer = AsnConvert.serialize(AsnConvert.parse(ca.certificate.rawData, Certificate).tbsCertificate.subject);
    expect(Buffer.from(issuerDer)).toEqual(Buffer.from(caSubjectDer));
    expect(cert.serialNumber).toBe(issued.serialNumber);
    expect(issued.serialNumber).toMatch(/^[1-7][0-9a-f]{31}$/);
    expect(cert.subject).toBe(issued.subject);
    expect(issued.subject).toBe('CN=host.example.com, O=Acme');
    expect(issued.cn).toBe('host.example.com');
    expect(cert.issuer).toBe(issued.issuer);
    expect(cert.notBefore.getTime()).toBe(issued.notBefore.getTime());
    expect(cert.notAfter.getTime()).toBe(issued.notAfter.getTime());
    expect(issued.notAfter.getTime() - issued.notBefore.getTime()).toBe(30 * 86_400_000 + 60_000);
    expect(issued.notBefore.getTime()).toBe(Math.floor(now / 1000) * 1000 - 60_000);
    // The extensions of RFC 5280 §4.2 in the order the generator wrote them.
    expect(cert.extensions.map((e) => e.type)).toEqual(['2.5.29.19', '2.5.29.14', '2.5.29.35', '2.5.29.31', '1.3.6.1.5.5.7.1.1', '2.5.29.15', '2.5.29.37', '2.5.29.17']);
    const ski = cert.getExtension(x509.SubjectKeyIdentifierExtension)!;
    expect(ski.keyId).toBe(Buffer.from(await cert.publicKey.getKeyIdentifier()).toString('hex'));
    const aki = cert.getExtension(x509.AuthorityKeyIdentifierExtension)!;
    expect(aki.keyId).toBe(ca.certificate.getExtension(x509.SubjectKeyIdentifierExtension)!.keyId);
    expect(cert.getExtension(x509.CRLDistributionPointsExtension)!.distributionPoints[0]!.distributionPoint!.fullName![0]!.uniformResourceIdentifier).toBe(`https://pki.example/pki/crl/${ca.row.id}.crl`);
    expect(cert.getExtension(x509.SubjectAlternativeNameExtension)!.names.toJSON()).toEqual([{ type: 'dns', value: 'host.example.com' }]);
    expect(cert.getExtension(x509.KeyUsagesExtension)).toMatchObject({ critical: true, usages: x509.KeyUsageFlags.digitalSignature });
    // The lint of the parts as encoded is the lint of the parsed certificate.
    expect(issued.lint).toEqual(lintCertificate(cert));
  });

  it('should put every issuable SAN kind into the certificate, other names and a hardware module name included, as openssl reads them', async () => {
    const all = { ...template, certificateSans: ['OTHER_NAME', 'RFC822', 'DNS', 'URI', 'IP', 'REGISTERED_ID', 'DIRECTORY_NAME', 'HARDWARE_MODULE_NAME'].map((sanField) => ({ sanField })) } as unknown as StoredTemplate;
    const sans = [
      { sanField: 'OTHER_NAME', value: 'UPN:alice@corp.example' },
      { sanField: 'RFC822', value: 'alice@example.com' },
      { sanField: 'URI', value: 'https://alice.example/' },
      { sanField: 'IP', value: '192.0.2.7' },
      { sanField: 'REGISTERED_ID', value: '1.2.3.4' },
      { sanField: 'DIRECTORY_NAME', value: 'CN=Alice, O=Acme' },
      { sanField: 'HARDWARE_MODULE_NAME', value: '1.3.6.1.4.1.99999.1:0a0b0c' },
    ] as const;
    const issued = await issueFromCsr({ csr: parseCsr(ecCsr), template: all, ca: p256, request: { templateId: 't1', csr: ecCsr, sans: [...sans] }, now: Date.now(), publicUrl: 'https://pki.example' });
    const text = execFileSync('openssl', ['x509', '-noout', '-ext', 'subjectAltName'], { input: issued.pem }).toString();
    for (const part of ['othername: UPN::alice@corp.example', 'email:alice@example.com', 'URI:https://alice.example/', 'IP Address:192.0.2.7', 'Registered ID:1.2.3.4', 'DirName:/CN=Alice/O=Acme', 'DNS:host.example.com']) expect(text).toContain(part);
    // RFC 4108 §5 hardwareModuleName: openssl 3 knows the OID (it prints no value); its fields are read below.
    expect(text).toMatch(/othername: (HardwareModuleName|1\.3\.6\.1\.5\.5\.7\.8\.4)[^\n]*/);
    const asnSans = AsnConvert.parse(new x509.X509Certificate(issued.pem).getExtension('2.5.29.17')!.value, SubjectAlternativeName);
    const hw = asnSans.find((n) => n.otherName?.typeId === '1.3.6.1.5.5.7.8.4')!;
    const seq = fromBER(hw.otherName!.value).result as unknown as { valueBlock: { value: [{ getValue(): string }, { getValue(): ArrayBuffer }] } };
    expect(seq.valueBlock.value[0].getValue()).toBe('1.3.6.1.4.1.99999.1');
    expect(Buffer.from(seq.valueBlock.value[1].getValue()).toString('hex')).toBe('0a0b0c');
    // A malformed other name is refused naming the field; X.400 addresses are not issued.
    const bad = (san: { sanField: string; value: string }) =>
      issueFromCsr({ csr: parseCsr(ecCsr), template: { ...all, certificateSans: [...all.certificateSans, { sanField: 'X400_ADDRESS' }] } as StoredTemplate, ca: p256, request: { templateId: 't1', csr: ecCsr, sans: [san] } as never, now: Date.now(), publicUrl: 'https://pki.example' });
    await expect(bad({ sanField: 'OTHER_NAME', value: 'alice' })).rejects.toMatchObject({ failureCode: 'SAN_INVALID', message: expect.stringMatching(/^sans\.0\.value must be <OID or UPN>:<value>/) });
    await expect(bad({ sanField: 'HARDWARE_MODULE_NAME', value: '1.2.3:xyz' })).rejects.toMatchObject({ failureCode: 'SAN_INVALID', message: expect.stringContaining('RFC 4108') });
    await expect(bad({ sanField: 'X400_ADDRESS', value: 'x' })).rejects.toMatchObject({ failureCode: 'SAN_NOT_ISSUABLE' });
  });

  it('should give every certificate its own serial and key identifier, the CA parts being shared', async () => {
    const other = await makeCsr({ name: 'ECDSA', namedCurve: 'P-256' }, { name: 'ECDSA', hash: 'SHA-256' });
    const a = await issueFromCsr({ csr: parseCsr(ecCsr), template, ca: p256, request: { templateId: 't1', csr: ecCsr }, now: Date.now(), publicUrl: 'https://pki.example' });
    const b = await issueFromCsr({ csr: parseCsr(other), template, ca: p256, request: { templateId: 't1', csr: other }, now: Date.now(), publicUrl: 'https://pki.example' });
    expect(a.serialNumber).not.toBe(b.serialNumber);
    const skiOf = (pem: string) => new x509.X509Certificate(pem).getExtension(x509.SubjectKeyIdentifierExtension)!.keyId;
    expect(skiOf(a.pem)).not.toBe(skiOf(b.pem));
    // A template with other key usages is not served the first template's cached extensions.
    const c = await issueFromCsr({ csr: parseCsr(ecCsr), template: { ...template, keyUsages: ['keyAgreement'], extendedKeyUsages: ['clientAuth'] } as StoredTemplate, ca: p256, request: { templateId: 't1', csr: ecCsr }, now: Date.now(), publicUrl: 'https://pki.example' });
    const cert = new x509.X509Certificate(c.pem);
    expect(cert.getExtension(x509.KeyUsagesExtension)!.usages).toBe(x509.KeyUsageFlags.keyAgreement);
    expect(cert.getExtension(x509.ExtendedKeyUsageExtension)!.usages).toEqual(['1.3.6.1.5.5.7.3.2']);
    // The TLS rule of the lint sees the EKU as built: clientAuth, so no DNS SAN finding either way.
    expect(c.lint).toEqual(lintCertificate(cert));
  });

  it('should accept RSA PKCS#1 v1.5 and RSA-PSS CSRs (node:crypto and library paths)', async () => {
    const pkcs1 = await makeCsr({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as Algorithm);
    const pss = await makeCsr({ name: 'RSA-PSS', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, { name: 'RSA-PSS', hash: 'SHA-256', saltLength: 32 } as RsaPssParams);
    for (const csr of [pkcs1, pss]) {
      const issued = await issueFromCsr({ csr: parseCsr(csr), template, ca: p256, request: { templateId: 't1', csr }, now: Date.now(), publicUrl: 'https://pki.example' });
      expect(await new x509.X509Certificate(issued.pem).verify({ publicKey: p256.certificate, signatureOnly: true })).toBe(true);
    }
  });

  it('should refuse a CSR whose signature does not verify, on the node:crypto path', async () => {
    const csr = parseCsr(ecCsr);
    const der = Buffer.from(csr.rawData);
    der.writeUInt8(der.readUInt8(der.length - 5) ^ 0x01, der.length - 5); // inside the ECDSA signature
    const broken = der.toString('base64');
    const attempt = issueFromCsr({ csr: parseCsr(broken), template, ca: p256, request: { templateId: 't1', csr: broken }, now: Date.now(), publicUrl: 'https://pki.example' });
    await expect(attempt).rejects.toBeInstanceOf(IssueRefused);
    await expect(attempt).rejects.toMatchObject({ failureCode: 'CSR_SIGNATURE_INVALID' });
  });

  it('should answer an error, and no certificate, when the CA key cannot sign, the CSR having been checked first', async () => {
    // A key store that opened the wrong kind of key (Ed25519 under an ECDSA CA): node:crypto refuses the digest.
    const ed = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
    const broken = { ...p256, row: { id: 'ca-broken-key' }, key: ed.privateKey } as unknown as SigningCa;
    const attempt = issueFromCsr({ csr: parseCsr(ecCsr), template, ca: broken, request: { templateId: 't1', csr: ecCsr }, now: Date.now(), publicUrl: 'https://pki.example' });
    await expect(attempt).rejects.toThrow(/^The certificate could not be signed/);
    await expect(attempt).rejects.not.toBeInstanceOf(IssueRefused);
    // A CSR whose signature fails is still refused as such with that key: nothing is signed before the check holds.
    const der = Buffer.from(parseCsr(ecCsr).rawData);
    der.writeUInt8(der.readUInt8(der.length - 5) ^ 0x01, der.length - 5);
    const bad = der.toString('base64');
    await expect(issueFromCsr({ csr: parseCsr(bad), template, ca: broken, request: { templateId: 't1', csr: bad }, now: Date.now(), publicUrl: 'https://pki.example' })).rejects.toMatchObject({ failureCode: 'CSR_SIGNATURE_INVALID' });
  });

  it('should issue with an empty subject and a critical SAN when the template takes no subject field, the lint of the parts being the parsed certificate\'s', async () => {
    const sanOnly = { ...template, ignoreCsrDetails: true, certificateSubjects: [], extendedKeyUsages: ['serverAuth'] } as unknown as StoredTemplate;
    const issued = await issueFromCsr({ csr: parseCsr(ecCsr), template: sanOnly, ca: p256, request: { templateId: 't1', csr: ecCsr }, now: Date.now(), publicUrl: 'https://pki.example' });
    const cert = new x509.X509Certificate(issued.pem);
    expect(issued.subject).toBe('');
    expect(issued.cn).toBe('');
    expect(cert.subject).toBe('');
    expect(cert.getExtension(x509.SubjectAlternativeNameExtension)).toMatchObject({ critical: true });
    expect(issued.lint).toEqual(lintCertificate(cert));
    // The lint of a certificate without a DNS SAN under serverAuth: the rule reads the SAN as built.
    const emailOnly = { ...sanOnly, certificateSans: [{ sanField: 'RFC822' }] } as unknown as StoredTemplate;
    const mail = await issueFromCsr({ csr: parseCsr(ecCsr), template: emailOnly, ca: p256, request: { templateId: 't1', csr: ecCsr, sans: [{ sanField: 'RFC822', value: 'alice@example.com' }] }, now: Date.now(), publicUrl: 'https://pki.example' });
    expect(mail.lint.map((f) => f.ruleId)).toEqual(['e_tls_server_no_dns_san']);
    expect(mail.lint).toEqual(lintCertificate(new x509.X509Certificate(mail.pem)));
  });

  it('should keep the same SAN once when the request and the CSR both name it', async () => {
    const issued = await issueFromCsr({ csr: parseCsr(ecCsr), template, ca: p256, request: { templateId: 't1', csr: ecCsr, sans: [{ sanField: 'DNS', value: 'host.example.com' }, { sanField: 'DNS', value: 'www.example.com' }] }, now: Date.now(), publicUrl: 'https://pki.example' });
    expect(new x509.X509Certificate(issued.pem).getExtension(x509.SubjectAlternativeNameExtension)!.names.toJSON()).toEqual([
      { type: 'dns', value: 'host.example.com' },
      { type: 'dns', value: 'www.example.com' },
    ]);
  });

  it('should read a P-521 key as EC_NIST from the SPKI\'s namedCurve, and refuse it under an RSA-only template', async () => {
    const k1 = await makeCsr({ name: 'ECDSA', namedCurve: 'P-521' }, { name: 'ECDSA', hash: 'SHA-512' });
    const issued = await issueFromCsr({ csr: parseCsr(k1), template, ca: p256, request: { templateId: 't1', csr: k1 }, now: Date.now(), publicUrl: 'https://pki.example' });
    expect(issued.lint).toEqual(lintCertificate(new x509.X509Certificate(issued.pem)));
    await expect(issueFromCsr({ csr: parseCsr(k1), template: { ...template, keyTypes: ['RSA'] } as StoredTemplate, ca: p256, request: { templateId: 't1', csr: k1 }, now: Date.now(), publicUrl: 'https://pki.example' })).rejects.toMatchObject({ failureCode: 'KEY_TYPE_NOT_ALLOWED' });
  });

  it('should read a CSR as PEM with LF or CRLF lines, with PEM headers, or as base64 DER, to the same request', () => {
    const der = Buffer.from(parseCsr(ecCsr).rawData);
    const body = der.toString('base64').match(/.{1,64}/g)!;
    const forms = [
      ecCsr,
      ecCsr.replace(/\n/g, '\r\n'),
      ['-----BEGIN CERTIFICATE REQUEST-----', 'Comment: from a device', '', ...body, '-----END CERTIFICATE REQUEST-----'].join('\n'),
      der.toString('base64'),
    ];
    for (const form of forms) {
      const csr = parseCsr(form);
      expect(Buffer.from(csr.rawData)).toEqual(der);
      expect(csr.subject).toBe('CN=host.example.com, O=Acme');
    }
  });

  it('should refuse what is not a CSR as CSR_UNPARSABLE', () => {
    expect(() => parseCsr('bm90IGEgQ1NS')).toThrow(expect.objectContaining({ failureCode: 'CSR_UNPARSABLE' }));
    expect(() => parseCsr(p256.certificate.toString('pem'))).toThrow(expect.objectContaining({ failureCode: 'CSR_UNPARSABLE' }));
  });
});
