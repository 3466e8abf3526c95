/**
 * Intune mode of SCEP (issue 17): the `/config/scep` settings calls, and PKCSReqs whose challenge is a token
 * signed by a test key standing in for Intune's (RS256 and ES256), enrolled with the test SCEP client of
 * test-helpers/scep-client.ts (`openssl cms` + pkijs). The online mode (Microsoft's validateRequest and
 * notifications) runs against a local fake of Entra ID, Graph and Intune's service (test-helpers/fake-intune.ts).
 */
import { createHash, createSign, generateKeyPairSync, sign as signRaw, type KeyObject } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import { SCEP_PATH_PREFIX } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { csrDer, envelope, openssl, pkiMessage, readRep, removeScepScratch, selfSigned, dir } from '../test-helpers/scep-client';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { x509 } from '../pki/x509';
import { startFakeIntune, type FakeIntune } from '../test-helpers/fake-intune';
import { clearIntuneCaches } from './intune-client';

const P = '/api2/PKI-v1';
const S = '/api2/SCEP-v1';
const AZURE_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';

/** A key and a self-signed certificate standing in for Intune's challenge signer. */
async function signer(kind: 'rsa' | 'ec'): Promise<{ key: KeyObject; pem: string; alg: string }> {
  const pair = kind === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const algorithm = kind === 'rsa' ? { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } : { name: 'ECDSA', hash: 'SHA-256', namedCurve: 'P-256' };
  const keys = {
    privateKey: await crypto.subtle.importKey('pkcs8', pair.privateKey.export({ type: 'pkcs8', format: 'der' }), algorithm, false, ['sign']),
    publicKey: await crypto.subtle.importKey('spki', pair.publicKey.export({ type: 'spki', format: 'der' }), algorithm, true, ['verify']),
  };
  const cert = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '02', name: 'CN=Intune challenge signer (test)', notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 86_400_000), keys, signingAlgorithm: algorithm });
  return { key: pair.privateKey, pem: cert.toString('pem'), alg: kind === 'rsa' ? 'RS256' : 'ES256' };
}

function token(s: { key: KeyObject; alg: string }, claims: Record<string, unknown>): string {
  const head = Buffer.from(JSON.stringify({ alg: s.alg, typ: 'JWT' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${head}.${body}`;
  const signature = s.alg === 'RS256' ? createSign('sha256').update(input).sign(s.key) : signRaw('sha256', Buffer.from(input), { key: s.key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${Buffer.from(signature).toString('base64url')}`;
}

describe('Intune SCEP challenge validation', () => {
  let t: TestContext;
  let admin: TestClient;
  let tenantId: string;
  let templateId: string;
  let otherTemplateId: string;
  let raPem: string;
  let rsa: Awaited<ReturnType<typeof signer>>;
  let ec: Awaited<ReturnType<typeof signer>>;

  const enrol = async (cn: string, challenge: string, id = templateId) => {
    const client = await selfSigned(`intune-${randomBytes(4).toString('hex')}`, cn);
    const message = await pkiMessage(client, '19', randomBytes(8).toString('hex'), envelope(await csrDer(client.keys, cn, challenge), raPem));
    const res = await t.app.inject({ method: 'POST', url: `${SCEP_PATH_PREFIX}/${id}?operation=PKIOperation`, headers: { 'content-type': 'application/x-pki-message' }, payload: message.der });
    expect(res.statusCode).toBe(200);
    return readRep(res.rawPayload, client);
  };
  const claims = (sub: string, extra: Record<string, unknown> = {}) => ({ tid: AZURE_TENANT, sub, jti: randomBytes(8).toString('hex'), exp: Math.floor(Date.now() / 1000) + 600, ...extra });

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Intune Root', keyAlgorithm: 'P-256' })).json().id;
    const template = async (templateName: string) => (await admin.post(`${P}/CertificateTemplate`, { templateName, class: 'DEVICE', caId, keyTypes: ['RSA'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId as string;
    templateId = await template('intune-device');
    otherTemplateId = await template('plain-device');
    const caCert = await t.app.inject({ method: 'GET', url: `${SCEP_PATH_PREFIX}/${templateId}?operation=GetCACert` });
    writeFileSync(path.join(dir, 'intune-ca.p7'), caCert.rawPayload);
    raPem = openssl('pkcs7', '-inform', 'DER', '-in', 'intune-ca.p7', '-print_certs').toString().match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)![0];
    [rsa, ec] = [await signer('rsa'), await signer('ec')];
  }, 180_000);
  afterAll(async () => {
    await fake?.stop();
    await t?.close();
    removeScepScratch();
  });
  let fake: FakeIntune | undefined;

  it('should read defaults, refuse bad settings naming the field, keep tenants apart, check the permission, and audit a save', async () => {
    expect((await admin.get(`${S}/IntuneConfiguration`)).json()).toEqual({ enabled: false, azureTenantId: '', applicationId: '', clientSecretSet: false, authorityUrl: '', graphUrl: '', verificationCertificate: '', templateIds: [] });
    const base = { enabled: true, azureTenantId: AZURE_TENANT, applicationId: 'app-1', verificationCertificate: rsa.pem, templateIds: [templateId] };
    for (const [body, field] of [
      [{ ...base, verificationCertificate: 'not a cert' }, 'verificationCertificate'],
      [{ ...base, verificationCertificate: '' }, 'verificationCertificate'],
      [{ ...base, azureTenantId: '' }, 'azureTenantId'],
      [{ ...base, templateIds: ['00000000-0000-4000-8000-000000000000'] }, 'templateIds.0'],
    ] as const) {
      const res = await admin.put(`${S}/IntuneConfiguration`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await admin.get(`${S}/IntuneConfiguration`)).json().enabled).toBe(false);
    const saved = await admin.put(`${S}/IntuneConfiguration`, base);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, azureTenantId: AZURE_TENANT, templateIds: [templateId] });
    expect((await t.auditRows('scep.intune.update')).at(-1)).toMatchObject({ tenant_id: tenantId, actor_username: 'admin' });
    // Another tenant sees its own (empty) settings and cannot name this tenant's template.
    const globex = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(globex, 'g', ['manageIntuneScepAuthConfiguration']);
    const g = t.client();
    const host = { headers: { host: 'globex.test' } };
    await g.request('POST', '/api2/Authentication-v1/login', { body: { username: 'g', password: TEST_PASSWORD }, ...host });
    expect((await g.request('GET', `${S}/IntuneConfiguration`, host)).json().enabled).toBe(false);
    expect((await g.request('PUT', `${S}/IntuneConfiguration`, { body: { ...base, templateIds: [templateId] }, ...host })).json().field).toBe('templateIds.0');
    // Permission.
    await t.createUser(tenantId, 'certs', ['certScep']);
    const certs = t.client();
    await certs.login('certs', TEST_PASSWORD);
    expect((await certs.get(`${S}/IntuneConfiguration`)).statusCode).toBe(403);
  });

  it('should issue for a token signed by the verification key that names the subject, once; and refuse forged, expired, foreign and mismatched tokens', async () => {
    await admin.put(`${S}/IntuneConfiguration`, { enabled: true, azureTenantId: AZURE_TENANT, applicationId: '', verificationCertificate: rsa.pem, templateIds: [templateId] });
    const good = token(rsa, claims('CN=laptop1.example.com', { sans: ['laptop1.example.com'] }));
    const ok = await enrol('laptop1.example.com', good);
    expect(ok.status).toBe('0');
    expect(ok.certificates[0]!.subject).toBe('CN=laptop1.example.com');
    expect((await t.auditRows('scep.intune.challenge')).length).toBe(1);
    // Replay of the same token.
    expect(await enrol('laptop1.example.com', good)).toMatchObject({ status: '2', failInfo: '2' });
    // Signed by another key (the EC one is not configured yet).
    expect((await enrol('laptop2.example.com', token(ec, claims('CN=laptop2.example.com')))).status).toBe('2');
    // Expired, another Azure tenant, another subject, a SAN outside the token's.
    expect((await enrol('laptop3.example.com', token(rsa, claims('CN=laptop3.example.com', { exp: Math.floor(Date.now() / 1000) - 5 })))).status).toBe('2');
    expect((await enrol('laptop4.example.com', token(rsa, { ...claims('CN=laptop4.example.com'), tid: 'other-tenant' }))).status).toBe('2');
    expect((await enrol('laptop5.example.com', token(rsa, claims('CN=somebody-else')))).status).toBe('2');
    expect((await enrol('laptop6.example.com', token(rsa, claims('CN=laptop6.example.com', { sans: ['other.example.com'] })))).status).toBe('2');
    // A subject claim that is not a distinguished name.
    expect((await enrol('laptop10.example.com', token(rsa, claims('=,=not a dn')))).status).toBe('2');
    // Not a token at all.
    expect((await enrol('laptop7.example.com', 'plain-password')).status).toBe('2');
    // ES256 once the EC certificate is the verification certificate.
    await admin.put(`${S}/IntuneConfiguration`, { enabled: true, azureTenantId: AZURE_TENANT, applicationId: '', verificationCertificate: ec.pem, templateIds: [templateId] });
    expect((await enrol('laptop8.example.com', token(ec, claims('CN=laptop8.example.com')))).status).toBe('0');
    // A template outside the Intune list still takes one-time challenges, not tokens.
    expect((await enrol('laptop9.example.com', token(ec, claims('CN=laptop9.example.com')), otherTemplateId)).status).toBe('2');
    // Intune tokens are not listed as operator challenges.
    expect((await admin.get(`${S}/Challenges`)).json().total).toBe(0);
  }, 180_000);
  it('should validate online with Intune when the application secret is set: token, discovery, validateRequest with the CSR, refusal issues nothing, success notifies with the serial and thumbprint; the secret is never returned or audited', async () => {
    const f = (fake = await startFakeIntune());
    clearIntuneCaches();
    // Intune accepts a CSR whose challenge it issued (here: one that carries "intune-good").
    f.decide = (req) => (Buffer.from(req.certificateRequest, 'base64').includes('intune-good') ? { code: 'Success', errorDescription: '' } : { code: 'ChallengeDecryptionError', errorDescription: 'The challenge could not be decrypted' });
    const base = { enabled: true, azureTenantId: f.tenant, applicationId: f.clientId, authorityUrl: f.url, graphUrl: f.url, verificationCertificate: '', templateIds: [templateId] };
    // Bad settings name their field and change nothing.
    for (const [body, field] of [
      [{ ...base, clientSecret: f.clientSecret, authorityUrl: 'http://login.example.com' }, 'authorityUrl'],
      [{ ...base, clientSecret: f.clientSecret, graphUrl: 'not a url' }, 'graphUrl'],
      [{ ...base, clientSecret: f.clientSecret, applicationId: '' }, 'applicationId'],
      [{ ...base }, 'verificationCertificate'],
    ] as const) {
      const res = await admin.put(`${S}/IntuneConfiguration`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await admin.get(`${S}/IntuneConfiguration`)).json().clientSecretSet).toBe(false);
    const saved = await admin.put(`${S}/IntuneConfiguration`, { ...base, clientSecret: f.clientSecret });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ clientSecretSet: true, applicationId: f.clientId, authorityUrl: f.url, graphUrl: f.url });
    expect(saved.body).not.toContain(f.clientSecret);
    // A save without clientSecret keeps it.
    expect((await admin.put(`${S}/IntuneConfiguration`, base)).json().clientSecretSet).toBe(true);
    const got = await admin.get(`${S}/IntuneConfiguration`);
    expect(got.json().clientSecretSet).toBe(true);
    expect(got.body).not.toContain(f.clientSecret);

    const countIssued = async () => Number((await t.db.selectFrom('certificates').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).n);
    const enrolOnline = async (cn: string, challenge: string, id = templateId) => {
      const client = await selfSigned(`intune-on-${randomBytes(4).toString('hex')}`, cn);
      const csr = await csrDer(client.keys, cn, challenge);
      const transactionId = randomBytes(8).toString('hex');
      const message = await pkiMessage(client, '19', transactionId, envelope(csr, raPem));
      const res = await t.app.inject({ method: 'POST', url: `${SCEP_PATH_PREFIX}/${id}?operation=PKIOperation`, headers: { 'content-type': 'application/x-pki-message' }, payload: message.der });
      expect(res.statusCode).toBe(200);
      return { rep: readRep(res.rawPayload, client), csr, transactionId };
    };

    // Refused by Intune: SCEP FAILURE badRequest (failInfo 2), nothing issued, no success notification.
    const before = await countIssued();
    f.requests.length = 0;
    const refused = await enrolOnline('phone1.example.com', 'opaque-intune-bad');
    expect(refused.rep).toMatchObject({ status: '2', failInfo: '2' });
    expect(await countIssued()).toBe(before);
    const tokenForms = f.requests.filter((r) => r.path === `/${f.tenant}/oauth2/v2.0/token`).map((r) => r.form);
    expect(tokenForms).toEqual([
      { grant_type: 'client_credentials', client_id: f.clientId, client_secret: f.clientSecret, scope: `${f.url}/.default` },
      { grant_type: 'client_credentials', client_id: f.clientId, client_secret: f.clientSecret, scope: 'https://api.manage.microsoft.com//.default' },
    ]);
    expect(f.requests.some((r) => r.method === 'GET' && r.path === '/v1.0/servicePrincipals/appId=0000000a-0000-0000-c000-000000000000/endpoints')).toBe(true);
    const validation = f.requests.find((r) => r.path.endsWith('/ScepActions/validateRequest'))!;
    expect(validation.json).toEqual({ request: { transactionId: refused.transactionId, certificateRequest: Buffer.from(refused.csr).toString('base64'), callerInfo: expect.stringMatching(/^Tessera/) } });
    expect(f.requests.some((r) => r.path.endsWith('Notification'))).toBe(false);
    expect((await t.auditRows('scep.intune.validate')).at(-1)).toMatchObject({ outcome: 'failure', tenant_id: tenantId, detail: { transactionId: refused.transactionId, code: 'ChallengeDecryptionError' } });

    // Accepted: issued, and Intune told with the issued certificate's serial, thumbprint, expiry and issuer.
    f.requests.length = 0;
    const ok = await enrolOnline('phone2.example.com', 'opaque-intune-good');
    expect(ok.rep.status).toBe('0');
    const issued = ok.rep.certificates[0]!;
    expect(issued.subject).toBe('CN=phone2.example.com');
    expect(await countIssued()).toBe(before + 1);
    expect(f.requests.map((r) => r.path.replace(/.*\//, ''))).toEqual(['validateRequest', 'successNotification']); // tokens and discovery cached
    const success = f.requests.find((r) => r.path.endsWith('/successNotification'))!;
    expect(success.json).toEqual({
      notification: {
        transactionId: ok.transactionId,
        certificateRequest: Buffer.from(ok.csr).toString('base64'),
        certificateThumbprint: createHash('sha1').update(new Uint8Array(issued.rawData)).digest('hex').toUpperCase(),
        certificateSerialNumber: issued.serialNumber,
        certificateExpirationDateUtc: issued.notAfter.toISOString(),
        issuingCertificateAuthority: issued.issuer,
        callerInfo: expect.stringMatching(/^Tessera/),
      },
    });
    expect((await t.auditRows('scep.intune.validate')).at(-1)).toMatchObject({ outcome: 'success', detail: { transactionId: ok.transactionId, code: 'Success' } });
    expect((await t.auditRows('scep.intune.notify')).at(-1)).toMatchObject({ outcome: 'success', detail: { transactionId: ok.transactionId, notification: 'success', code: 'Success' } });

    // A notification Intune does not accept is audited as a failure; the certificate stays issued.
    f.notificationCode = 'InternalServerError';
    const kept = await enrolOnline('phone3.example.com', 'opaque-intune-good');
    expect(kept.rep.status).toBe('0');
    expect(await countIssued()).toBe(before + 2);
    expect((await t.auditRows('scep.intune.notify')).at(-1)).toMatchObject({ outcome: 'failure', detail: { transactionId: kept.transactionId, code: 'InternalServerError' } });
    f.notificationCode = 'Success';

    // Validated by Intune but refused by the template (an EC-only template, an RSA request): failureNotification, nothing issued.
    const caId = (await admin.get(`${P}/CertificateAuthorities`)).json().cas.find((c: { friendlyName: string }) => c.friendlyName === 'Intune Root').id;
    const ecOnly = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'intune-ec-only', class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId as string;
    expect((await admin.put(`${S}/IntuneConfiguration`, { ...base, templateIds: [templateId, ecOnly] })).statusCode).toBe(200);
    f.requests.length = 0;
    const refusedByTemplate = await enrolOnline('phone5.example.com', 'opaque-intune-good', ecOnly);
    expect(refusedByTemplate.rep.status).toBe('2');
    expect(await countIssued()).toBe(before + 2);
    expect(f.requests.map((r) => r.path.replace(/.*\//, ''))).toEqual(['validateRequest', 'failureNotification']);
    expect(f.requests.at(-1)!.json).toEqual({ notification: { transactionId: refusedByTemplate.transactionId, certificateRequest: Buffer.from(refusedByTemplate.csr).toString('base64'), hResult: 0x80004005, errorDescription: expect.any(String), callerInfo: expect.stringMatching(/^Tessera/) } });
    expect((await t.auditRows('scep.intune.notify')).at(-1)).toMatchObject({ outcome: 'success', detail: { transactionId: refusedByTemplate.transactionId, notification: 'failure', code: 'Success' } });

    // Validated by Intune and held for approval: PENDING and no notification yet; once approved, the client's CertPoll
    // gets the certificate and Intune hears of it, once.
    const held = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'intune-approval', class: 'DEVICE', caId, keyTypes: ['RSA'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }], approvalRequired: true })).json().templateId as string;
    expect((await admin.put(`${S}/IntuneConfiguration`, { ...base, templateIds: [templateId, ecOnly, held] })).statusCode).toBe(200);
    f.requests.length = 0;
    const heldClient = await selfSigned(`intune-held-${randomBytes(4).toString('hex')}`, 'phone6.example.com');
    const heldCsr = await csrDer(heldClient.keys, 'phone6.example.com', 'opaque-intune-good');
    const heldTx = randomBytes(8).toString('hex');
    const scepPost = async (der: Uint8Array) => (await t.app.inject({ method: 'POST', url: `${SCEP_PATH_PREFIX}/${held}?operation=PKIOperation`, headers: { 'content-type': 'application/x-pki-message' }, payload: Buffer.from(der) })).rawPayload;
    expect(readRep(await scepPost((await pkiMessage(heldClient, '19', heldTx, envelope(heldCsr, raPem))).der), heldClient).status).toBe('3');
    expect(f.requests.map((r) => r.path.replace(/.*\//, ''))).toEqual(['validateRequest']);
    const caPemOfHeld = (await admin.get(`${P}/CertificateAuthority?id=${caId}`)).json().caCert.pem as string;
    const toAb = (u: Uint8Array) => u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength) as ArrayBuffer;
    const issuerAndSubject = new asn1js.Sequence({
      value: [asn1js.fromBER(toAb(new Uint8Array(new x509.X509Certificate(caPemOfHeld).subjectName.toArrayBuffer()))).result, asn1js.fromBER(toAb(new Uint8Array(new x509.Name('CN=phone6.example.com').toArrayBuffer()))).result],
    });
    const certPoll = async () => readRep(await scepPost((await pkiMessage(heldClient, '20', heldTx, envelope(new Uint8Array(issuerAndSubject.toBER(false)), raPem))).der), heldClient);
    expect((await certPoll()).status).toBe('3');
    expect(f.requests.some((r) => r.path.endsWith('Notification'))).toBe(false);
    const { request_id: heldRequest } = await t.db.selectFrom('scep_transactions').select('request_id').where('transaction_id', '=', heldTx).executeTakeFirstOrThrow();
    expect((await admin.post('/api2/Certificates-v1/ApproveCertificateRequest', { requestId: heldRequest, approve: true })).statusCode).toBe(200);
    const approved = await certPoll();
    expect(approved.status).toBe('0');
    const heldNotes = f.requests.filter((r) => r.path.endsWith('Notification'));
    expect(heldNotes.map((r) => r.path.replace(/.*\//, ''))).toEqual(['successNotification']);
    expect(heldNotes[0]!.json).toMatchObject({ notification: { transactionId: heldTx, certificateRequest: Buffer.from(heldCsr).toString('base64'), certificateSerialNumber: approved.certificates[0]!.serialNumber } });
    expect((await certPoll()).status).toBe('0');
    expect(f.requests.filter((r) => r.path.endsWith('Notification'))).toHaveLength(1);

    // Intune unreachable: refused, nothing issued, audited.
    f.failStatus = 503;
    const down = await enrolOnline('phone4.example.com', 'opaque-intune-good');
    expect(down.rep).toMatchObject({ status: '2', failInfo: '2' });
    expect(await countIssued()).toBe(before + 3) // the held request issued one more;
    expect((await t.auditRows('scep.intune.validate')).at(-1)).toMatchObject({ outcome: 'failure', detail: { transactionId: down.transactionId, code: 'Unreachable' } });
    f.failStatus = undefined;

    // The secret is in no audit row; removing it returns the tenant to the offline mode.
    expect(JSON.stringify(await t.auditRows())).not.toContain(f.clientSecret);
    expect((await t.auditRows('scep.intune.update')).at(-1)!.detail).toMatchObject({ mode: 'online', clientSecret: 'unchanged' });
    const removed = await admin.put(`${S}/IntuneConfiguration`, { ...base, clientSecret: '', verificationCertificate: rsa.pem });
    expect(removed.json()).toMatchObject({ clientSecretSet: false });
  }, 240_000);
});
