/**
 * admin-console §4 certificate types (USER, DEVICE, AUTOENROLLUSER, AUTOENROLLDEVICE, ANY): a template's class is the
 * type of what it issues; the device route issues DEVICE and AUTOENROLLDEVICE templates only, the user route USER and
 * AUTOENROLLUSER only; SearchCertificates filters by type, ANY meaning every certificate.
 */
import { webcrypto } from 'node:crypto';
import { TEMPLATE_CLASSES } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { x509 } from '../pki/pki.service';

const P = '/api2/PKI-v1';
const C = '/api2/Certificates-v1';
const crypto = webcrypto as unknown as Crypto;

async function csr(cn: string): Promise<string> {
  const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  return (await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${cn}`, keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } })).toString('pem');
}

describe('certificate types', () => {
  let t: TestContext;
  let admin: TestClient;
  const templates: Record<string, string> = {};

  beforeAll(async () => {
    t = await build();
    await t.bootstrap();
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Types CA', keyAlgorithm: 'P-256' })).json().id;
    for (const cls of TEMPLATE_CLASSES) {
      const res = await admin.post(`${P}/CertificateTemplate`, { templateName: `t-${cls.toLowerCase()}`, class: cls, caId, keyTypes: ['EC_NIST'], validityPeriod: 1, extendedKeyUsages: ['clientAuth'] });
      expect(res.statusCode).toBe(201);
      templates[cls] = res.json().templateId;
    }
  }, 120_000);
  afterAll(async () => t?.close());

  it('should issue each class through its route only, and find each by its type and all by ANY', async () => {
    const route = (cls: string) => (cls.endsWith('DEVICE') ? 'SubmitDeviceCSR' : 'SubmitUserCSR');
    const other = (cls: string) => (cls.endsWith('DEVICE') ? 'SubmitUserCSR' : 'SubmitDeviceCSR');
    for (const cls of TEMPLATE_CLASSES) {
      const issued = await admin.post(`${C}/${route(cls)}`, { templateId: templates[cls], csr: await csr(`${cls.toLowerCase()}.example`) });
      expect([cls, issued.statusCode, issued.json().status]).toEqual([cls, 200, 'complete']);
      // The other route does not issue from this class's template.
      const refused = await admin.post(`${C}/${other(cls)}`, { templateId: templates[cls], csr: await csr(`wrong-${cls.toLowerCase()}.example`) });
      expect([cls, refused.statusCode]).toEqual([cls, 400]);
      expect(refused.json()).toMatchObject({ field: 'templateId' });
    }
    const search = async (certificateType?: string) => (await admin.post(`${C}/SearchCertificates`, { filters: certificateType ? { certificateType } : {} })).json();
    for (const cls of TEMPLATE_CLASSES) {
      const found = await search(cls);
      expect([cls, found.totalResults]).toEqual([cls, 1]);
      expect(found.results[0]).toMatchObject({ class: cls, cn: `${cls.toLowerCase()}.example` });
    }
    expect((await search('ANY')).totalResults).toBe(4);
    expect((await search()).totalResults).toBe(4);
    const bad = await admin.post(`${C}/SearchCertificates`, { filters: { certificateType: 'ROBOT' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toMatch(/certificateType/);
  });
});
