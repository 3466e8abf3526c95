/** Issuance, revocation and the CRL checked with Debian's OpenSSL (issue 12 "Tests and figures"). */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const P = '/api2/PKI-v1';
const C = '/api2/Certificates-v1';

describe('certificates through OpenSSL', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let dir: string;
  let root: { id: string; caCert: { pem: string } };
  let issuing: { id: string; caCert: { pem: string } };
  let templateId: string;
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const csrOf = (name: string, keyArgs: string[]) => {
    openssl('req', '-new', '-newkey', ...keyArgs, '-nodes', '-keyout', `${name}.key`, '-subj', `/CN=${name}.example.com/O=Ignored`, '-addext', `subjectAltName=DNS:${name}.example.com`, '-out', `${name}.csr`);
    return readFileSync(path.join(dir, `${name}.csr`), 'utf8');
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-openssl-'));
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    root = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Root', keyAlgorithm: 'P-384' })).json();
    issuing = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Issuing', keyAlgorithm: 'P-256', parentId: root.id })).json();
    writeFileSync(path.join(dir, 'root.pem'), root.caCert.pem);
    writeFileSync(path.join(dir, 'issuing.pem'), issuing.caCert.pem);
    templateId = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'tls-server', class: 'DEVICE', caId: issuing.id, keyTypes: ['EC_NIST', 'RSA'], validityPeriod: 90, validityPeriodUnits: 'DAYS', keyUsages: ['digitalSignature'], extendedKeyUsages: ['serverAuth'], certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['p256', ['ec', '-pkeyopt', 'ec_paramgen_curve:P-256']],
    ['p384', ['ec', '-pkeyopt', 'ec_paramgen_curve:P-384']],
    ['rsa2048', ['rsa:2048']],
  ])('should issue from an openssl req CSR (%s) a certificate that openssl verify -x509_strict accepts, honouring only the template fields', async (name, keyArgs) => {
    const res = await admin.post(`${C}/SubmitDeviceCSR`, { templateId, csr: csrOf(name, keyArgs) });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ status: 'complete', certTID: tenantId, certCN: `${name}.example.com`, template: 'tls-server' });
    writeFileSync(path.join(dir, `${name}.pem`), result.certificate);
    expect(openssl('verify', '-x509_strict', '-purpose', 'sslserver', '-CAfile', 'root.pem', '-untrusted', 'issuing.pem', `${name}.pem`).trim()).toBe(`${name}.pem: OK`);
    const text = openssl('x509', '-in', `${name}.pem`, '-noout', '-text', '-subject');
    expect(text).toContain(`subject=CN = ${name}.example.com`); // ignoreCsrDetails: O of the CSR dropped
    expect(text).toContain(`DNS:${name}.example.com`);
    expect(text).toContain(`/pki/crl/${issuing.id}.crl`);
    expect(text).toMatch(/OCSP - URI:.*\/pki\/ocsp\//);
    const status = await admin.get(`/certificate-request-status?tid=${result.requestId}&ca=${issuing.id}`);
    expect(status.json()).toMatchObject({ status: 'issued', serial_number: result.certID.split(':')[1] });
  });

  it('should refuse a CSR whose signature is broken, recording the request as error and issuing nothing', async () => {
    const pem = csrOf('broken', ['ec', '-pkeyopt', 'ec_paramgen_curve:P-256']);
    const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
    der[der.length - 5] = der[der.length - 5]! ^ 0xff; // inside the signature value
    const before = (await t.db.selectFrom('certificates').select('id').execute()).length;
    const res = await admin.post(`${C}/SubmitDeviceCSR`, { templateId, csr: der.toString('base64') });
    expect(res.json()).toMatchObject({ status: 'failed', failureCode: expect.stringMatching(/^CSR_(SIGNATURE_INVALID|UNPARSABLE)$/) });
    expect(await t.db.selectFrom('certificates').select('id').execute()).toHaveLength(before);
    expect((await t.auditRows('certificate.request')).at(-1)).toMatchObject({ outcome: 'failure' });
  });

  it('should refuse a key type the template does not allow', async () => {
    const ecOnly = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'ec-only', class: 'DEVICE', caId: issuing.id, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS' })).json().templateId;
    const res = await admin.post(`${C}/SubmitDeviceCSR`, { templateId: ecOnly, csr: csrOf('rsaonly', ['rsa:2048']) });
    expect(res.json()).toMatchObject({ status: 'failed', failureCode: 'KEY_TYPE_NOT_ALLOWED' });
  });

  /** `openssl ocsp` against the listening server (async: the server answers in this process). */
  const ocspUrl = () => `${baseUrl}/pki/ocsp/${issuing.id}`;
  const opensslOcsp = async (...args: string[]) => {
    const { stdout, stderr } = await promisify(execFile)('openssl', ['ocsp', '-issuer', 'issuing.pem', '-CAfile', 'root.pem', '-url', ocspUrl(), ...args], { cwd: dir, encoding: 'utf8' });
    return stdout + stderr;
  };
  let baseUrl: string;

  it('should answer openssl ocsp good for an issued certificate, signed by the CA, with the nonce echoed, and unknown for a serial it never issued', async () => {
    baseUrl = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    const out = await opensslOcsp('-cert', 'p256.pem', '-resp_text');
    expect(out).toContain('Response verify OK');
    expect(out).toMatch(/p256\.pem: good/);
    expect(out).toContain('OCSP Nonce');
    expect(out).not.toContain('WARNING: no nonce in response');
    expect(await opensslOcsp('-serial', '0x0123456789abcdef')).toMatch(/0x0123456789abcdef: unknown/);
    // The GET form of RFC 6960 Appendix A.1 gives the same answer for the same request.
    openssl('ocsp', '-issuer', 'issuing.pem', '-cert', 'p384.pem', '-no_nonce', '-reqout', 'get.req');
    const b64 = readFileSync(path.join(dir, 'get.req')).toString('base64');
    const get = await t.app.inject({ method: 'GET', url: `/pki/ocsp/${issuing.id}/${encodeURIComponent(b64)}` });
    expect([get.statusCode, get.headers['content-type']]).toEqual([200, 'application/ocsp-response']);
    writeFileSync(path.join(dir, 'get.resp'), get.rawPayload);
    const text = openssl('ocsp', '-respin', 'get.resp', '-issuer', 'issuing.pem', '-CAfile', 'root.pem', '-cert', 'p384.pem');
    expect(text).toMatch(/p384\.pem: good/);
  });

  it('should answer malformedRequest to a body that is not an OCSP request, without a session or CSRF token', async () => {
    for (const res of [
      await t.app.inject({ method: 'POST', url: `/pki/ocsp/${issuing.id}`, headers: { 'content-type': 'application/ocsp-request' }, payload: Buffer.from('not DER') }),
      await t.app.inject({ method: 'GET', url: `/pki/ocsp/${issuing.id}/bm90IERFUg%3D%3D` }),
    ]) {
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/ocsp-response']);
      writeFileSync(path.join(dir, 'bad.resp'), res.rawPayload);
      const read = spawnSync('openssl', ['ocsp', '-respin', 'bad.resp', '-resp_text', '-noverify'], { cwd: dir, encoding: 'utf8' });
      expect(read.stdout + read.stderr).toMatch(/Responder Error: malformedrequest \(1\)/);
    }
  });

  it('should revoke with an RFC 5280 reason so that openssl crl lists the serial, audited', async () => {
    const serial = openssl('x509', '-in', 'p256.pem', '-noout', '-serial').trim().split('=')[1]!;
    const res = await admin.post(`${C}/RevokeCertificate`, { caId: issuing.id, serialNumber: serial, reason: 'keyCompromise' });
    expect(res.json()).toMatchObject({ status: 'ok', certificateIsOnline: true });
    expect((await admin.post(`${C}/RevokeCertificate`, { caId: issuing.id, serialNumber: serial, reason: 'keyCompromise' })).statusCode).toBe(409);
    const crl = await t.app.inject({ method: 'GET', url: `/pki/crl/${issuing.id}.crl` });
    expect(crl.statusCode).toBe(200);
    expect(crl.headers['content-type']).toBe('application/pkix-crl');
    writeFileSync(path.join(dir, 'issuing.crl'), crl.rawPayload);
    const text = openssl('crl', '-inform', 'DER', '-in', 'issuing.crl', '-noout', '-text', '-CAfile', 'issuing.pem');
    expect(text).toContain(`Serial Number: ${serial.toUpperCase()}`);
    expect(text).toContain('Key Compromise');
    // OCSP answers revoked at once, with the time and the reason.
    const ocsp = await opensslOcsp('-cert', 'p256.pem');
    expect(ocsp).toContain('Response verify OK');
    expect(ocsp).toMatch(/p256\.pem: revoked/);
    expect(ocsp).toContain('Reason: keyCompromise');
    expect(ocsp).toMatch(/Revocation Time: /);
    expect(openssl('crl', '-inform', 'DER', '-in', 'issuing.crl', '-noout', '-CAfile', 'issuing.pem', '-verify').toLowerCase()).toBe('');
    expect((await t.auditRows('certificate.revoke')).at(-1)).toMatchObject({ tenant_id: tenantId, actor_username: 'admin' });
    const found = (await admin.post(`${C}/SearchCertificates`, { filters: { status: ['revoked'] } })).json();
    expect(found).toMatchObject({ totalResults: 1, results: [{ serialNumber: serial.toLowerCase(), status: 'revoked' }] });
  });

  it('should refuse without permission, across tenants, and name bad fields', async () => {
    await t.createUser(tenantId, 'viewer', ['certView']);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await viewer.post(`${C}/SubmitDeviceCSR`, { templateId, csr: 'x' })).statusCode).toBe(403);
    expect((await viewer.post(`${C}/RevokeCertificate`, { caId: issuing.id, serialNumber: '01', reason: 'superseded' })).statusCode).toBe(403);
    expect((await admin.post(`${C}/RevokeCertificate`, { caId: issuing.id, serialNumber: '01', reason: 'removeFromCRL' })).json()).toMatchObject({ field: 'reason' });
    expect((await admin.post(`${C}/SubmitUserCSR`, { templateId, csr: 'x' })).json()).toMatchObject({ field: 'templateId' });
    const globexId = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(globexId, 'g', ['certView', 'certRevoke', 'certSigningRequest']);
    const g = t.client();
    const globex = { headers: { host: 'globex.test' } };
    await g.request('POST', '/api2/Authentication-v1/login', { body: { username: 'g', password: TEST_PASSWORD }, ...globex });
    expect((await g.request('POST', `${C}/SearchCertificates`, { body: {}, ...globex })).json()).toMatchObject({ totalResults: 0 });
    expect((await g.request('POST', `${C}/SubmitDeviceCSR`, { body: { templateId, csr: 'x' }, ...globex })).json()).toMatchObject({ field: 'templateId' });
    const serial = openssl('x509', '-in', 'p384.pem', '-noout', '-serial').trim().split('=')[1]!;
    expect((await g.request('POST', `${C}/RevokeCertificate`, { body: { caId: issuing.id, serialNumber: serial, reason: 'superseded' }, ...globex })).statusCode).toBe(404);
  });
});
