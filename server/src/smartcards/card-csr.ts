/**
 * A PKCS#10 request for a key that lives on a card (issue 15): the request info (subject, the card's public key)
 * is encoded with @peculiar/asn1-csr, its digest is signed by the card (GENERAL AUTHENTICATE after VERIFY PIN:
 * the card signs nothing before), and the signature is put back into the request. Two halves, so a whole
 * issue can send the signatures of every slot in one batch: {@link csrToBeSigned}, then {@link csrWithSignature}.
 */
import { createHash, type KeyObject } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import { AlgorithmIdentifier, Name, SubjectPublicKeyInfo } from '@peculiar/asn1-x509';
import { ALGORITHM } from '@tessera/card';
import { x509 } from '../pki/pki.service';

/** ECDSA with the digest that matches the curve (RFC 5758 §3.2; SP 800-78-4 Table 3-2). */
const EC_SIGNING: Record<number, { hash: 'sha256' | 'sha384'; oid: string }> = {
  [ALGORITHM.ECC_P256]: { hash: 'sha256', oid: '1.2.840.10045.4.3.2' },
  [ALGORITHM.ECC_P384]: { hash: 'sha384', oid: '1.2.840.10045.4.3.3' },
};

/** The request info of a card key and the digest the card must sign. */
export interface CsrToBeSigned {
  info: CertificationRequestInfo;
  algorithm: number;
  /** What GENERAL AUTHENTICATE signs: the digest of the DER request info. */
  digest: Buffer;
}

/** True when the issue can have the card sign a request with this key algorithm (ECDSA P-256 and P-384). */
export function canSignCsr(algorithm: number): boolean {
  return EC_SIGNING[algorithm] !== undefined;
}

/** The request info for `subject` (an RFC 4514 name such as `CN=alice`) and a card's public key. */
export function csrToBeSigned(subject: string, publicKey: KeyObject, algorithm: number): CsrToBeSigned {
  const signing = EC_SIGNING[algorithm];
  if (!signing) throw new Error(`no CSR signing for card algorithm ${algorithm}`);
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const info = new CertificationRequestInfo({
    subject: AsnConvert.parse(new x509.Name(subject).toArrayBuffer(), Name),
    subjectPKInfo: AsnConvert.parse(spki, SubjectPublicKeyInfo),
  });
  const digest = createHash(signing.hash).update(Buffer.from(AsnConvert.serialize(info))).digest();
  return { info, algorithm, digest };
}

/** The PEM request: the info with the card's DER ECDSA signature. */
export function csrWithSignature(toBeSigned: CsrToBeSigned, signature: Buffer): string {
  const request = new CertificationRequest({
    certificationRequestInfo: toBeSigned.info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: EC_SIGNING[toBeSigned.algorithm]!.oid }),
    signature: new Uint8Array(signature).buffer,
  });
  return new x509.Pkcs10CertificateRequest(AsnConvert.serialize(request)).toString('pem');
}
