/**
 * The console as an ACME client (issue 17; admin-console §2.2 `le/upload`, §4 ACME order flow and replay nonces
 * in 4 slots), against Tessera's own ACME server in the same process: the app listens on loopback on the port
 * `TESSERA_ACME_HTTP01_PORT` names, so the server's http-01 validation of `*.acme.localhost` (RFC 6761: loopback)
 * reaches the app's own `/.well-known/acme-challenge/{token}`.
 */
import type { AddressInfo } from 'node:net';
import { ACME_CLIENT_STEPS, type AcmeClientRun } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { freePort } from '../test-helpers/services';
import { x509 } from '../pki/x509';
import { acmeClientRunsSettled, STALE_RUN_MS } from './client.service';
import { validationsSettled } from './acme.service';
import { AcmeProtocolClient, newAccountKey } from './client';

const P = '/api2/PKI-v1';
const C = '/api2/Certificates-v1';

describe('ACME client (le/upload) against Tessera’s own ACME server', () => {
  let t: TestContext;
  let admin: TestClient;
  let globex: TestClient;
  let templateId: string;
  let directoryUrl: string;
  const host = { headers: { host: 'globex.test' } };
  let globexTenant: string;

  beforeAll(async () => {
    const port = await freePort();
    t = await build({ config: { acmeHttp01Port: port } });
    await t.bootstrap();
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'ACME Root', keyAlgorithm: 'P-256' })).json().id;
    templateId = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'acme-tls', class: 'DEVICE', caId, keyTypes: ['EC_NIST', 'RSA'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
    expect((await admin.post(`${P}/AllowedDomain`, { domain: '*.acme.localhost' })).statusCode).toBe(201);
    expect((await admin.put(`${P}/AcmeConfiguration`, { templateId, enabled: true })).statusCode).toBe(200);
    globexTenant = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(globexTenant, 'globexle', ['uploadLECert', 'manageDomains']);
    globex = t.client();
    expect((await globex.request('POST', '/api2/Authentication-v1/login', { body: { username: 'globexle', password: TEST_PASSWORD }, ...host })).statusCode).toBe(200);
    await t.app.listen({ port, host: '127.0.0.1' });
    directoryUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/pki/acme/${templateId}/directory`;
  }, 150_000);
  afterAll(async () => {
    await acmeClientRunsSettled();
    await validationsSettled();
    await t?.close();
  });

  const settled = async (client: TestClient, runId: string, options: object = {}): Promise<AcmeClientRun> => {
    await acmeClientRunsSettled();
    const res = await client.request('GET', `${C}/AcmeClientOrder/${runId}`, options);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('should obtain a certificate for an allowed domain through every step, store it with its key sealed, and audit each step', async () => {
    expect((await admin.get(`${C}/AcmeClientDomains`)).json()).toEqual({ domains: ['*.acme.localhost'] });
    const start = await admin.post(`${C}/AcmeClientOrder`, { directoryUrl, domain: 'www.acme.localhost', email: 'ops@acme.localhost' });
    expect(start.statusCode).toBe(202);
    expect(start.json().steps.map((s: { step: string }) => s.step)).toEqual([...ACME_CLIENT_STEPS]);
    const run = await settled(admin, start.json().runId);
    expect([run.state, run.error]).toEqual(['succeeded', null]);
    expect(run.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'done']);
    expect(run.steps[0]!.detail).toMatch(/^new account http:\/\/127\.0\.0\.1:\d+\/pki\/acme\//);
    expect(run.steps[3]!.detail).toBe('www.acme.localhost validated over http-01');
    expect(run.steps[5]!.detail).toMatch(/2 certificate\(s\) in the chain/);
    expect(JSON.stringify(run)).not.toContain('PRIVATE KEY');

    // The certificate is the tenant's (its own CA signed it over ACME) and opens in the certificate view.
    const view = await admin.get(`${C}/Certificate?certId=${encodeURIComponent(run.certId!)}`);
    expect(view.statusCode).toBe(200);
    const leaf = new x509.X509Certificate(view.json().certificate);
    expect(leaf.getExtension(x509.SubjectAlternativeNameExtension)!.names.toJSON()).toEqual([{ type: 'dns', value: 'www.acme.localhost' }]);
    // Its key is held sealed on the run and matches the certificate.
    const row = await t.db.selectFrom('acme_client_runs').select(['key_sealed', 'chain_pem']).where('id', '=', run.runId).executeTakeFirstOrThrow();
    expect(row.key_sealed).not.toContain('PRIVATE KEY');
    expect(row.chain_pem!.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    // The ACME server's order is valid; the http-01 answers are gone.
    expect((await t.db.selectFrom('acme_orders').select('status').execute()).map((o) => o.status)).toEqual(['valid']);
    expect(await t.db.selectFrom('acme_client_http01').selectAll().execute()).toEqual([]);
    const actions = ['acme.client.start', 'acme.client.registration', 'acme.client.order', 'acme.client.authorisation', 'acme.client.validation', 'acme.client.finalisation', 'acme.client.certificate_fetch'];
    for (const action of actions) expect((await t.auditRows(action)).map((r) => [r.outcome, r.target_id, r.actor_username])).toEqual([['success', run.runId, 'admin']]);

    // A second run reuses the account.
    const again = await settled(admin, (await admin.post(`${C}/AcmeClientOrder`, { directoryUrl, domain: 'api.acme.localhost' })).json().runId);
    expect(again.state).toBe('succeeded');
    expect(again.steps[0]!.detail).toBe(run.steps[0]!.detail!.replace('new account', 'existing account'));
    expect(again.certId).not.toBe(run.certId);
  }, 150_000);

  it('should refuse a name outside the allowed domains, a wildcard, a bad URL or half an EAB, naming the field, storing nothing', async () => {
    const before = await t.db.selectFrom('acme_client_runs').select('id').execute();
    const cases: [Record<string, string>, string][] = [
      [{ directoryUrl, domain: 'other.localhost' }, 'domain'],
      [{ directoryUrl, domain: '*.acme.localhost' }, 'domain'],
      [{ directoryUrl: 'ftp://example.com/dir', domain: 'www.acme.localhost' }, 'directoryUrl'],
      [{ directoryUrl, domain: 'www.acme.localhost', eabKeyId: 'kid' }, 'eabHmacKey'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post(`${C}/AcmeClientOrder`, body);
      expect([res.statusCode, res.json().field]).toEqual([400, field]);
    }
    expect((await admin.post(`${C}/AcmeClientOrder`, { directoryUrl, domain: 'other.localhost' })).json().message).toBe('domain other.localhost is not in your allowed domains (/admin/alloweddomains)');
    expect((await admin.post(`${C}/AcmeClientOrder`, { directoryUrl, domain: 'x.acme.localhost', extra: 1 })).statusCode).toBe(400);
    expect(await t.db.selectFrom('acme_client_runs').select('id').execute()).toEqual(before);
  });

  it('should need uploadLECert, keep runs per tenant, and answer no unknown http-01 token', async () => {
    const { tenantId } = (await t.db.selectFrom('users').select('tenant_id as tenantId').where('username', '=', 'admin').executeTakeFirstOrThrow());
    await t.createUser(tenantId, 'viewer', ['certView']);
    const viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    expect((await viewer.post(`${C}/AcmeClientOrder`, { directoryUrl, domain: 'www.acme.localhost' })).statusCode).toBe(403);
    expect((await viewer.get(`${C}/AcmeClientDomains`)).statusCode).toBe(403);
    const runId = (await t.db.selectFrom('acme_client_runs').select('id').executeTakeFirstOrThrow()).id;
    expect((await viewer.get(`${C}/AcmeClientOrder/${runId}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/.well-known/acme-challenge/unknown-token' })).statusCode).toBe(404);
  });

  it('should take the replay nonce of each answer for the next request, retry once on badNonce, and ask newNonce only when the slots are empty', async () => {
    const client = new AcmeProtocolClient(directoryUrl, newAccountKey());
    await client.register({});
    // The directory's answer carried a nonce (Tessera sends one on every answer): newNonce was not needed.
    expect([client.newNonceRequests, client.nonceSlots.length]).toEqual([0, 1]);
    const order = await client.newOrder(['nonce.acme.localhost']);
    await client.authorization(order.authorizations[0]!);
    await client.order(order.url);
    // Every answer brought the nonce of the next request.
    const used = new Set<string>();
    for (let i = 0; i < 6; i++) {
      used.add(client.nonceSlots[client.nonceSlots.length - 1]!);
      await client.post(order.url, null);
    }
    expect([client.newNonceRequests, client.nonceSlots.length, used.size]).toEqual([0, 1, 6]);

    // A kept nonce another client used first: the server answers badNonce with a fresh one, the request is retried once.
    const other = new AcmeProtocolClient(directoryUrl, newAccountKey());
    const stolen = client.nonceSlots[0]!;
    await other.directory();
    (other as unknown as { slots: string[] }).slots = [stolen];
    await other.register({});
    expect([other.newNonceRequests, other.badNonceRetries]).toEqual([0, 0]);
    const read = await client.order(order.url);
    expect(read.status).toBe('pending');
    expect([client.badNonceRetries, client.newNonceRequests]).toEqual([1, 0]);

    // With every slot empty the client asks newNonce (RFC 8555 §7.2).
    (client as unknown as { slots: string[] }).slots = [];
    await client.order(order.url);
    expect([client.newNonceRequests, client.nonceSlots.length]).toEqual([1, 1]);
  }, 60_000);

  it('should order from another tenant’s directory with external account binding, name the failed step, and keep runs apart', async () => {
    const post = (body: object) => globex.request('POST', `${C}/AcmeClientOrder`, { body, ...host });
    expect((await globex.request('POST', `${P}/AllowedDomain`, { body: { domain: '*.acme.localhost' }, ...host })).statusCode).toBe(201);
    expect((await globex.request('POST', `${P}/AllowedDomain`, { body: { domain: '*.other.localhost' }, ...host })).statusCode).toBe(201);

    // The server requires external account binding: without it registration fails, with it the run succeeds.
    expect((await admin.put(`${P}/AcmeConfiguration`, { templateId, enabled: true, eabRequired: true })).statusCode).toBe(200);
    const refused = await settled(globex, (await post({ directoryUrl, domain: 'g.acme.localhost' })).json().runId, host);
    expect([refused.state, refused.steps[0]!.state, refused.steps[1]!.state]).toEqual(['failed', 'failed', 'pending']);
    expect(refused.error).toBe('registration: the server requires an external account binding: give its key id and HMAC key');
    const eab = (await admin.post(`${P}/AcmeEabKey`, { templateId })).json();
    const bound = await settled(globex, (await post({ directoryUrl, domain: 'g.acme.localhost', eabKeyId: eab.keyId, eabHmacKey: eab.hmacKey })).json().runId, host);
    expect([bound.state, bound.error]).toEqual(['succeeded', null]);
    // Stored in Globex as a certificate no CA of Globex signed.
    expect(bound.certId).toMatch(/^external:/);
    expect(await t.db.selectFrom('certificates').select('status').where('tenant_id', '=', globexTenant).where('cn', '=', 'g.acme.localhost').execute()).toEqual([{ status: 'issued_out_of_band' }]);
    expect((await t.auditRows('acme.client.registration')).filter((r) => r.tenant_id === globexTenant).map((r) => r.outcome).sort()).toEqual(['failure', 'success']);
    await admin.put(`${P}/AcmeConfiguration`, { templateId, enabled: true, eabRequired: false });

    // A name Globex allows but the ACME server's tenant does not: the order step fails with the server's problem.
    const rejected = await settled(globex, (await post({ directoryUrl, domain: 'g.other.localhost' })).json().runId, host);
    expect(rejected.steps.map((s) => s.state)).toEqual(['done', 'failed', 'pending', 'pending', 'pending', 'pending']);
    expect(rejected.steps[1]!.detail).toContain('rejectedIdentifier');

    // Runs are per tenant.
    expect((await admin.get(`${C}/AcmeClientOrder/${bound.runId}`)).statusCode).toBe(404);
    expect((await globex.request('GET', `${C}/AcmeClientDomains`, host)).json()).toEqual({ domains: ['*.acme.localhost', '*.other.localhost'] });
  }, 150_000);
});

describe('ACME client: a validation the server cannot complete', () => {
  let t: TestContext;
  afterAll(async () => {
    await acmeClientRunsSettled();
    await validationsSettled();
    await t?.close();
  });

  it('should fail the validation step with the server’s reason, stop there, stop serving the http-01 answer, and end an interrupted run', async () => {
    // The ACME server validates http-01 on a port where nothing listens (not where Tessera answers).
    const http01Port = await freePort();
    t = await build({ config: { acmeHttp01Port: http01Port } });
    await t.bootstrap();
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'ACME Root', keyAlgorithm: 'P-256' })).json().id;
    const templateId = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'acme-tls', class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
    await admin.post(`${P}/AllowedDomain`, { domain: 'www.acme.localhost' });
    await admin.put(`${P}/AcmeConfiguration`, { templateId, enabled: true });
    // Never the http-01 port, where nothing may listen.
    await t.app.listen({ port: await freePort(http01Port), host: '127.0.0.1' });
    const directoryUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/pki/acme/${templateId}/directory`;
    const runId = (await admin.post(`${C}/AcmeClientOrder`, { directoryUrl, domain: 'www.acme.localhost' })).json().runId;
    await acmeClientRunsSettled();
    const run: AcmeClientRun = (await admin.get(`${C}/AcmeClientOrder/${runId}`)).json();
    expect(run.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'failed', 'pending', 'pending']);
    expect(run.state).toBe('failed');
    expect(run.error).toMatch(/^validation: www\.acme\.localhost is invalid \(connection: http-01: could not fetch/);
    expect(run.certId).toBeNull();
    expect(await t.db.selectFrom('acme_client_http01').selectAll().execute()).toEqual([]);
    expect((await t.auditRows('acme.client.validation')).map((r) => [r.outcome, r.detail.error])).toEqual([['failure', run.steps[3]!.detail]]);
    expect(await t.auditRows('acme.client.finalisation')).toEqual([]);

    // A run whose server stopped mid-step is ended as interrupted once it has stood still for 15 minutes.
    const steps = run.steps.map((s, i) => ({ ...s, state: i === 0 ? 'done' : i === 1 ? 'running' : 'pending' }));
    const stuck = await t.db.updateTable('acme_client_runs').set({ state: 'running', error: null, steps: JSON.stringify(steps), updated_at: new Date(Date.now() - 60_000) }).where('id', '=', runId).returning('id').executeTakeFirstOrThrow();
    expect((await admin.get(`${C}/AcmeClientOrder/${stuck.id}`)).json().state).toBe('running');
    await t.db.updateTable('acme_client_runs').set({ updated_at: new Date(Date.now() - STALE_RUN_MS - 1000) }).where('id', '=', runId).execute();
    const interrupted: AcmeClientRun = (await admin.get(`${C}/AcmeClientOrder/${stuck.id}`)).json();
    expect([interrupted.state, interrupted.error]).toEqual(['failed', 'order: the run was interrupted (the server stopped); start it again']);
    expect(interrupted.steps.map((s) => s.state)).toEqual(['done', 'failed', 'pending', 'pending', 'pending', 'pending']);
    expect((await t.db.selectFrom('acme_client_runs').select('state').where('id', '=', runId).executeTakeFirstOrThrow()).state).toBe('failed');
  }, 150_000);
});
