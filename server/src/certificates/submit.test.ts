/**
 * SubmitDeviceCSR reads its template and the template's CA in one statement (session 7): a CA of another tenant is
 * still not found (nothing stored), and an audit failure still fails the request with 503 and stores nothing of it.
 */
import { randomUUID } from 'node:crypto';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { crypto, x509 } from '../pki/x509';

const P = '/api2/PKI-v1';
const SUBMIT = '/api2/Certificates-v1/SubmitDeviceCSR';

async function csrPem(cn: string): Promise<string> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  return (await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${cn}`, keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' }, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: cn }])] })).toString('pem');
}

describe('SubmitDeviceCSR: template and CA in one read', () => {
  let t: TestContext;
  let admin: TestClient;
  let caId: string;
  let templateId: string;
  const counts = async () => ({
    certificates: (await t.db.selectFrom('certificates').select('id').execute()).length,
    requests: (await t.db.selectFrom('certificate_requests').select('id').execute()).length,
  });

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Root', keyAlgorithm: 'P-256' })).json().id;
    templateId = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'tls', class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
  }, 120_000);
  afterAll(async () => t?.close());

  it('should issue with the template CA, audited, and answer the CA and template it read', async () => {
    const res = await admin.post(SUBMIT, { templateId, csr: await csrPem('one.example.com') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'complete', certCN: 'one.example.com', template: 'tls' });
    expect(res.json().certID).toContain(caId);
    const issued = new x509.X509Certificate(res.json().certificate);
    const ca = new x509.X509Certificate((await admin.get(`${P}/CertificateAuthority?id=${caId}`)).json().caCert.pem);
    expect(await issued.verify({ publicKey: ca, signatureOnly: true })).toBe(true);
    expect((await t.auditRows('certificate.issue')).at(-1)).toMatchObject({ actor_username: 'admin', detail: { caId, serialNumber: issued.serialNumber } });
  });

  it('should not sign with a CA of another tenant that a template points to, storing nothing', async () => {
    const globexId = await t.createTenant('Globex', ['globex.test']);
    const row = await t.db.selectFrom('certificate_authorities').selectAll().where('id', '=', caId).executeTakeFirstOrThrow();
    const foreignId = randomUUID();
    await t.db.insertInto('certificate_authorities').values({ ...row, id: foreignId, tenant_id: globexId, friendly_name: 'Globex Root', licensed_templates: JSON.stringify(row.licensed_templates), licensed_tenants: JSON.stringify(row.licensed_tenants) }).execute();
    await t.db.updateTable('certificate_templates').set({ ca_id: foreignId }).where('id', '=', templateId).execute();
    try {
      const before = await counts();
      const res = await admin.post(SUBMIT, { templateId, csr: await csrPem('foreign.example.com') });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('certificate authority');
      expect(await counts()).toEqual(before);
    } finally {
      await t.db.updateTable('certificate_templates').set({ ca_id: caId }).where('id', '=', templateId).execute();
    }
  });

  it('should answer 503 Audit failed when the audit write fails, storing nothing of the request', async () => {
    const before = await counts();
    await t.breakAudit();
    try {
      const res = await admin.post(SUBMIT, { templateId, csr: await csrPem('audit.example.com') });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('Audit failed');
    } finally {
      await t.repairAudit();
    }
    expect(await counts()).toEqual(before);
    expect((await admin.post(SUBMIT, { templateId, csr: await csrPem('after.example.com') })).json().status).toBe('complete');
  });
});
