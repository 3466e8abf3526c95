/**
 * Issue 12 CA screens' calls: `PUT CertificateAuthorityLicensing` (admin-console §3 CA licensedTemplates and
 * licensedTenants), an `openssl req -x509` CA imported with its key and issuing, and the public CA certificate
 * route `GET /pki/ca/{file}` read by openssl.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/PKI-v1';
const C = '/api2/Certificates-v1';

describe('CA licensing, import and the public CA certificate', () => {
  let t: TestContext;
  let tenantId: string;
  let globexId: string;
  let admin: TestClient;
  let dir: string;
  let caId: string;
  const templates: Record<string, string> = {};
  const openssl = (args: string[], input?: Buffer) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-ca-licensing-'));
    t = await build();
    ({ tenantId } = await t.bootstrap());
    globexId = await t.createTenant('Globex', ['globex.test']);
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Licensing Root', keyAlgorithm: 'P-256', subject: 'CN=Licensing Root, O=Example' })).json().id;
    for (const name of ['web', 'vpn']) {
      const res = await admin.post(`${P}/CertificateTemplate`, { templateName: name, class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] });
      expect(res.statusCode).toBe(201);
      templates[name] = res.json().templateId;
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should set licensed templates and tenants, answer them on the CA, and audit ca.licensing', async () => {
    const body = {
      id: caId,
      licensedTemplates: [
        { licensedTemplateId: templates.web!, enabled: true, anonymousEnabled: true, selfServiceEligible: false },
        { licensedTemplateId: templates.vpn!, enabled: false, anonymousEnabled: false, selfServiceEligible: true },
      ],
      licensedTenants: [
        { tenantId, enabled: true },
        { tenantId: globexId, enabled: false },
      ],
    };
    const res = await admin.put(`${P}/CertificateAuthorityLicensing`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: caId, licensedTemplates: body.licensedTemplates, licensedTenants: body.licensedTenants });
    const read = (await admin.get(`${P}/CertificateAuthority?id=${caId}`)).json();
    expect([read.licensedTemplates, read.licensedTenants]).toEqual([body.licensedTemplates, body.licensedTenants]);
    expect((await t.auditRows('ca.licensing')).at(-1)).toMatchObject({ actor_username: 'admin', tenant_id: tenantId, target_id: caId, detail: { licensedTemplates: 2, licensedTenants: 2 } });

    // Replaced as a whole: an empty list clears it.
    const cleared = await admin.put(`${P}/CertificateAuthorityLicensing`, { id: caId, licensedTemplates: [body.licensedTemplates[0]], licensedTenants: [] });
    expect(cleared.json()).toMatchObject({ licensedTemplates: [body.licensedTemplates[0]], licensedTenants: [] });
  });

  it('should refuse unknown templates and tenants naming the field, other tenants and callers without permission, changing nothing', async () => {
    const before = (await admin.get(`${P}/CertificateAuthority?id=${caId}`)).json();
    const audits = (await t.auditRows('ca.licensing')).length;
    const put = (client: TestClient, body: Record<string, unknown>, host?: string) => client.request('PUT', `${P}/CertificateAuthorityLicensing`, { body: { id: caId, licensedTemplates: [], licensedTenants: [], ...body }, ...(host ? { headers: { host } } : {}) });
    const template = (licensedTemplateId: string) => ({ licensedTemplateId, enabled: true, anonymousEnabled: false, selfServiceEligible: false });

    const unknownTemplate = await put(admin, { licensedTemplates: [template('00000000-0000-4000-8000-000000000001')] });
    expect([unknownTemplate.statusCode, unknownTemplate.json().field]).toEqual([400, 'licensedTemplates']);
    expect(unknownTemplate.json().message).toContain('is not a certificate template of this tenant');
    const twice = await put(admin, { licensedTemplates: [template(templates.web!), template(templates.web!)] });
    expect([twice.statusCode, twice.json().field, twice.json().message]).toEqual([400, 'licensedTemplates', 'licensedTemplates names a template twice']);
    const unknownTenant = await put(admin, { licensedTenants: [{ tenantId: '00000000-0000-4000-8000-000000000002', enabled: true }] });
    expect([unknownTenant.statusCode, unknownTenant.json().field]).toEqual([400, 'licensedTenants']);
    const badShape = await put(admin, { licensedTenants: [{ tenantId: 'globex', enabled: true }] });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().field).toMatch(/licensedTenants/);

    await t.createUser(tenantId, 'viewer', ['certView']);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await put(viewer, {})).statusCode).toBe(403);
    await t.createUser(globexId, 'gus', ['manageCAs']);
    const gus = t.client();
    await gus.request('POST', '/api2/Authentication-v1/login', { body: { username: 'gus', password: TEST_PASSWORD }, headers: { host: 'globex.test' } });
    expect((await put(gus, {}, 'globex.test')).statusCode).toBe(404);

    const after = (await admin.get(`${P}/CertificateAuthority?id=${caId}`)).json();
    expect([after.licensedTemplates, after.licensedTenants]).toEqual([before.licensedTemplates, before.licensedTenants]);
    expect((await t.auditRows('ca.licensing')).length).toBe(audits);
  });

  it('should serve the CA certificate at /pki/ca/{id}.crt as DER that openssl reads, without a session, and 404 an unknown CA', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/pki/ca/${caId}.crt`, remoteAddress: '10.8.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pkix-cert');
    const text = openssl(['x509', '-inform', 'DER', '-noout', '-subject', '-ext', 'basicConstraints'], res.rawPayload);
    expect(text).toContain('subject=CN = Licensing Root, O = Example');
    expect(text).toContain('CA:TRUE');
    // The same certificate as the CA's PEM, and the one certificates of this CA verify against.
    const ca = (await admin.get(`${P}/CertificateAuthority?id=${caId}`)).json();
    writeFileSync(path.join(dir, 'served.der'), res.rawPayload);
    expect(openssl(['x509', '-inform', 'DER', '-in', 'served.der'])).toBe(ca.caCert.pem.replace(/\r\n/g, '\n').replace(/\n?$/, '\n'));
    expect((await t.app.inject({ method: 'GET', url: '/pki/ca/00000000-0000-4000-8000-000000000000.crt', remoteAddress: '10.8.0.1' })).statusCode).toBe(404);
  });

  it('should import an openssl req -x509 CA with its key, issue from it, and openssl verifies the certificate against the served CA', async () => {
    openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '365', '-subj', '/CN=Imported by openssl', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
    const imported = await admin.post(`${P}/ImportCertificateAuthority`, { friendlyName: 'OpenSSL CA', certificatePem: readFileSync(path.join(dir, 'ca.pem'), 'utf8'), privateKeyPem: readFileSync(path.join(dir, 'ca.key'), 'utf8') });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({ imported: true, keyAlgorithm: 'P-256', status: 'ActiveCert', friendlyName: 'OpenSSL CA' });
    expect(JSON.stringify(imported.json())).not.toContain('PRIVATE KEY');
    const importedId = imported.json().id as string;
    const template = await admin.post(`${P}/CertificateTemplate`, { templateName: 'imported-web', class: 'DEVICE', caId: importedId, keyTypes: ['EC_NIST'], validityPeriod: 7, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] });
    openssl(['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=leaf.example.com', '-addext', 'subjectAltName=DNS:leaf.example.com']);
    const issued = await admin.post(`${C}/SubmitDeviceCSR`, { templateId: template.json().templateId, csr: readFileSync(path.join(dir, 'leaf.csr'), 'utf8') });
    expect(issued.json()).toMatchObject({ status: 'complete', certCN: 'leaf.example.com' });
    writeFileSync(path.join(dir, 'leaf.pem'), issued.json().certificate);
    const served = await t.app.inject({ method: 'GET', url: `/pki/ca/${importedId}.crt`, remoteAddress: '10.8.0.2' });
    writeFileSync(path.join(dir, 'imported.der'), served.rawPayload);
    openssl(['x509', '-inform', 'DER', '-in', 'imported.der', '-out', 'imported.pem']);
    expect(openssl(['verify', '-x509_strict', '-CAfile', 'imported.pem', 'leaf.pem'])).toContain('leaf.pem: OK');
    expect((await t.auditRows('ca.import')).at(-1)).toMatchObject({ target_id: importedId, actor_username: 'admin' });
  });
});
