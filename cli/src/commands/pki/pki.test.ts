/**
 * `tessera ca`, `tessera templates` and `tessera certs` (issue 12 "CLI") as a CI pipeline runs them: only
 * TESSERA_API_KEY, no login, against the real server listening on a local port; results checked with OpenSSL.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { run, stubExit, testContext } from '../../testing/harness';
import { caCommand } from './ca';
import { certsCommand } from './certs';
import { templatesCommand } from './templates';

const PERMISSIONS = ['manageCAs', 'certificateConfig', 'certSigningRequest', 'certView', 'certRevoke'];

describe('tessera ca, templates and certs with an API key', () => {
  let t: TestContext;
  let url: string;
  let dir: string;
  let secret: string;
  let exit: jest.SpyInstance;
  let job: ReturnType<typeof testContext>;
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  /** Runs a command as a CI job (no profile, only the key) and answers its exit code and output. */
  const cli = async (group: typeof caCommand, args: string[]) => {
    const outAt = job.stdout().length;
    const errAt = job.stderr().length;
    const code = await run(group(job.context), [...args, '--server', url]);
    return { code, out: job.stdout().slice(outAt), err: job.stderr().slice(errAt) };
  };
  const seedFile = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const templateRows = () => t.db.selectFrom('certificate_templates').select(['name', 'settings']).orderBy('name').execute();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-cli-pki-'));
    t = await build({ config: { rateLimitMax: 0 } });
    await t.bootstrap();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const key = await admin.post('/api2/IDM-v1/ApiKeys', { name: 'pki-ci', permissions: PERMISSIONS, expiresInDays: 1 });
    expect(key.statusCode).toBe(201);
    secret = key.json().secret;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    exit = stubExit();
    job = testContext();
    job.context.env.TESSERA_API_KEY = secret;
  });
  afterEach(() => {
    exit.mockRestore();
    job.cleanup();
  });

  it('should create a root and an intermediate CA, list them and export a PEM that openssl verifies', async () => {
    expect(await cli(caCommand, ['create', '--name', 'Root', '--key-type', 'P-384'])).toMatchObject({ code: 0, out: expect.stringMatching(/^Created CA 'Root' \(P-384, ActiveCert, valid to \d{4}-\d\d-\d\d\) id [0-9a-f-]{36}\n$/) });
    expect((await cli(caCommand, ['create', '--name', 'Issuing', '--key-type', 'RSA-2048', '--parent', 'Root'])).code).toBe(0);
    const list = await cli(caCommand, ['list']);
    expect(list.out).toMatch(/^NAME\s+STATUS\s+KEY\s+PARENT\s+VALID TO\s+ID\n/);
    expect(list.out).toMatch(/\nRoot\s+ActiveCert\s+P-384\s+-\s+/);
    expect(list.out).toMatch(/\nIssuing\s+ActiveCert\s+RSA-2048\s+Root\s+/);
    writeFileSync(path.join(dir, 'root.pem'), (await cli(caCommand, ['export', '--name', 'Root'])).out);
    writeFileSync(path.join(dir, 'issuing.pem'), (await cli(caCommand, ['export', '--name', 'Issuing'])).out);
    expect(openssl('verify', '-CAfile', 'root.pem', 'issuing.pem').trim()).toBe('issuing.pem: OK');
    expect(await t.auditRows('ca.create')).toEqual(expect.arrayContaining([expect.objectContaining({ actor_username: 'pki-ci' })]));

    expect(await cli(caCommand, ['create', '--name', 'Bad', '--key-type', 'P-521'])).toMatchObject({ code: 2, err: expect.stringContaining('--key-type must be one of P-256, P-384, RSA-2048, RSA-3072, RSA-4096') });
    expect(await cli(caCommand, ['create', '--name', 'Orphan', '--key-type', 'P-256', '--parent', 'Nope'])).toMatchObject({ code: 1, err: expect.stringContaining("--parent: no certificate authority named 'Nope'") });
    expect(await cli(caCommand, ['export', '--name', 'Nope'])).toMatchObject({ code: 1 });
  });

  it('should seed templates from YAML, show a dry run diff, stay idempotent, prune, and export a file that seeds back to nothing', async () => {
    const v1 = seedFile(
      'v1.yaml',
      `templates:
  - {templateName: tls-server, class: DEVICE, caName: Issuing, keyTypes: [EC_NIST, RSA], validityPeriod: 1, validityPeriodUnits: YEARS, keyUsages: [digitalSignature], extendedKeyUsages: [serverAuth], certificateSans: [{sanField: DNS}]}
  - {templateName: vpn-user, class: USER, caName: Issuing, keyTypes: [RSA], validityPeriod: 90, validityPeriodUnits: DAYS}
`,
    );
    const dry = await cli(templatesCommand, ['seed', v1, '--dry-run']);
    expect(dry).toMatchObject({ code: 0, out: '+ tls-server\n+ vpn-user\n2 created, 0 updated, 0 deleted, 0 unchanged (dry run, nothing applied)\n' });
    expect(await templateRows()).toHaveLength(0);
    expect((await cli(templatesCommand, ['seed', v1])).out).toBe('+ tls-server\n+ vpn-user\n2 created, 0 updated, 0 deleted, 0 unchanged\n');
    expect((await templateRows()).map((r) => r.name)).toEqual(['tls-server', 'vpn-user']);
    expect((await cli(templatesCommand, ['seed', v1])).out).toBe('0 created, 0 updated, 0 deleted, 2 unchanged\n');

    // JSON works too; a changed value is an update naming the field; --prune deletes what the file leaves out.
    const v2 = seedFile('v2.json', JSON.stringify({ templates: [{ templateName: 'tls-server', class: 'DEVICE', caName: 'Issuing', keyTypes: ['EC_NIST', 'RSA'], validityPeriod: 2, keyUsages: ['digitalSignature'], extendedKeyUsages: ['serverAuth'], certificateSans: [{ sanField: 'DNS' }] }] }));
    expect((await cli(templatesCommand, ['seed', v2, '--prune', '--dry-run'])).out).toBe('~ tls-server: validityPeriod 1 -> 2\n- vpn-user\n0 created, 1 updated, 1 deleted, 0 unchanged (dry run, nothing applied)\n');
    expect((await cli(templatesCommand, ['seed', v2, '--prune'])).code).toBe(0);
    const rows = await templateRows();
    expect(rows.map((r) => r.name)).toEqual(['tls-server']);
    expect(rows[0]!.settings).toMatchObject({ validityPeriod: 2, validityPeriodUnits: 'YEARS', ignoreCsrDetails: true });
    expect((await t.auditRows('template.seed')).at(-1)).toMatchObject({ actor_username: 'pki-ci', detail: { created: 0, updated: 1, deleted: 1, unchanged: 0, prune: true } });

    const exported = await cli(templatesCommand, ['export']);
    expect(exported.out).toMatch(/^templates:\n {2}- templateName: tls-server\n {4}class: DEVICE\n {4}caName: Issuing\n/);
    expect((await cli(templatesCommand, ['seed', seedFile('exported.yaml', exported.out), '--prune'])).out).toBe('0 created, 0 updated, 0 deleted, 1 unchanged\n');
  });

  it('should refuse a seed file with an unknown field, an unknown CA or a bad value, naming the entry and field, applying nothing', async () => {
    const before = await templateRows();
    const good = '{templateName: ok-one, class: DEVICE, caName: Issuing, keyTypes: [EC_NIST], validityPeriod: 1}';
    const cases: [string, string][] = [
      [`templates:\n  - ${good}\n  - {templateName: b, class: DEVICE, caName: Issuing, keyTypes: [RSA], validityPeriod: 1, colour: red}\n`, 'templates.1.colour: unknown field'],
      [`templates:\n  - ${good}\n  - {templateName: c, class: DEVICE, caName: Nowhere, keyTypes: [RSA], validityPeriod: 1}\n`, "templates.1.caName: unknown certificate authority 'Nowhere'"],
      [`templates:\n  - ${good}\n  - {templateName: d, class: DEVICE, caName: Issuing, keyTypes: [RSA], validityPeriod: 1, validityPeriodUnits: WEEKS}\n`, 'templates.1.validityPeriodUnits'],
      [`templates:\n  - {templateName: e, class: DEVICE, caName: Issuing, keyTypes: [EC_BRAINPOOL], validityPeriod: 1}\n`, 'templates.0.keyTypes.0: Unrecognized algorithm'],
    ];
    for (const [i, [text, message]] of cases.entries()) {
      const res = await cli(templatesCommand, ['seed', seedFile(`bad${i}.yaml`, text)]);
      expect(res.code).toBe(2);
      expect(res.err).toContain(message);
      expect(res.err).toContain('nothing applied');
    }
    expect(await templateRows()).toEqual(before);
    // The server refuses the same file on its own (one transaction, nothing applied), naming the entry and field.
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const direct = await admin.post('/api2/PKI-v1/SeedTemplates', { templates: [{ templateName: 'ok-one', class: 'DEVICE', caName: 'Issuing', keyTypes: ['EC_NIST'], validityPeriod: 1 }, { templateName: 'c', class: 'DEVICE', caName: 'Nowhere', keyTypes: ['RSA'], validityPeriod: 1 }] });
    expect(direct.statusCode).toBe(400);
    expect(direct.json()).toMatchObject({ code: 'VALIDATION', field: 'templates.1.caName' });
    const unknownField = await admin.post('/api2/PKI-v1/SeedTemplates', { templates: [{ templateName: 'x', class: 'DEVICE', caName: 'Issuing', keyTypes: ['RSA'], validityPeriod: 1, colour: 'red' }] });
    expect(unknownField.json()).toMatchObject({ code: 'VALIDATION', field: 'templates.0.colour' });
    expect(await templateRows()).toEqual(before);
  });

  it('should issue from an openssl CSR and print PEM, save it in each format, revoke it by serial, and list it by type and status', async () => {
    openssl('req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'web.key', '-subj', '/CN=web.example.com', '-addext', 'subjectAltName=DNS:web.example.com', '-out', 'web.csr');
    const issued = await cli(certsCommand, ['issue', '--csr', path.join(dir, 'web.csr'), '--template', 'tls-server']);
    expect(issued.code).toBe(0);
    expect(issued.out).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+-----END CERTIFICATE-----\n$/);
    writeFileSync(path.join(dir, 'web.pem'), issued.out);
    expect(openssl('verify', '-CAfile', 'root.pem', '-untrusted', 'issuing.pem', 'web.pem').trim()).toBe('web.pem: OK');
    const serial = openssl('x509', '-in', 'web.pem', '-noout', '-serial').trim().split('=')[1]!;
    const colons = serial.match(/../g)!.join(':');

    expect((await cli(certsCommand, ['get', colons, '--out', path.join(dir, 'got.pem')])).code).toBe(0);
    expect(readFileSync(path.join(dir, 'got.pem'), 'utf8').trim()).toBe(issued.out.trim());
    expect((await cli(certsCommand, ['get', serial, '--format', 'der', '--out', path.join(dir, 'got.der')])).code).toBe(0);
    expect(openssl('x509', '-inform', 'DER', '-in', 'got.der', '-noout', '-serial').trim()).toBe(`serial=${serial}`);
    expect((await cli(certsCommand, ['get', serial, '--format', 'p7b', '--out', path.join(dir, 'got.p7b')])).code).toBe(0);
    expect(openssl('pkcs7', '-inform', 'DER', '-in', 'got.p7b', '-print_certs', '-noout').match(/^subject=.*$/gm)).toEqual(['subject=CN = web.example.com', 'subject=CN = Issuing', 'subject=CN = Root']);

    expect(await cli(certsCommand, ['revoke', serial, '--reason', 'removeFromCRL'])).toMatchObject({ code: 2, err: expect.stringContaining('--reason must be one of') });
    expect(await cli(certsCommand, ['revoke', serial, '--reason', 'keyCompromise'])).toMatchObject({ code: 0, out: `Revoked ${serial.toLowerCase()} (CN=web.example.com) for keyCompromise; the CRL and OCSP answer revoked.\n` });
    expect((await t.auditRows('certificate.revoke')).at(-1)).toMatchObject({ actor_username: 'pki-ci', detail: { reason: 'keyCompromise' } });
    const crl = await t.app.inject({ method: 'GET', url: `/pki/crl/${(await t.db.selectFrom('certificate_authorities').select('id').where('friendly_name', '=', 'Issuing').executeTakeFirstOrThrow()).id}.crl` });
    writeFileSync(path.join(dir, 'issuing.crl'), crl.rawPayload);
    expect(openssl('crl', '-inform', 'DER', '-in', 'issuing.crl', '-noout', '-text')).toContain(`Serial Number: ${serial.toUpperCase()}`);
    expect((await cli(certsCommand, ['revoke', serial, '--reason', 'keyCompromise'])).code).toBe(1); // already revoked

    // `certs list`: filtered on the server by type (the template's class), status, subject and CA.
    const listed = await cli(certsCommand, ['list', '--type', 'device', '--status', 'revoked,issued', '--ca', 'Issuing']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^SERIAL\s+SUBJECT\s+STATUS\s+TYPE\s+TEMPLATE\s+CA\s+VALID TO\n/);
    expect(listed.out).toMatch(new RegExp(`\\n${serial.toLowerCase()}\\s+CN=web\\.example\\.com\\s+revoked\\s+DEVICE\\s+tls-server\\s+Issuing\\s+\\d{4}-\\d\\d-\\d\\d\\n`));
    expect(listed.out).toMatch(/\n1-1 of 1\n$/);
    expect(await cli(certsCommand, ['list', '--type', 'USER'])).toMatchObject({ code: 0, out: 'No certificate matches.\n' });
    expect(await cli(certsCommand, ['list', '--status', 'issued', '--subject', 'web.example'])).toMatchObject({ code: 0, out: 'No certificate matches.\n' });
    const json = await cli(certsCommand, ['list', '--subject', 'WEB.EXAMPLE', '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ totalResults: 1, totalCapped: false, results: [{ serialNumber: serial.toLowerCase(), class: 'DEVICE', status: 'revoked' }] });
    expect(await cli(certsCommand, ['list', '--type', 'ROBOT'])).toMatchObject({ code: 2, err: expect.stringContaining('--type must be one of USER, DEVICE, AUTOENROLLUSER, AUTOENROLLDEVICE, ANY') });
    expect(await cli(certsCommand, ['list', '--status', 'issued,lost'])).toMatchObject({ code: 2, err: expect.stringContaining("got 'lost'") });
    expect(await cli(certsCommand, ['list', '--page-size', '500'])).toMatchObject({ code: 2, err: expect.stringContaining('--page-size must be a whole number from 1 to 100') });

    expect(await cli(certsCommand, ['get', 'abcdef0123', '--out', path.join(dir, 'none.pem')])).toMatchObject({ code: 1, err: expect.stringContaining('no certificate with serial abcdef0123') });
    expect(await cli(certsCommand, ['issue', '--csr', path.join(dir, 'web.csr'), '--template', 'nope'])).toMatchObject({ code: 1, err: expect.stringContaining("no certificate template named 'nope'") });
    writeFileSync(path.join(dir, 'garbage.csr'), 'not a csr');
    expect(await cli(certsCommand, ['issue', '--csr', path.join(dir, 'garbage.csr'), '--template', 'tls-server'])).toMatchObject({ code: 1, err: expect.stringMatching(/not issued: CSR_/) });
  });

  it('should say to sign in when there is neither a profile nor a key', async () => {
    const bare = testContext();
    try {
      expect(await run(caCommand(bare.context), ['list', '--server', url])).toBe(3);
      expect(bare.stderr()).toContain('Not signed in');
    } finally {
      bare.cleanup();
    }
  });
});
