/**
 * The CMS of SCEP (RFC 8894 §3): a pkiMessage is a SignedData (RFC 5652 §5, here through pkijs) whose signed
 * attributes carry messageType, transactionID, senderNonce (and in a CertRep pkiStatus, failInfo,
 * recipientNonce), and whose content is an EnvelopedData (RFC 5652 §6, @peculiar/asn1-cms) encrypted to the
 * RA certificate. Key transport: RSAES-OAEP through node:crypto, RSAES-PKCS1-v1_5 (what most SCEP clients
 * send; node 20 refuses it for private decryption) through node-forge, with RFC 3218 §2.3.2 implicit
 * rejection (a bad padding gives a random key, so it fails as the content does). Content: AES-CBC or
 * DES-EDE3-CBC through node:crypto.
 */
import { createHash, createCipheriv, createDecipheriv, createPublicKey, constants, privateDecrypt, publicEncrypt, randomBytes, webcrypto, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import forge from 'node-forge';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, Name } from '@peculiar/asn1-x509';
import { RsaEsOaepParams, id_RSAES_OAEP, id_sha1, id_sha256, id_sha384, id_sha512 } from '@peculiar/asn1-rsa';
import {
  ContentInfo,
  EncryptedContentInfo,
  EncryptedContent,
  EnvelopedData,
  IssuerAndSerialNumber,
  KeyTransRecipientInfo,
  RecipientIdentifier,
  RecipientInfo,
  RecipientInfos,
  SignedData as AsnSignedData,
  CertificateSet,
  CertificateChoices,
  EncapsulatedContentInfo,
  id_data,
  id_envelopedData,
  id_signedData,
} from '@peculiar/asn1-cms';
import { Certificate } from '@peculiar/asn1-x509';
import { AsnParser } from '@peculiar/asn1-schema';

const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto });
pkijs.setEngine('node', engine);

/** SCEP attribute OIDs (RFC 8894 §3.2.1). */
export const SCEP_OID = {
  messageType: '2.16.840.1.113733.1.9.2',
  pkiStatus: '2.16.840.1.113733.1.9.3',
  failInfo: '2.16.840.1.113733.1.9.4',
  senderNonce: '2.16.840.1.113733.1.9.5',
  recipientNonce: '2.16.840.1.113733.1.9.6',
  transactionID: '2.16.840.1.113733.1.9.7',
} as const;

/** messageType values (RFC 8894 §3.2.1.2). */
export const MESSAGE_TYPE = { CertRep: '3', RenewalReq: '17', PKCSReq: '19', CertPoll: '20', GetCert: '21', GetCRL: '22' } as const;
/** pkiStatus values (§3.2.1.3). */
export const PKI_STATUS = { SUCCESS: '0', FAILURE: '2', PENDING: '3' } as const;
/** failInfo values (§3.2.1.4). */
export const FAIL_INFO = { badAlg: '0', badMessageCheck: '1', badRequest: '2', badTime: '3', badCertId: '4' } as const;
export type FailInfo = keyof typeof FAIL_INFO;

/** A SCEP failure to answer as a CertRep FAILURE with this failInfo (or as HTTP 400 when nothing could be read). */
export class ScepFailure extends Error {
  constructor(
    readonly failInfo: FailInfo,
    message: string,
  ) {
    super(message);
    this.name = 'ScepFailure';
  }
}

/** What a request pkiMessage says, after its signature is checked and its envelope opened. */
export interface ScepRequest {
  messageType: string;
  transactionId: string;
  senderNonce: Uint8Array;
  /** The signer's certificate (self-signed for PKCSReq, the current one for RenewalReq). */
  signerCertificate: Uint8Array;
  /** The decrypted messageData: a CSR (DER), an IssuerAndSubject or an IssuerAndSerialNumber. */
  content: Uint8Array;
}

const CONTENT_CIPHERS: Record<string, { name: string; keyLength: number }> = {
  '2.16.840.1.101.3.4.1.2': { name: 'aes-128-cbc', keyLength: 16 },
  '2.16.840.1.101.3.4.1.22': { name: 'aes-192-cbc', keyLength: 24 },
  '2.16.840.1.101.3.4.1.42': { name: 'aes-256-cbc', keyLength: 32 },
  '1.2.840.113549.3.7': { name: 'des-ede3-cbc', keyLength: 24 },
};
const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
const HASH_NAMES: Record<string, string> = { [id_sha1]: 'sha1', [id_sha256]: 'sha256', [id_sha384]: 'sha384', [id_sha512]: 'sha512' };

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

function attributeValue(signer: pkijs.SignerInfo, oid: string): asn1js.AsnType | undefined {
  return signer.signedAttrs?.attributes.find((a) => a.type === oid)?.values[0];
}

function printable(value: asn1js.AsnType | undefined): string | undefined {
  if (!value) return undefined;
  const v = value as unknown as { valueBlock: { value?: unknown; valueHexView?: Uint8Array } };
  if (typeof v.valueBlock.value === 'string') return v.valueBlock.value;
  return undefined;
}

function octets(value: asn1js.AsnType | undefined): Uint8Array | undefined {
  if (!(value instanceof asn1js.OctetString)) return undefined;
  return new Uint8Array(value.valueBlock.valueHexView);
}

/**
 * Reads a request pkiMessage: checks the SignedData's signature with the signer certificate it carries,
 * reads the SCEP attributes and decrypts the envelope with the RA key. @throws ScepFailure
 */
export async function openRequest(der: Uint8Array, ra: { certificate: Uint8Array; key: KeyObject }): Promise<ScepRequest> {
  let signed: pkijs.SignedData;
  try {
    const info = pkijs.ContentInfo.fromBER(toArrayBuffer(der));
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('not SignedData');
    signed = new pkijs.SignedData({ schema: info.content });
  } catch {
    throw new ScepFailure('badRequest', 'The pkiMessage is not a CMS SignedData.');
  }
  const signer = signed.signerInfos[0];
  if (!signer) throw new ScepFailure('badRequest', 'The pkiMessage has no signer.');
  const messageType = printable(attributeValue(signer, SCEP_OID.messageType));
  const transactionId = printable(attributeValue(signer, SCEP_OID.transactionID));
  const senderNonce = octets(attributeValue(signer, SCEP_OID.senderNonce));
  if (!messageType || !transactionId || !senderNonce) throw new ScepFailure('badRequest', 'The pkiMessage lacks messageType, transactionID or senderNonce.');
  let verified = false;
  let signerCertificate: pkijs.Certificate | undefined;
  try {
    const result = await signed.verify({ signer: 0, checkChain: false, extendedMode: true });
    verified = result.signatureVerified === true;
    signerCertificate = result.signerCertificate ?? undefined;
  } catch {
    verified = false;
  }
  if (!verified || !signerCertificate) throw new ScepFailure('badMessageCheck', 'The pkiMessage signature does not verify.');
  const eContent = signed.encapContentInfo.eContent;
  if (!eContent) throw new ScepFailure('badRequest', 'The pkiMessage has no messageData.');
  const content = await openEnvelope(new Uint8Array(eContent.getValue()), ra);
  return { messageType, transactionId, senderNonce, signerCertificate: new Uint8Array(signerCertificate.toSchema().toBER(false)), content };
}

/** Decrypts an EnvelopedData (ContentInfo DER) addressed to the RA. @throws ScepFailure */
export async function openEnvelope(der: Uint8Array, ra: { certificate: Uint8Array; key: KeyObject }): Promise<Uint8Array> {
  let enveloped: EnvelopedData;
  try {
    const info = AsnConvert.parse(der, ContentInfo);
    if (info.contentType !== id_envelopedData) throw new Error('not EnvelopedData');
    enveloped = AsnConvert.parse(info.content, EnvelopedData);
  } catch {
    throw new ScepFailure('badRequest', 'The messageData is not a CMS EnvelopedData.');
  }
  const raCert = AsnConvert.parse(ra.certificate, Certificate);
  const recipient = enveloped.recipientInfos.map((r) => r.ktri).find((k): k is KeyTransRecipientInfo => {
    const sid = k?.rid.issuerAndSerialNumber;
    if (!sid) return false;
    return Buffer.from(sid.serialNumber).equals(Buffer.from(raCert.tbsCertificate.serialNumber)) && Buffer.from(AsnConvert.serialize(sid.issuer)).equals(Buffer.from(AsnConvert.serialize(raCert.tbsCertificate.issuer)));
  });
  if (!recipient) throw new ScepFailure('badCertId', 'The messageData is not encrypted to the RA certificate.');
  const cipher = CONTENT_CIPHERS[enveloped.encryptedContentInfo.contentEncryptionAlgorithm.algorithm];
  const ivParam = enveloped.encryptedContentInfo.contentEncryptionAlgorithm.parameters;
  if (!cipher || !ivParam) throw new ScepFailure('badAlg', 'The content encryption algorithm is not AES-CBC or DES-EDE3-CBC.');
  const iv = new Uint8Array(AsnConvert.parse(ivParam, OctetString).buffer);
  const encryptedKey = Buffer.from(recipient.encryptedKey.buffer, recipient.encryptedKey.byteOffset, recipient.encryptedKey.byteLength);
  let cek: Buffer;
  const keyAlg = recipient.keyEncryptionAlgorithm;
  if (keyAlg.algorithm === id_RSAES_OAEP) {
    const params = keyAlg.parameters ? AsnConvert.parse(keyAlg.parameters, RsaEsOaepParams) : new RsaEsOaepParams();
    const oaepHash = HASH_NAMES[params.hashAlgorithm.algorithm];
    if (!oaepHash) throw new ScepFailure('badAlg', 'The RSAES-OAEP hash is not supported.');
    try {
      cek = privateDecrypt({ key: ra.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash }, encryptedKey);
    } catch {
      throw new ScepFailure('badMessageCheck', 'The messageData cannot be decrypted.');
    }
  } else if (keyAlg.algorithm === RSA_ENCRYPTION) {
    const forgeKey = forge.pki.privateKeyFromPem(ra.key.export({ type: 'pkcs1', format: 'pem' }).toString());
    try {
      cek = Buffer.from(forgeKey.decrypt(encryptedKey.toString('binary'), 'RSAES-PKCS1-V1_5'), 'binary');
      if (cek.length !== cipher.keyLength) cek = randomBytes(cipher.keyLength);
    } catch {
      // RFC 3218 §2.3.2: no padding oracle — go on with a random key; the content then fails to decrypt.
      cek = randomBytes(cipher.keyLength);
    }
  } else {
    throw new ScepFailure('badAlg', 'The key transport algorithm is not RSA (PKCS#1 v1.5 or OAEP).');
  }
  const encrypted = enveloped.encryptedContentInfo.encryptedContent;
  const data = encrypted?.value ?? (encrypted?.constructedValue ? Buffer.concat(encrypted.constructedValue.map((o) => Buffer.from(o.buffer))) : undefined);
  if (!data) throw new ScepFailure('badRequest', 'The EnvelopedData has no encrypted content.');
  try {
    const decipher = createDecipheriv(cipher.name, cek, iv);
    return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(data.buffer, data.byteOffset, data.byteLength)), decipher.final()]));
  } catch {
    throw new ScepFailure('badMessageCheck', 'The messageData cannot be decrypted.');
  }
}

/** Encrypts `content` (AES-256-CBC) to an RSA certificate (PKCS#1 v1.5 key transport): an EnvelopedData ContentInfo (DER). */
export function sealEnvelope(content: Uint8Array, recipientDer: Uint8Array): Uint8Array {
  const recipient = AsnConvert.parse(recipientDer, Certificate);
  const spki = recipient.tbsCertificate.subjectPublicKeyInfo;
  if (spki.algorithm.algorithm !== RSA_ENCRYPTION) throw new ScepFailure('badAlg', 'The requester certificate has no RSA key to encrypt the reply to.');
  const publicKey = createPublicKey({ key: Buffer.from(AsnConvert.serialize(spki)), format: 'der', type: 'spki' });
  const cek = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', cek, iv);
  const encrypted = Buffer.concat([cipher.update(content), cipher.final()]);
  const encryptedKey = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, cek);
  const enveloped = new EnvelopedData({
    version: 0,
    recipientInfos: new RecipientInfos([
      new RecipientInfo({
        ktri: new KeyTransRecipientInfo({
          version: 0,
          rid: new RecipientIdentifier({ issuerAndSerialNumber: new IssuerAndSerialNumber({ issuer: recipient.tbsCertificate.issuer, serialNumber: recipient.tbsCertificate.serialNumber }) }),
          keyEncryptionAlgorithm: new AlgorithmIdentifier({ algorithm: RSA_ENCRYPTION, parameters: null }),
          encryptedKey: new OctetString(encryptedKey),
        }),
      }),
    ]),
    encryptedContentInfo: new EncryptedContentInfo({
      contentType: id_data,
      contentEncryptionAlgorithm: new AlgorithmIdentifier({ algorithm: '2.16.840.1.101.3.4.1.42', parameters: AsnConvert.serialize(new OctetString(iv)) }),
      encryptedContent: new EncryptedContent({ value: new OctetString(encrypted) }),
    }),
  });
  return new Uint8Array(AsnConvert.serialize(new ContentInfo({ contentType: id_envelopedData, content: AsnConvert.serialize(enveloped) })));
}

/** A degenerate certs-only SignedData (RFC 8894 §3.4), DER: how SCEP and EST carry certificates and CRLs. */
export function degenerate(certificates: Uint8Array[], crls: Uint8Array[] = []): Uint8Array {
  const signed = new AsnSignedData({
    version: 1,
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_data }),
    certificates: certificates.length ? new CertificateSet(certificates.map((der) => new CertificateChoices({ certificate: AsnParser.parse(der, Certificate) }))) : undefined,
  });
  let der = new Uint8Array(AsnConvert.serialize(new ContentInfo({ contentType: id_signedData, content: AsnConvert.serialize(signed) })));
  if (crls.length) {
    // @peculiar/asn1-cms's RevocationInfoChoices is not serialisable on its own here: add the CRLs through pkijs.
    const info = pkijs.ContentInfo.fromBER(toArrayBuffer(der));
    const sd = new pkijs.SignedData({ schema: info.content });
    sd.crls = crls.map((c) => pkijs.CertificateRevocationList.fromBER(toArrayBuffer(c)));
    der = new Uint8Array(new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: sd.toSchema(true) }).toSchema().toBER(false));
  }
  return der;
}

/** The contentType (id-data) and messageDigest (SHA-256) signed attributes of RFC 5652 §5.3 over `content`. */
export function cmsAttributes(content: Uint8Array): pkijs.Attribute[] {
  return [
    new pkijs.Attribute({ type: '1.2.840.113549.1.9.3', values: [new asn1js.ObjectIdentifier({ value: pkijs.ContentInfo.DATA })] }),
    new pkijs.Attribute({ type: '1.2.840.113549.1.9.4', values: [new asn1js.OctetString({ valueHex: toArrayBuffer(createHash('sha256').update(content).digest()) })] }),
  ];
}

/** What a CertRep says. */
export interface CertRep {
  transactionId: string;
  recipientNonce: Uint8Array;
  status: keyof typeof PKI_STATUS;
  failInfo?: FailInfo;
  /** For SUCCESS: the degenerate SignedData to encrypt to the requester. */
  content?: Uint8Array;
  /** The requester's signer certificate (DER), to encrypt the content to. */
  requester?: Uint8Array;
}

/** Builds a CertRep pkiMessage signed by the RA (RSA, SHA-256), DER. */
export async function certRep(rep: CertRep, ra: { certificate: Uint8Array; signingKey: CryptoKey }): Promise<Uint8Array> {
  const raCert = pkijs.Certificate.fromBER(toArrayBuffer(ra.certificate));
  const attr = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });
  const attributes = [
    attr(SCEP_OID.messageType, new asn1js.PrintableString({ value: MESSAGE_TYPE.CertRep })),
    attr(SCEP_OID.transactionID, new asn1js.PrintableString({ value: rep.transactionId })),
    attr(SCEP_OID.pkiStatus, new asn1js.PrintableString({ value: PKI_STATUS[rep.status] })),
    attr(SCEP_OID.senderNonce, new asn1js.OctetString({ valueHex: toArrayBuffer(randomBytes(16)) })),
    attr(SCEP_OID.recipientNonce, new asn1js.OctetString({ valueHex: toArrayBuffer(rep.recipientNonce) })),
  ];
  if (rep.status === 'FAILURE') attributes.push(attr(SCEP_OID.failInfo, new asn1js.PrintableString({ value: FAIL_INFO[rep.failInfo ?? 'badRequest'] })));
  const eContent = rep.status === 'SUCCESS' && rep.content && rep.requester ? sealEnvelope(rep.content, rep.requester) : undefined;
  // RFC 5652 §5.3: with signed attributes, contentType and messageDigest are required (pkijs does not add them).
  attributes.unshift(...cmsAttributes(eContent ?? new Uint8Array(0)));
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: pkijs.ContentInfo.DATA, ...(eContent ? { eContent: new asn1js.OctetString({ valueHex: toArrayBuffer(eContent) }) } : {}) }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: raCert.issuer, serialNumber: raCert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
      }),
    ],
    certificates: [raCert],
  });
  await signed.sign(ra.signingKey, 0, 'SHA-256', eContent ? toArrayBuffer(eContent) : undefined);
  return new Uint8Array(new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signed.toSchema(true) }).toSchema().toBER(false));
}

/** Reads an IssuerAndSubject (CertPoll, RFC 8894 §3.3.3): the subject DER. */
export function subjectOfIssuerAndSubject(der: Uint8Array): { issuer: Uint8Array; subject: Uint8Array } {
  const parsed = asn1js.fromBER(toArrayBuffer(der));
  const seq = parsed.result as asn1js.Sequence;
  if (parsed.offset === -1 || !(seq instanceof asn1js.Sequence) || seq.valueBlock.value.length !== 2) throw new ScepFailure('badRequest', 'The CertPoll messageData is not an IssuerAndSubject.');
  const [issuer, subject] = seq.valueBlock.value.map((v) => new Uint8Array(v.toBER(false)));
  AsnConvert.parse(issuer!, Name);
  AsnConvert.parse(subject!, Name);
  return { issuer: issuer!, subject: subject! };
}

/** Reads an IssuerAndSerialNumber (GetCert, GetCRL): the serial as lower-case hex without leading zeros. */
export function serialOfIssuerAndSerial(der: Uint8Array): { issuer: Uint8Array; serial: string } {
  try {
    const parsed = AsnConvert.parse(der, IssuerAndSerialNumber);
    return { issuer: new Uint8Array(AsnConvert.serialize(parsed.issuer)), serial: Buffer.from(parsed.serialNumber).toString('hex').replace(/^0+(?=.)/, '') };
  } catch {
    throw new ScepFailure('badRequest', 'The messageData is not an IssuerAndSerialNumber.');
  }
}
