/** `SubmitDeviceKeyRequest` (issue 12 `{entity}/add` for a device): a generated key delivered once as PKCS#12, read back with OpenSSL. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/PKI-v1';
const C = '/api2/Certificates-v1';
const PASSWORD = 'p12-Device-pass 1';

describe('SubmitDeviceKeyRequest', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let dora: TestClient;
  let dir: string;
  const templates: Record<string, string> = {};

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-devicekeys-'));
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Devices CA', keyAlgorithm: 'P-256' })).json().id;
    const template = async (name: string, extra: Record<string, unknown>) => {
      const res = await admin.post(`${P}/CertificateTemplate`, { templateName: name, class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', keyUsages: ['digitalSignature'], extendedKeyUsages: ['serverAuth'], certificateSans: [], ...extra });
      expect(res.statusCode).toBe(201);
      templates[name] = res.json().templateId;
    };
    await template('device-keys', { serverKeyGeneration: true });
    await template('user-keys', { serverKeyGeneration: true, class: 'USER' });
    await t.createUser(tenantId, 'dora', ['certSigningRequest', 'certView']);
    dora = t.client();
    await dora.login('dora', TEST_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should issue a device certificate for a generated key, delivered as PKCS#12 that openssl opens with the password, audited without it', async () => {
    const res = await dora.post(`${C}/SubmitDeviceKeyRequest`, { templateId: templates['device-keys'], subject: { CN: 'printer-7.example.com' }, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'complete', certCN: 'printer-7.example.com', fileName: 'printer-7.example.com.p12', template: 'device-keys' });
    const p12 = path.join(dir, 'device.p12');
    writeFileSync(p12, Buffer.from(body.pkcs12, 'base64'));
    const info = execFileSync('sh', ['-c', `printf '%s\\n' "$P" | openssl pkcs12 -info -nodes -in "${p12}" -passin stdin 2>&1`], { encoding: 'utf8', env: { ...process.env, P: PASSWORD } });
    expect(info).toContain('subject=CN = printer-7.example.com');
    expect(info).toContain('-----BEGIN PRIVATE KEY-----');
    const audit = (await t.auditRows('certificate.key_delivery')).at(-1)!;
    expect(audit).toMatchObject({ actor_username: 'dora', target_id: body.requestId, detail: { certId: body.certID, keyAlgorithm: 'P-256', format: 'pkcs12' } });
    expect(JSON.stringify(await t.auditRows())).not.toContain(PASSWORD);
    const view = (await dora.get(`${C}/Certificate?certId=${encodeURIComponent(body.certID)}`)).json();
    expect([view.status, view.class]).toEqual(['issued', 'DEVICE']);
  }, 120_000);

  it('should refuse a user template on the device call (and a device template on the user call), and a caller without certSigningRequest', async () => {
    const before = (await t.auditRows('certificate.issue')).length;
    const user = await dora.post(`${C}/SubmitDeviceKeyRequest`, { templateId: templates['user-keys'], password: PASSWORD });
    expect([user.statusCode, user.json().field, user.json().message]).toEqual([400, 'templateId', expect.stringContaining('this call takes DEVICE or AUTOENROLLDEVICE templates')]);
    const device = await admin.post(`${C}/SubmitUserKeyRequest`, { templateId: templates['device-keys'], password: PASSWORD });
    expect([device.statusCode, device.json().field, device.json().message]).toEqual([400, 'templateId', expect.stringContaining('this call takes USER or AUTOENROLLUSER templates')]);
    const unknown = await dora.post(`${C}/SubmitDeviceKeyRequest`, { templateId: templates['device-keys'], password: PASSWORD, extra: 1 });
    expect(unknown.statusCode).toBe(400);
    await t.createUser(tenantId, 'uma', ['certSigningRequestUser']);
    const uma = t.client();
    await uma.login('uma', TEST_PASSWORD);
    expect((await uma.post(`${C}/SubmitDeviceKeyRequest`, { templateId: templates['device-keys'], password: PASSWORD })).statusCode).toBe(403);
    expect((await t.auditRows('certificate.issue')).length).toBe(before);
  });
});
