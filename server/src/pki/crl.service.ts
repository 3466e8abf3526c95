/**
 * CRLs (RFC 5280 §5): each CA's current CRL, regenerated in the transaction of every revocation and when the
 * stored one is past half its validity (the public route asks for it, so a scheduler is not needed for
 * freshness: whoever fetches gets a CRL whose nextUpdate is ahead).
 */
import { AsnConvert } from '@peculiar/asn1-schema';
import { CRLNumber, id_ce_cRLNumber } from '@peculiar/asn1-x509';
import { REVOCATION_REASONS, type RevocationReason } from '@tessera/domain';
import type { DbOrTrx } from '../db/database';
import { signingCa } from './ca.service';
import type { PkiDeps } from './pki.deps';
import { x509 } from './x509';

/** CRL validity (designed: a day; re-signed when half has passed). */
export const CRL_VALIDITY_MS = 24 * 3_600_000;

/** Signs a new CRL of the CA listing every revoked certificate, stores it and answers its DER. */
export async function regenerateCrl(deps: PkiDeps, trx: DbOrTrx, caId: string): Promise<Uint8Array> {
  const ca = await signingCa({ ...deps, db: trx as PkiDeps['db'] }, null, caId);
  const revoked = await trx.selectFrom('certificates').select(['serial_number', 'revoked_at', 'revocation_reason']).where('ca_id', '=', caId).where('revoked_at', 'is not', null).orderBy('revoked_at').execute();
  const previous = await trx.selectFrom('crls').select('crl_number').where('ca_id', '=', caId).executeTakeFirst();
  const crlNumber = previous ? Number(previous.crl_number) + 1 : 1;
  const thisUpdate = new Date(Math.floor(deps.now() / 1000) * 1000);
  const nextUpdate = new Date(thisUpdate.getTime() + CRL_VALIDITY_MS);
  const crl = await x509.X509CrlGenerator.create({
    issuer: ca.certificate.subject,
    thisUpdate,
    nextUpdate,
    signingAlgorithm: ca.signingAlgorithm,
    signingKey: ca.key,
    entries: revoked.map((r) => ({
      serialNumber: r.serial_number,
      // A Date of this realm: rows may come from another one (a driver in a worker), which the ASN.1 Time type does not accept.
      revocationDate: new Date(new Date(r.revoked_at!).getTime()),
      reason: REVOCATION_REASONS[(r.revocation_reason ?? 'unspecified') as RevocationReason] as x509.X509CrlReason,
    })),
    extensions: [await x509.AuthorityKeyIdentifierExtension.create(ca.certificate), new x509.Extension(id_ce_cRLNumber, false, AsnConvert.serialize(new CRLNumber(crlNumber)))],
  });
  const der = new Uint8Array(crl.rawData);
  const values = { crl_number: crlNumber, this_update: thisUpdate, next_update: nextUpdate, der_base64: Buffer.from(der).toString('base64') };
  await trx.insertInto('crls').values({ ca_id: caId, ...values }).onConflict((oc) => oc.column('ca_id').doUpdateSet(values)).execute();
  return der;
}

/** The CA's current CRL (DER), regenerated when missing or past half its validity; null for an unknown CA. */
export async function currentCrl(deps: PkiDeps, caId: string): Promise<Uint8Array | null> {
  const ca = await deps.db.selectFrom('certificate_authorities').select('id').where('id', '=', caId).executeTakeFirst();
  if (!ca) return null;
  const stored = await deps.db.selectFrom('crls').selectAll().where('ca_id', '=', caId).executeTakeFirst();
  if (stored && deps.now() < stored.this_update.getTime() + CRL_VALIDITY_MS / 2) return new Uint8Array(Buffer.from(stored.der_base64, 'base64'));
  return deps.db.transaction().execute((trx) => regenerateCrl(deps, trx, caId));
}
