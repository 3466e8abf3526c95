/**
 * Issuing from a PKCS#10 CSR (RFC 2986): proof of possession (the CSR's signature), the key type the
 * template allows, the subject and SANs the template honours, and the extensions of RFC 5280 §4.2 with
 * the CA's CRL distribution point and AIA (OCSP, caIssuers).
 */
import { addValidity, DNS_NAME_PATTERN, EXTENDED_KEY_USAGES, ISSUABLE_SAN_TYPES, type KeyType, type SanType, type SubmitCsrRequest } from '@tessera/domain';
import { caPublicUrls, type SigningCa } from '../pki/ca.service';
import type { StoredTemplate } from '../pki/templates.service';
import { randomSerial, x509 } from '../pki/pki.service';

/** A refusal of the request flow (`failed` with a failureCode), not a server error. */
export class IssueRefused extends Error {
  constructor(
    readonly failureCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'IssueRefused';
  }
}

/** Subject attribute short names → the types @peculiar/x509 writes (OIDs where it has no short name). */
const SUBJECT_TYPES: Record<string, string> = { CN: 'CN', O: 'O', OU: 'OU', C: 'C', ST: 'ST', L: 'L', E: 'E', DC: 'DC', SERIALNUMBER: '2.5.4.5', UID: '0.9.2342.19200300.100.1.1', GIVENNAME: '2.5.4.42', SURNAME: '2.5.4.4', TITLE: '2.5.4.12' };
const SAN_KINDS: Partial<Record<SanType, x509.GeneralNameType>> = { DNS: 'dns', RFC822: 'email', URI: 'url', IP: 'ip', REGISTERED_ID: 'id', DIRECTORY_NAME: 'dn' };
const KIND_SAN = Object.fromEntries(Object.entries(SAN_KINDS).map(([k, v]) => [v, k])) as Record<string, SanType>;
const KU_FLAGS: Record<string, number> = {
  digitalSignature: x509.KeyUsageFlags.digitalSignature,
  nonRepudiation: x509.KeyUsageFlags.nonRepudiation,
  keyEncipherment: x509.KeyUsageFlags.keyEncipherment,
  dataEncipherment: x509.KeyUsageFlags.dataEncipherment,
  keyAgreement: x509.KeyUsageFlags.keyAgreement,
  encipherOnly: x509.KeyUsageFlags.encipherOnly,
  decipherOnly: x509.KeyUsageFlags.decipherOnly,
};

const escapeRdn = (value: string) => value.replace(/([,+"\\<>;=])/g, '\\$1').replace(/^([ #])/, '\\$1').replace(/ $/, '\\ ');

/** Parses a CSR given as PEM or base64 DER. @throws IssueRefused CSR_UNPARSABLE */
export function parseCsr(text: string): x509.Pkcs10CertificateRequest {
  try {
    const trimmed = text.trim();
    return trimmed.startsWith('-----') ? new x509.Pkcs10CertificateRequest(trimmed) : new x509.Pkcs10CertificateRequest(new Uint8Array(Buffer.from(trimmed, 'base64')));
  } catch {
    throw new IssueRefused('CSR_UNPARSABLE', 'The CSR is not a PKCS#10 certificate request.');
  }
}

/** The key type of a CSR's public key. @throws IssueRefused UNRECOGNIZED_ALGORITHM, KEY_TYPE_NOT_ALLOWED, KEY_TOO_SMALL */
function checkKey(csr: x509.Pkcs10CertificateRequest, template: StoredTemplate): void {
  let algorithm: KeyAlgorithm;
  try {
    algorithm = csr.publicKey.algorithm;
  } catch {
    throw new IssueRefused('UNRECOGNIZED_ALGORITHM', 'Unrecognized algorithm');
  }
  let keyType: KeyType;
  if (algorithm.name === 'ECDSA' && ['P-256', 'P-384', 'P-521'].includes((algorithm as EcKeyAlgorithm).namedCurve)) keyType = 'EC_NIST';
  else if (algorithm.name === 'RSASSA-PKCS1-v1_5' || algorithm.name === 'RSA-PSS') keyType = 'RSA';
  else throw new IssueRefused('UNRECOGNIZED_ALGORITHM', 'Unrecognized algorithm');
  if (!template.keyTypes.includes(keyType)) throw new IssueRefused('KEY_TYPE_NOT_ALLOWED', `The key type ${keyType} is not allowed by the template (${template.keyTypes.join(', ')}).`);
  if (keyType === 'RSA' && (algorithm as RsaHashedKeyAlgorithm).modulusLength < template.minRsaBits) {
    throw new IssueRefused('KEY_TOO_SMALL', `The RSA key has ${(algorithm as RsaHashedKeyAlgorithm).modulusLength} bits; the template needs at least ${template.minRsaBits}.`);
  }
}

/** The subject the template honours: its fields, valued from the request or else the CSR; the whole CSR subject when ignoreCsrDetails is false. */
function subjectOf(csr: x509.Pkcs10CertificateRequest, template: StoredTemplate, request: SubmitCsrRequest): string {
  if (!template.ignoreCsrDetails && !request.subject) return csr.subject;
  const parts: string[] = [];
  for (const { subjectField } of template.certificateSubjects) {
    const type = SUBJECT_TYPES[subjectField]!;
    const value = request.subject?.[subjectField] ?? csr.subjectName.getField(type)[0] ?? (template.ignoreCsrDetails ? undefined : undefined);
    if (value !== undefined && value !== '') parts.push(`${type}=${escapeRdn(value)}`);
  }
  if (!template.ignoreCsrDetails) {
    // The CSR's other attributes are honoured too.
    for (const rdn of csr.subjectName.toJSON()) for (const [type, values] of Object.entries(rdn)) if (!parts.some((p) => p.startsWith(`${type}=`))) for (const v of values) parts.push(`${type}=${escapeRdn(v)}`);
  }
  return parts.join(', ');
}

function sansOf(csr: x509.Pkcs10CertificateRequest, template: StoredTemplate, request: SubmitCsrRequest): x509.JsonGeneralName[] {
  const allowed = new Set(template.certificateSans.map((s) => s.sanField));
  const out: x509.JsonGeneralName[] = [];
  for (const [i, san] of (request.sans ?? []).entries()) {
    if (!allowed.has(san.sanField)) throw new IssueRefused('SAN_NOT_ALLOWED', `sans.${i}.sanField ${san.sanField} is not a SAN of the template`);
    out.push({ type: SAN_KINDS[san.sanField]!, value: san.value });
  }
  const csrSanExt = csr.extensions.find((e) => e.type === '2.5.29.17');
  const csrSans = csrSanExt ? new x509.SubjectAlternativeNameExtension(csrSanExt.rawData).names.toJSON() : [];
  for (const name of csrSans) {
    const sanType = KIND_SAN[name.type];
    if (!sanType || !ISSUABLE_SAN_TYPES.includes(sanType)) continue;
    if (template.ignoreCsrDetails ? allowed.has(sanType) : true) if (!out.some((o) => o.type === name.type && o.value === name.value)) out.push(name);
  }
  const dns = new RegExp(DNS_NAME_PATTERN);
  for (const name of out) if (name.type === 'dns' && !dns.test(name.value)) throw new IssueRefused('SAN_INVALID', `The DNS name '${name.value}' does not match the DNS name pattern.`);
  return out;
}

const akiCache = new WeakMap<x509.X509Certificate, Promise<x509.AuthorityKeyIdentifierExtension>>();

/**
 * The AuthorityKeyIdentifier of certificates a CA issues (RFC 5280 §4.2.1.1: the CA's key identifier), made once
 * per parsed CA certificate: it depends on nothing else, and hashing the CA key on every issue showed in profiles.
 */
function authorityKeyIdentifier(caCertificate: x509.X509Certificate): Promise<x509.AuthorityKeyIdentifierExtension> {
  let aki = akiCache.get(caCertificate);
  if (!aki) {
    aki = x509.AuthorityKeyIdentifierExtension.create(caCertificate);
    aki.catch(() => akiCache.delete(caCertificate));
    akiCache.set(caCertificate, aki);
  }
  return aki;
}

/** Checks the CSR against the template and signs the certificate. @throws IssueRefused */
export async function issueFromCsr(options: { csr: x509.Pkcs10CertificateRequest; template: StoredTemplate; ca: SigningCa; request: SubmitCsrRequest; now: number; publicUrl: string }): Promise<x509.X509Certificate> {
  const { csr, template, ca, request } = options;
  // RFC 2986 §3: the signature over the request is the requester's proof of possession of the private key.
  let verified = false;
  try {
    verified = await csr.verify();
  } catch {
    verified = false;
  }
  if (!verified) throw new IssueRefused('CSR_SIGNATURE_INVALID', 'The CSR signature does not verify (proof of possession failed).');
  checkKey(csr, template);
  if (template.expiry && options.now > Date.parse(template.expiry)) throw new IssueRefused('TEMPLATE_EXPIRED', 'The template has expired.');
  if (options.now < ca.certificate.notBefore.getTime() || options.now > ca.certificate.notAfter.getTime()) throw new IssueRefused('CA_NOT_ACTIVE', 'The certificate authority is not active.');
  const subject = subjectOf(csr, template, request);
  const sans = sansOf(csr, template, request);
  if (subject === '' && sans.length === 0) throw new IssueRefused('SUBJECT_EMPTY', 'The certificate would have neither a subject nor a subjectAltName.');
  const notBefore = new Date(Math.floor(options.now / 1000) * 1000 - 60_000);
  let notAfter = addValidity(new Date(Math.floor(options.now / 1000) * 1000), template.validityPeriod, template.validityPeriodUnits);
  if (notAfter > ca.certificate.notAfter) notAfter = ca.certificate.notAfter;
  const urls = caPublicUrls(options.publicUrl, ca.row.id);
  const kuFlags = template.keyUsages.reduce((flags, ku) => flags | (KU_FLAGS[ku] ?? 0), 0);
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    await x509.SubjectKeyIdentifierExtension.create(csr.publicKey),
    await authorityKeyIdentifier(ca.certificate),
    new x509.CRLDistributionPointsExtension([urls.crl]),
    new x509.AuthorityInfoAccessExtension({ ocsp: [urls.ocsp], caIssuers: [urls.caCert] }),
  ];
  if (kuFlags !== 0) extensions.push(new x509.KeyUsagesExtension(kuFlags, true));
  if (template.extendedKeyUsages.length > 0) extensions.push(new x509.ExtendedKeyUsageExtension(template.extendedKeyUsages.map((eku) => EXTENDED_KEY_USAGES[eku])));
  // RFC 5280 §4.2.1.6: critical when the subject is empty.
  if (sans.length > 0) extensions.push(new x509.SubjectAlternativeNameExtension(sans, subject === ''));
  return x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject,
    issuer: ca.certificate.subject,
    notBefore,
    notAfter,
    signingAlgorithm: ca.signingAlgorithm,
    publicKey: csr.publicKey,
    signingKey: ca.key,
    extensions,
  });
}
