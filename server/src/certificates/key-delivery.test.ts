/** Server-side key generation delivered once as PKCS#12 (issue 12), read back with Debian's OpenSSL. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/PKI-v1';
const C = '/api2/Certificates-v1';
const PASSWORD = 'p12-Delivery-pass 1';

describe('SubmitUserKeyRequest', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let alice: TestClient;
  let dir: string;
  const templates: Record<string, string> = {};
  const openssl = (p12: string, pass: string) =>
    execFileSync('sh', ['-c', `printf '%s\\n' "$P" | openssl pkcs12 -info -nodes -in "${p12}" -passin stdin 2>&1`], { encoding: 'utf8', env: { ...process.env, P: pass } });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-keydelivery-'));
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Users CA', keyAlgorithm: 'P-256' })).json().id;
    const template = async (name: string, extra: Record<string, unknown>) => {
      const res = await admin.post(`${P}/CertificateTemplate`, { templateName: name, class: 'USER', caId, keyTypes: ['EC_NIST'], validityPeriod: 1, validityPeriodUnits: 'YEARS', keyUsages: ['digitalSignature'], extendedKeyUsages: ['clientAuth'], certificateSans: [], ...extra });
      expect(res.statusCode).toBe(201);
      templates[name] = res.json().templateId;
      return res.json();
    };
    expect((await template('ec-keys', { serverKeyGeneration: true })).serverKeyGeneration).toBe(true);
    await template('rsa-keys', { serverKeyGeneration: true, keyTypes: ['RSA'], minRsaBits: 3072 });
    expect((await template('csr-only', {})).serverKeyGeneration).toBe(false);
    await template('approved-keys', { serverKeyGeneration: true, approvalRequired: true });
    await t.createUser(tenantId, 'alice', ['certSigningRequestUser', 'certView']);
    alice = t.client();
    await alice.login('alice', TEST_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['ec-keys', /ASN1 OID: prime256v1|id-ecPublicKey|BEGIN PRIVATE KEY/, 'P-256'],
    ['rsa-keys', /BEGIN PRIVATE KEY/, 'RSA-3072'],
  ])('should issue for a key of template %s and deliver it once as PKCS#12 that openssl reads with the password, audited without it', async (name, keyPattern, keyAlgorithm) => {
    const res = await alice.post(`${C}/SubmitUserKeyRequest`, { templateId: templates[name], subject: { CN: `alice-${name}` }, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'complete', certCN: `alice-${name}`, fileName: `alice-${name}.p12`, pkcs12: expect.any(String) });
    const p12 = path.join(dir, `${name}.p12`);
    writeFileSync(p12, Buffer.from(body.pkcs12, 'base64'));
    const info = openssl(p12, PASSWORD);
    expect(info).toContain('MAC: sha256');
    expect(info).toContain('PBES2, PBKDF2, AES-256-CBC');
    expect(info).toMatch(keyPattern);
    // The certificate in the file is the one issued, and the chain (the CA) is there too.
    const certs = info.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    expect(certs).toHaveLength(2);
    expect(certs[0]!.replace(/\s/g, '')).toBe(body.certificate.replace(/\s/g, ''));
    // The key matches the certificate.
    const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(info)![0];
    writeFileSync(path.join(dir, 'k.pem'), key);
    writeFileSync(path.join(dir, 'c.pem'), certs[0]!);
    const pub = (args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    expect(pub(['pkey', '-in', 'k.pem', '-pubout'])).toBe(pub(['x509', '-in', 'c.pem', '-noout', '-pubkey']));
    if (keyAlgorithm === 'RSA-3072') expect(pub(['pkey', '-in', 'k.pem', '-noout', '-text'])).toContain('3072 bit');
    let refused = '';
    try {
      openssl(p12, 'not the password');
    } catch (error) {
      refused = String((error as { stdout?: string }).stdout);
    }
    expect(refused).toMatch(/mac verify error/i);

    const audit = (await t.auditRows('certificate.key_delivery')).at(-1)!;
    expect(audit).toMatchObject({ actor_username: 'alice', tenant_id: tenantId, target_id: body.requestId, detail: { certId: body.certID, keyAlgorithm, format: 'pkcs12' } });
    const everything = JSON.stringify(await t.auditRows());
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain('PRIVATE KEY');
    // Delivered once: the certificate is stored, the key is not (nothing answers it again).
    const view = (await alice.get(`${C}/Certificate?certId=${encodeURIComponent(body.certID)}`)).json();
    expect(view.status).toBe('issued');
    expect(JSON.stringify(view)).not.toContain('PRIVATE KEY');
  }, 120_000);

  it('should refuse a template without server key generation, one needing approval, a short password, and keep tenants and permissions apart', async () => {
    const before = (await t.auditRows('certificate.issue')).length;
    const csrOnly = await alice.post(`${C}/SubmitUserKeyRequest`, { templateId: templates['csr-only'], password: PASSWORD });
    expect([csrOnly.statusCode, csrOnly.json().field, csrOnly.json().message]).toEqual([400, 'templateId', expect.stringContaining('does not generate keys on the server')]);
    const approval = await alice.post(`${C}/SubmitUserKeyRequest`, { templateId: templates['approved-keys'], password: PASSWORD });
    expect([approval.statusCode, approval.json().field, approval.json().message]).toEqual([400, 'templateId', expect.stringContaining('needs approval')]);
    const short = await alice.post(`${C}/SubmitUserKeyRequest`, { templateId: templates['ec-keys'], password: 'short' });
    expect([short.statusCode, short.json().field]).toEqual([400, 'password']);
    expect((await t.auditRows('certificate.issue')).length).toBe(before);

    await t.createUser(tenantId, 'bob', ['certView']);
    const bob = t.client();
    await bob.login('bob', TEST_PASSWORD);
    expect((await bob.post(`${C}/SubmitUserKeyRequest`, { templateId: templates['ec-keys'], password: PASSWORD })).statusCode).toBe(403);

    const globex = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(globex, 'gus', ['certSigningRequestUser']);
    const gus = t.client();
    const host = { headers: { host: 'globex.test' } };
    await gus.request('POST', '/api2/Authentication-v1/login', { body: { username: 'gus', password: TEST_PASSWORD }, ...host });
    const other = await gus.request('POST', `${C}/SubmitUserKeyRequest`, { body: { templateId: templates['ec-keys'], password: PASSWORD }, ...host });
    expect([other.statusCode, other.json().field]).toEqual([400, 'templateId']);
  });
});
