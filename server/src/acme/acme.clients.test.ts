/**
 * Real ACME clients from Debian, unchanged (issue 17): lego and certbot obtain, renew and revoke certificates
 * from Tessera's ACME server listening on loopback, answering http-01 with their own standalone listeners on
 * the port `TESSERA_ACME_HTTP01_PORT` names, for names under `localhost` (RFC 6761: loopback) that the tenant's
 * allowed domains permit. Skipped only when a client is not installed and CI is not set (scripts/test.sh
 * installs both in CI).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import { findBinary, freePort } from '../test-helpers/services';
import { x509 } from '../pki/x509';

const run = promisify(execFile);
const P = '/api2/PKI-v1';
const inCi = process.env.CI === 'true';
const lego = findBinary('lego');
const certbot = findBinary('certbot');

describe('ACME clients: environment', () => {
  it('should run the lego and certbot tests under CI (scripts/test.sh installs them)', () => {
    if (inCi) expect([lego !== null, certbot !== null]).toEqual([true, true]);
  });
});

/** An app listening on loopback with an ACME-enabled template; http-01 goes to `http01Port`. */
async function acmeServer(http01Port: number): Promise<{ t: TestContext; directory: string }> {
  const t = await build({ config: { acmeHttp01Port: http01Port } });
  await t.bootstrap();
  const admin = t.client();
  await admin.login('admin', TEST_PASSWORD);
  const caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'ACME Root', keyAlgorithm: 'P-256' })).json().id;
  const templateId = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'acme-tls', class: 'DEVICE', caId, keyTypes: ['EC_NIST', 'RSA'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
  expect((await admin.post(`${P}/AllowedDomain`, { domain: '*.acme.localhost' })).statusCode).toBe(201);
  expect((await admin.put(`${P}/AcmeConfiguration`, { templateId, enabled: true })).statusCode).toBe(200);
  // Never the http-01 port, which nothing holds until the client binds it.
  await t.app.listen({ port: await freePort(http01Port), host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  return { t, directory: `http://127.0.0.1:${port}/pki/acme/${templateId}/directory` };
}

const statusOf = async (t: TestContext, pem: string) => {
  const cert = new x509.X509Certificate(pem);
  return (await t.db.selectFrom('certificates').select('status').where('serial_number', '=', cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, '')).executeTakeFirstOrThrow()).status;
};

(lego || inCi ? describe : describe.skip)('lego against the ACME server (skipped only when lego is not installed)', () => {
  let t: TestContext;
  let directory: string;
  let http01: number;
  let dir: string;

  beforeAll(async () => {
    http01 = await freePort();
    ({ t, directory } = await acmeServer(http01));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-lego-'));
  }, 150_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const legoRun = (...args: string[]) => run(lego!, ['--server', directory, '--accept-tos', '--email', 'ops@acme.localhost', '--domains', 'lego.acme.localhost', '--http', '--http.port', `:${http01}`, '--path', dir, ...args], { timeout: 120_000 });
  const certFile = () => fs.readFileSync(path.join(dir, 'certificates', 'lego.acme.localhost.crt'), 'utf8');

  it('should obtain, renew and revoke a certificate', async () => {
    await legoRun('run');
    const first = certFile();
    const leaf = new x509.X509Certificate(first);
    expect(leaf.getExtension(x509.SubjectAlternativeNameExtension)!.names.toJSON()).toEqual([{ type: 'dns', value: 'lego.acme.localhost' }]);
    expect(first.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    expect(await statusOf(t, first)).toBe('issued');

    await legoRun('renew', '--days', '3650', '--no-random-sleep');
    const renewed = certFile();
    expect(new x509.X509Certificate(renewed).serialNumber).not.toBe(leaf.serialNumber);

    await legoRun('revoke');
    expect(await statusOf(t, renewed)).toBe('revoked');
    expect((await t.auditRows('acme.order.finalize')).filter((r) => r.outcome === 'success')).toHaveLength(2);
  }, 300_000);

  it('should be refused a name outside the allowed domains', async () => {
    const res = await run(lego!, ['--server', directory, '--accept-tos', '--email', 'ops@acme.localhost', '--domains', 'other.localhost', '--http', '--http.port', `:${http01}`, '--path', dir, 'run'], { timeout: 120_000 }).catch((e: { stderr: string }) => e);
    expect(String((res as { stderr: string }).stderr)).toContain('rejectedIdentifier');
  }, 150_000);
});

(certbot || inCi ? describe : describe.skip)('certbot against the ACME server (skipped only when certbot is not installed)', () => {
  let t: TestContext;
  let directory: string;
  let http01: number;
  let dir: string;

  beforeAll(async () => {
    http01 = await freePort();
    ({ t, directory } = await acmeServer(http01));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-certbot-'));
  }, 150_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const common = () => ['--server', directory, '--config-dir', path.join(dir, 'config'), '--work-dir', path.join(dir, 'work'), '--logs-dir', path.join(dir, 'logs'), '--non-interactive'];
  const certbotRun = (...args: string[]) => run(certbot!, [...args, ...common()], { timeout: 180_000 });
  const live = () => fs.readFileSync(path.join(dir, 'config', 'live', 'certbot.acme.localhost', 'cert.pem'), 'utf8');

  it('should obtain, renew and revoke a certificate', async () => {
    await certbotRun('certonly', '--standalone', '--http-01-port', String(http01), '--http-01-address', '127.0.0.1', '-d', 'certbot.acme.localhost', '--agree-tos', '-m', 'ops@acme.localhost');
    const first = live();
    expect(await statusOf(t, first)).toBe('issued');
    expect(fs.readFileSync(path.join(dir, 'config', 'live', 'certbot.acme.localhost', 'chain.pem'), 'utf8')).toContain('BEGIN CERTIFICATE');

    // Without a terminal certbot waits up to 8 minutes before a renewal (its cron jitter): not here.
    await certbotRun('renew', '--force-renewal', '--no-random-sleep-on-renew', '--standalone', '--http-01-port', String(http01), '--http-01-address', '127.0.0.1');
    const renewed = live();
    expect(new x509.X509Certificate(renewed).serialNumber).not.toBe(new x509.X509Certificate(first).serialNumber);

    await certbotRun('revoke', '--cert-path', path.join(dir, 'config', 'live', 'certbot.acme.localhost', 'cert.pem'), '--no-delete-after-revoke', '--reason', 'superseded');
    expect(await statusOf(t, renewed)).toBe('revoked');
  }, 400_000);
});
