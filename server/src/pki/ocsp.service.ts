/**
 * The OCSP responder (RFC 6960) of each CA, at the URL its certificates carry in AIA (docs/api.md "Public PKI
 * routes"). Parsing and building with @peculiar/asn1-ocsp, signing with the issuing CA's key through the key
 * store: every answer is made at request time from the certificates table, so a revocation answers revoked
 * at once. A request that does not parse answers `malformedRequest`; a CA that is not Tessera's answers
 * `unauthorized` (RFC 6960 §2.3).
 */
import { createHash } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { Certificate, CRLReason, type Extension } from '@peculiar/asn1-x509';
import {
  BasicOCSPResponse,
  CertStatus,
  id_pkix_ocsp_basic,
  id_pkix_ocsp_nonce,
  OCSPRequest,
  OCSPResponse,
  OCSPResponseStatus,
  ResponderID,
  ResponseBytes,
  ResponseData,
  RevokedInfo,
  SingleResponse,
  type CertID,
} from '@peculiar/asn1-ocsp';
import { REVOCATION_REASONS, type RevocationReason } from '@tessera/domain';
import { signingCa } from './ca.service';
import type { PkiDeps } from './pki.deps';
import { crypto, x509 } from './x509';

/** How long an OCSP answer may be cached (nextUpdate - thisUpdate; designed: an hour). */
export const OCSP_VALIDITY_MS = 3_600_000;

/** Largest OCSP request accepted (designed: a request with many CertIDs is still well under this). */
export const OCSP_MAX_REQUEST_BYTES = 64 * 1024;

/** At most this many CertIDs per request (designed; more is malformed). */
export const OCSP_MAX_CERT_IDS = 100;

/** Hash algorithms a CertID may use, by OID. */
const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** An OCSPResponse without responseBytes (an error status). */
function statusOnly(status: OCSPResponseStatus): Uint8Array {
  return new Uint8Array(AsnConvert.serialize(new OCSPResponse({ responseStatus: status })));
}

/** The serial number of a CertID as the certificates table stores it (lower-case hex, no leading zeros). */
function serialHex(certId: CertID): string {
  return Buffer.from(certId.serialNumber).toString('hex').replace(/^0+(?=.)/, '');
}

/** Answers an OCSP request (DER) for the CA: the DER of the OCSPResponse. */
export async function ocspRespond(deps: PkiDeps, caId: string, requestDer: Uint8Array): Promise<Uint8Array> {
  let request: OCSPRequest;
  try {
    if (requestDer.byteLength === 0 || requestDer.byteLength > OCSP_MAX_REQUEST_BYTES) throw new Error('size');
    request = AsnConvert.parse(requestDer, OCSPRequest);
    const count = request.tbsRequest.requestList.length;
    if (count === 0 || count > OCSP_MAX_CERT_IDS) throw new Error('request list');
  } catch {
    return statusOnly(OCSPResponseStatus.malformedRequest);
  }
  const row = await deps.db.selectFrom('certificate_authorities').select('id').where('id', '=', caId).executeTakeFirst();
  if (!row) return statusOnly(OCSPResponseStatus.unauthorized);
  const ca = await signingCa(deps, null, caId);
  const caAsn = AsnConvert.parse(ca.certificate.rawData, Certificate);
  const issuerName = Buffer.from(AsnConvert.serialize(caAsn.tbsCertificate.subject));
  const issuerKey = Buffer.from(caAsn.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey);
  const issuerHashes = new Map<string, { name: string; key: string }>();
  const hashesOf = (algorithm: string) => {
    let hit = issuerHashes.get(algorithm);
    if (!hit) {
      hit = { name: createHash(algorithm).update(issuerName).digest('hex'), key: createHash(algorithm).update(issuerKey).digest('hex') };
      issuerHashes.set(algorithm, hit);
    }
    return hit;
  };

  const requested = request.tbsRequest.requestList.map((r) => r.reqCert);
  const ours = (certId: CertID): boolean => {
    const algorithm = HASHES[certId.hashAlgorithm.algorithm];
    if (!algorithm) return false;
    const expected = hashesOf(algorithm);
    return Buffer.from(certId.issuerNameHash.buffer).toString('hex') === expected.name && Buffer.from(certId.issuerKeyHash.buffer).toString('hex') === expected.key;
  };
  const serials = requested.filter(ours).map(serialHex);
  const rows =
    serials.length === 0
      ? []
      : await deps.db.selectFrom('certificates').select(['serial_number', 'revoked_at', 'revocation_reason']).where('ca_id', '=', caId).where('serial_number', 'in', serials).execute();
  const bySerial = new Map(rows.map((r) => [r.serial_number, r]));

  const now = Math.floor(deps.now() / 1000) * 1000;
  const thisUpdate = new Date(now);
  const nextUpdate = new Date(now + OCSP_VALIDITY_MS);
  const responses = requested.map((certId) => {
    const found = ours(certId) ? bySerial.get(serialHex(certId)) : undefined;
    let certStatus: CertStatus;
    if (!found) certStatus = new CertStatus({ unknown: null });
    else if (found.revoked_at) {
      const reason = REVOCATION_REASONS[(found.revocation_reason ?? 'unspecified') as RevocationReason] ?? 0;
      // A Date of this realm: rows may come from another one (a driver in a worker), which the ASN.1 Time type does not accept.
      certStatus = new CertStatus({ revoked: new RevokedInfo({ revocationTime: new Date(new Date(found.revoked_at).getTime()), revocationReason: new CRLReason(reason) }) });
    } else certStatus = new CertStatus({ good: null });
    return new SingleResponse({ certID: certId, certStatus, thisUpdate, nextUpdate });
  });

  const nonce = request.tbsRequest.requestExtensions?.find((e: Extension) => e.extnID === id_pkix_ocsp_nonce);
  const tbs = new ResponseData({
    responderID: new ResponderID({ byKey: new OctetString(createHash('sha1').update(issuerKey).digest()) }),
    producedAt: thisUpdate,
    responses,
    responseExtensions: nonce ? [nonce] : undefined,
  });
  const tbsDer = AsnConvert.serialize(tbs);
  let signature = await crypto.subtle.sign(ca.signingAlgorithm, ca.key, tbsDer);
  if (ca.signingAlgorithm.name === 'ECDSA') {
    const asn = new x509.AsnEcSignatureFormatter().toAsnSignature(ca.key.algorithm, signature);
    if (!asn) return statusOnly(OCSPResponseStatus.internalError);
    signature = asn;
  }
  const basic = new BasicOCSPResponse({
    tbsResponseData: tbs,
    signatureAlgorithm: new x509.AlgorithmProvider().toAsnAlgorithm(ca.signingAlgorithm),
    signature,
  });
  const response = new OCSPResponse({
    responseStatus: OCSPResponseStatus.successful,
    responseBytes: new ResponseBytes({ responseType: id_pkix_ocsp_basic, response: new OctetString(AsnConvert.serialize(basic)) }),
  });
  return new Uint8Array(AsnConvert.serialize(response));
}
