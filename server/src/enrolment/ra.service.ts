/**
 * The SCEP RA of a CA (RFC 8894 §2.2): an RSA-2048 certificate issued by the CA with keyEncipherment (requests
 * are encrypted to it) and digitalSignature (replies are signed with it), created on first use. Its PKCS#8 key
 * is sealed with the server's secret box, bound to the CA's id, like the CA keys of the software key store.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { signingCa } from '../pki/ca.service';
import { randomSerial, x509 } from '../pki/pki.service';
import type { EnrolmentDeps } from './enrolment.deps';

const webcrypto = globalThis.crypto;

/** An RA ready to decrypt and sign. */
export interface Ra {
  caId: string;
  certificate: x509.X509Certificate;
  /** For RSA decryption (node:crypto). */
  key: KeyObject;
  /** For signing CertReps (WebCrypto RSASSA-PKCS1-v1_5 SHA-256). */
  signingKey: CryptoKey;
}

const sealContext = (caId: string) => `scep-ra-key:${caId}`;
const cache = new WeakMap<object, Map<string, { pem: string; ra: Promise<Ra> }>>();

async function open(deps: EnrolmentDeps, caId: string, pem: string, sealed: string): Promise<Ra> {
  const pkcs8 = Buffer.from(deps.box.decrypt(sealed, sealContext(caId)), 'base64');
  return {
    caId,
    certificate: new x509.X509Certificate(pem),
    key: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
    signingKey: await webcrypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']),
  };
}

/** The RA of a CA, created (and audited `scep.ra.create`) when it has none. */
export async function raOf(deps: EnrolmentDeps, tenantId: string, caId: string): Promise<Ra> {
  let perDb = cache.get(deps.db);
  if (!perDb) cache.set(deps.db, (perDb = new Map()));
  const row = await deps.db.selectFrom('scep_ra').selectAll().where('ca_id', '=', caId).executeTakeFirst();
  if (row) {
    const hit = perDb.get(caId);
    if (hit && hit.pem === row.certificate_pem) return hit.ra;
    const ra = open(deps, caId, row.certificate_pem, row.sealed_key);
    ra.catch(() => perDb.delete(caId));
    perDb.set(caId, { pem: row.certificate_pem, ra });
    return ra;
  }
  const ca = await signingCa(deps, tenantId, caId);
  const keys = (await webcrypto.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const now = Math.floor(deps.now() / 1000) * 1000;
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${ca.row.friendly_name.replace(/([,+"\\<>;=])/g, '\\$1')} SCEP RA`,
    issuer: ca.certificate.subject,
    notBefore: new Date(now - 60_000),
    notAfter: ca.certificate.notAfter,
    publicKey: keys.publicKey,
    signingKey: ca.key,
    signingAlgorithm: ca.signingAlgorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.certificate),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('scep_ra')
      .values({ ca_id: caId, certificate_pem: certificate.toString('pem'), sealed_key: deps.box.encrypt(pkcs8.toString('base64'), sealContext(caId)) })
      .onConflict((oc) => oc.column('ca_id').doNothing())
      .returning('ca_id')
      .executeTakeFirst();
    if (inserted) await deps.audit.write(trx, { actorUserId: null, actorUsername: null, actorApiKeyId: null, ip: null, tenantId, action: 'scep.ra.create', targetType: 'certificate_authority', targetId: caId, detail: { subject: certificate.subject, serialNumber: certificate.serialNumber.toLowerCase() } });
  });
  return raOf(deps, tenantId, caId);
}
