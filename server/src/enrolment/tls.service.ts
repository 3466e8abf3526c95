/**
 * The HTTPS listener's TLS material (issue 17; README "Configuration", docs/api.md "HTTPS listener"):
 * `TESSERA_TLS_CERT` / `TESSERA_TLS_KEY` when given, else a server certificate issued at start by the oldest
 * Tessera CA for the public URL's host name, `localhost` and 127.0.0.1 (P-256, 90 days, audited
 * `tls.listener.issue`, kept in memory only). Every CA's certificate is offered as an acceptable issuer of
 * client certificates; the EST routes decide per template whether a client certificate is one of its CA.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { ServerConfig } from '../platform/config';
import { publicConsoleUrl } from '../platform/public-url';
import { signingCa } from '../pki/ca.service';
import { randomSerial, x509 } from '../pki/pki.service';
import type { EnrolmentDeps } from './enrolment.deps';

const webcrypto = globalThis.crypto;

/** What `https.createServer` needs besides the handler. */
export interface HttpsMaterial {
  cert: string;
  key: string;
  /** CA certificates offered as acceptable issuers of client certificates. */
  ca: string[];
  /** Where the certificate came from. */
  source: 'files' | 'tessera-ca';
}

/** The listener's certificate and key, and the CAs of client certificates. @throws Error when there is neither a file pair nor a CA. */
export async function httpsMaterial(deps: EnrolmentDeps, config: Pick<ServerConfig, 'tlsCert' | 'tlsKey' | 'publicUrl' | 'port' | 'host'>): Promise<HttpsMaterial> {
  const cas = await deps.db.selectFrom('certificate_authorities').select(['id', 'tenant_id', 'certificate_pem']).orderBy('created_at').orderBy('id').execute();
  const ca = cas.map((c) => c.certificate_pem);
  if (config.tlsCert && config.tlsKey) return { cert: readFileSync(config.tlsCert, 'utf8'), key: readFileSync(config.tlsKey, 'utf8'), ca, source: 'files' };
  const oldest = cas[0];
  if (!oldest) throw new Error('TESSERA_HTTPS_PORT needs TESSERA_TLS_CERT and TESSERA_TLS_KEY, or a certificate authority to issue the listener certificate');
  const signing = await signingCa(deps, oldest.tenant_id, oldest.id);
  const host = new URL(publicConsoleUrl(config)).hostname;
  const names = [...new Set([host, 'localhost', '127.0.0.1'])];
  const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const now = Math.floor(deps.now() / 1000) * 1000;
  let notAfter = new Date(now + 90 * 86_400_000);
  if (notAfter > signing.certificate.notAfter) notAfter = signing.certificate.notAfter;
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${host}`,
    issuer: signing.certificate.subject,
    notBefore: new Date(now - 60_000),
    notAfter,
    publicKey: keys.publicKey,
    signingKey: signing.key,
    signingAlgorithm: signing.signingAlgorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names.map((value) => (isIP(value) ? { type: 'ip' as const, value } : { type: 'dns' as const, value }))),
      await x509.AuthorityKeyIdentifierExtension.create(signing.certificate),
    ],
  });
  await deps.db.transaction().execute((trx) =>
    deps.audit.write(trx, { actorUserId: null, actorUsername: null, actorApiKeyId: null, ip: null, tenantId: oldest.tenant_id, action: 'tls.listener.issue', targetType: 'certificate_authority', targetId: oldest.id, detail: { subject: certificate.subject, names, serialNumber: certificate.serialNumber.toLowerCase() } }),
  );
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64').replace(/.{64}/g, '$&\n');
  return { cert: [certificate.toString('pem'), ...signing.chain].join('\n'), key: `-----BEGIN PRIVATE KEY-----\n${pkcs8}\n-----END PRIVATE KEY-----\n`, ca, source: 'tessera-ca' };
}
