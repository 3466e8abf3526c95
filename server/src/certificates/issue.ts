/**
 * Issuing from a PKCS#10 CSR (RFC 2986): proof of possession (the CSR's signature), the key type the
 * template allows, the subject and SANs the template honours, and the extensions of RFC 5280 §4.2 with
 * the CA's CRL distribution point and AIA (OCSP, caIssuers).
 */
import { createHash, KeyObject } from 'node:crypto';
import { AsnConvert, AsnParser, OctetString as AsnOctetString } from '@peculiar/asn1-schema';
import { BitString, Constructed, fromBER, type BaseBlock, Integer, ObjectIdentifier, OctetString, RawData, Sequence, Set as AsnSet, Utf8String } from 'asn1js';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { Certificate, Extension, Extensions, GeneralName, id_ce_subjectAltName, id_ce_subjectKeyIdentifier, OtherName, SubjectAlternativeName, SubjectKeyIdentifier, Validity } from '@peculiar/asn1-x509';
import { addValidity, DNS_NAME_PATTERN, EXTENDED_KEY_USAGES, HARDWARE_MODULE_NAME_OID, ISSUABLE_SAN_TYPES, parseHardwareModuleName, parseOtherName, sanValueProblem, type KeyType, type LintFinding, type SanType, type SubmitCsrRequest } from '@tessera/domain';
import { caPublicUrls, type SigningCa } from '../pki/ca.service';
import type { StoredTemplate } from '../pki/templates.service';
import { randomSerial, x509 } from '../pki/pki.service';
import { signBesideLoop, verifyCsrAndSign, verifyCsrSignature, type SignatureCheck } from './csr-verifier';
import { lintTarget } from './lint';

/** PKCS#9 extensionRequest (RFC 2985 §5.4.2). */
const id_pkcs9_at_extensionRequest = '1.2.840.113549.1.9.14';

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

/**
 * What parseCsr read of each CSR: its ASN.1 (asn1-schema), and the subjectPublicKeyInfo as encoded in the request (the
 * certificate carries those bytes as they are, and node:crypto checks the request's signature with them).
 */
interface CsrParts {
  asn: CertificationRequest;
  spki: Uint8Array;
  /** The decoded blocks of the attributes, in the order of asn.certificationRequestInfo.attributes. */
  attributes: AsnBlock[];
}
type AsnBlock = ReturnType<typeof fromBER>['result'];
const csrParts = new WeakMap<x509.Pkcs10CertificateRequest, CsrParts>();

/** The ASN.1 of a DER CSR: one asn1js decoding, read by asn1-schema; the SPKI's bytes are the decoded block's own. */
function decodeCsr(der: BufferSource): CsrParts {
  // The contents of OCTET and BIT STRINGs are not decoded as embedded ASN.1 (asn1-schema reads them as bytes).
  const ber = fromBER(der, { parseEmbedded: false });
  if (ber.offset === -1) throw new Error(ber.result.error);
  const asn = AsnParser.fromASN(ber.result, CertificationRequest);
  // asn1-schema checked the shape (RFC 2986 §4.1: version, subject, subjectPKInfo, attributes), so the third block of
  // the certificationRequestInfo is the subjectPKInfo.
  const info = (ber.result as Sequence).valueBlock.value[0] as Sequence;
  const spki = info.valueBlock.value[2]!.valueBeforeDecodeView;
  if (spki.byteLength === 0) throw new Error('no subjectPKInfo');
  const attributes = (info.valueBlock.value[3] as Sequence | undefined)?.valueBlock.value ?? [];
  return { asn, spki, attributes };
}

/** A PEM block without headers (RFC 7468 §2) at the start of the text: its label and base64 body. */
const PEM_BLOCK = /^-----BEGIN ([^-\r\n]+)-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END \1-----/;

/** The DER of the first PEM block: node's base64 for a block without headers, else @peculiar/x509's PemConverter. */
function pemFirstBlock(pem: string): BufferSource {
  const block = PEM_BLOCK.exec(pem);
  return block ? new Uint8Array(Buffer.from(block[2]!, 'base64')) : x509.PemConverter.decodeFirst(pem);
}

/** Parses a CSR given as PEM or base64 DER (once: the request object is built over the parsed ASN.1). @throws IssueRefused CSR_UNPARSABLE */
export function parseCsr(text: string): x509.Pkcs10CertificateRequest {
  try {
    const trimmed = text.trim();
    const der = trimmed.startsWith('-----') ? pemFirstBlock(trimmed) : new Uint8Array(Buffer.from(trimmed, 'base64'));
    const parts = decodeCsr(der);
    const csr = new x509.Pkcs10CertificateRequest(parts.asn);
    csrParts.set(csr, parts);
    return csr;
  } catch {
    throw new IssueRefused('CSR_UNPARSABLE', 'The CSR is not a PKCS#10 certificate request.');
  }
}

/** The parts of a CSR (kept by parseCsr, else decoded from its DER). */
function partsOf(csr: x509.Pkcs10CertificateRequest): CsrParts {
  let parts = csrParts.get(csr);
  if (!parts) {
    parts = decodeCsr(csr.rawData);
    csrParts.set(csr, parts);
  }
  return parts;
}

/** The named curves of RFC 5480 §2.1.1.1 Tessera issues for, by the DER of their OID (encoded by asn1js). */
const EC_CURVES = new Map(
  Object.entries({ 'P-256': '1.2.840.10045.3.1.7', 'P-384': '1.3.132.0.34', 'P-521': '1.3.132.0.35' }).map(([curve, oid]) => [Buffer.from(new ObjectIdentifier({ value: oid }).toBER(false)).toString('hex'), curve]),
);
const ID_EC_PUBLIC_KEY = '1.2.840.10045.2.1';

/**
 * The WebCrypto algorithm of a CSR's key: an EC key on a NIST curve read from the SPKI's AlgorithmIdentifier (RFC 5480
 * §2.1.1: id-ecPublicKey and the namedCurve OID), the others through @peculiar/x509's key reading.
 */
function keyAlgorithmOf(csr: x509.Pkcs10CertificateRequest, asn: CertificationRequest): KeyAlgorithm {
  const { algorithm, parameters } = asn.certificationRequestInfo.subjectPKInfo.algorithm;
  if (algorithm === ID_EC_PUBLIC_KEY && parameters) {
    const namedCurve = EC_CURVES.get(Buffer.from(parameters).toString('hex'));
    if (namedCurve) return { name: 'ECDSA', namedCurve } as EcKeyAlgorithm;
  }
  return csr.publicKey.algorithm;
}

/** The key type of a CSR's public key. @throws IssueRefused UNRECOGNIZED_ALGORITHM, KEY_TYPE_NOT_ALLOWED, KEY_TOO_SMALL */
function checkKey(csr: x509.Pkcs10CertificateRequest, asn: CertificationRequest, template: StoredTemplate): KeyAlgorithm {
  let algorithm: KeyAlgorithm;
  try {
    algorithm = keyAlgorithmOf(csr, asn);
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
  return algorithm;
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

/**
 * The extensions a CSR requests (RFC 2985 §5.4.2: the first extensionRequest attribute's value, as @peculiar/x509 reads
 * it), read by asn1-schema from the block parseCsr decoded (else from the value's bytes).
 */
function csrExtensions({ asn, attributes }: CsrParts): Extension[] {
  const index = asn.certificationRequestInfo.attributes.findIndex((a) => a.type === id_pkcs9_at_extensionRequest);
  const value = asn.certificationRequestInfo.attributes[index]?.values[0];
  if (!value) return [];
  // Attribute ::= SEQUENCE { type, values SET OF }: the first block of the values is the value.
  const block = ((attributes[index] as Sequence | undefined)?.valueBlock.value[1] as AsnSet | undefined)?.valueBlock.value[0];
  if (block && block.valueBeforeDecodeView.byteLength === value.byteLength) return AsnParser.fromASN(block, Extensions);
  return AsnConvert.parse(value, Extensions);
}

const DNS_NAME = new RegExp(DNS_NAME_PATTERN);

/** The certificate's SANs: the request's (each a SAN of the template), then the CSR's issuable ones (only the template's when it ignores CSR details). */
function sansOf(csr: CsrParts, template: StoredTemplate, request: SubmitCsrRequest): GeneralName[] {
  const allowed = new Set(template.certificateSans.map((s) => s.sanField));
  const out: GeneralName[] = [];
  // Duplicates by their DER; a name is encoded for this only once a second name comes.
  const ders: string[] = [];
  const derOf = (i: number) => (ders[i] ??= Buffer.from(AsnConvert.serialize(out[i]!)).toString('hex'));
  const add = (name: GeneralName) => {
    if (out.length > 0) {
      const der = Buffer.from(AsnConvert.serialize(name)).toString('hex');
      for (let i = 0; i < out.length; i++) if (derOf(i) === der) return;
      ders[out.length] = der;
    }
    out.push(name);
  };
  for (const [i, san] of (request.sans ?? []).entries()) {
    if (!allowed.has(san.sanField)) throw new IssueRefused('SAN_NOT_ALLOWED', `sans.${i}.sanField ${san.sanField} is not a SAN of the template`);
    add(generalNameOf(san.sanField, san.value, `sans.${i}.value`));
  }
  const csrSanExt = csrExtensions(csr).find((e) => e.extnID === id_ce_subjectAltName);
  const csrSans = csrSanExt ? AsnConvert.parse(csrSanExt.extnValue.buffer, SubjectAlternativeName) : [];
  for (const name of csrSans) {
    const sanType = sanTypeOf(name);
    if (!sanType || !ISSUABLE_SAN_TYPES.includes(sanType)) continue;
    if (!template.ignoreCsrDetails || allowed.has(sanType)) add(name);
  }
  for (const name of out) if (name.dNSName !== undefined && !DNS_NAME.test(name.dNSName)) throw new IssueRefused('SAN_INVALID', `The DNS name '${name.dNSName}' does not match the DNS name pattern.`);
  return out;
}

/** The DER of the subjectAltName extension of `names` (RFC 5280 §4.2.1.6), encoded by asn1-schema. */
function sanExtensionDer(names: GeneralName[], critical: boolean): ArrayBuffer {
  return AsnConvert.serialize(new Extension({ extnID: id_ce_subjectAltName, critical, extnValue: new AsnOctetString(AsnConvert.serialize(new SubjectAlternativeName(names))) }));
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
 * What every certificate a CA signs under one template shares, encoded once to DER by the libraries and spliced as it
 * is into each TBSCertificate (issuing showed the ASN.1 work of these parts in every profile): the signature
 * AlgorithmIdentifier, the issuer name (the CA certificate's subject as encoded there, RFC 5280 §4.1.2.4), and the
 * extensions that depend only on the CA and the template (basic constraints, AKI, CRL DP, AIA, key usage, EKU), with
 * the node KeyObject of the CA's key.
 */
interface CaTemplateParts {
  signatureAlgorithm: ArrayBuffer;
  issuer: ArrayBuffer;
  /** The extension objects (what the lint reads) and their DER, before and after the SKI. */
  fixed: { before: x509.Extension[]; after: x509.Extension[] };
  /** The DER of the fixed extensions before the SKI and after it, each run of them one spliced block. */
  fixedDer: { before: Uint8Array; after: Uint8Array };
  /** The DER of the last validity encoded (certificates issued within one second share it). */
  validity: { key: string; der: ArrayBuffer } | null;
  hash: string;
  key: KeyObject;
}

const partsCache = new WeakMap<x509.X509Certificate, Map<string, Promise<CaTemplateParts>>>();
const algorithmProvider = new x509.AlgorithmProvider();

/** The parts of a CA's certificates that one template fixes (cached per parsed CA certificate and template settings). */
function caTemplateParts(ca: SigningCa, template: StoredTemplate, publicUrl: string): Promise<CaTemplateParts> {
  const key = `${ca.row.id}\n${publicUrl}\n${template.keyUsages.join(',')}\n${template.extendedKeyUsages.join(',')}\n${JSON.stringify(ca.signingAlgorithm)}`;
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
        signatureAlgorithm: AsnConvert.serialize(algorithmProvider.toAsnAlgorithm({ ...ca.signingAlgorithm, ...ca.key.algorithm } as Algorithm)),
        issuer: AsnConvert.serialize(AsnConvert.parse(ca.certificate.rawData, Certificate).tbsCertificate.subject),
        fixed,
        fixedDer: { before: Buffer.concat(fixed.before.map((e) => new Uint8Array(e.rawData))), after: Buffer.concat(fixed.after.map((e) => new Uint8Array(e.rawData))) },
        validity: null,
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

/** The DER of a validity (asn1-schema's encoding: UTCTime until 2049, RFC 5280 §4.1.2.5), the last one kept by the parts. */
function validityDer(parts: CaTemplateParts, notBefore: Date, notAfter: Date): ArrayBuffer {
  const key = `${notBefore.getTime()}/${notAfter.getTime()}`;
  if (parts.validity?.key !== key) parts.validity = { key, der: AsnConvert.serialize(new Validity({ notBefore, notAfter })) };
  return parts.validity.der;
}

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
 * The check of a CSR's signature node:crypto makes in a worker (csr-verifier.ts): ECDSA and RSA PKCS#1 v1.5 over the
 * request's encoded certificationRequestInfo with its encoded subjectPKInfo (the same check as the library's, without
 * its WebCrypto key import and signature reformatting); null for the others (RSA-PSS, SHA-1, …: @peculiar/x509).
 */
function workerCheckOf({ asn, spki }: CsrParts): SignatureCheck | null {
  const hash = CSR_SIGNATURE_HASHES[asn.signatureAlgorithm.algorithm];
  const tbs = asn.certificationRequestInfoRaw;
  if (hash === undefined || asn.signatureAlgorithm.parameters || !tbs) return null;
  return { hash, data: new Uint8Array(tbs), spki, signature: new Uint8Array(asn.signature) };
}

/** RFC 2986 §3: the signature over the request is the requester's proof of possession of the private key. */
async function csrSignatureVerifies(csr: x509.Pkcs10CertificateRequest, parts: CsrParts): Promise<boolean> {
  try {
    const check = workerCheckOf(parts);
    return check ? await verifyCsrSignature(check.hash, check.data, check.spki, check.signature) : await csr.verify();
  } catch {
    return false;
  }
}

/**
 * The certificate's signature over `tbsDer`, made only once the CSR's signature holds (null when it does not): for
 * the checks node:crypto makes, the check and the signature in one round trip to a worker; else the library's check,
 * then node:crypto's sign on libuv's thread pool (csr-verifier's signBesideLoop).
 */
async function signIfPossessed(csr: x509.Pkcs10CertificateRequest, parts: CsrParts, ca: CaTemplateParts, tbsDer: ArrayBuffer): Promise<Buffer | null> {
  let check: SignatureCheck | null = null;
  try {
    check = workerCheckOf(parts);
  } catch {
    return null;
  }
  if (check) {
    const answer = await verifyCsrAndSign(check, { hash: ca.hash, data: new Uint8Array(tbsDer), key: ca.key });
    return answer.verified ? answer.signature : null;
  }
  if (!(await csrSignatureVerifies(csr, parts))) return null;
  return signBesideLoop({ hash: ca.hash, data: new Uint8Array(tbsDer), key: ca.key });
}

/** PEM of RFC 7468 §2 as @peculiar/x509's PemConverter writes it (64-character lines, LF), with node's base64. */
function pemOf(der: Buffer, label: string): string {
  const base64 = der.toString('base64');
  const lines: string[] = [`-----BEGIN ${label}-----`];
  for (let i = 0; i < base64.length; i += 64) lines.push(base64.substring(i, i + 64));
  lines.push(`-----END ${label}-----`);
  return lines.join('\n');
}

/** Checks the CSR against the template and signs the certificate. @throws IssueRefused */
export async function issueFromCsr(options: { csr: x509.Pkcs10CertificateRequest; template: StoredTemplate; ca: SigningCa; request: SubmitCsrRequest; now: number; publicUrl: string }): Promise<IssuedCertificate> {
  const { csr, template, ca, request } = options;
  const csrPartsOf = partsOf(csr);
  const { asn } = csrPartsOf;
  // The CSR's signature is checked with the certificate's signature, once the TBSCertificate is encoded (one round
  // trip to a worker); a refusal of the checks below waits for the CSR's check, so that a bad signature is still the
  // answer before any other refusal.
  let publicKeyAlgorithm: KeyAlgorithm;
  let checks: { subject: string; sans: GeneralName[] };
  try {
    publicKeyAlgorithm = checkKey(csr, asn, template);
    if (template.expiry && options.now > Date.parse(template.expiry)) throw new IssueRefused('TEMPLATE_EXPIRED', 'The template has expired.');
    if (options.now < ca.certificate.notBefore.getTime() || options.now > ca.certificate.notAfter.getTime()) throw new IssueRefused('CA_NOT_ACTIVE', 'The certificate authority is not active.');
    const subject = subjectOf(csr, template, request);
    const sans = sansOf(csrPartsOf, template, request);
    if (subject === '' && sans.length === 0) throw new IssueRefused('SUBJECT_EMPTY', 'The certificate would have neither a subject nor a subjectAltName.');
    checks = { subject, sans };
  } catch (cause) {
    if (!(await csrSignatureVerifies(csr, csrPartsOf))) throw new IssueRefused('CSR_SIGNATURE_INVALID', 'The CSR signature does not verify (proof of possession failed).');
    throw cause;
  }
  const { subject, sans } = checks;
  const notBefore = new Date(Math.floor(options.now / 1000) * 1000 - 60_000);
  let notAfter = addValidity(new Date(Math.floor(options.now / 1000) * 1000), template.validityPeriod, template.validityPeriodUnits);
  if (notAfter > ca.certificate.notAfter) notAfter = ca.certificate.notAfter;
  const parts = await caTemplateParts(ca, template, options.publicUrl);
  // RFC 5280 §4.2.1.2 (1): the key identifier is the SHA-1 of the subjectPublicKey BIT STRING's value.
  const keyId = createHash('sha1').update(new Uint8Array(asn.certificationRequestInfo.subjectPKInfo.subjectPublicKey)).digest();
  const skiDer = skiExtensionDer(keyId);
  const extensionsDer: (ArrayBuffer | Uint8Array)[] = [parts.fixedDer.before, skiDer, parts.fixedDer.after];
  // RFC 5280 §4.2.1.6: critical when the subject is empty.
  const sanCritical = subject === '';
  const sanDer = sans.length > 0 ? sanExtensionDer(sans, sanCritical) : null;
  if (sanDer) extensionsDer.push(sanDer);
  const serialNumber = randomSerial();
  const subjectName = new x509.Name(subject);
  // Per certificate only the serial, the validity, the subject, the SKI and the SAN are encoded; the rest is spliced.
  // RFC 5280 §4.1: TBSCertificate ::= SEQUENCE { version [0] EXPLICIT, serialNumber, signature, issuer, validity,
  // subject, subjectPublicKeyInfo, extensions [3] EXPLICIT Extensions }, its shells encoded by asn1js (asn1-schema
  // encodes the same blocks, after walking its schema; issue.test compares the two encodings byte for byte).
  const tbsDer = new Sequence({
    value: [
      encoded(VERSION_V3_DER),
      new Integer({ valueHex: new Uint8Array(Buffer.from(serialNumber, 'hex')) }),
      encoded(parts.signatureAlgorithm),
      encoded(parts.issuer),
      encoded(validityDer(parts, notBefore, notAfter)),
      encoded(subjectName.toArrayBuffer()),
      encoded(csrPartsOf.spki),
      new Constructed({ idBlock: { tagClass: CONTEXT_SPECIFIC, tagNumber: 3 }, value: [new Sequence({ value: extensionsDer.map(encoded) })] }),
    ],
  }).toBER(false);
  // Nothing is signed before the proof of possession holds.
  const signature = await signIfPossessed(csr, csrPartsOf, parts, tbsDer);
  if (!signature) throw new IssueRefused('CSR_SIGNATURE_INVALID', 'The CSR signature does not verify (proof of possession failed).');
  // RFC 5280 §4.1: Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING }.
  const der = Buffer.from(new Sequence({ value: [encoded(tbsDer), encoded(parts.signatureAlgorithm), new BitString({ valueHex: signature })] }).toBER(false));
  const fixed = [...parts.fixed.before, ...parts.fixed.after];
  // The lint reads the extension objects the fixed parts were encoded from, and the facts of the SKI and the SAN as
  // built (their objects only if a rule asks for one).
  const lazy = new Map<unknown, () => x509.Extension | null>([
    [x509.SubjectKeyIdentifierExtension, () => new x509.SubjectKeyIdentifierExtension(skiDer)],
    [x509.SubjectAlternativeNameExtension, () => (sanDer ? new x509.SubjectAlternativeNameExtension(sanDer) : null)],
  ]);
  return {
    der,
    pem: pemOf(der, 'CERTIFICATE'),
    serialNumber,
    subject: subjectName.toString(),
    cn: subjectName.getField('CN')[0] ?? '',
    issuer: ca.certificate.subject,
    notBefore,
    notAfter,
    lint: lintTarget({
      serialNumber,
      notBefore,
      notAfter,
      subjectEmpty: subjectName.toJSON().length === 0,
      publicKeyAlgorithm,
      getExtension: (type) => (lazy.get(type)?.() ?? fixed.find((e) => e instanceof type) ?? null) as never,
      hasExtension: (type) => (type === x509.SubjectKeyIdentifierExtension ? true : type === x509.SubjectAlternativeNameExtension ? sanDer !== null : fixed.some((e) => e instanceof type)),
      subjectAltName: () => (sanDer ? { critical: sanCritical, types: sans.map((name) => SAN_KINDS[sanTypeOf(name) ?? 'OTHER_NAME'] ?? 'other') } : null),
    }),
  };
}

/**
 * asn1js's RawData (a block whose encoding is the bytes it holds) as a child of a constructed block: asn1js 3 encodes
 * children into the writer it passes, which RawData.toBER does not use.
 */
class EncodedBlock extends RawData {
  override toBER(sizeOnly?: boolean, writer?: { write(buffer: ArrayBuffer): void }): ArrayBuffer {
    const buffer = super.toBER(sizeOnly);
    if (!writer) return buffer;
    writer.write(buffer);
    return new ArrayBuffer(0);
  }
}

/** Library-encoded DER as a block of an asn1js structure (asn1js types a constructed block's children as BaseBlocks; it writes a RawData the same way). */
const encoded = (der: ArrayBuffer | Uint8Array): BaseBlock => new EncodedBlock({ data: der }) as unknown as BaseBlock;

/** asn1js's tag class of context-specific tags ([0], [3] of RFC 5280 §4.1). */
const CONTEXT_SPECIFIC = 3;
/** The version field of a TBSCertificate, `[0] EXPLICIT INTEGER 2` (v3), encoded once by asn1js. */
const VERSION_V3_DER = new Constructed({ idBlock: { tagClass: CONTEXT_SPECIFIC, tagNumber: 0 }, value: [new Integer({ value: 2 })] }).toBER(false);

/**
 * The subjectKeyIdentifier extension (RFC 5280 §4.2.1.2) is the same but for its 20-byte key identifier (a SHA-1):
 * asn1-schema encodes it once with a key identifier of zeros, and each certificate's copy carries its own identifier
 * in those 20 bytes, the last of the encoding (Extension ::= SEQUENCE { extnID, extnValue OCTET STRING { OCTET STRING } }).
 */
const SKI_TEMPLATE: Uint8Array<ArrayBuffer> = new Uint8Array(AsnConvert.serialize(new Extension({ extnID: id_ce_subjectKeyIdentifier, critical: false, extnValue: new AsnOctetString(AsnConvert.serialize(new SubjectKeyIdentifier(new Uint8Array(20)))) })));
function skiExtensionDer(keyId: Uint8Array): Uint8Array<ArrayBuffer> {
  if (keyId.byteLength !== 20) throw new Error('a key identifier is a SHA-1 (20 bytes)');
  const der = SKI_TEMPLATE.slice();
  der.set(keyId, der.byteLength - 20);
  return der;
}
