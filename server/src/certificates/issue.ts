/**
 * Issuing from a PKCS#10 CSR (RFC 2986): proof of possession (the CSR's signature), the key type the
 * template allows, the subject and SANs the template honours, and the extensions of RFC 5280 §4.2 with
 * the CA's CRL distribution point and AIA (OCSP, caIssuers).
 */
import { createHash, KeyObject, sign as nodeSign, verify as nodeVerify } from 'node:crypto';
import { AsnConvert, AsnSerializer, OctetString as AsnOctetString } from '@peculiar/asn1-schema';
import { ObjectIdentifier, OctetString, Sequence, Utf8String } from 'asn1js';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { AlgorithmIdentifier, Certificate, Extension, Extensions, GeneralName, id_ce_subjectAltName, Name, OtherName, SubjectAlternativeName, TBSCertificate, Validity, Version } from '@peculiar/asn1-x509';
import { addValidity, DNS_NAME_PATTERN, EXTENDED_KEY_USAGES, HARDWARE_MODULE_NAME_OID, ISSUABLE_SAN_TYPES, parseHardwareModuleName, parseOtherName, sanValueProblem, type KeyType, type LintFinding, type SanType, type SubmitCsrRequest } from '@tessera/domain';
import { caPublicUrls, type SigningCa } from '../pki/ca.service';
import type { StoredTemplate } from '../pki/templates.service';
import { randomSerial, x509 } from '../pki/pki.service';
import { lintParts } from './lint';

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

/** The ASN.1 of each CSR parseCsr made (issuing reads its encoded parts: the signed bytes, the key, the signature). */
const csrAsn = new WeakMap<x509.Pkcs10CertificateRequest, CertificationRequest>();

/** Parses a CSR given as PEM or base64 DER (once: the request object is built over the parsed ASN.1). @throws IssueRefused CSR_UNPARSABLE */
export function parseCsr(text: string): x509.Pkcs10CertificateRequest {
  try {
    const trimmed = text.trim();
    const der = trimmed.startsWith('-----') ? x509.PemConverter.decodeFirst(trimmed) : new Uint8Array(Buffer.from(trimmed, 'base64'));
    const asn = AsnConvert.parse(der, CertificationRequest);
    const csr = new x509.Pkcs10CertificateRequest(asn);
    csrAsn.set(csr, asn);
    return csr;
  } catch {
    throw new IssueRefused('CSR_UNPARSABLE', 'The CSR is not a PKCS#10 certificate request.');
  }
}

/** The parsed ASN.1 of a CSR (kept by parseCsr, else parsed from its DER). */
function asnOf(csr: x509.Pkcs10CertificateRequest): CertificationRequest {
  let asn = csrAsn.get(csr);
  if (!asn) {
    asn = AsnConvert.parse(csr.rawData, CertificationRequest);
    csrAsn.set(csr, asn);
  }
  return asn;
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

/** The SAN kind of a GeneralName (admin-console §4 SAN types). */
function sanTypeOf(name: GeneralName): SanType | null {
  if (name.dNSName !== undefined) return 'DNS';
  if (name.rfc822Name !== undefined) return 'RFC822';
  if (name.uniformResourceIdentifier !== undefined) return 'URI';
  if (name.iPAddress !== undefined) return 'IP';
  if (name.registeredID !== undefined) return 'REGISTERED_ID';
  if (name.directoryName !== undefined) return 'DIRECTORY_NAME';
  if (name.otherName) return name.otherName.typeId === HARDWARE_MODULE_NAME_OID ? 'HARDWARE_MODULE_NAME' : 'OTHER_NAME';
  if (name.x400Address !== undefined) return 'X400_ADDRESS';
  if (name.ediPartyName) return 'EDI_PARTY_NAME';
  return null;
}

/** A requested SAN as a GeneralName: the string kinds through @peculiar/x509, the other names from their text form (domain sanValue). */
function generalNameOf(sanField: SanType, value: string, field: string): GeneralName {
  const kind = SAN_KINDS[sanField];
  if (kind) return AsnConvert.parse(new x509.GeneralName(kind, value).rawData, GeneralName);
  if (sanField === 'OTHER_NAME') {
    const other = parseOtherName(value);
    if (!other) throw new IssueRefused('SAN_INVALID', `${field} ${sanValueProblem(sanField, value)}`);
    return new GeneralName({ otherName: new OtherName({ typeId: other.typeId, value: new Utf8String({ value: other.value }).toBER(false) }) });
  }
  if (sanField === 'HARDWARE_MODULE_NAME') {
    const hw = parseHardwareModuleName(value);
    if (!hw) throw new IssueRefused('SAN_INVALID', `${field} ${sanValueProblem(sanField, value)}`);
    // RFC 4108 §5: HardwareModuleName ::= SEQUENCE { hwType OBJECT IDENTIFIER, hwSerialNum OCTET STRING }.
    const sequence = new Sequence({ value: [new ObjectIdentifier({ value: hw.hwType }), new OctetString({ valueHex: new Uint8Array(Buffer.from(hw.hwSerialNum, 'hex')) })] });
    return new GeneralName({ otherName: new OtherName({ typeId: HARDWARE_MODULE_NAME_OID, value: sequence.toBER(false) }) });
  }
  throw new IssueRefused('SAN_NOT_ISSUABLE', `${field} ${sanField} is not issued by Tessera (${ISSUABLE_SAN_TYPES.join(', ')} are)`);
}

/** The certificate's SANs: the request's (each a SAN of the template), then the CSR's issuable ones (only the template's when it ignores CSR details). */
function sansOf(csr: x509.Pkcs10CertificateRequest, template: StoredTemplate, request: SubmitCsrRequest): GeneralName[] {
  const allowed = new Set(template.certificateSans.map((s) => s.sanField));
  const out: GeneralName[] = [];
  const seen = new Set<string>();
  const add = (name: GeneralName) => {
    const der = Buffer.from(AsnConvert.serialize(name)).toString('hex');
    if (seen.has(der)) return;
    seen.add(der);
    out.push(name);
  };
  for (const [i, san] of (request.sans ?? []).entries()) {
    if (!allowed.has(san.sanField)) throw new IssueRefused('SAN_NOT_ALLOWED', `sans.${i}.sanField ${san.sanField} is not a SAN of the template`);
    add(generalNameOf(san.sanField, san.value, `sans.${i}.value`));
  }
  const csrSanExt = csr.extensions.find((e) => e.type === '2.5.29.17');
  const csrSans = csrSanExt ? AsnConvert.parse(csrSanExt.value, SubjectAlternativeName) : [];
  for (const name of csrSans) {
    const sanType = sanTypeOf(name);
    if (!sanType || !ISSUABLE_SAN_TYPES.includes(sanType)) continue;
    if (!template.ignoreCsrDetails || allowed.has(sanType)) add(name);
  }
  const dns = new RegExp(DNS_NAME_PATTERN);
  for (const name of out) if (name.dNSName !== undefined && !dns.test(name.dNSName)) throw new IssueRefused('SAN_INVALID', `The DNS name '${name.dNSName}' does not match the DNS name pattern.`);
  return out;
}

/** The subjectAltName extension of `names` (RFC 5280 §4.2.1.6), as @peculiar/x509 and as ASN.1. */
function sanExtension(names: GeneralName[], critical: boolean): { extension: x509.Extension; asn: Extension } {
  const asn = new Extension({ extnID: id_ce_subjectAltName, critical, extnValue: new AsnOctetString(AsnConvert.serialize(new SubjectAlternativeName(names))) });
  return { extension: new x509.SubjectAlternativeNameExtension(AsnConvert.serialize(asn)), asn };
}

/** What an issuance hands on: the certificate's DER and PEM and the facts the tables, the audit and the answer need. */
export interface IssuedCertificate {
  der: Buffer;
  pem: string;
  /** Lower-case hex, no leading zeros (randomSerial). */
  serialNumber: string;
  subject: string;
  /** The first CN of the subject, or ''. */
  cn: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  /** The lint findings of the certificate as built. */
  lint: LintFinding[];
}

/**
 * What every certificate a CA signs under one template shares, built once (issuing showed the ASN.1 work of these
 * parts in every profile): the signature AlgorithmIdentifier, the issuer name (the CA certificate's subject as
 * encoded there, RFC 5280 §4.1.2.4), and the extensions that depend only on the CA and the template (basic
 * constraints, AKI, CRL DP, AIA, key usage, EKU), with the node KeyObject of the CA's key.
 */
interface CaTemplateParts {
  signatureAlgorithm: AlgorithmIdentifier;
  issuer: Name;
  fixed: { before: x509.Extension[]; after: x509.Extension[] };
  fixedAsn: { before: Extension[]; after: Extension[] };
  hash: string;
  key: KeyObject;
}

const partsCache = new WeakMap<x509.X509Certificate, Map<string, Promise<CaTemplateParts>>>();
const algorithmProvider = new x509.AlgorithmProvider();

/** The parts of a CA's certificates that one template fixes (cached per parsed CA certificate and template settings). */
function caTemplateParts(ca: SigningCa, template: StoredTemplate, publicUrl: string): Promise<CaTemplateParts> {
  const key = JSON.stringify([ca.row.id, publicUrl, template.keyUsages, template.extendedKeyUsages, ca.signingAlgorithm]);
  let perCa = partsCache.get(ca.certificate);
  if (!perCa) {
    perCa = new Map();
    partsCache.set(ca.certificate, perCa);
  }
  let parts = perCa.get(key);
  if (!parts) {
    parts = (async (): Promise<CaTemplateParts> => {
      const urls = caPublicUrls(publicUrl, ca.row.id);
      const kuFlags = template.keyUsages.reduce((flags, ku) => flags | (KU_FLAGS[ku] ?? 0), 0);
      const after: x509.Extension[] = [];
      if (kuFlags !== 0) after.push(new x509.KeyUsagesExtension(kuFlags, true));
      if (template.extendedKeyUsages.length > 0) after.push(new x509.ExtendedKeyUsageExtension(template.extendedKeyUsages.map((eku) => EXTENDED_KEY_USAGES[eku])));
      const signing = ca.signingAlgorithm as { name: string; hash?: string | { name: string } };
      const hashName = typeof signing.hash === 'string' ? signing.hash : signing.hash?.name ?? 'SHA-256';
      const fixed = {
        before: [new x509.BasicConstraintsExtension(false, undefined, true)],
        after: [await x509.AuthorityKeyIdentifierExtension.create(ca.certificate), new x509.CRLDistributionPointsExtension([urls.crl]), new x509.AuthorityInfoAccessExtension({ ocsp: [urls.ocsp], caIssuers: [urls.caCert] }), ...after],
      };
      return {
        // What X509CertificateGenerator would write for this key and algorithm.
        signatureAlgorithm: algorithmProvider.toAsnAlgorithm({ ...ca.signingAlgorithm, ...ca.key.algorithm } as Algorithm),
        issuer: AsnConvert.parse(ca.certificate.rawData, Certificate).tbsCertificate.subject,
        fixed,
        fixedAsn: { before: fixed.before.map(extensionAsn), after: fixed.after.map(extensionAsn) },
        hash: hashName.replace('-', '').toLowerCase(),
        // The CA's key stays the key store's non-extractable CryptoKey; node signs with its KeyObject.
        key: KeyObject.from(ca.key),
      };
    })();
    parts.catch(() => perCa.delete(key));
    perCa.set(key, parts);
  }
  return parts;
}

/** The ASN.1 Extension of a library extension object. */
const extensionAsn = (extension: x509.Extension): Extension => AsnConvert.parse(extension.rawData, Extension);

/** node:crypto's digest name of a CSR signature algorithm it can verify directly; null for the others (PSS, SHA-1, …). */
const CSR_SIGNATURE_HASHES: Record<string, string> = {
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
};

/**
 * RFC 2986 §3: the signature over the request is the requester's proof of possession of the private key. ECDSA and
 * RSA PKCS#1 v1.5 signatures are checked by node:crypto over the request's encoded certificationRequestInfo (the
 * same check as the library's, without its WebCrypto key import and signature reformatting); the others by @peculiar/x509.
 */
async function csrSignatureVerifies(csr: x509.Pkcs10CertificateRequest, asn: CertificationRequest): Promise<boolean> {
  try {
    const hash = CSR_SIGNATURE_HASHES[asn.signatureAlgorithm.algorithm];
    const tbs = asn.certificationRequestInfoRaw;
    if (hash === undefined || asn.signatureAlgorithm.parameters || !tbs) return await csr.verify();
    const spki = AsnConvert.serialize(asn.certificationRequestInfo.subjectPKInfo);
    return nodeVerify(hash, new Uint8Array(tbs), { key: Buffer.from(spki), format: 'der', type: 'spki' }, new Uint8Array(asn.signature));
  } catch {
    return false;
  }
}

/** Checks the CSR against the template and signs the certificate. @throws IssueRefused */
export async function issueFromCsr(options: { csr: x509.Pkcs10CertificateRequest; template: StoredTemplate; ca: SigningCa; request: SubmitCsrRequest; now: number; publicUrl: string }): Promise<IssuedCertificate> {
  const { csr, template, ca, request } = options;
  const asn = asnOf(csr);
  if (!(await csrSignatureVerifies(csr, asn))) throw new IssueRefused('CSR_SIGNATURE_INVALID', 'The CSR signature does not verify (proof of possession failed).');
  checkKey(csr, template);
  if (template.expiry && options.now > Date.parse(template.expiry)) throw new IssueRefused('TEMPLATE_EXPIRED', 'The template has expired.');
  if (options.now < ca.certificate.notBefore.getTime() || options.now > ca.certificate.notAfter.getTime()) throw new IssueRefused('CA_NOT_ACTIVE', 'The certificate authority is not active.');
  const subject = subjectOf(csr, template, request);
  const sans = sansOf(csr, template, request);
  if (subject === '' && sans.length === 0) throw new IssueRefused('SUBJECT_EMPTY', 'The certificate would have neither a subject nor a subjectAltName.');
  const notBefore = new Date(Math.floor(options.now / 1000) * 1000 - 60_000);
  let notAfter = addValidity(new Date(Math.floor(options.now / 1000) * 1000), template.validityPeriod, template.validityPeriodUnits);
  if (notAfter > ca.certificate.notAfter) notAfter = ca.certificate.notAfter;
  const parts = await caTemplateParts(ca, template, options.publicUrl);
  const spki = asn.certificationRequestInfo.subjectPKInfo;
  // RFC 5280 §4.2.1.2 (1): the key identifier is the SHA-1 of the subjectPublicKey BIT STRING's value.
  const ski = new x509.SubjectKeyIdentifierExtension(createHash('sha1').update(new Uint8Array(spki.subjectPublicKey)).digest('hex'));
  const extensions: x509.Extension[] = [...parts.fixed.before, ski, ...parts.fixed.after];
  const extensionsAsn: Extension[] = [...parts.fixedAsn.before, extensionAsn(ski), ...parts.fixedAsn.after];
  // RFC 5280 §4.2.1.6: critical when the subject is empty.
  if (sans.length > 0) {
    const san = sanExtension(sans, subject === '');
    extensions.push(san.extension);
    extensionsAsn.push(san.asn);
  }
  const serialNumber = randomSerial();
  const subjectName = new x509.Name(subject);
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: new Uint8Array(Buffer.from(serialNumber, 'hex')).buffer,
    signature: parts.signatureAlgorithm,
    issuer: parts.issuer,
    validity: new Validity({ notBefore, notAfter }),
    subject: AsnConvert.parse(subjectName.toArrayBuffer(), Name),
    subjectPublicKeyInfo: spki,
    extensions: new Extensions(extensionsAsn),
  });
  // One ASN.1 tree of the TBSCertificate: encoded once to be signed, and placed as it is in the Certificate.
  const tbsAsn = AsnSerializer.toASN(tbs);
  const signature = nodeSign(parts.hash, new Uint8Array(tbsAsn.toBER(false)), parts.key);
  const certificate = new Certificate({ signatureAlgorithm: parts.signatureAlgorithm, signatureValue: new Uint8Array(signature).buffer });
  certificate.tbsCertificate = new EncodedAsn(tbsAsn) as unknown as TBSCertificate;
  const der = Buffer.from(AsnConvert.serialize(certificate));
  const subjectText = subjectName.toString();
  return {
    der,
    pem: x509.PemConverter.encode(der, 'CERTIFICATE'),
    serialNumber,
    subject: subjectText,
    cn: subjectName.getField('CN')[0] ?? '',
    issuer: ca.certificate.subject,
    notBefore,
    notAfter,
    lint: lintParts({ serialNumber, notBefore, notAfter, subjectEmpty: subjectName.toJSON().length === 0, publicKeyAlgorithm: csr.publicKey.algorithm, extensions }),
  };
}

/** An ASN.1 value already built (asn1-schema's convertible shape: it serialises what `toASN` answers). */
class EncodedAsn {
  constructor(private readonly block: ReturnType<typeof AsnSerializer.toASN>) {}
  toASN(): ReturnType<typeof AsnSerializer.toASN> {
    return this.block;
  }
  fromASN(): this {
    throw new Error('EncodedAsn is write-only');
  }
}
