/**
 * The certificate lint (admin-console §4 lint severities warn, error, fatal): each rule finds the certificate that
 * breaks it, with its severity and citation, and stays silent on one that keeps it; a parsed certificate and the
 * parts it was encoded from give the same findings.
 */
import { webcrypto } from 'node:crypto';
import { LINT_RULES, lintCertificate, lintParts } from './lint';
import { x509 } from '../pki/pki.service';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const DAY = 86_400_000;
const NOT_BEFORE = new Date('2026-11-01T00:00:00Z');
const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as KeyAlgorithm;
const RSA_1024 = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 1024 } as RsaHashedKeyAlgorithm;

const ski = new x509.SubjectKeyIdentifierExtension('0102');
const aki = new x509.AuthorityKeyIdentifierExtension('0304');
const crl = new x509.CRLDistributionPointsExtension(['http://pki.example/crl/1.crl']);
const ku = (critical: boolean, usages = x509.KeyUsageFlags.digitalSignature) => new x509.KeyUsagesExtension(usages, critical);
const san = (critical: boolean, names: x509.JsonGeneralNames = [{ type: 'dns', value: 'www.example.com' }]) => new x509.SubjectAlternativeNameExtension(names, critical);

/** A certificate that keeps every rule: a one-year client certificate with a DNS name. */
function clean(): Parameters<typeof lintParts>[0] {
  return {
    serialNumber: '0a1b2c',
    notBefore: NOT_BEFORE,
    notAfter: new Date(NOT_BEFORE.getTime() + 365 * DAY),
    subjectEmpty: false,
    publicKeyAlgorithm: P256,
    extensions: [aki, ski, ku(true), crl, san(false), new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.2'])],
  };
}

function without(extensions: readonly x509.Extension[], type: new (...args: never[]) => x509.Extension): x509.Extension[] {
  return extensions.filter((e) => !(e instanceof type));
}

describe('certificate lint', () => {
  it('should find nothing in a certificate that keeps every rule', () => {
    expect(lintParts(clean())).toEqual([]);
  });

  const base = clean();
  const cases: [string, 'warn' | 'error' | 'fatal', Parameters<typeof lintParts>[0], string][] = [
    ['e_serial_number_too_long', 'error', { ...base, serialNumber: '7f'.repeat(21) }, 'The serial number is longer than 20 octets.'],
    ['f_validity_reversed', 'fatal', { ...base, notAfter: new Date(NOT_BEFORE.getTime() - DAY) }, 'notAfter is before notBefore.'],
    ['e_aki_missing', 'error', { ...base, extensions: without(base.extensions, x509.AuthorityKeyIdentifierExtension) }, 'The authority key identifier extension is missing.'],
    ['w_ski_missing', 'warn', { ...base, extensions: without(base.extensions, x509.SubjectKeyIdentifierExtension) }, 'The subject key identifier extension is missing.'],
    ['w_key_usage_not_critical', 'warn', { ...base, extensions: [...without(base.extensions, x509.KeyUsagesExtension), ku(false)] }, 'The key usage extension should be critical.'],
    ['e_ee_key_cert_sign', 'error', { ...base, extensions: [...without(base.extensions, x509.KeyUsagesExtension), ku(true, x509.KeyUsageFlags.keyCertSign)] }, 'keyCertSign is set but basicConstraints cA is not true.'],
    ['w_crl_distribution_point_missing', 'warn', { ...base, extensions: without(base.extensions, x509.CRLDistributionPointsExtension) }, 'There is no CRL distribution point.'],
    ['e_rsa_modulus_under_2048', 'error', { ...base, publicKeyAlgorithm: RSA_1024 }, 'The RSA modulus is 1024 bits (at least 2048).'],
  ];

  it.each(cases)('should find %s (%s) in the certificate that breaks it', (ruleId, severity, target, message) => {
    const rule = LINT_RULES.find((r) => r.ruleId === ruleId);
    expect(lintParts(target)).toEqual([{ ruleId, severity, citation: rule?.citation, message }]);
  });

  it('should ask a subjectAltName, critical, of a certificate with an empty subject', () => {
    const noSan = { ...base, subjectEmpty: true, extensions: without(base.extensions, x509.SubjectAlternativeNameExtension) };
    expect(lintParts(noSan).map((f) => [f.ruleId, f.severity])).toEqual([['e_san_missing_with_empty_subject', 'error']]);
    const nonCritical = { ...base, subjectEmpty: true };
    expect(lintParts(nonCritical).map((f) => [f.ruleId, f.severity])).toEqual([['e_san_not_critical_with_empty_subject', 'error']]);
    expect(lintParts({ ...base, subjectEmpty: true, extensions: [...without(base.extensions, x509.SubjectAlternativeNameExtension), san(true)] })).toEqual([]);
  });

  it('should hold TLS server certificates to 398 days and a DNS or IP name', () => {
    const tls = { ...base, notAfter: new Date(NOT_BEFORE.getTime() + 400 * DAY), extensions: [...without(base.extensions, x509.ExtendedKeyUsageExtension), new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.1'])] };
    expect(lintParts(tls).map((f) => [f.ruleId, f.message])).toEqual([['e_tls_server_validity_over_398_days', 'A TLS server certificate is valid for 400 days (at most 398).']]);
    // The same certificate for a client is not a TLS server certificate.
    expect(lintParts({ ...base, notAfter: tls.notAfter })).toEqual([]);
    expect(lintParts({ ...tls, notAfter: new Date(NOT_BEFORE.getTime() + 398 * DAY) })).toEqual([]);
    const emailOnly = { ...tls, notAfter: new Date(NOT_BEFORE.getTime() + 90 * DAY), extensions: [...without(tls.extensions, x509.SubjectAlternativeNameExtension), san(false, [{ type: 'email', value: 'a@example.com' }])] };
    expect(lintParts(emailOnly).map((f) => [f.ruleId, f.message])).toEqual([['e_tls_server_no_dns_san', 'A TLS server certificate has no DNS or IP subjectAltName.']]);
    const ip = { ...emailOnly, extensions: [...without(emailOnly.extensions, x509.SubjectAlternativeNameExtension), san(false, [{ type: 'ip', value: '192.0.2.1' }])] };
    expect(lintParts(ip)).toEqual([]);
  });

  it('should give a parsed certificate the findings of its parts (a self-signed end-entity certificate with several faults)', async () => {
    const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    const extensions = [ku(false, x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.digitalSignature), san(false)];
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: 'CN=lint',
      notBefore: NOT_BEFORE,
      notAfter: new Date(NOT_BEFORE.getTime() + 30 * DAY),
      keys,
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
      extensions,
    });
    const findings = lintCertificate(cert);
    expect(findings.map((f) => [f.ruleId, f.severity])).toEqual([
      ['e_aki_missing', 'error'],
      ['w_ski_missing', 'warn'],
      ['w_key_usage_not_critical', 'warn'],
      ['e_ee_key_cert_sign', 'error'],
      ['w_crl_distribution_point_missing', 'warn'],
    ]);
    expect(findings).toEqual(lintParts({ serialNumber: cert.serialNumber, notBefore: cert.notBefore, notAfter: cert.notAfter, subjectEmpty: false, publicKeyAlgorithm: cert.publicKey.algorithm, extensions }));
  });
});
