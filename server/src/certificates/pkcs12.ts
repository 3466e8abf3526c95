/**
 * PKCS#12 (RFC 7292) key delivery: a private key (PKCS#8, RSA or EC) with its certificate and chain, for a
 * key the server generated for the requester (issue 12: "key delivered once as PKCS#12 with a password").
 *
 * - The key is a pkcs8ShroudedKeyBag: PBES2 (RFC 8018) with PBKDF2-HMAC-SHA256 and AES-256-CBC (node:crypto).
 * - The certificates are certBags in a plain data SafeContents (public data).
 * - The integrity MAC is HMAC-SHA256 with its key from the PKCS#12 KDF of RFC 7292 Appendix B (node-forge's
 *   `pbe.generatePkcs12Key`): what OpenSSL 3.0 reads (PBMAC1, RFC 9579, needs OpenSSL 3.4).
 * Structures are written with @peculiar/asn1-pfx / asn1-pkcs8 / asn1-cms and asn1js; no hand-written DER.
 */
import { createCipheriv, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import { ContentInfo, id_data } from '@peculiar/asn1-cms';
import { AuthenticatedSafe, CertBag, id_certBag, id_pkcs8ShroudedKeyBag, id_x509Certificate, MacData, PFX, PKCS12Attribute, PKCS8ShroudedKeyBag, SafeBag, SafeContents } from '@peculiar/asn1-pfx';
import { EncryptedData } from '@peculiar/asn1-pkcs8';
import { DigestInfo } from '@peculiar/asn1-rsa';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';

const OID = {
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  hmacWithSHA256: '1.2.840.113549.2.9',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
  sha256: '2.16.840.1.101.3.4.2.1',
  friendlyName: '1.2.840.113549.1.9.20',
  localKeyId: '1.2.840.113549.1.9.21',
} as const;

/** PBKDF2 iterations of the key encryption (OWASP 2023 guidance for PBKDF2-HMAC-SHA256 is 600,000). */
export const PKCS12_KEY_ITERATIONS = 600_000;
/** Iterations of the MAC key derivation (OpenSSL's default, PKCS12_DEFAULT_ITER). */
export const PKCS12_MAC_ITERATIONS = 2048;

/** What goes into the file. */
export interface Pkcs12Input {
  /** The private key as PKCS#8 PrivateKeyInfo DER. */
  privateKeyPkcs8: Uint8Array;
  /** The certificate first, then its chain (DER each). */
  certificates: readonly Uint8Array[];
  /** The requester's password (never stored, never logged). */
  password: string;
  /** Shown by key stores as the entry's name. */
  friendlyName: string;
  /** Tests may lower the key iterations; never below 10,000. */
  keyIterations?: number;
}

const der = (value: unknown): ArrayBuffer => AsnConvert.serialize(value);
const ab = (bytes: Uint8Array): ArrayBuffer => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** PBES2-params (RFC 8018 A.4) with PBKDF2-params (A.2): salt, iterations, key length 32, prf hmacWithSHA256; AES-256-CBC with its IV. */
function pbes2Params(salt: Uint8Array, iterations: number, iv: Uint8Array): ArrayBuffer {
  const params = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.ObjectIdentifier({ value: OID.pbkdf2 }),
          new asn1js.Sequence({
            value: [
              new asn1js.OctetString({ valueHex: ab(salt) }),
              new asn1js.Integer({ value: iterations }),
              new asn1js.Integer({ value: 32 }),
              new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: OID.hmacWithSHA256 }), new asn1js.Null()] }),
            ],
          }),
        ],
      }),
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: OID.aes256Cbc }), new asn1js.OctetString({ valueHex: ab(iv) })] }),
    ],
  });
  return params.toBER(false);
}

/** The attributes of a bag: its friendly name (BMPString) and the local key id that pairs the key with its certificate. */
function attributes(friendlyName: string, localKeyId: Uint8Array): PKCS12Attribute[] {
  // PKCS12Attribute's constructor (asn1-pfx 2.11.1) drops its params (`Object.assign(params)`): assign after.
  const attribute = (attrId: string, value: ArrayBuffer) => Object.assign(new PKCS12Attribute(), { attrId, attrValues: [value] });
  return [attribute(OID.friendlyName, new asn1js.BmpString({ value: friendlyName }).toBER(false)), attribute(OID.localKeyId, new asn1js.OctetString({ valueHex: ab(localKeyId) }).toBER(false))];
}

/** Builds the PKCS#12 file (DER). */
export function buildPkcs12(input: Pkcs12Input): Buffer {
  const keyIterations = Math.max(10_000, input.keyIterations ?? PKCS12_KEY_ITERATIONS);
  const [leaf] = input.certificates;
  if (!leaf) throw new Error('a PKCS#12 file needs the certificate');
  const localKeyId = createHmac('sha256', 'tessera-pkcs12-local-key-id').update(leaf).digest().subarray(0, 20);

  // The shrouded key: PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC); the password as its UTF-8 bytes (RFC 8018 §4 / OpenSSL).
  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const key = pbkdf2Sync(Buffer.from(input.password, 'utf8'), salt, keyIterations, 32, 'sha256');
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const encrypted = Buffer.concat([cipher.update(input.privateKeyPkcs8), cipher.final()]);
  key.fill(0);
  const shrouded = new PKCS8ShroudedKeyBag({
    encryptionAlgorithm: new AlgorithmIdentifier({ algorithm: OID.pbes2, parameters: pbes2Params(salt, keyIterations, iv) }),
    encryptedData: new EncryptedData(ab(encrypted)),
  });
  const keyBag = new SafeBag({ bagId: id_pkcs8ShroudedKeyBag, bagValue: der(shrouded), bagAttributes: attributes(input.friendlyName, localKeyId) });

  const certBags = input.certificates.map(
    (cert, i) =>
      new SafeBag({
        bagId: id_certBag,
        bagValue: der(new CertBag({ certId: id_x509Certificate, certValue: new asn1js.OctetString({ valueHex: ab(cert) }).toBER(false) })),
        ...(i === 0 ? { bagAttributes: attributes(input.friendlyName, localKeyId) } : {}),
      }),
  );
  const data = (contents: SafeContents) => new ContentInfo({ contentType: id_data, content: new asn1js.OctetString({ valueHex: der(contents) }).toBER(false) });
  const authSafe = der(new AuthenticatedSafe([data(new SafeContents(certBags)), data(new SafeContents([keyBag]))]));

  // The MAC over the AuthenticatedSafe's octets: HMAC-SHA256 keyed by the RFC 7292 Appendix B KDF (ID 3).
  const macSalt = randomBytes(16);
  const macKey = Buffer.from(
    forge.pkcs12.generateKey(input.password, forge.util.createBuffer(macSalt.toString('binary')), 3, PKCS12_MAC_ITERATIONS, 32, forge.md.sha256.create()).getBytes(),
    'binary',
  );
  const mac = createHmac('sha256', macKey).update(Buffer.from(authSafe)).digest();
  macKey.fill(0);
  const pfx = new PFX({
    version: 3,
    authSafe: new ContentInfo({ contentType: id_data, content: new asn1js.OctetString({ valueHex: authSafe }).toBER(false) }),
    macData: new MacData({
      mac: new DigestInfo({ digestAlgorithm: new AlgorithmIdentifier({ algorithm: OID.sha256, parameters: null }), digest: new OctetString(ab(mac)) }),
      macSalt: new OctetString(ab(macSalt)),
      iterations: PKCS12_MAC_ITERATIONS,
    }),
  });
  return Buffer.from(der(pfx));
}
