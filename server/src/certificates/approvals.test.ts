/** Approvals of certificate requests and revocations (issue 12; admin-console §2.2 approvals, §4 request and revocation flows). */
import { MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { crypto, x509 } from '../pki/x509';

const P = '/api2/PKI-v1';
const C = '/api2/Certificates-v1';

async function csrPem(cn: string): Promise<string> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${cn}`, keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' }, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: cn }])] });
  return csr.toString('pem');
}

describe('approvals of certificate requests and revocations', () => {
  let t: TestContext;
  let tenantId: string;
  let requester: TestClient;
  let approver: TestClient;
  let viewer: TestClient;
  let caId: string;
  let templateId: string;
  const login = async (username: string) => {
    const c = t.client();
    await c.login(username, TEST_PASSWORD);
    return c;
  };

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    const admin = await login('admin');
    caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Root', keyAlgorithm: 'P-256' })).json().id;
    templateId = (
      await admin.post(`${P}/CertificateTemplate`, { templateName: 'approved-tls', class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }], approvalRequired: true, revocationApprovalRequired: true })
    ).json().templateId;
    // The requester also holds certApprovals: that must not let them decide their own requests.
    await t.createUser(tenantId, 'requester', ['certSigningRequest', 'certRevoke', 'certApprovals', 'certView']);
    await t.createUser(tenantId, 'approver', ['certApprovals', 'certRevokeView', 'certView']);
    await t.createUser(tenantId, 'viewer', ['certView']);
    requester = await login('requester');
    approver = await login('approver');
    viewer = await login('viewer');
  }, 120_000);
  afterAll(async () => t?.close());

  const submit = async (cn: string) => (await requester.post(`${C}/SubmitDeviceCSR`, { templateId, csr: await csrPem(cn), friendlyName: cn })).json();

  it('should hold a request of an approval template as under_submission until an approver issues it, with the request-complete fields', async () => {
    const pending = await submit('a.example.com');
    expect(pending).toEqual({ requestId: expect.any(String), status: 'pending' });
    expect((await requester.get(`/certificate-request-status-by-request-id?rid=${pending.requestId}`)).json()).toEqual({ requestId: pending.requestId, status: 'under_submission', ca_id: caId, serial_number: null });
    expect(await t.db.selectFrom('certificates').select('id').execute()).toHaveLength(0);

    const list = (await approver.get(`${C}/CertificateRequests`)).json();
    expect(list.requests).toEqual([expect.objectContaining({ requestId: pending.requestId, template: 'approved-tls', templateId, caId, subject: 'CN=a.example.com', status: 'under_submission', requestedBy: 'requester' })]);
    expect((await viewer.get(`${C}/CertificateRequests`)).statusCode).toBe(403);
    expect((await viewer.post(`${C}/ApproveCertificateRequest`, { requestId: pending.requestId, approve: true })).statusCode).toBe(403);

    const own = await requester.post(`${C}/ApproveCertificateRequest`, { requestId: pending.requestId, approve: true });
    expect([own.statusCode, own.json().message]).toEqual([403, MESSAGES.OWN_REQUEST_DECISION]);

    const approved = await approver.post(`${C}/ApproveCertificateRequest`, { requestId: pending.requestId, approve: true, reason: 'looks right' });
    expect(approved.statusCode).toBe(200);
    const result = approved.json();
    expect(result).toMatchObject({ requestId: pending.requestId, status: 'complete', certTID: tenantId, certCN: 'a.example.com', template: 'approved-tls', certID: expect.stringMatching(new RegExp(`^${caId}:[0-9a-f]+$`)) });
    const cert = new x509.X509Certificate(result.certificate);
    expect(cert.subject).toBe('CN=a.example.com');
    const serial = result.certID.split(':')[1];
    expect((await requester.get(`/certificate-request-status?tid=${pending.requestId}&ca=${caId}`)).json()).toMatchObject({ status: 'issued', serial_number: serial });
    const stored = await t.db.selectFrom('certificates').select(['serial_number', 'friendly_name', 'status']).executeTakeFirstOrThrow();
    expect(stored).toEqual({ serial_number: serial, friendly_name: 'a.example.com', status: 'issued' });
    expect((await t.auditRows('certificate.approve')).at(-1)).toMatchObject({ actor_username: 'approver', tenant_id: tenantId, target_id: pending.requestId });
    expect((await t.auditRows('certificate.issue')).at(-1)).toMatchObject({ actor_username: 'approver' });

    const again = await approver.post(`${C}/ApproveCertificateRequest`, { requestId: pending.requestId, approve: true });
    expect([again.statusCode, again.json().message]).toEqual([409, MESSAGES.REQUEST_NOT_PENDING]);
    expect((await approver.get(`${C}/CertificateRequests`)).json().requests).toEqual([]);
  });

  it('should deny a request, issuing nothing, audited', async () => {
    const pending = await submit('b.example.com');
    const before = (await t.db.selectFrom('certificates').select('id').execute()).length;
    const denied = (await approver.post(`${C}/ApproveCertificateRequest`, { requestId: pending.requestId, approve: false, reason: 'unknown host' })).json();
    expect(denied).toEqual({ requestId: pending.requestId, status: 'failed', failureCode: 'REQUEST_DENIED', message: MESSAGES.REQUEST_DENIED });
    expect((await requester.get(`/certificate-request-status-by-request-id?rid=${pending.requestId}`)).json()).toMatchObject({ status: 'denied', serial_number: null });
    expect(await t.db.selectFrom('certificates').select('id').execute()).toHaveLength(before);
    expect((await t.auditRows('certificate.deny')).at(-1)).toMatchObject({ actor_username: 'approver', detail: expect.objectContaining({ reason: 'unknown host' }) });
    expect((await approver.get(`${C}/CertificateRequests?status=denied`)).json().requests).toEqual([expect.objectContaining({ requestId: pending.requestId })]);
  });

  it('should hold a revocation of an approval template as pending until approved, then revoke at once (CRL), or deny or cancel it', async () => {
    const issue = async (cn: string) => {
      const pending = await submit(cn);
      const done = (await approver.post(`${C}/ApproveCertificateRequest`, { requestId: pending.requestId, approve: true })).json();
      return done.certID.split(':')[1] as string;
    };
    const [s1, s2, s3] = [await issue('r1.example.com'), await issue('r2.example.com'), await issue('r3.example.com')];
    const revoke = async (serialNumber: string) => (await requester.post(`${C}/RevokeCertificate`, { caId, serialNumber, reason: 'superseded' })).json();
    const r1 = await revoke(s1);
    expect(r1).toEqual({ revocationId: expect.any(String), status: 'pending', certificateIsOnline: false });
    const r2 = await revoke(s2);
    const r3 = await revoke(s3);

    const pendingList = (await approver.get(`${C}/Revocations?state=pending`)).json();
    expect(pendingList.totalResults).toBe(3);
    expect(pendingList.results.map((r: { serialNumber: string }) => r.serialNumber).sort()).toEqual([s1, s2, s3].sort());
    expect(pendingList.results[0]).toMatchObject({ state: 'pending', reason: 'superseded', requestedBy: 'requester', revokedAt: null, failureCode: null, caId });
    expect((await approver.get(`${C}/Revocations?certId=${caId}:${s2}`)).json()).toMatchObject({ totalResults: 1, results: [{ revocationId: r2.revocationId }] });
    expect((await viewer.get(`${C}/Revocations`)).statusCode).toBe(403);
    expect((await approver.get(`${C}/Revocations?state=gone`)).json()).toMatchObject({ code: 'VALIDATION', field: 'state' });

    expect((await requester.post(`${C}/ApproveRevocation`, { revocationId: r1.revocationId, approve: true })).statusCode).toBe(403);
    expect((await approver.post(`${C}/ApproveRevocation`, { revocationId: r1.revocationId, approve: true })).json()).toEqual({ complete: true });
    const crl = new x509.X509Crl(new Uint8Array((await t.app.inject({ method: 'GET', url: `/pki/crl/${caId}.crl` })).rawPayload));
    expect(crl.entries.map((e) => e.serialNumber.toLowerCase())).toEqual([s1]);
    expect((await t.auditRows('certificate.revoke.approve')).at(-1)).toMatchObject({ actor_username: 'approver', detail: expect.objectContaining({ complete: true }) });

    expect((await approver.post(`${C}/ApproveRevocation`, { revocationId: r2.revocationId, approve: false })).json()).toEqual({ complete: false });
    expect((await requester.post(`${C}/CancelRevocation`, { revocationId: r3.revocationId })).statusCode).toBe(204);
    expect((await t.auditRows('certificate.revoke.cancel')).at(-1)).toMatchObject({ actor_username: 'requester' });
    const again = await requester.post(`${C}/CancelRevocation`, { revocationId: r3.revocationId });
    expect([again.statusCode, again.json().message]).toEqual([409, MESSAGES.REVOCATION_NOT_PENDING]);

    const all = (await approver.get(`${C}/Revocations`)).json();
    const stateOf = (id: string) => all.results.find((r: { revocationId: string }) => r.revocationId === id)?.state;
    expect([stateOf(r1.revocationId), stateOf(r2.revocationId), stateOf(r3.revocationId)]).toEqual(['complete', 'denied', 'cancelled']);
    const statuses = await t.db.selectFrom('certificates').select(['serial_number', 'status']).where('serial_number', 'in', [s1, s2, s3]).execute();
    expect(Object.fromEntries(statuses.map((s) => [s.serial_number, s.status]))).toEqual({ [s1]: 'revoked', [s2]: 'issued', [s3]: 'issued' });
  });

  it('should keep tenants apart', async () => {
    const pending = await submit('c.example.com');
    const globexId = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(globexId, 'g', ['certApprovals', 'certRevokeView', 'viewPendingFailedRevocations']);
    const g = t.client();
    const globex = { headers: { host: 'globex.test' } };
    await g.request('POST', '/api2/Authentication-v1/login', { body: { username: 'g', password: TEST_PASSWORD }, ...globex });
    expect((await g.request('GET', `${C}/CertificateRequests`, globex)).json()).toEqual({ requests: [] });
    expect((await g.request('POST', `${C}/ApproveCertificateRequest`, { body: { requestId: pending.requestId, approve: true }, ...globex })).statusCode).toBe(404);
    expect((await g.request('GET', `${C}/Revocations`, globex)).json()).toEqual({ totalResults: 0, results: [] });
    const anyRevocation = (await approver.get(`${C}/Revocations`)).json().results[0].revocationId;
    expect((await g.request('POST', `${C}/ApproveRevocation`, { body: { revocationId: anyRevocation, approve: true }, ...globex })).statusCode).toBe(404);
    expect((await g.request('POST', `${C}/CancelRevocation`, { body: { revocationId: anyRevocation }, ...globex })).statusCode).toBe(404);
  });
});
