/**
 * Server-side key generation (issue 12 "from a key generated for the requester (key delivered once as PKCS#12
 * with a password)"): only for a template with serverKeyGeneration. The server makes the key pair of the
 * template's first key type, requests the certificate through the ordinary request flow (the template decides
 * subject and SANs), and answers the key with its certificate and chain once as a PKCS#12 file protected by the
 * requester's password. Neither the key nor the password is stored or logged; the delivery is audited
 * (`certificate.key_delivery`) and the file is answered only once that event is stored.
 */
import { webcrypto } from 'node:crypto';
import type { CertificateRequestResult, SubmitKeyRequest, SubmitKeyResponse, TemplateClass } from '@tessera/domain';
import { ValidationError } from '../platform/errors';
import type { AuditEventInput } from '../platform/audit';
import type { AuthContext } from '../platform/types';
import { caWithChain } from '../pki/ca.service';
import { templateForIssue } from '../pki/templates.service';
import { x509, type PkiDeps } from '../pki/pki.service';
import { submitCsr } from './certificates.service';
import { buildPkcs12 } from './pkcs12';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

const USER_CLASSES = ['USER', 'AUTOENROLLUSER'] as const;
/** The template classes `SubmitDeviceKeyRequest` takes. */
export const DEVICE_CLASSES = ['DEVICE', 'AUTOENROLLDEVICE'] as const;

/** The WebCrypto algorithm of the key the template's first key type and RSA floor ask for. */
function keyAlgorithmOf(keyTypes: readonly string[], minRsaBits: number): RsaHashedKeyGenParams | EcKeyGenParams {
  if (keyTypes[0] === 'RSA') return { name: 'RSASSA-PKCS1-v1_5', modulusLength: Math.max(2048, minRsaBits), publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
  return { name: 'ECDSA', namedCurve: 'P-256' };
}

/**
 * `POST SubmitUserKeyRequest` (and `SubmitDeviceKeyRequest` with the device classes): see the file comment. Refused
 * on `templateId` when the template does not generate keys, needs approval (a generated key is delivered at once,
 * never held), or is not of the call's classes.
 */
export async function submitKeyRequest(
  deps: PkiDeps,
  auth: Pick<AuthContext, 'tenantId'>,
  actor: Actor,
  request: SubmitKeyRequest,
  classes: readonly TemplateClass[] = USER_CLASSES,
): Promise<SubmitKeyResponse> {
  const template = await templateForIssue(deps.db, auth.tenantId, request.templateId).catch((cause: unknown) => {
    throw new ValidationError('templateId', 'is not a certificate template of this tenant', { cause });
  });
  if (!template.serverKeyGeneration) throw new ValidationError('templateId', 'does not generate keys on the server: submit a CSR instead');
  if (template.approvalRequired) throw new ValidationError('templateId', 'needs approval: a key generated on the server is delivered at once and never held');
  if (!classes.includes(template.class as TemplateClass)) throw new ValidationError('templateId', `is a ${template.class} template; this call takes ${classes.join(' or ')} templates`);

  const algorithm = keyAlgorithmOf(template.keyTypes, template.minRsaBits);
  const signing = algorithm.name === 'ECDSA' ? { ...algorithm, hash: 'SHA-256' } : algorithm;
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cn = request.subject?.CN ?? actor.actorUsername ?? 'key holder';
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: [{ CN: [cn] }], keys, signingAlgorithm: signing });
  const { password, ...rest } = request;
  const result: CertificateRequestResult = await submitCsr(deps, auth, actor, { ...rest, csr: csr.toString('pem') }, classes);
  if (result.status !== 'complete' || !result.certificate || !result.certID) return result;

  const issued = new x509.X509Certificate(result.certificate);
  const { chain } = await caWithChain(deps, auth.tenantId, result.certID.split(':')[0]!);
  const pkcs8 = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const file = buildPkcs12({
    privateKeyPkcs8: pkcs8,
    certificates: [new Uint8Array(issued.rawData), ...chain.map((pem) => new Uint8Array(new x509.X509Certificate(pem).rawData))],
    password,
    friendlyName: request.friendlyName ?? cn,
  });
  pkcs8.fill(0);
  await deps.db.transaction().execute((trx) =>
    deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'certificate.key_delivery', targetType: 'certificate_request', targetId: result.requestId, detail: { certId: result.certID, keyAlgorithm: algorithm.name === 'ECDSA' ? 'P-256' : `RSA-${(algorithm as RsaHashedKeyGenParams).modulusLength}`, format: 'pkcs12' } }),
  );
  return { ...result, pkcs12: file.toString('base64'), fileName: `${cn.replace(/[^A-Za-z0-9._-]+/g, '_')}.p12` };
}
