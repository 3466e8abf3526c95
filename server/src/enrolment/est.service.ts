/**
 * EST (RFC 7030) of a template: `/.well-known/est/{templateId}/…` on the HTTPS listener (docs/api.md "EST").
 * cacerts (§4.1), simpleenroll and simplereenroll (§4.2), csrattrs (§4.5). A client authenticates (§3.3) with
 * a TLS client certificate this CA issued (current, not revoked), or with HTTP basic whose password is a
 * one-time enrolment challenge of the template (the same ones SCEP takes; the user name is not checked).
 * Re-enrolment needs the client certificate, and the new CSR must name its subject (§4.2.2).
 */
import * as asn1js from 'asn1js';
import { TEMPLATE_CLASSES, type CertificateRequestResult } from '@tessera/domain';
import { AppError, ForbiddenError } from '../platform/errors';
import { submitCsr } from '../certificates/certificates.service';
import { signingCa } from '../pki/ca.service';
import { templateForIssue } from '../pki/templates.service';
import { x509 } from '../pki/pki.service';
import type { EnrolmentDeps } from './enrolment.deps';
import { consumeChallenge } from './challenges.service';
import { degenerate } from './scep.cms';
import { scepTemplate } from './scep.service';

/** 401 with a Basic challenge: no or wrong credentials (RFC 7030 §3.2.3). */
export class EstUnauthorizedError extends AppError {
  constructor(message = 'EST needs a client certificate of this CA or HTTP basic with an enrolment challenge') {
    super('INVALID_CREDENTIALS', 401, message);
  }
}

/** How an EST client authenticated. */
export type EstAuth = { kind: 'certificate'; certificate: x509.X509Certificate } | { kind: 'basic' } | null;

/** The client's credentials as the route read them from TLS and the Authorization header. */
export interface EstCredentials {
  /** DER of the verified-or-not TLS client certificate, when one was sent. */
  clientCertificate: Uint8Array | null;
  /** The HTTP basic password, when one was sent. */
  basicPassword: string | null;
  ip: string;
}

const base64Lines = (der: Uint8Array) => `${Buffer.from(der).toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`;

/** cacerts: the CA and its issuers, a degenerate PKCS#7, base64 (§4.1.3). */
export async function cacerts(deps: EnrolmentDeps, templateId: string): Promise<string> {
  const template = await scepTemplate(deps, templateId);
  const ca = await signingCa(deps, template.tenantId, template.caId);
  return base64Lines(degenerate(ca.chain.map((pem) => new Uint8Array(new x509.X509Certificate(pem).rawData))));
}

/** csrattrs: the signature algorithms the template's key types go with, as a CsrAttrs of OIDs (§4.5.2), base64. */
export async function csrattrs(deps: EnrolmentDeps, templateId: string): Promise<string> {
  const ref = await scepTemplate(deps, templateId);
  const template = await templateForIssue(deps.db, ref.tenantId, ref.templateId);
  const oids: string[] = [];
  if (template.keyTypes.includes('EC_NIST')) oids.push('1.2.840.10045.4.3.2'); // ecdsa-with-SHA256
  if (template.keyTypes.includes('RSA')) oids.push('1.2.840.113549.1.1.11'); // sha256WithRSAEncryption
  const seq = new asn1js.Sequence({ value: oids.map((value) => new asn1js.ObjectIdentifier({ value })) });
  return base64Lines(new Uint8Array(seq.toBER(false)));
}

async function certificateAuth(deps: EnrolmentDeps, template: { tenantId: string; caId: string }, der: Uint8Array): Promise<x509.X509Certificate | null> {
  let cert: x509.X509Certificate;
  try {
    cert = new x509.X509Certificate(new Uint8Array(der));
  } catch {
    return null;
  }
  const ca = await signingCa(deps, template.tenantId, template.caId);
  const signed = await cert.verify({ publicKey: ca.certificate.publicKey, signatureOnly: true }).catch(() => false);
  const now = new Date(deps.now());
  if (!signed || cert.notBefore > now || cert.notAfter < now) return null;
  const row = await deps.db
    .selectFrom('certificates')
    .select('status')
    .where('tenant_id', '=', template.tenantId)
    .where('ca_id', '=', template.caId)
    .where('serial_number', '=', cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''))
    .executeTakeFirst();
  return row?.status === 'issued' ? cert : null;
}

/** The answer of an enrolment: the certificate (base64 PKCS#7), or pending with a Retry-After. */
export type EstEnrolment = { status: 'issued'; body: string } | { status: 'pending'; retryAfterSeconds: number } | { status: 'refused'; message: string };

/**
 * simpleenroll / simplereenroll. `csrBase64` is the base64 DER of the PKCS#10 body (§4.2.1).
 * @throws EstUnauthorizedError, ForbiddenError (re-enrol with a subject other than the certificate's)
 */
export async function enrol(deps: EnrolmentDeps, templateId: string, credentials: EstCredentials, csrBase64: string, reenroll: boolean): Promise<EstEnrolment> {
  const template = await scepTemplate(deps, templateId);
  const der = Buffer.from(csrBase64.replace(/\s+/g, ''), 'base64');
  let csr: x509.Pkcs10CertificateRequest | null = null;
  try {
    csr = new x509.Pkcs10CertificateRequest(der);
  } catch {
    csr = null;
  }
  const client = credentials.clientCertificate ? await certificateAuth(deps, template, credentials.clientCertificate) : null;
  const actor = { actorUserId: null, actorUsername: null, actorApiKeyId: null, ip: credentials.ip };
  if (reenroll) {
    if (!client) throw new EstUnauthorizedError('simplereenroll needs the current client certificate of this CA');
    if (csr && new x509.Name(csr.subject).toString() !== new x509.Name(client.subject).toString()) throw new ForbiddenError('The re-enrolment request must name the subject of the current certificate');
  } else if (!client) {
    if (credentials.basicPassword === null) throw new EstUnauthorizedError();
    const password = credentials.basicPassword;
    const ok = await deps.db.transaction().execute((trx) => consumeChallenge(deps, trx, template.tenantId, template.templateId, password, credentials.ip));
    if (!ok) throw new EstUnauthorizedError('The enrolment challenge is not valid for this template');
  }
  const pem = `-----BEGIN CERTIFICATE REQUEST-----\n${der.toString('base64')}\n-----END CERTIFICATE REQUEST-----\n`;
  const result: CertificateRequestResult = await submitCsr(deps, { tenantId: template.tenantId }, actor, { templateId: template.templateId, csr: pem }, TEMPLATE_CLASSES);
  if (result.status === 'complete') return { status: 'issued', body: base64Lines(degenerate([new Uint8Array(new x509.X509Certificate(result.certificate ?? '').rawData)])) };
  if (result.status === 'pending') return { status: 'pending', retryAfterSeconds: 3600 };
  return { status: 'refused', message: result.status === 'failed' ? `${result.failureCode}: ${result.message}` : 'The request was refused' };
}
