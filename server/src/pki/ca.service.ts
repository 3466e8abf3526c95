/**
 * Certificate authorities (issue 12; admin-console §3 CA, §4 CA status): create a root or an intermediate,
 * import an existing CA with its key, list, licensing, and the signing material other areas use.
 */
import { randomUUID } from 'node:crypto';
import {
  addValidity,
  deriveCaStatus,
  PKI_PUBLIC_PATHS,
  type CaKeyAlgorithm,
  type CaLicensingRequest,
  type CertificateAuthority,
  type CreateCaRequest,
  type ImportCaRequest,
} from '@tessera/domain';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { isUniqueViolation } from '../platform/db-errors';
import type { AuthContext } from '../platform/types';
import type { AuditEventInput } from '../platform/audit';
import * as repo from './ca.repository';
import type { PkiDeps } from './pki.deps';
import type { CaRow } from './pki.table';
import { caAlgorithm, caKeyAlgorithmOf, crypto, randomSerial, x509 } from './x509';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** The public URLs of a CA (docs/api.md "Public PKI routes"). */
export function caPublicUrls(publicUrl: string, caId: string): { crl: string; ocsp: string; caCert: string } {
  return { crl: publicUrl + PKI_PUBLIC_PATHS.crl(caId), ocsp: publicUrl + PKI_PUBLIC_PATHS.ocsp(caId), caCert: publicUrl + PKI_PUBLIC_PATHS.caCert(caId) };
}

/** A CA row as the API answers it (never its key). */
export function toCa(row: CaRow, now: number, publicUrl: string): CertificateAuthority {
  const urls = caPublicUrls(publicUrl, row.id);
  return {
    id: row.id,
    friendlyName: row.friendly_name,
    status: deriveCaStatus({ notBefore: row.not_before, notAfter: row.not_after }, now),
    caCert: { notBefore: row.not_before.toISOString(), notAfter: row.not_after.toISOString(), subject: row.subject, serialNumber: row.serial_number, pem: row.certificate_pem },
    parentId: row.parent_id,
    keyAlgorithm: row.key_algorithm as CaKeyAlgorithm,
    keyStore: row.key_store === 'hsm' ? 'hsm' : 'software',
    imported: row.imported,
    crlLocation: urls.crl,
    ocspLocation: urls.ocsp,
    licensedTemplates: row.licensed_templates,
    licensedTenants: row.licensed_tenants,
    createdAt: row.created_at.toISOString(),
  };
}

/** Every CA of the viewer's tenant, roots first, then by creation. */
export async function listCas(deps: PkiDeps, auth: AuthContext): Promise<CertificateAuthority[]> {
  const rows = await repo.listCas(deps.db, auth.tenantId);
  const depth = (row: CaRow): number => {
    let d = 0;
    for (let p = row.parent_id; p !== null && d < 16; d++) p = rows.find((r) => r.id === p)?.parent_id ?? null;
    return d;
  };
  return [...rows].sort((a, b) => depth(a) - depth(b)).map((row) => toCa(row, deps.now(), deps.publicUrl));
}

/** One CA of the viewer's tenant. @throws NotFoundError */
export async function getCa(deps: PkiDeps, auth: AuthContext, id: string): Promise<CertificateAuthority> {
  const row = await repo.findCa(deps.db, auth.tenantId, id);
  if (!row) throw new NotFoundError('The certificate authority');
  return toCa(row, deps.now(), deps.publicUrl);
}

/** What signing with a CA needs. */
export interface SigningCa {
  row: CaRow;
  certificate: x509.X509Certificate;
  key: CryptoKey;
  signingAlgorithm: RsaHashedImportParams | EcdsaParams;
  /** PEMs of the CA and its issuers up to the root. */
  chain: string[];
}

const certCache = new Map<string, { pem: string; cert: x509.X509Certificate }>();

/** The parsed certificate of a CA row (cached: parsing is on the issuance path). */
export function caCertificate(row: Pick<CaRow, 'id' | 'certificate_pem'>): x509.X509Certificate {
  const hit = certCache.get(row.id);
  if (hit && hit.pem === row.certificate_pem) return hit.cert;
  const cert = new x509.X509Certificate(row.certificate_pem);
  certCache.set(row.id, { pem: row.certificate_pem, cert });
  return cert;
}

/** The signing material of a CA of the tenant (any tenant when `tenantId` is null: the public responders). @throws NotFoundError */
export async function signingCa(deps: PkiDeps, tenantId: string | null, caId: string): Promise<SigningCa> {
  const row = tenantId === null ? await repo.findCaById(deps.db, caId) : await repo.findCa(deps.db, tenantId, caId);
  if (!row) throw new NotFoundError('The certificate authority');
  return signingCaOfRow(deps, row);
}

/** The signing material of a CA row already read (of the tenant: the caller checked). */
export async function signingCaOfRow(deps: PkiDeps, row: CaRow): Promise<SigningCa> {
  const chain = [row.certificate_pem];
  let parentId = row.parent_id;
  for (let i = 0; parentId !== null && i < 16; i++) {
    const parent = await repo.findCaById(deps.db, parentId);
    if (!parent) break;
    chain.push(parent.certificate_pem);
    parentId = parent.parent_id;
  }
  const keyAlgorithm = row.key_algorithm as CaKeyAlgorithm;
  return { row, certificate: caCertificate(row), key: await deps.keyStore.open(row.id, row.sealed_key, keyAlgorithm), signingAlgorithm: caAlgorithm(keyAlgorithm).signing, chain };
}

function parseSubject(subject: string): string {
  try {
    const name = new x509.Name(subject);
    if (name.toJSON().length === 0) throw new Error('empty');
    return name.toString();
  } catch (cause) {
    throw new ValidationError('subject', `must be a distinguished name such as 'CN=Example Root, O=Example', got '${subject}'`, { cause });
  }
}

async function insertCa(deps: PkiDeps, auth: AuthContext, actor: Actor, values: Omit<CaRow, 'created_at' | 'tenant_id' | 'licensed_templates' | 'licensed_tenants' | 'key_store'>, action: string): Promise<CertificateAuthority> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('certificate_authorities')
        .values({ ...values, tenant_id: auth.tenantId, key_store: deps.keyStore.kind, licensed_templates: '[]', licensed_tenants: JSON.stringify([{ tenantId: auth.tenantId, enabled: true }]) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action, targetType: 'certificate_authority', targetId: row.id, detail: { friendlyName: row.friendly_name, subject: row.subject, keyAlgorithm: row.key_algorithm, parentId: row.parent_id } });
      return toCa(row, deps.now(), deps.publicUrl);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('friendlyName', `A certificate authority named '${values.friendly_name}' already exists`);
    throw error;
  }
}

/** Creates a root CA (no parent) or an intermediate signed by a CA of the tenant; audited `ca.create`. */
export async function createCa(deps: PkiDeps, auth: AuthContext, actor: Actor, request: CreateCaRequest): Promise<CertificateAuthority> {
  const id = randomUUID();
  const subject = parseSubject(request.subject ?? `CN=${request.friendlyName}`);
  const parent = request.parentId ? await signingCa(deps, auth.tenantId, request.parentId).catch((cause: unknown) => {
    throw new ValidationError('parentId', 'is not a certificate authority of this tenant', { cause });
  }) : null;
  const now = new Date(deps.now());
  const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000 - 60_000); // a minute of clock skew
  let notAfter = addValidity(notBefore, request.validityPeriod ?? (parent ? 5 : 10), request.validityPeriodUnits ?? 'YEARS');
  if (parent && notAfter > parent.certificate.notAfter) notAfter = parent.certificate.notAfter; // RFC 5280 §6.1.3: a child outliving its issuer fails validation after
  const algorithm = caAlgorithm(request.keyAlgorithm);
  const keys = (await crypto.subtle.generateKey(algorithm.generate, true, ['sign', 'verify'])) as CryptoKeyPair;
  const serialNumber = randomSerial();
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(true, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature, true),
    await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
  ];
  let pem: string;
  if (parent) {
    const urls = caPublicUrls(deps.publicUrl, parent.row.id);
    extensions.push(await x509.AuthorityKeyIdentifierExtension.create(parent.certificate), new x509.CRLDistributionPointsExtension([urls.crl]), new x509.AuthorityInfoAccessExtension({ ocsp: [urls.ocsp], caIssuers: [urls.caCert] }));
    const cert = await x509.X509CertificateGenerator.create({ serialNumber, subject, issuer: parent.certificate.subject, notBefore, notAfter, signingAlgorithm: parent.signingAlgorithm, publicKey: keys.publicKey, signingKey: parent.key, extensions });
    pem = cert.toString('pem');
  } else {
    extensions.push(await x509.AuthorityKeyIdentifierExtension.create(keys.publicKey));
    const cert = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber, name: subject, notBefore, notAfter, signingAlgorithm: algorithm.signing, keys, extensions });
    pem = cert.toString('pem');
  }
  const cert = new x509.X509Certificate(pem);
  return insertCa(deps, auth, actor, {
    id,
    friendly_name: request.friendlyName,
    parent_id: parent?.row.id ?? null,
    key_algorithm: request.keyAlgorithm,
    sealed_key: await deps.keyStore.seal(id, keys.privateKey),
    certificate_pem: pem,
    subject: cert.subject,
    serial_number: cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
    not_before: cert.notBefore,
    not_after: cert.notAfter,
    imported: false,
  }, 'ca.create');
}

function pemBody(pem: string, label: string, field: string): Uint8Array<ArrayBuffer> {
  const match = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`).exec(pem);
  if (!match) throw new ValidationError(field, `must be a PEM '${label}' block`);
  return new Uint8Array(Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64'));
}

/** Imports an existing CA certificate with its PKCS#8 key; the key must match the certificate; audited `ca.import`. */
export async function importCa(deps: PkiDeps, auth: AuthContext, actor: Actor, request: ImportCaRequest): Promise<CertificateAuthority> {
  let cert: x509.X509Certificate;
  try {
    cert = new x509.X509Certificate(pemBody(request.certificatePem, 'CERTIFICATE', 'certificatePem'));
  } catch (cause) {
    if (cause instanceof ValidationError) throw cause;
    throw new ValidationError('certificatePem', 'is not an X.509 certificate', { cause });
  }
  const basic = cert.getExtension(x509.BasicConstraintsExtension);
  if (!basic?.ca) throw new ValidationError('certificatePem', 'is not a CA certificate (basicConstraints cA is not true, RFC 5280 §4.2.1.9)');
  const keyAlgorithm = caKeyAlgorithmOf(cert.publicKey.algorithm);
  if (!keyAlgorithm) throw new ValidationError('certificatePem', 'Unrecognized algorithm', { exact: true });
  const algorithm = caAlgorithm(keyAlgorithm);
  let privateKey: CryptoKey;
  try {
    privateKey = await crypto.subtle.importKey('pkcs8', pemBody(request.privateKeyPem, 'PRIVATE KEY', 'privateKeyPem'), algorithm.import, true, ['sign']);
  } catch (cause) {
    if (cause instanceof ValidationError) throw cause;
    throw new ValidationError('privateKeyPem', `is not a PKCS#8 ${keyAlgorithm} private key`, { cause });
  }
  // Proof that the key belongs to the certificate: sign and verify with the certificate's public key.
  const probe = crypto.getRandomValues(new Uint8Array(32));
  const signature = await crypto.subtle.sign(algorithm.signing, privateKey, probe);
  const publicKey = await cert.publicKey.export(algorithm.import, ['verify']);
  if (!(await crypto.subtle.verify(algorithm.signing, publicKey, signature, probe))) throw new ValidationError('privateKeyPem', 'does not match the certificate');
  let parentId: string | null = null;
  if (request.parentId) {
    const parent = await repo.findCa(deps.db, auth.tenantId, request.parentId);
    if (!parent || !(await cert.verify({ publicKey: caCertificate(parent), signatureOnly: true }))) throw new ValidationError('parentId', 'is not the issuer of this certificate');
    parentId = parent.id;
  }
  const id = randomUUID();
  return insertCa(deps, auth, actor, {
    id,
    friendly_name: request.friendlyName,
    parent_id: parentId,
    key_algorithm: keyAlgorithm,
    sealed_key: await deps.keyStore.seal(id, privateKey),
    certificate_pem: cert.toString('pem'),
    subject: cert.subject,
    serial_number: cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
    not_before: cert.notBefore,
    not_after: cert.notAfter,
    imported: true,
  }, 'ca.import');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Replaces a CA's licensed templates and tenants; audited `ca.licensing`. 400 on `licensedTemplates` for an id
 * that is not a template of the tenant (or named twice), on `licensedTenants` for an unknown tenant (or twice).
 */
export async function updateLicensing(deps: PkiDeps, auth: AuthContext, actor: Actor, request: CaLicensingRequest): Promise<CertificateAuthority> {
  return deps.db.transaction().execute(async (trx) => {
    // Each licensed template is a template of this tenant, each licensed tenant a tenant, each named once.
    const templateIds = request.licensedTemplates.map((l) => l.licensedTemplateId);
    if (new Set(templateIds).size !== templateIds.length) throw new ValidationError('licensedTemplates', 'names a template twice');
    const tenantIds = request.licensedTenants.map((l) => l.tenantId.toLowerCase());
    if (new Set(tenantIds).size !== tenantIds.length) throw new ValidationError('licensedTenants', 'names a tenant twice');
    const knownTemplates = new Set(
      templateIds.length === 0 ? [] : (await trx.selectFrom('certificate_templates').select('id').where('tenant_id', '=', auth.tenantId).where('id', 'in', templateIds.filter((id) => UUID.test(id))).execute()).map((r) => r.id),
    );
    const unknownTemplate = templateIds.find((id) => !knownTemplates.has(id));
    if (unknownTemplate !== undefined) throw new ValidationError('licensedTemplates', `names ${unknownTemplate}, which is not a certificate template of this tenant`);
    const knownTenants = new Set(tenantIds.length === 0 ? [] : (await trx.selectFrom('tenants').select('id').where('id', 'in', tenantIds).execute()).map((r) => r.id));
    const unknownTenant = tenantIds.find((id) => !knownTenants.has(id));
    if (unknownTenant !== undefined) throw new ValidationError('licensedTenants', `names ${unknownTenant}, which is not a tenant`);
    const row = await trx
      .updateTable('certificate_authorities')
      .set({ licensed_templates: JSON.stringify(request.licensedTemplates), licensed_tenants: JSON.stringify(request.licensedTenants) })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', request.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new NotFoundError('The certificate authority');
    await deps.audit.write(trx, { ...actor, tenantId: auth.tenantId, action: 'ca.licensing', targetType: 'certificate_authority', targetId: row.id, detail: { licensedTemplates: request.licensedTemplates.length, licensedTenants: request.licensedTenants.length } });
    return toCa(row, deps.now(), deps.publicUrl);
  });
}

/** A CA of the tenant with the PEMs of it and its issuers up to the root, without opening its key (certificate details). @throws NotFoundError */
export async function caWithChain(deps: Pick<PkiDeps, 'db'>, tenantId: string, caId: string): Promise<{ ca: Pick<CaRow, 'id' | 'tenant_id' | 'friendly_name' | 'certificate_pem'>; chain: string[] }> {
  const row = await repo.findCa(deps.db, tenantId, caId);
  if (!row) throw new NotFoundError('The certificate authority');
  const chain = [row.certificate_pem];
  let parentId = row.parent_id;
  for (let i = 0; parentId !== null && i < 16; i++) {
    const parent = await repo.findCaById(deps.db, parentId);
    if (!parent) break;
    chain.push(parent.certificate_pem);
    parentId = parent.parent_id;
  }
  return { ca: row, chain };
}
