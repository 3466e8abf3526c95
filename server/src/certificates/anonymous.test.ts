/** Anonymous certificate requests (issue 12; admin-console §1 anonymous portal, §3 CA licensed templates with anonymousEnabled). */
import { ANONYMOUS_CSR_PATH, ANONYMOUS_CSR_RATE_PER_MINUTE, MESSAGES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import { crypto, x509 } from '../pki/x509';

const P = '/api2/PKI-v1';

async function csrPem(cn: string): Promise<string> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${cn}`, keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' }, extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: cn }])] });
  return csr.toString('pem');
}

describe('anonymous certificate requests', () => {
  let t: TestContext;
  let tenantId: string;
  let caId: string;
  let otherCaId: string;
  let anonTemplate: string;
  let closedTemplate: string;
  let otherCaTemplate: string;

  beforeAll(async () => {
    t = await build();
    ({ tenantId } = await t.bootstrap());
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Root', keyAlgorithm: 'P-256' })).json().id;
    otherCaId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Other', keyAlgorithm: 'P-256' })).json().id;
    const template = async (templateName: string, ca: string) =>
      (await admin.post(`${P}/CertificateTemplate`, { templateName, class: 'DEVICE', caId: ca, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId as string;
    anonTemplate = await template('anon-tls', caId);
    closedTemplate = await template('closed-tls', caId);
    otherCaTemplate = await template('other-tls', otherCaId);
    const licensing = (id: string, templates: [string, boolean][]) =>
      admin.put(`${P}/CertificateAuthorityLicensing`, { id, licensedTemplates: templates.map(([licensedTemplateId, anonymousEnabled]) => ({ licensedTemplateId, enabled: true, anonymousEnabled, selfServiceEligible: false })), licensedTenants: [{ tenantId, enabled: true }] });
    expect((await licensing(caId, [[anonTemplate, true], [closedTemplate, false]])).statusCode).toBe(200);
    expect((await licensing(otherCaId, [[otherCaTemplate, false]])).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  it('should issue without a session for a template the CA allows anonymously, audited with no user', async () => {
    const anonymous = t.client({ remoteAddress: '10.20.0.1' });
    const res = await anonymous.post(ANONYMOUS_CSR_PATH, { caId, templateId: anonTemplate, csr: await csrPem('anon.example.com') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'complete', certTID: tenantId, certCN: 'anon.example.com', template: 'anon-tls' });
    expect(new x509.X509Certificate(res.json().certificate).subject).toBe('CN=anon.example.com');
    expect((await t.auditRows('certificate.request')).at(-1)).toMatchObject({ tenant_id: tenantId, actor_username: null, outcome: 'success' });
    expect((await t.auditRows('certificate.issue')).at(-1)).toMatchObject({ actor_username: null });
  });

  it('should refuse a template the CA does not allow anonymously, another CA, another tenant, and name bad fields, issuing nothing', async () => {
    const anonymous = t.client({ remoteAddress: '10.20.0.2' });
    const before = (await t.db.selectFrom('certificates').select('id').execute()).length;
    const csr = await csrPem('no.example.com');
    for (const body of [
      { caId, templateId: closedTemplate, csr },
      { caId, templateId: otherCaTemplate, csr },
      { caId: otherCaId, templateId: otherCaTemplate, csr },
      { caId: otherCaId, templateId: anonTemplate, csr },
    ]) {
      const res = await anonymous.post(ANONYMOUS_CSR_PATH, body);
      expect([res.statusCode, res.json().message]).toEqual([403, MESSAGES.ANONYMOUS_NOT_ALLOWED]);
    }
    expect((await anonymous.post(ANONYMOUS_CSR_PATH, { caId: '00000000-0000-4000-8000-000000000000', templateId: anonTemplate, csr })).statusCode).toBe(404);
    await t.createTenant('Globex', ['globex.test']);
    expect((await anonymous.request('POST', ANONYMOUS_CSR_PATH, { body: { caId, templateId: anonTemplate, csr }, headers: { host: 'globex.test' } })).statusCode).toBe(404);
    expect((await anonymous.post(ANONYMOUS_CSR_PATH, { caId, templateId: anonTemplate })).json()).toMatchObject({ code: 'VALIDATION', field: 'csr' });
    expect(await t.db.selectFrom('certificates').select('id').execute()).toHaveLength(before);
  });

  it(`should allow ${ANONYMOUS_CSR_RATE_PER_MINUTE} anonymous requests a minute per address`, async () => {
    const flood = t.client({ remoteAddress: '10.20.0.3' });
    const statuses: number[] = [];
    for (let i = 0; i <= ANONYMOUS_CSR_RATE_PER_MINUTE; i++) statuses.push((await flood.post(ANONYMOUS_CSR_PATH, {})).statusCode);
    expect(statuses.slice(0, ANONYMOUS_CSR_RATE_PER_MINUTE).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await t.client({ remoteAddress: '10.20.0.4' }).post(ANONYMOUS_CSR_PATH, {})).statusCode).toBe(400);
  });
});
