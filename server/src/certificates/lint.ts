/**
 * Tessera's certificate lint (issue 12: zlint and pkilint are not installable here). Each rule names the
 * RFC 5280 or CA/Browser Forum Baseline Requirements clause it checks; severities are admin-console §4's.
 */
import type { LintFinding, LintSeverity } from '@tessera/domain';
import { x509 } from '../pki/pki.service';

/**
 * What the rules read of a certificate: a parsed X509Certificate (uploads), or the parts an issuance has just
 * encoded (no parse of the DER it wrote: the lint showed in issuance profiles at about 1.5 ms a certificate).
 */
export interface LintTarget {
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  subjectEmpty: boolean;
  publicKeyAlgorithm: KeyAlgorithm;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the extension classes' constructors differ
  getExtension<T extends x509.Extension>(type: new (...args: any[]) => T): T | null;
  /** Whether there is an extension of the class (the presence rules ask only this); else getExtension answers it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as getExtension
  hasExtension?(type: new (...args: any[]) => x509.Extension): boolean;
  /** The subjectAltName as the SAN rules read it, when the target has it without a parsed extension; else getExtension answers it. */
  subjectAltName?(): SanFacts | null;
}

/** What the SAN rules read of a subjectAltName: its criticality and the @peculiar/x509 GeneralName types of its names ('dns', 'ip', …). */
export interface SanFacts {
  critical: boolean;
  types: readonly string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as getExtension
const has = (c: LintTarget, type: new (...args: any[]) => x509.Extension): boolean => (c.hasExtension ? c.hasExtension(type) : c.getExtension(type) !== null);

function sanOf(c: LintTarget): SanFacts | null {
  if (c.subjectAltName) return c.subjectAltName();
  const san = c.getExtension(x509.SubjectAlternativeNameExtension);
  return san ? { critical: san.critical, types: san.names.items.map((n) => n.type) } : null;
}

interface Rule {
  ruleId: string;
  severity: LintSeverity;
  citation: string;
  /** A message when the certificate breaks the rule, else null. */
  check(cert: LintTarget): string | null;
}

const SERVER_AUTH = '1.3.6.1.5.5.7.3.1';

/** The rules, in the order findings are answered. */
export const LINT_RULES: readonly Rule[] = [
  {
    ruleId: 'e_serial_number_too_long',
    severity: 'error',
    citation: 'RFC 5280 §4.1.2.2',
    check: (c) => (c.serialNumber.replace(/^0+/, '').length > 40 ? 'The serial number is longer than 20 octets.' : null),
  },
  {
    ruleId: 'f_validity_reversed',
    severity: 'fatal',
    citation: 'RFC 5280 §4.1.2.5',
    check: (c) => (c.notAfter.getTime() < c.notBefore.getTime() ? 'notAfter is before notBefore.' : null),
  },
  {
    ruleId: 'e_aki_missing',
    severity: 'error',
    citation: 'RFC 5280 §4.2.1.1',
    check: (c) => (has(c, x509.AuthorityKeyIdentifierExtension) ? null : 'The authority key identifier extension is missing.'),
  },
  {
    ruleId: 'w_ski_missing',
    severity: 'warn',
    citation: 'RFC 5280 §4.2.1.2',
    check: (c) => (has(c, x509.SubjectKeyIdentifierExtension) ? null : 'The subject key identifier extension is missing.'),
  },
  {
    ruleId: 'w_key_usage_not_critical',
    severity: 'warn',
    citation: 'RFC 5280 §4.2.1.3',
    check: (c) => {
      const ku = c.getExtension(x509.KeyUsagesExtension);
      return ku && !ku.critical ? 'The key usage extension should be critical.' : null;
    },
  },
  {
    ruleId: 'e_ee_key_cert_sign',
    severity: 'error',
    citation: 'RFC 5280 §4.2.1.3, §4.2.1.9',
    check: (c) => {
      const ku = c.getExtension(x509.KeyUsagesExtension);
      const ca = c.getExtension(x509.BasicConstraintsExtension)?.ca === true;
      return ku && !ca && (ku.usages & x509.KeyUsageFlags.keyCertSign) !== 0 ? 'keyCertSign is set but basicConstraints cA is not true.' : null;
    },
  },
  {
    ruleId: 'e_san_missing_with_empty_subject',
    severity: 'error',
    citation: 'RFC 5280 §4.2.1.6',
    check: (c) => (c.subjectEmpty && !has(c, x509.SubjectAlternativeNameExtension) ? 'The subject is empty and there is no subjectAltName.' : null),
  },
  {
    ruleId: 'e_san_not_critical_with_empty_subject',
    severity: 'error',
    citation: 'RFC 5280 §4.2.1.6',
    check: (c) => {
      if (!c.subjectEmpty) return null;
      const san = sanOf(c);
      return san && !san.critical ? 'With an empty subject the subjectAltName must be critical.' : null;
    },
  },
  {
    ruleId: 'w_crl_distribution_point_missing',
    severity: 'warn',
    citation: 'CA/B BR §7.1.2.11.2',
    check: (c) => (has(c, x509.CRLDistributionPointsExtension) ? null : 'There is no CRL distribution point.'),
  },
  {
    ruleId: 'e_tls_server_validity_over_398_days',
    severity: 'error',
    citation: 'CA/B BR §6.3.2',
    check: (c) => {
      const eku = c.getExtension(x509.ExtendedKeyUsageExtension);
      const days = (c.notAfter.getTime() - c.notBefore.getTime()) / 86_400_000;
      return eku?.usages.includes(SERVER_AUTH) && days > 398 ? `A TLS server certificate is valid for ${Math.round(days)} days (at most 398).` : null;
    },
  },
  {
    ruleId: 'e_tls_server_no_dns_san',
    severity: 'error',
    citation: 'CA/B BR §7.1.2.7.12',
    check: (c) => {
      if (!c.getExtension(x509.ExtendedKeyUsageExtension)?.usages.includes(SERVER_AUTH)) return null;
      return !sanOf(c)?.types.some((type) => type === 'dns' || type === 'ip') ? 'A TLS server certificate has no DNS or IP subjectAltName.' : null;
    },
  },
  {
    ruleId: 'e_rsa_modulus_under_2048',
    severity: 'error',
    citation: 'CA/B BR §6.1.5',
    check: (c) => {
      const alg = c.publicKeyAlgorithm as RsaHashedKeyAlgorithm;
      return alg.name.startsWith('RSA') && alg.modulusLength < 2048 ? `The RSA modulus is ${alg.modulusLength} bits (at least 2048).` : null;
    },
  },
];

/** The findings of a lint target: one per broken rule. */
export function lintTarget(target: LintTarget): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const rule of LINT_RULES) {
    const message = rule.check(target);
    if (message) findings.push({ ruleId: rule.ruleId, severity: rule.severity, citation: rule.citation, message });
  }
  return findings;
}

/** The findings of a parsed certificate: one per broken rule. */
export function lintCertificate(cert: x509.X509Certificate): LintFinding[] {
  return lintTarget({
    serialNumber: cert.serialNumber,
    notBefore: cert.notBefore,
    notAfter: cert.notAfter,
    get subjectEmpty() {
      return cert.subjectName.toJSON().length === 0;
    },
    get publicKeyAlgorithm() {
      return cert.publicKey.algorithm;
    },
    getExtension: (type) => cert.getExtension(type),
  });
}

/** The findings of a certificate from the parts it was encoded from (its extensions as the objects that were encoded). */
export function lintParts(parts: Omit<LintTarget, 'getExtension'> & { extensions: readonly x509.Extension[] }): LintFinding[] {
  return lintTarget({ ...parts, getExtension: (type) => (parts.extensions.find((e) => e instanceof type) as never) ?? null });
}
