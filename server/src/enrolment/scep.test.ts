/**
 * SCEP (RFC 8894) end to end through app.inject, with the test SCEP client of test-helpers/scep-client.ts
 * (built from `openssl cms` and pkijs, see there): PKCSReq with one-time challenges, refusals, PENDING and
 * CertPoll, RenewalReq, GetCert, GetCRL; the challenge calls.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { ENROLMENT_MAX_BODY_BYTES, ENROLMENT_MESSAGES, ENROLMENT_RATE_PER_MINUTE, EST_PATH_PREFIX, SCEP_PATH_PREFIX } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { ab, csrDer, dir, envelope, openssl, pkiMessage, readRep, removeScepScratch, selfSigned, writeIdentity, type Client } from '../test-helpers/scep-client';
import { x509 } from '../pki/x509';

const P = '/api2/PKI-v1';
const S = '/api2/SCEP-v1';

describe('SCEP (RFC 8894)', () => {
  let t: TestContext;
  let admin: TestClient;
  let tenantId: string;
  let caId: string;
  let templateId: string;
  let approvalTemplateId: string;
  let otherTemplateId: string;
  let raPem: string;
  let caPem: string;

  const scep = (id: string) => `${SCEP_PATH_PREFIX}/${id}`;
  const post = (id: string, der: Buffer, remoteAddress = '10.40.0.1') =>
    t.app.inject({ method: 'POST', url: `${scep(id)}/pkiclient.exe?operation=PKIOperation`, headers: { 'content-type': 'application/x-pki-message' }, payload: der, remoteAddress });
  const challenge = async (id: string) => {
    const created = await admin.post(`${S}/Challenge`, { templateId: id });
    expect(created.statusCode).toBe(201);
    const fetched = await t.client().post(`${S}/RetrieveChallenge`, { id: created.json().id });
    expect(fetched.statusCode).toBe(200);
    return fetched.json().password as string;
  };
  const enrol = async (client: Client, id: string, cn: string, password: string | undefined, options: { oaep?: boolean; messageType?: string; transactionId?: string } = {}) => {
    const transactionId = options.transactionId ?? randomBytes(8).toString('hex');
    const message = await pkiMessage(client, options.messageType ?? '19', transactionId, envelope(await csrDer(client.keys, cn, password), raPem, options.oaep));
    const res = await post(id, message.der);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    expect(res.headers['content-type']).toBe('application/x-pki-message');
    const rep = readRep(res.rawPayload, client);
    expect(rep.transactionId).toBe(transactionId);
    expect(rep.recipientNonce?.equals(Buffer.from(message.nonce))).toBe(true);
    return rep;
  };

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'SCEP Root', keyAlgorithm: 'P-256' })).json().id;
    const template = async (templateName: string, extra: Record<string, unknown> = {}) =>
      (await admin.post(`${P}/CertificateTemplate`, { templateName, class: 'DEVICE', caId, keyTypes: ['RSA', 'EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }], ...extra })).json().templateId as string;
    templateId = await template('scep-device');
    approvalTemplateId = await template('scep-approval', { approvalRequired: true });
    // Another tenant with its own CA and template.
    const otherTenant = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(otherTenant, 'globex-admin', ['manageCAs', 'certificateConfig', 'certScep']);
    const other = t.client();
    const globex = { headers: { host: 'globex.test' } };
    expect((await other.request('POST', '/api2/Authentication-v1/login', { body: { username: 'globex-admin', password: TEST_PASSWORD }, ...globex })).statusCode).toBeLessThan(300);
    const otherCa = (await other.request('POST', `${P}/CertificateAuthority`, { body: { friendlyName: 'Globex Root', keyAlgorithm: 'P-256' }, ...globex })).json().id;
    otherTemplateId = (await other.request('POST', `${P}/CertificateTemplate`, { body: { templateName: 'globex-device', class: 'DEVICE', caId: otherCa, keyTypes: ['RSA'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] }, ...globex })).json().templateId;
    expect(otherTemplateId).toMatch(/^[0-9a-f-]{36}$/);
    // GetCACert: the RA first, then the CA.
    const res = await t.app.inject({ method: 'GET', url: `${scep(templateId)}?operation=GetCACert` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-x509-ca-ra-cert');
    writeFileSync(path.join(dir, 'cacert.p7'), res.rawPayload);
    const certs = [...openssl('pkcs7', '-inform', 'DER', '-in', 'cacert.p7', '-print_certs').toString().matchAll(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)].map((m) => m[0]);
    expect(certs).toHaveLength(2);
    [raPem, caPem] = [certs[0]!, certs[1]!];
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    removeScepScratch();
  });

  it('should answer GetCACaps and a GetCACert whose RA is issued by the CA for encryption and signing', async () => {
    const caps = await t.app.inject({ method: 'GET', url: `${scep(templateId)}?operation=GetCACaps` });
    expect(caps.statusCode).toBe(200);
    expect(caps.body.split('\n')).toEqual(expect.arrayContaining(['POSTPKIOperation', 'SHA-256', 'AES', 'SCEPStandard', 'Renewal']));
    const ra = new x509.X509Certificate(raPem);
    const ca = new x509.X509Certificate(caPem);
    expect(ra.issuer).toBe(ca.subject);
    expect(await ra.verify({ publicKey: ca.publicKey, signatureOnly: true })).toBe(true);
    expect(ra.getExtension(x509.KeyUsagesExtension)!.usages & x509.KeyUsageFlags.keyEncipherment).toBeTruthy();
    expect((await t.auditRows('scep.ra.create')).map((r) => r.target_id)).toEqual([caId]);
    // Unknown template, unknown operation.
    expect((await t.app.inject({ method: 'GET', url: `${scep('00000000-0000-4000-8000-000000000000')}?operation=GetCACert` })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: `${scep(templateId)}?operation=Nope` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^operation /);
  });

  it('should issue for a PKCSReq with a one-time challenge (PKCS#1 v1.5 and OAEP envelopes), and refuse the challenge a second time', async () => {
    const client = await selfSigned('device1', 'device1.example.com');
    const password = await challenge(templateId);
    const rep = await enrol(client, templateId, 'device1.example.com', password);
    expect(rep.status).toBe('0');
    expect(rep.certificates).toHaveLength(1);
    const issued = rep.certificates[0]!;
    expect(issued.subject).toBe('CN=device1.example.com');
    expect(issued.issuer).toBe(new x509.X509Certificate(caPem).subject);
    expect(await issued.verify({ publicKey: new x509.X509Certificate(caPem).publicKey, signatureOnly: true })).toBe(true);
    const row = await t.db.selectFrom('certificates').select(['tenant_id', 'template_id']).where('serial_number', '=', issued.serialNumber.toLowerCase().replace(/^0+/, '')).executeTakeFirstOrThrow();
    expect(row).toEqual({ tenant_id: tenantId, template_id: templateId });
    expect((await t.auditRows('scep.challenge.use')).length).toBe(1);
    // The same password again: FAILURE badRequest, nothing issued.
    const before = (await t.db.selectFrom('certificates').select('id').execute()).length;
    const again = await enrol(client, templateId, 'device1.example.com', password);
    expect(again).toMatchObject({ status: '2', failInfo: '2' });
    expect((await t.db.selectFrom('certificates').select('id').execute()).length).toBe(before);
    // OAEP key transport works too.
    const oaep = await enrol(await selfSigned('device2', 'device2.example.com'), templateId, 'device2.example.com', await challenge(templateId), { oaep: true });
    expect(oaep.status).toBe('0');
    expect(oaep.certificates[0]!.subject).toBe('CN=device2.example.com');
    // PKIOperation by GET, the message base64 in the query string (RFC 8894 §4.1).
    const viaGet = await selfSigned('device2g', 'device2g.example.com');
    const message = await pkiMessage(viaGet, '19', 'by-get', envelope(await csrDer(viaGet.keys, 'device2g.example.com', await challenge(templateId)), raPem));
    const got = await t.app.inject({ method: 'GET', url: `${scep(templateId)}/pkiclient.exe?operation=PKIOperation&message=${encodeURIComponent(message.der.toString('base64'))}` });
    expect(got.statusCode).toBe(200);
    const gotRep = readRep(got.rawPayload, viaGet);
    expect(gotRep.status).toBe('0');
    expect(gotRep.certificates[0]!.subject).toBe('CN=device2g.example.com');
  }, 120_000);

  it('should refuse a PKCSReq without a challenge, with a wrong one, or with one of another template or tenant', async () => {
    const client = await selfSigned('device3', 'device3.example.com');
    expect(await enrol(client, templateId, 'device3.example.com', undefined)).toMatchObject({ status: '2', failInfo: '2' });
    expect(await enrol(client, templateId, 'device3.example.com', 'not-a-challenge')).toMatchObject({ status: '2' });
    const forApproval = await challenge(approvalTemplateId);
    expect(await enrol(client, templateId, 'device3.example.com', forApproval)).toMatchObject({ status: '2' });
    // A challenge of this tenant at the other tenant's SCEP URL: its RA differs, and the password is not its.
    const otherCaCert = await t.app.inject({ method: 'GET', url: `${scep(otherTemplateId)}?operation=GetCACert` });
    writeFileSync(path.join(dir, 'other.p7'), otherCaCert.rawPayload);
    const otherRa = openssl('pkcs7', '-inform', 'DER', '-in', 'other.p7', '-print_certs').toString().match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)![0];
    const message = await pkiMessage(client, '19', 'cross-tenant', envelope(await csrDer(client.keys, 'device3.example.com', await challenge(templateId)), otherRa));
    const res = await post(otherTemplateId, message.der);
    expect(readRep(res.rawPayload, client)).toMatchObject({ status: '2', failInfo: '2' });
    expect((await t.auditRows('scep.enrol')).filter((r) => r.outcome === 'failure').length).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('should refuse with badAlg, issuing nothing, a PKCSReq signed with an EC key (the reply could not be encrypted to it)', async () => {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '03', name: 'CN=ec-device.example.com', notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 3_600_000), keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } });
    const client = await writeIdentity('ec-device', keys, cert);
    const password = await challenge(templateId);
    const before = (await t.db.selectFrom('certificates').select('id').execute()).length;
    const res = await post(templateId, (await pkiMessage(client, '19', 'ec-1', envelope(await csrDer((await selfSigned('ec-csr', 'x')).keys, 'ec-device.example.com', password), raPem))).der);
    expect(readRep(res.rawPayload, client)).toMatchObject({ status: '2', failInfo: '0' });
    expect((await t.db.selectFrom('certificates').select('id').execute()).length).toBe(before);
  }, 60_000);

  it('should answer 400 to a message that is not CMS, is encrypted to another key, or whose signature is broken', async () => {
    expect((await post(templateId, Buffer.from('not cms'))).statusCode).toBe(400);
    // The parser's own 64 KiB limit.
    const big = await post(templateId, Buffer.alloc(ENROLMENT_MAX_BODY_BYTES + 1, 0x30));
    expect([big.statusCode, big.json().message]).toEqual([413, 'The request body is larger than 64 KiB']);
    const est = await t.app.inject({ method: 'POST', url: `${EST_PATH_PREFIX}/${templateId}/simpleenroll`, headers: { 'content-type': 'application/pkcs10' }, payload: 'A'.repeat(ENROLMENT_MAX_BODY_BYTES + 1) });
    expect([est.statusCode, est.json().message]).toEqual([413, 'The request body is larger than 64 KiB']);
    const client = await selfSigned('device4', 'device4.example.com');
    const stranger = await selfSigned('stranger', 'stranger');
    const toStranger = await pkiMessage(client, '19', 'x1', envelope(await csrDer(client.keys, 'device4.example.com', 'x'), stranger.certificate.toString('pem')));
    expect((await post(templateId, toStranger.der)).statusCode).toBe(400);
    const good = await pkiMessage(client, '19', 'x2', envelope(await csrDer(client.keys, 'device4.example.com', 'x'), raPem));
    const tampered = Buffer.from(good.der);
    tampered[tampered.length - 5]! ^= 0xff;
    expect((await post(templateId, tampered)).statusCode).toBe(400);
  }, 60_000);

  it('should answer PENDING for a template that needs approval, then the certificate to CertPoll once approved', async () => {
    const client = await selfSigned('device5', 'device5.example.com');
    const transactionId = 'poll-5';
    const first = await enrol(client, approvalTemplateId, 'device5.example.com', await challenge(approvalTemplateId), { transactionId });
    expect(first.status).toBe('3');
    const ca = new x509.X509Certificate(caPem);
    const issuerAndSubject = new asn1js.Sequence({ value: [asn1js.fromBER(ab(new Uint8Array(ca.subjectName.toArrayBuffer()))).result, asn1js.fromBER(ab(new Uint8Array(new x509.Name('CN=device5.example.com').toArrayBuffer()))).result] });
    const poll = async () => readRep((await post(approvalTemplateId, (await pkiMessage(client, '20', transactionId, envelope(new Uint8Array(issuerAndSubject.toBER(false)), raPem))).der)).rawPayload, client);
    expect((await poll()).status).toBe('3');
    const { request_id: requestId } = await t.db.selectFrom('scep_transactions').select('request_id').where('transaction_id', '=', transactionId).executeTakeFirstOrThrow();
    expect((await admin.post('/api2/Certificates-v1/ApproveCertificateRequest', { requestId, approve: true })).statusCode).toBe(200);
    const done = await poll();
    expect(done.status).toBe('0');
    expect(done.certificates[0]!.subject).toBe('CN=device5.example.com');
  }, 120_000);

  it('should renew with a RenewalReq signed by the current certificate, without a challenge; GetCert and GetCRL answer', async () => {
    const client = await selfSigned('device6', 'device6.example.com');
    const issued = (await enrol(client, templateId, 'device6.example.com', await challenge(templateId))).certificates[0]!;
    const current = await writeIdentity('device6-current', client.keys, issued);
    const renewed = await enrol(current, templateId, 'device6.example.com', undefined, { messageType: '17' });
    expect(renewed.status).toBe('0');
    expect(renewed.certificates[0]!.serialNumber).not.toBe(issued.serialNumber);
    // A RenewalReq signed by a self-signed certificate is refused.
    expect(await enrol(client, templateId, 'device6.example.com', undefined, { messageType: '17' })).toMatchObject({ status: '2', failInfo: '2' });
    // GetCert by issuer and serial.
    const ias = new pkijs.IssuerAndSerialNumber({ issuer: pkijs.Certificate.fromBER(ab(new Uint8Array(issued.rawData))).issuer, serialNumber: new asn1js.Integer({ valueHex: ab(new Uint8Array(Buffer.from(issued.serialNumber, 'hex'))) }) });
    const getCert = readRep((await post(templateId, (await pkiMessage(current, '21', 'getcert-6', envelope(new Uint8Array(ias.toSchema().toBER(false)), raPem))).der)).rawPayload, current);
    expect(getCert.status).toBe('0');
    expect(getCert.certificates[0]!.serialNumber).toBe(issued.serialNumber);
    // GetCRL: the CA's CRL in a degenerate PKCS#7.
    const getCrl = await post(templateId, (await pkiMessage(current, '22', 'getcrl-6', envelope(new Uint8Array(ias.toSchema().toBER(false)), raPem))).der);
    const crlRep = readRep(getCrl.rawPayload, current);
    expect(crlRep.status).toBe('0');
  }, 120_000);

  it('should fetch a challenge once at its link, list it for the operator without the password, keep tenants apart, and 503 when audit fails', async () => {
    const created = await admin.post(`${S}/Challenge`, { templateId, validityMinutes: 5 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ state: 'waiting', templateName: 'scep-device', retrievePath: `/retrieveSCEPChallenge/${created.json().id}` });
    expect(JSON.stringify(created.json())).not.toMatch(/password/i);
    const anonymous = t.client();
    const first = await anonymous.post(`${S}/RetrieveChallenge`, { id: created.json().id });
    expect(first.statusCode).toBe(200);
    expect(first.json().password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await anonymous.post(`${S}/RetrieveChallenge`, { id: created.json().id });
    expect(second.statusCode).toBe(404);
    expect(second.json().message).toBe(ENROLMENT_MESSAGES.CHALLENGE_GONE);
    const stored = await t.db.selectFrom('scep_challenges').selectAll().where('id', '=', created.json().id).executeTakeFirstOrThrow();
    expect(stored.password_sealed).toBeNull();
    expect(stored.password_hash).not.toContain(first.json().password);
    const list = await admin.get(`${S}/Challenges?search=scep-dev`);
    expect(list.statusCode).toBe(200);
    expect(list.json().challenges.find((c: { id: string }) => c.id === created.json().id)).toMatchObject({ state: 'fetched' });
    expect(JSON.stringify(list.json())).not.toContain(first.json().password);
    // Expiry.
    const expiring = await admin.post(`${S}/Challenge`, { templateId, validityMinutes: 1 });
    t.advance(61_000);
    expect((await anonymous.post(`${S}/RetrieveChallenge`, { id: expiring.json().id })).statusCode).toBe(404);
    // Another tenant's template is not this tenant's; a bad field is named.
    const cross = await admin.post(`${S}/Challenge`, { templateId: otherTemplateId });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().message).toMatch(/^templateId /);
    expect((await admin.post(`${S}/Challenge`, { templateId, validityMinutes: 0 })).statusCode).toBe(400);
    // Permission.
    await t.createUser(tenantId, 'viewer', ['certView']);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await viewer.post(`${S}/Challenge`, { templateId })).statusCode).toBe(403);
    expect((await viewer.get(`${S}/Challenges`)).statusCode).toBe(403);
    // Audit failure: 503 and nothing created.
    const count = (await t.db.selectFrom('scep_challenges').select('id').execute()).length;
    await t.breakAudit();
    try {
      expect((await admin.post(`${S}/Challenge`, { templateId })).statusCode).toBe(503);
    } finally {
      await t.repairAudit();
    }
    expect((await t.db.selectFrom('scep_challenges').select('id').execute()).length).toBe(count);
    expect((await t.auditRows('scep.challenge.fetch')).length).toBeGreaterThanOrEqual(1);
  }, 120_000);
  it('should count SCEP and EST requests in their own per-address bucket', async () => {
    const remoteAddress = '10.77.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < ENROLMENT_RATE_PER_MINUTE + 2; i++) statuses.push((await t.app.inject({ method: 'GET', url: `${scep(templateId)}?operation=GetCACaps`, remoteAddress })).statusCode);
    expect(statuses.slice(0, ENROLMENT_RATE_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(ENROLMENT_RATE_PER_MINUTE)).toEqual([429, 429]);
    // EST's pattern counts apart; the console's calls and another address are not limited by it.
    expect((await t.app.inject({ method: 'GET', url: `${EST_PATH_PREFIX}/${templateId}/cacerts`, remoteAddress })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api2/IDM-v1/Version', remoteAddress })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${scep(templateId)}?operation=GetCACaps`, remoteAddress: '10.77.0.2' })).statusCode).toBe(200);
  }, 120_000);
});
