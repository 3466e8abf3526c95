/**
 * `tessera acme enable` (issue 17 "CLI") with an API key against the real server on a local port: it adds the
 * missing allowed domains, enables the template and prints a directory URL that serves an ACME directory.
 */
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { run, stubExit, testContext } from '../../testing/harness';
import { acmeCommand } from './enable';

describe('tessera acme enable', () => {
  let t: TestContext;
  let url: string;
  let secret: string;
  let templateId: string;
  let exit: jest.SpyInstance;
  let job: ReturnType<typeof testContext>;
  const cli = async (args: string[]) => {
    const outAt = job.stdout().length;
    const errAt = job.stderr().length;
    const code = await run(acmeCommand(job.context), [...args, '--server', url]);
    return { code, out: job.stdout().slice(outAt), err: job.stderr().slice(errAt) };
  };

  beforeAll(async () => {
    t = await build({ config: { rateLimitMax: 0 } });
    await t.bootstrap();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const caId = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Root', keyAlgorithm: 'P-256' })).json().id;
    templateId = (await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: 'tls-server', class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
    await admin.post('/api2/PKI-v1/AllowedDomain', { domain: 'example.com' });
    const key = await admin.post('/api2/IDM-v1/ApiKeys', { name: 'acme-ci', permissions: ['acmeConfiguration', 'manageDomains'], expiresInDays: 1 });
    expect(key.statusCode).toBe(201);
    secret = key.json().secret;
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(() => {
    exit = stubExit();
    job = testContext();
    job.context.env.TESSERA_API_KEY = secret;
  });
  afterEach(() => {
    exit.mockRestore();
    job.cleanup();
  });

  it('should add the missing allowed domains, enable the template and print a directory URL that answers', async () => {
    const res = await cli(['enable', '--template', 'tls-server', '--allowed-domain', 'example.com', '*.Example.org']);
    expect(res).toEqual({ code: 0, out: `${url}/pki/acme/${templateId}/directory\n`, err: '' });
    expect((await t.db.selectFrom('allowed_domains').select('domain').orderBy('domain').execute()).map((r) => r.domain)).toEqual(['*.example.org', 'example.com']);
    const directory = await fetch(res.out.trim());
    expect(directory.status).toBe(200);
    expect(await directory.json()).toMatchObject({ newAccount: `${url}/pki/acme/${templateId}/new-account` });
    expect(await t.auditRows('acme.configure')).toEqual([expect.objectContaining({ actor_username: 'acme-ci', detail: expect.objectContaining({ enabled: true }) })]);
    const json = await cli(['enable', '--template', 'tls-server', '--eab-required', '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ templateId, enabled: true, eabRequired: true, allowedDomainsAdded: [] });
  });

  it('should refuse a bad domain (usage, nothing changed) and an unknown template', async () => {
    const before = await t.db.selectFrom('allowed_domains').select('domain').execute();
    expect(await cli(['enable', '--template', 'tls-server', '--allowed-domain', 'bad domain'])).toMatchObject({ code: 2, err: expect.stringContaining('--allowed-domain') });
    expect(await cli(['enable', '--template', 'nope', '--allowed-domain', 'new.example'])).toMatchObject({ code: 1, err: expect.stringContaining("--template: no certificate template named 'nope'") });
    expect(await t.db.selectFrom('allowed_domains').select('domain').execute()).toEqual(before);
  });
});
