/** `POST SubmitUserCSR` (issue 12, `/credentials/csr/user/upload`): an `openssl req` CSR issued as a USER certificate, and its refusals. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/PKI-v1';
const C = '/api2/Certificates-v1';

describe('SubmitUserCSR', () => {
  let t: TestContext;
  let tenantId: string;
  let ursula: TestClient;
  let dir: string;
  let caId: string;
  const templates: Record<string, string> = {};
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  const csr = (name: string, subj: string) => {
    openssl(['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subj]);
    return readFileSync(path.join(dir, `${name}.csr`), 'utf8');
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-user-csr-'));
    t = await build();
    ({ tenantId } = await t.bootstrap());
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'People CA', keyAlgorithm: 'P-256' })).json().id;
    const template = async (name: string, extra: Record<string, unknown>) => {
      const res = await admin.post(`${P}/CertificateTemplate`, { templateName: name, class: 'USER', caId, keyTypes: ['EC_NIST'], validityPeriod: 1, validityPeriodUnits: 'YEARS', keyUsages: ['digitalSignature'], extendedKeyUsages: ['clientAuth', 'emailProtection'], certificateSans: [], ...extra });
      expect(res.statusCode).toBe(201);
      templates[name] = res.json().templateId;
    };
    await template('people', {});
    await template('people-approved', { approvalRequired: true });
    await t.createUser(tenantId, 'ursula', ['certSigningRequestUser', 'certView']);
    ursula = t.client();
    await ursula.login('ursula', TEST_PASSWORD);
    writeFileSync(path.join(dir, 'ca.pem'), (await admin.get(`${P}/CertificateAuthority?id=${caId}`)).json().caCert.pem);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should issue a USER certificate from an openssl req CSR, with the request-complete fields, that openssl verifies, audited', async () => {
    const res = await ursula.post(`${C}/SubmitUserCSR`, { templateId: templates.people, csr: csr('ursula', '/CN=Ursula Example'), friendlyName: 'Ursula laptop' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'complete', certTID: tenantId, certCN: 'Ursula Example', template: 'people', certID: expect.stringMatching(new RegExp(`^${caId}:[0-9a-f]+$`)) });
    writeFileSync(path.join(dir, 'ursula.pem'), body.certificate);
    expect(openssl(['verify', '-x509_strict', '-CAfile', 'ca.pem', 'ursula.pem'])).toContain('ursula.pem: OK');
    // The certificate is the CSR key's, with the template's usages.
    expect(openssl(['x509', '-in', 'ursula.pem', '-noout', '-pubkey'])).toBe(openssl(['pkey', '-in', 'ursula.key', '-pubout']));
    expect(openssl(['x509', '-in', 'ursula.pem', '-noout', '-ext', 'extendedKeyUsage'])).toMatch(/TLS Web Client Authentication, E-mail Protection/);
    // Stored as a USER certificate of the requester; the status calls name it issued.
    const view = (await ursula.get(`${C}/Certificate?certId=${encodeURIComponent(body.certID)}`)).json();
    expect([view.status, view.class, view.friendly_name, view.template]).toEqual(['issued', 'USER', 'Ursula laptop', 'people']);
    const info = (await ursula.get(`${C}/CertificateInfo?certId=${encodeURIComponent(body.certID)}`)).json();
    expect(info.associatedUser).toMatchObject({ username: 'ursula' });
    const status = (await ursula.get(`/certificate-request-status-by-request-id?rid=${body.requestId}`)).json();
    expect(status).toEqual({ requestId: body.requestId, status: 'issued', ca_id: caId, serial_number: body.certID.split(':')[1] });
    expect((await t.auditRows('certificate.request')).at(-1)).toMatchObject({ actor_username: 'ursula', target_id: body.requestId, outcome: 'success', detail: { template: 'people', status: 'issued' } });
  });

  it('should hold a USER request of an approval template as under_submission, issuing nothing', async () => {
    const before = await t.db.selectFrom('certificates').select('id').execute();
    const res = await ursula.post(`${C}/SubmitUserCSR`, { templateId: templates['people-approved'], csr: csr('waiting', '/CN=Ursula Waiting') });
    expect(res.json()).toMatchObject({ status: 'pending' });
    expect((await ursula.get(`/certificate-request-status-by-request-id?rid=${res.json().requestId}`)).json()).toMatchObject({ status: 'under_submission', serial_number: null });
    expect(await t.db.selectFrom('certificates').select('id').execute()).toHaveLength(before.length);
  });

  it('should refuse a caller with only certSigningRequest, and record a CSR that is not one as error, issuing nothing', async () => {
    await t.createUser(tenantId, 'devin', ['certSigningRequest']);
    const devin = t.client();
    await devin.login('devin', TEST_PASSWORD);
    expect((await devin.post(`${C}/SubmitUserCSR`, { templateId: templates.people, csr: csr('devin', '/CN=Devin') })).statusCode).toBe(403);
    const before = await t.db.selectFrom('certificates').select('id').execute();
    const junk = await ursula.post(`${C}/SubmitUserCSR`, { templateId: templates.people, csr: 'bm90IGEgY3Ny' });
    expect(junk.json()).toMatchObject({ status: 'failed', failureCode: 'CSR_UNPARSABLE', message: 'The CSR is not a PKCS#10 certificate request.' });
    expect((await ursula.get(`/certificate-request-status-by-request-id?rid=${junk.json().requestId}`)).json()).toMatchObject({ status: 'error', serial_number: null });
    expect(await t.db.selectFrom('certificates').select('id').execute()).toHaveLength(before.length);
  });
});
