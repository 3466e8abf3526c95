/**
 * A SCEP client for tests (issue 17), built from OpenSSL's CMS tool and pkijs: the EnvelopedData by
 * `openssl cms -encrypt` (PKCS#1 v1.5 or OAEP key transport), the SignedData with SCEP's signed attributes by
 * pkijs (openssl cms cannot add them); a CertRep is checked by `openssl cms -verify` / `-decrypt` and
 * `openssl pkcs7 -print_certs`, and read with pkijs for its pkiStatus and failInfo.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { x509 } from '../pki/pki.service';
import { cmsAttributes, SCEP_OID } from '../enrolment/scep.cms';
/** The scratch folder of the openssl files (removed by {@link removeScepScratch}). */
export const dir = mkdtempSync(path.join(tmpdir(), 'tessera-scep-'));
/** Removes the scratch folder. */
export const removeScepScratch = () => rmSync(dir, { recursive: true, force: true });
export const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
export const ab = (u: Uint8Array): ArrayBuffer => u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength) as ArrayBuffer;
export const pemOf = (der: Uint8Array, label: string) => `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END ${label}-----\n`;

/** A SCEP client identity: an RSA key and a certificate to sign requests with. */
export interface Client {
  keys: CryptoKeyPair;
  certificate: x509.X509Certificate;
  keyFile: string;
  certFile: string;
}

export const RSA = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };

export async function writeIdentity(name: string, keys: CryptoKeyPair, certificate: x509.X509Certificate): Promise<Client> {
  const keyFile = path.join(dir, `${name}.key`);
  const certFile = path.join(dir, `${name}.crt`);
  writeFileSync(keyFile, pemOf(new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)), 'PRIVATE KEY'));
  writeFileSync(certFile, certificate.toString('pem'));
  return { keys, certificate, keyFile, certFile };
}

export async function selfSigned(name: string, cn: string): Promise<Client> {
  const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '01', name: `CN=${cn}`, notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 3_600_000), keys, signingAlgorithm: { name: 'RSASSA-PKCS1-v1_5' } });
  return writeIdentity(name, keys, certificate);
}

export async function csrDer(keys: CryptoKeyPair, cn: string, challenge?: string): Promise<Uint8Array> {
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: `CN=${cn}`,
    keys,
    signingAlgorithm: { name: 'RSASSA-PKCS1-v1_5' },
    extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: cn }])],
    attributes: challenge === undefined ? [] : [new x509.ChallengePasswordAttribute(challenge)],
  });
  return new Uint8Array(csr.rawData);
}

/** `openssl cms -encrypt` of the messageData to the RA certificate. */
export function envelope(content: Uint8Array, raPem: string, oaep = false): Uint8Array {
  const id = randomBytes(6).toString('hex');
  writeFileSync(path.join(dir, `${id}.in`), content);
  writeFileSync(path.join(dir, `${id}.ra`), raPem);
  openssl('cms', '-encrypt', '-binary', '-aes256', '-in', `${id}.in`, '-outform', 'DER', '-out', `${id}.env`, '-recip', `${id}.ra`, ...(oaep ? ['-keyopt', 'rsa_padding_mode:oaep'] : []));
  return new Uint8Array(readFileSync(path.join(dir, `${id}.env`)));
}

/** The pkiMessage: a SignedData (pkijs) with messageType, transactionID and senderNonce over the envelope. */
export async function pkiMessage(client: Client, messageType: string, transactionId: string, envelopeDer: Uint8Array): Promise<{ der: Buffer; nonce: Uint8Array }> {
  const cert = pkijs.Certificate.fromBER(ab(new Uint8Array(client.certificate.rawData)));
  const nonce = new Uint8Array(randomBytes(16));
  const attr = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: pkijs.ContentInfo.DATA, eContent: new asn1js.OctetString({ valueHex: ab(envelopeDer) }) }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            ...cmsAttributes(envelopeDer),
            attr(SCEP_OID.messageType, new asn1js.PrintableString({ value: messageType })),
            attr(SCEP_OID.transactionID, new asn1js.PrintableString({ value: transactionId })),
            attr(SCEP_OID.senderNonce, new asn1js.OctetString({ valueHex: ab(nonce) })),
          ],
        }),
      }),
    ],
    certificates: [cert],
  });
  await signed.sign(client.keys.privateKey, 0, 'SHA-256', ab(envelopeDer));
  return { der: Buffer.from(new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signed.toSchema(true) }).toSchema().toBER(false)), nonce };
}

/** A CertRep, checked by openssl and read with pkijs. */
export interface Rep {
  status: string;
  failInfo: string | undefined;
  recipientNonce: Buffer | undefined;
  transactionId: string | undefined;
  /** The certificates of a SUCCESS, as `openssl pkcs7 -print_certs` prints them. */
  certsText: string;
  certificates: x509.X509Certificate[];
}

export function readRep(der: Buffer, client: Client): Rep {
  const id = randomBytes(6).toString('hex');
  writeFileSync(path.join(dir, `${id}.rep`), der);
  const info = pkijs.ContentInfo.fromBER(ab(new Uint8Array(der)));
  const signed = new pkijs.SignedData({ schema: info.content });
  // openssl checks the RA's signature over the signed attributes and the content (-noverify: no chain to a
  // trust store); a CertRep without content (PENDING, FAILURE) signs the empty content.
  writeFileSync(path.join(dir, 'empty'), '');
  openssl('cms', '-verify', '-inform', 'DER', '-in', `${id}.rep`, '-noverify', '-out', `${id}.content`, ...(signed.encapContentInfo.eContent ? [] : ['-content', 'empty']));
  const attrs = signed.signerInfos[0]!.signedAttrs!.attributes;
  const text = (oid: string) => (attrs.find((a) => a.type === oid)?.values[0] as asn1js.PrintableString | undefined)?.valueBlock.value;
  const nonce = attrs.find((a) => a.type === SCEP_OID.recipientNonce)?.values[0] as asn1js.OctetString | undefined;
  const status = text(SCEP_OID.pkiStatus)!;
  let certsText = '';
  if (status === '0') {
    openssl('cms', '-decrypt', '-inform', 'DER', '-in', `${id}.content`, '-inkey', client.keyFile, '-recip', client.certFile, '-out', `${id}.p7`);
    certsText = openssl('pkcs7', '-inform', 'DER', '-in', `${id}.p7`, '-print_certs').toString();
  }
  const certificates = [...certsText.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)].map((m) => new x509.X509Certificate(m[0]));
  return { status, failInfo: text(SCEP_OID.failInfo), transactionId: text(SCEP_OID.transactionID), recipientNonce: nonce ? Buffer.from(nonce.valueBlock.valueHexView) : undefined, certsText, certificates };
}

