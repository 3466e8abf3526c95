/**
 * The SCEP server (RFC 8894) of a template: `/pki/scep/{templateId}` (docs/api.md "SCEP"). GetCACaps,
 * GetCACert (the RA and CA certificates as a degenerate PKCS#7), and PKIOperation: PKCSReq (with a one-time
 * challenge password, or an Intune token for the templates of the tenant's Intune settings), RenewalReq
 * (signed with a current certificate of the template's CA), CertPoll, GetCert and GetCRL. Issuance goes
 * through the certificates area's request flow (template rules, approval, audit `certificate.request` /
 * `certificate.issue`).
 */
import { TEMPLATE_CLASSES, type CertificateRequestResult } from '@tessera/domain';
import { NotFoundError } from '../platform/errors';
import { submitCsr } from '../certificates/certificates.service';
import { signingCa } from '../pki/ca.service';
import { currentCrl } from '../pki/crl.service';
import { x509 } from '../pki/pki.service';
import type { EnrolmentDeps } from './enrolment.deps';
import { raOf, type Ra } from './ra.service';
import { consumeChallenge } from './challenges.service';
import { getIntuneConfig, IntuneChallengeRefused, intuneClientOf, notifyIntune, validateIntuneChallenge, validateIntuneOnline } from './intune.service';
import type { IntuneClient } from './intune-client';
import { certRep, degenerate, MESSAGE_TYPE, openRequest, ScepFailure, serialOfIssuerAndSerial, subjectOfIssuerAndSubject, type CertRep, type ScepRequest } from './scep.cms';

/** GetCACaps (RFC 8894 §3.5.2): what this server does. */
export const SCEP_CAPABILITIES = ['AES', 'DES3', 'POSTPKIOperation', 'Renewal', 'SHA-256', 'SHA-512', 'SCEPStandard'];

interface ScepTemplate {
  tenantId: string;
  templateId: string;
  caId: string;
}

/** The template behind a SCEP URL (any tenant: the template id names it). @throws NotFoundError */
export async function scepTemplate(deps: Pick<EnrolmentDeps, 'db'>, templateId: string): Promise<ScepTemplate> {
  const row = /^[0-9a-f-]{36}$/i.test(templateId) ? await deps.db.selectFrom('certificate_templates').select(['id', 'tenant_id', 'ca_id']).where('id', '=', templateId.toLowerCase()).executeTakeFirst() : undefined;
  if (!row) throw new NotFoundError('The SCEP endpoint');
  return { tenantId: row.tenant_id, templateId: row.id, caId: row.ca_id };
}

/** GetCACert: the RA certificate first, then the CA and its issuers, as a degenerate certs-only PKCS#7 (DER). */
export async function getCaCert(deps: EnrolmentDeps, templateId: string): Promise<Uint8Array> {
  const template = await scepTemplate(deps, templateId);
  const ra = await raOf(deps, template.tenantId, template.caId);
  const ca = await signingCa(deps, template.tenantId, template.caId);
  return degenerate([new Uint8Array(ra.certificate.rawData), ...ca.chain.map((pem) => new Uint8Array(new x509.X509Certificate(pem).rawData))]);
}

const pem = (der: Uint8Array, label: string) => `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END ${label}-----\n`;

/**
 * PKIOperation: reads the pkiMessage and answers a CertRep (DER). A message that cannot be read or opened
 * (not CMS, bad signature, not encrypted to the RA) throws ScepFailure: the route answers HTTP 400.
 */
export async function pkiOperation(deps: EnrolmentDeps, templateId: string, message: Uint8Array, client: { ip: string }): Promise<Uint8Array> {
  const template = await scepTemplate(deps, templateId);
  const ra = await raOf(deps, template.tenantId, template.caId);
  const request = await openRequest(message, { certificate: new Uint8Array(ra.certificate.rawData), key: ra.key });
  const reply = (rep: Omit<CertRep, 'transactionId' | 'recipientNonce' | 'requester'>) => answer(ra, request, rep);
  try {
    switch (request.messageType) {
      case MESSAGE_TYPE.PKCSReq:
      case MESSAGE_TYPE.RenewalReq:
        return await enrol(deps, template, ra, request, client);
      case MESSAGE_TYPE.CertPoll: {
        subjectOfIssuerAndSubject(request.content);
        return await poll(deps, template, ra, request, client);
      }
      case MESSAGE_TYPE.GetCert: {
        const { serial } = serialOfIssuerAndSerial(request.content);
        const row = await deps.db.selectFrom('certificates').select('certificate_pem').where('tenant_id', '=', template.tenantId).where('ca_id', '=', template.caId).where('serial_number', '=', serial).executeTakeFirst();
        if (!row) return await reply({ status: 'FAILURE', failInfo: 'badCertId' });
        return await reply({ status: 'SUCCESS', content: degenerate([new Uint8Array(new x509.X509Certificate(row.certificate_pem).rawData)]) });
      }
      case MESSAGE_TYPE.GetCRL: {
        serialOfIssuerAndSerial(request.content);
        const crl = await currentCrl(deps, template.caId);
        if (!crl) return await reply({ status: 'FAILURE', failInfo: 'badCertId' });
        return await reply({ status: 'SUCCESS', content: degenerate([], [crl]) });
      }
      default:
        return await reply({ status: 'FAILURE', failInfo: 'badRequest' });
    }
  } catch (error) {
    if (error instanceof ScepFailure) return reply({ status: 'FAILURE', failInfo: error.failInfo });
    throw error;
  }
}

function answer(ra: Ra, request: ScepRequest, rep: Omit<CertRep, 'transactionId' | 'recipientNonce' | 'requester'>): Promise<Uint8Array> {
  return certRep({ ...rep, transactionId: request.transactionId, recipientNonce: request.senderNonce, requester: request.signerCertificate }, { certificate: new Uint8Array(ra.certificate.rawData), signingKey: ra.signingKey });
}

async function resultReply(deps: EnrolmentDeps, ra: Ra, request: ScepRequest, result: Pick<CertificateRequestResult, 'status'> & { certificate?: string }): Promise<Uint8Array> {
  if (result.status === 'complete' && result.certificate) return answer(ra, request, { status: 'SUCCESS', content: degenerate([new Uint8Array(new x509.X509Certificate(result.certificate).rawData)]) });
  if (result.status === 'pending') return answer(ra, request, { status: 'PENDING' });
  return answer(ra, request, { status: 'FAILURE', failInfo: 'badRequest' });
}

async function enrol(deps: EnrolmentDeps, template: ScepTemplate, ra: Ra, request: ScepRequest, client: { ip: string }): Promise<Uint8Array> {
  // A retransmitted request (same transactionID) answers the state of the first one (RFC 8894 §3.3.1).
  const seen = await deps.db.selectFrom('scep_transactions').select('request_id').where('template_id', '=', template.templateId).where('transaction_id', '=', request.transactionId).executeTakeFirst();
  if (seen) return poll(deps, template, ra, request, client);
  // The reply's certificates are encrypted to the signer's key (RSA key transport): refuse before issuing.
  if (new x509.X509Certificate(new Uint8Array(request.signerCertificate)).publicKey.algorithm.name !== 'RSASSA-PKCS1-v1_5') return answer(ra, request, { status: 'FAILURE', failInfo: 'badAlg' });
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(new Uint8Array(request.content));
  } catch {
    throw new ScepFailure('badRequest', 'The messageData is not a PKCS#10 request.');
  }
  const actor = { actorUserId: null, actorUsername: null, actorApiKeyId: null, ip: client.ip };
  // Online Intune validation (validateRequest before issuing, a notification after) for the tenant's Intune templates.
  let intuneOnline: IntuneClient | null = null;
  if (request.messageType === MESSAGE_TYPE.RenewalReq) {
    await checkRenewal(deps, template, request.signerCertificate);
  } else {
    const challenge = csr.getAttribute('1.2.840.113549.1.9.7') as x509.ChallengePasswordAttribute | null;
    const password = challenge?.password ?? '';
    const intune = await getIntuneConfig(deps, { tenantId: template.tenantId });
    const intuneTemplate = intune.enabled && intune.templateIds.includes(template.templateId);
    intuneOnline = intuneTemplate ? await intuneClientOf(deps, template.tenantId) : null;
    let accepted: boolean;
    if (intuneOnline) {
      accepted = password !== '' && (await validateIntuneOnline(deps, intuneOnline, { tenantId: template.tenantId, templateId: template.templateId, transactionId: request.transactionId, csrDer: request.content, ip: client.ip })).ok;
    } else {
      accepted = await deps.db.transaction().execute(async (trx) => {
        if (intuneTemplate) {
          try {
            await validateIntuneChallenge(deps, trx, intune, { tenantId: template.tenantId, templateId: template.templateId, token: password, csr, ip: client.ip });
            return true;
          } catch (error) {
            if (error instanceof IntuneChallengeRefused) return false;
            throw error;
          }
        }
        return password !== '' && consumeChallenge(deps, trx, template.tenantId, template.templateId, password, client.ip);
      });
    }
    if (!accepted) {
      await deps.db.transaction().execute((trx) => deps.audit.write(trx, { ...actor, tenantId: template.tenantId, action: 'scep.enrol', outcome: 'failure', targetType: 'certificate_template', targetId: template.templateId, detail: { transactionId: request.transactionId, reason: 'challenge' } }));
      return answer(ra, request, { status: 'FAILURE', failInfo: 'badRequest' });
    }
  }
  const notify = intuneOnline
    ? (outcome: { certificatePem?: string; failure?: string }) => notifyIntune(deps, intuneOnline, { tenantId: template.tenantId, templateId: template.templateId, transactionId: request.transactionId, csrDer: request.content, ip: client.ip, ...outcome })
    : null;
  let result: CertificateRequestResult;
  try {
    result = await submitCsr(deps, { tenantId: template.tenantId }, actor, { templateId: template.templateId, csr: pem(request.content, 'CERTIFICATE REQUEST') }, TEMPLATE_CLASSES);
  } catch (error) {
    await notify?.({ failure: error instanceof Error ? error.message : 'The certificate was not issued.' });
    throw error;
  }
  await deps.db
    .insertInto('scep_transactions')
    .values({
      template_id: template.templateId,
      transaction_id: request.transactionId,
      tenant_id: template.tenantId,
      request_id: result.requestId,
      // Validated by Intune, held for approval: Intune hears the outcome when the client polls after the decision.
      intune_pending_csr: intuneOnline && result.status === 'pending' ? Buffer.from(request.content).toString('base64') : null,
    })
    .onConflict((oc) => oc.columns(['template_id', 'transaction_id']).doNothing())
    .execute();
  if (result.status === 'complete' && result.certificate) await notify?.({ certificatePem: result.certificate });
  else if (result.status !== 'pending') await notify?.({ failure: result.message ?? 'The certificate was not issued.' });
  return resultReply(deps, ra, request, result);
}

/** A RenewalReq is signed with a certificate this CA issued to the tenant, still valid and not revoked. @throws ScepFailure */
async function checkRenewal(deps: EnrolmentDeps, template: ScepTemplate, signerDer: Uint8Array): Promise<void> {
  const signer = new x509.X509Certificate(new Uint8Array(signerDer));
  const ca = await signingCa(deps, template.tenantId, template.caId);
  const issuedByCa = await signer.verify({ publicKey: ca.certificate.publicKey, signatureOnly: true }).catch(() => false);
  const now = new Date(deps.now());
  const row = await deps.db
    .selectFrom('certificates')
    .select(['status'])
    .where('tenant_id', '=', template.tenantId)
    .where('ca_id', '=', template.caId)
    .where('serial_number', '=', signer.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''))
    .executeTakeFirst();
  if (!issuedByCa || !row || row.status !== 'issued' || signer.notAfter < now || signer.notBefore > now) throw new ScepFailure('badRequest', 'A RenewalReq must be signed with a current certificate of this CA.');
}

async function poll(deps: EnrolmentDeps, template: ScepTemplate, ra: Ra, request: ScepRequest, client: { ip: string }): Promise<Uint8Array> {
  const row = await deps.db
    .selectFrom('scep_transactions as s')
    .innerJoin('certificate_requests as r', 'r.id', 's.request_id')
    .leftJoin('certificates as c', 'c.id', 'r.certificate_id')
    .select(['r.status', 'c.certificate_pem', 's.intune_pending_csr'])
    .where('s.template_id', '=', template.templateId)
    .where('s.transaction_id', '=', request.transactionId)
    .executeTakeFirst();
  if (!row) return answer(ra, request, { status: 'FAILURE', failInfo: 'badCertId' });
  if (row.intune_pending_csr && row.status !== 'under_submission') await notifyDecided(deps, template, request.transactionId, row, client);
  if (row.certificate_pem) return resultReply(deps, ra, request, { status: 'complete', certificate: row.certificate_pem });
  return resultReply(deps, ra, request, { status: row.status === 'under_submission' ? 'pending' : 'failed' });
}

/**
 * An Intune-validated request that waited for an approval has been decided: Intune hears the outcome once (the first
 * poll after the decision claims the pending CSR under a row lock; a failed notification is audited by notifyIntune,
 * not retried).
 */
async function notifyDecided(deps: EnrolmentDeps, template: ScepTemplate, transactionId: string, row: { certificate_pem: string | null; status: string }, client: { ip: string }): Promise<void> {
  const csr = await deps.db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('scep_transactions')
      .select('intune_pending_csr')
      .where('template_id', '=', template.templateId)
      .where('transaction_id', '=', transactionId)
      .forUpdate()
      .executeTakeFirst();
    if (!pending?.intune_pending_csr) return null;
    await trx.updateTable('scep_transactions').set({ intune_pending_csr: null }).where('template_id', '=', template.templateId).where('transaction_id', '=', transactionId).execute();
    return pending.intune_pending_csr;
  });
  if (!csr) return;
  const intune = await intuneClientOf(deps, template.tenantId);
  if (!intune) return;
  const outcome = row.certificate_pem ? { certificatePem: row.certificate_pem } : { failure: `The request was not issued (${row.status}).` };
  await notifyIntune(deps, intune, { tenantId: template.tenantId, templateId: template.templateId, transactionId, csrDer: new Uint8Array(Buffer.from(csr, 'base64')), ip: client.ip, ...outcome });
}
