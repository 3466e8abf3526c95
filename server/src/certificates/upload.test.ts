/** Uploading existing certificates (issue 12; admin-console §2.2 `/credentials/certificates/upload`, `le/upload`). */
import { MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { crypto, x509 } from '../pki/x509';

const C = '/api2/Certificates-v1';

async function selfSigned(cn: string): Promise<x509.X509Certificate> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  return x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '00a1b2c3d4', name: `CN=${cn}`, notBefore: new Date('2026-01-01'), notAfter: new Date('2027-01-01'), keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } });
}

describe('UploadCertificate', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
  }, 120_000);
  afterAll(async () => t?.close());

  it('should store a PEM certificate as issued_out_of_band, audited, searchable, and refuse it twice', async () => {
    const cert = await selfSigned('legacy.example.com');
    const res = await admin.post(`${C}/UploadCertificate`, { certificate: cert.toString('pem'), friendlyName: 'Legacy' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ certId: 'external:a1b2c3d4', caId: '', serialNumber: 'a1b2c3d4', subject: 'CN=legacy.example.com', cn: 'legacy.example.com', status: 'issued_out_of_band', template: null, validTo: '2027-01-01T00:00:00.000Z' });
    const row = await t.db.selectFrom('certificates').select(['tenant_id', 'status', 'friendly_name', 'ca_id']).where('serial_number', '=', 'a1b2c3d4').executeTakeFirstOrThrow();
    expect(row).toEqual({ tenant_id: tenantId, status: 'issued_out_of_band', friendly_name: 'Legacy', ca_id: null });
    expect((await t.auditRows('certificate.upload')).at(-1)).toMatchObject({ actor_username: 'admin', tenant_id: tenantId, detail: expect.objectContaining({ serialNumber: 'a1b2c3d4' }) });
    expect((await admin.post(`${C}/SearchCertificates`, { filters: { status: ['issued_out_of_band'] } })).json()).toMatchObject({ totalResults: 1 });
    const again = await admin.post(`${C}/UploadCertificate`, { certificate: cert.toString('pem') });
    expect([again.statusCode, again.json()]).toEqual([409, expect.objectContaining({ field: 'certificate', message: MESSAGES.UPLOAD_DUPLICATE })]);
  });

  it('should take base64 DER, link a certificate its own CA signed, and name the field of anything else', async () => {
    const ca = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Root', keyAlgorithm: 'P-256' })).json();
    const der = Buffer.from(new x509.X509Certificate(ca.caCert.pem).rawData).toString('base64');
    const res = await admin.post(`${C}/UploadCertificate`, { certificate: der });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ caId: ca.id, caName: 'Root', certId: `${ca.id}:${ca.caCert.serialNumber.toLowerCase().replace(/^0+/, '')}`, status: 'issued_out_of_band' });
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: 'CN=x', keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } });
    for (const bad of ['not a certificate', csr.toString('pem'), Buffer.from('hello').toString('base64')]) {
      const r = await admin.post(`${C}/UploadCertificate`, { certificate: bad });
      expect([r.statusCode, r.json()]).toEqual([400, expect.objectContaining({ code: 'VALIDATION', field: 'certificate', message: MESSAGES.UPLOAD_NOT_A_CERTIFICATE })]);
    }
    expect((await admin.post(`${C}/UploadCertificate`, { certificate: 'x', colour: 'red' })).json()).toMatchObject({ field: 'colour' });
  });

  it('should take a body over 1 MiB (an upload route: 10 MB) and refuse more than 10 MB', async () => {
    const cert = await selfSigned('big.example.com');
    const padded = `${'\n'.repeat(3 * 1024 * 1024)}${cert.toString('pem')}`;
    expect((await admin.post(`${C}/UploadCertificate`, { certificate: padded })).statusCode).toBe(201);
    const tooBig = await admin.post(`${C}/UploadCertificate`, { certificate: `${' '.repeat(10 * 1024 * 1024 + 1)}${cert.toString('pem')}` });
    expect([tooBig.statusCode, tooBig.json().field]).toEqual([400, 'certificate']);
    expect((await admin.post(`${C}/UploadCertificate`, { certificate: 'A'.repeat(16 * 1024 * 1024) })).statusCode).toBe(413);
  });

  it('should need certUpload or uploadLECert and keep tenants apart', async () => {
    const cert = await selfSigned('shared.example.com');
    await t.createUser(tenantId, 'viewer', ['certView']);
    await t.createUser(tenantId, 'le', ['uploadLECert']);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await viewer.post(`${C}/UploadCertificate`, { certificate: cert.toString('pem') })).statusCode).toBe(403);
    const le = t.client();
    await le.login('le', TEST_PASSWORD);
    expect((await le.post(`${C}/UploadCertificate`, { certificate: cert.toString('pem') })).statusCode).toBe(201);
    // Another tenant may hold the same certificate: no conflict tells it that this tenant has it.
    const globexId = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(globexId, 'g', ['certUpload', 'certView']);
    const g = t.client();
    const globex = { headers: { host: 'globex.test' } };
    await g.request('POST', '/api2/Authentication-v1/login', { body: { username: 'g', password: TEST_PASSWORD }, ...globex });
    expect((await g.request('POST', `${C}/UploadCertificate`, { body: { certificate: cert.toString('pem') }, ...globex })).statusCode).toBe(201);
    expect((await g.request('POST', `${C}/SearchCertificates`, { body: {}, ...globex })).json()).toMatchObject({ totalResults: 1 });
  });
});
