/**
 * `tessera scep challenge` (issue 17 "CLI") as a CI job runs it: TESSERA_API_KEY only, against the real server
 * on a local port. The printed password is then refused a second fetch, and works once for a SCEP-style
 * consumption check through the server's own table (its hash).
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { build, TEST_PASSWORD, type TestContext } from '../../../../server/src/test-helpers/build';
import { run, stubExit, testContext } from '../../testing/harness';
import { scepCommand } from './challenge';

describe('tessera scep challenge', () => {
  let t: TestContext;
  let url: string;
  let secret: string;
  let exit: jest.SpyInstance;
  let job: ReturnType<typeof testContext>;
  const cli = async (args: string[]) => {
    const outAt = job.stdout().length;
    const errAt = job.stderr().length;
    const code = await run(scepCommand(job.context), [...args, '--server', url]);
    return { code, out: job.stdout().slice(outAt), err: job.stderr().slice(errAt) };
  };

  beforeAll(async () => {
    t = await build({ config: { rateLimitMax: 0 } });
    await t.bootstrap();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const caId = (await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'CLI Root', keyAlgorithm: 'P-256' })).json().id;
    await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName: 'Device TLS', class: 'DEVICE', caId, keyTypes: ['RSA'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] });
    const key = await admin.post('/api2/IDM-v1/ApiKeys', { name: 'scep-ci', permissions: ['certScep', 'certView'], expiresInDays: 1 });
    expect(key.statusCode).toBe(201);
    secret = key.json().secret;
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(() => {
    exit = stubExit();
    job = testContext();
    job.context.env.TESSERA_API_KEY = secret;
  });
  afterEach(() => exit.mockRestore());

  it('should print a one-time password whose hash the server keeps, fetched once', async () => {
    const { code, out, err } = await cli(['challenge', '--template', 'Device TLS']);
    expect(code).toBe(0);
    const password = out.trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(err).toContain("One-time challenge for 'Device TLS'");
    const row = await t.db.selectFrom('scep_challenges').selectAll().where('password_hash', '=', createHash('sha256').update(password).digest('hex')).executeTakeFirstOrThrow();
    expect(row.password_sealed).toBeNull();
    expect(row.fetched_at).not.toBeNull();
    const again = await t.client().post('/api2/SCEP-v1/RetrieveChallenge', { id: row.id });
    expect(again.statusCode).toBe(404);
  });

  it('should answer JSON, and fail with one line on an unknown template or bad minutes', async () => {
    const json = await cli(['challenge', '--template', 'Device TLS', '--minutes', '15', '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.out);
    expect(parsed).toMatchObject({ template: 'Device TLS', scepUrl: expect.stringMatching(/\/pki\/scep\/[0-9a-f-]{36}$/) });
    expect(Date.parse(parsed.expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    const unknown = await cli(['challenge', '--template', 'Nope']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.err.trim().split('\n')).toHaveLength(1);
    expect(unknown.err).toContain("no certificate template named 'Nope' (known: Device TLS)");
    const bad = await cli(['challenge', '--template', 'Device TLS', '--minutes', '0']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('--minutes');
  });
});
