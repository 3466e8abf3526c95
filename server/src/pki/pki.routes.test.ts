import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { x509 } from './x509';

const P = '/api2/PKI-v1';

describe('PKI-v1 certificate authorities and templates', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let viewer: TestClient;
  let globexAdmin: TestClient;
  let rootId: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    await t.createUser(tenantId, 'viewer', ['certView']);
    viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    const globexId = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(globexId, 'globexadmin', ['manageCAs', 'certificateConfig', 'certView']);
    globexAdmin = t.client();
    await globexAdmin.request('POST', '/api2/Authentication-v1/login', { body: { username: 'globexadmin', password: TEST_PASSWORD }, headers: { host: 'globex.test' } });
  });
  afterAll(async () => t?.close());

  it('should create a P-256 root CA whose key is sealed, status derived, and audit ca.create', async () => {
    const res = await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Root', keyAlgorithm: 'P-256', subject: 'CN=Acme Root, O=Acme' });
    expect(res.statusCode).toBe(201);
    const ca = res.json();
    rootId = ca.id;
    expect(ca).toMatchObject({ friendlyName: 'Root', status: 'ActiveCert', parentId: null, keyAlgorithm: 'P-256', keyStore: 'software', imported: false });
    expect(ca.crlLocation).toMatch(new RegExp(`/pki/crl/${ca.id}\\.crl$`));
    const cert = new x509.X509Certificate(ca.caCert.pem);
    expect(cert.subject).toBe('CN=Acme Root, O=Acme');
    expect(await cert.isSelfSigned()).toBe(true);
    expect(cert.getExtension(x509.BasicConstraintsExtension)?.ca).toBe(true);
    const row = await t.db.selectFrom('certificate_authorities').selectAll().where('id', '=', ca.id).executeTakeFirstOrThrow();
    expect(row.sealed_key).toMatch(/^v1\./);
    expect(res.body).not.toContain(row.sealed_key);
    expect((await t.auditRows('ca.create')).at(-1)).toMatchObject({ tenant_id: tenantId, actor_username: 'admin', target_id: ca.id });
  });

  it('should create an RSA intermediate signed by the root, within its validity', async () => {
    const res = await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Issuing', keyAlgorithm: 'RSA-2048', parentId: rootId, validityPeriod: 20 });
    expect(res.statusCode).toBe(201);
    const ca = res.json();
    const root = new x509.X509Certificate((await admin.get(`${P}/CertificateAuthority?id=${rootId}`)).json().caCert.pem);
    const cert = new x509.X509Certificate(ca.caCert.pem);
    expect(await cert.verify({ publicKey: root, signatureOnly: true })).toBe(true);
    expect(cert.notAfter.getTime()).toBeLessThanOrEqual(root.notAfter.getTime());
    const list = (await viewer.get(`${P}/CertificateAuthorities`)).json();
    expect(list.cas.map((c: { friendlyName: string }) => c.friendlyName)).toEqual(['Root', 'Issuing']);
  });

  it('should import a CA with its key and refuse a key that does not match', async () => {
    const alg = { name: 'ECDSA', namedCurve: 'P-384', hash: 'SHA-384' };
    const keys = (await crypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '0a', name: 'CN=Imported', notBefore: new Date(Date.now() - 1000), notAfter: new Date(Date.now() + 86_400_000), signingAlgorithm: alg, keys, extensions: [new x509.BasicConstraintsExtension(true, undefined, true)] });
    const other = (await crypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
    const pem = (key: CryptoKey) => crypto.subtle.exportKey('pkcs8', key).then((der) => x509.PemConverter.encode(der, 'PRIVATE KEY'));
    const bad = await admin.post(`${P}/ImportCertificateAuthority`, { friendlyName: 'Imported', certificatePem: cert.toString('pem'), privateKeyPem: await pem(other.privateKey) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'privateKeyPem', message: 'privateKeyPem does not match the certificate' });
    const ok = await admin.post(`${P}/ImportCertificateAuthority`, { friendlyName: 'Imported', certificatePem: cert.toString('pem'), privateKeyPem: await pem(keys.privateKey) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ imported: true, keyAlgorithm: 'P-384', status: 'ActiveCert' });
    // admin-console §4: a certificate not yet valid is PendingCert (not always ActiveCert).
    const later = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '0b', name: 'CN=Later', notBefore: new Date(Date.now() + 86_400_000), notAfter: new Date(Date.now() + 2 * 86_400_000), signingAlgorithm: alg, keys, extensions: [new x509.BasicConstraintsExtension(true, undefined, true)] });
    const pending = await admin.post(`${P}/ImportCertificateAuthority`, { friendlyName: 'Later', certificatePem: later.toString('pem'), privateKeyPem: await pem(keys.privateKey) });
    expect(pending.json()).toMatchObject({ status: 'PendingCert' });
    expect((await t.auditRows('ca.import')).length).toBe(2);
  });

  it('should refuse CA input naming the field, without permission, and across tenants', async () => {
    expect((await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'X', keyAlgorithm: 'P-521' })).json()).toMatchObject({ code: 'VALIDATION', field: 'keyAlgorithm' });
    expect((await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'X', keyAlgorithm: 'P-256', subject: 'not a dn' })).json()).toMatchObject({ field: 'subject' });
    expect((await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'root', keyAlgorithm: 'P-256' })).statusCode).toBe(409);
    expect((await viewer.post(`${P}/CertificateAuthority`, { friendlyName: 'Y', keyAlgorithm: 'P-256' })).statusCode).toBe(403);
    const globex = { headers: { host: 'globex.test' } };
    expect((await globexAdmin.request('GET', `${P}/CertificateAuthority?id=${rootId}`, globex)).statusCode).toBe(404);
    expect((await globexAdmin.request('GET', `${P}/CertificateAuthorities`, globex)).json()).toEqual({ cas: [] });
    expect((await globexAdmin.request('POST', `${P}/CertificateAuthority`, { ...globex, body: { friendlyName: 'G', keyAlgorithm: 'P-256', parentId: rootId } })).json()).toMatchObject({ field: 'parentId' });
    expect(await t.db.selectFrom('certificate_authorities').select('id').execute()).toHaveLength(4);
  });

  it('should not create a CA when the audit cannot be written', async () => {
    await t.breakAudit();
    const res = await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Lost', keyAlgorithm: 'P-256' });
    await t.repairAudit();
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe('Audit failed');
    expect(await t.db.selectFrom('certificate_authorities').select('id').where('friendly_name', '=', 'Lost').execute()).toEqual([]);
  });

  it('should create templates with the defaults of admin-console §3, order them and refuse bad fields', async () => {
    const create = (body: Record<string, unknown>) => admin.post(`${P}/CertificateTemplate`, { class: 'DEVICE', caId: rootId, keyTypes: ['EC_NIST', 'RSA'], validityPeriod: 1, ...body });
    const a = await create({ templateName: 'tls-server', extendedKeyUsages: ['serverAuth'], certificateSans: [{ sanField: 'DNS' }], rawCsrRules: '{not json' });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ validityPeriodUnits: 'YEARS', ignoreCsrDetails: true, certificateSubjects: [{ subjectField: 'CN', fieldValue: 'CommonName' }], certificateSans: [{ sanField: 'DNS', fieldValue: 'DNS' }], csrRules: {}, caName: 'Root', priority: null, algorithm: 'ecdsa-with-SHA256' });
    const b = (await create({ templateName: 'user-auth', class: 'USER', extendedKeyUsages: ['clientAuth'] })).json();
    expect((await t.auditRows('template.create')).length).toBe(2);
    const refused: [Record<string, unknown>, string, string?][] = [
      [{ templateName: 'x', keyTypes: ['EC_BRAINPOOL'] }, 'keyTypes.0', 'Unrecognized algorithm'],
      [{ templateName: 'x', validityPeriodUnits: 'WEEKS' }, 'validityPeriodUnits'],
      [{ templateName: 'x', keyUsages: ['keyCertSign'] }, 'keyUsages.0'],
      [{ templateName: 'x', caId: '00000000-0000-4000-8000-000000000000' }, 'caId'],
      [{ templateName: 'x', unknownField: 1 }, 'unknownField'],
    ];
    for (const [body, field, message] of refused) {
      const res = await create(body);
      expect({ body, status: res.statusCode, field: res.json().field }).toEqual({ body, status: 400, field });
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await create({ templateName: 'TLS-SERVER' })).statusCode).toBe(409);
    expect((await viewer.post(`${P}/CertificateTemplate`, { templateName: 'v', class: 'DEVICE', caId: rootId, keyTypes: ['RSA'], validityPeriod: 1 })).statusCode).toBe(403);

    const order = await admin.request('PUT', `${P}/TemplateOrdering`, { body: { ordering: [{ templateId: b.templateId, uiOrdering: 1 }] } });
    expect(order.statusCode).toBe(200);
    const listed = (await viewer.get(`${P}/CertificateTemplates`)).json().templates;
    expect(listed.map((x: { templateName: string; priority: number | null }) => [x.templateName, x.priority])).toEqual([['user-auth', 1], ['tls-server', null]]);
    const badOrder = await admin.request('PUT', `${P}/TemplateOrdering`, { body: { ordering: [{ templateId: '00000000-0000-4000-8000-000000000000', uiOrdering: 1 }] } });
    expect(badOrder.json()).toMatchObject({ field: 'ordering.0.templateId' });
    expect((await globexAdmin.request('GET', `${P}/CertificateTemplates`, { headers: { host: 'globex.test' } })).json()).toEqual({ templates: [] });

    const put = await admin.request('PUT', `${P}/CertificateTemplate`, { body: { templateId: a.json().templateId, templateName: 'tls-server', class: 'DEVICE', caId: rootId, keyTypes: ['EC_NIST'], validityPeriod: 2, validityPeriodUnits: 'MONTHS' } });
    expect(put.json()).toMatchObject({ validityPeriod: 2, validityPeriodUnits: 'MONTHS' });
    const del = await admin.request('DELETE', `${P}/CertificateTemplate`, { body: { templateId: b.templateId } });
    expect(del.statusCode).toBe(204);
    expect((await admin.get(`${P}/TemplateOrdering`)).json()).toEqual({ ordering: [] });
    expect((await t.auditRows('template.delete')).length).toBe(1);
  });

  it('should answer the DNS name pattern of admin-console §5', async () => {
    const { pattern } = (await viewer.get(`${P}/DnsNamePattern`)).json();
    expect(new RegExp(pattern).test('www.example.com')).toBe(true);
    expect(new RegExp(pattern).test('-bad.example.com')).toBe(false);
  });

  it('should answer ExpiredCert once the CA certificate has expired', async () => {
    const ca = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Short', keyAlgorithm: 'P-256', validityPeriod: 1, validityPeriodUnits: 'HOURS' })).json();
    expect(ca.status).toBe('ActiveCert');
    t.advance(2 * 3_600_000);
    const late = t.client();
    await late.login('admin', TEST_PASSWORD);
    expect((await late.get(`${P}/CertificateAuthority?id=${ca.id}`)).json().status).toBe('ExpiredCert');
  });
});
