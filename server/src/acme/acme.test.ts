/**
 * The ACME server (RFC 8555; issue 17) through `app.inject` with a jose-signed test client, http-01 answered
 * by a real HTTP listener on loopback (`TESSERA_ACME_HTTP01_PORT`), and the allowed domains it obeys.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as jose from 'jose';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import { acmeKey, AcmeTestClient, injectTransport, signJws } from '../test-helpers/acme-client';
import type { TestClient } from '../test-helpers/client';
import { crypto, x509 } from '../pki/x509';
import { validationsSettled } from './acme.service';

const P = '/api2/PKI-v1';

async function csrDer(names: string[], cn = names[0]): Promise<{ der: string; keys: CryptoKeyPair }> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: cn ? `CN=${cn}` : '', keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' }, extensions: [new x509.SubjectAlternativeNameExtension(names.map((value) => ({ type: 'dns' as const, value })))] });
  return { der: Buffer.from(csr.rawData).toString('base64url'), keys };
}

describe('ACME server (RFC 8555)', () => {
  let t: TestContext;
  let admin: TestClient;
  let viewer: TestClient;
  let templateId: string;
  let directoryUrl: string;
  let challengeServer: http.Server;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    challengeServer = http.createServer((req, res) => {
      const token = req.url?.replace('/.well-known/acme-challenge/', '') ?? '';
      const body = tokens.get(token);
      res.writeHead(body ? 200 : 404).end(body ?? 'no');
    });
    await new Promise<void>((resolve) => challengeServer.listen(0, '127.0.0.1', resolve));
    t = await build({ config: { acmeHttp01Port: (challengeServer.address() as AddressInfo).port } });
    const { tenantId } = await t.bootstrap();
    admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    await t.createUser(tenantId, 'viewer', ['certificateSearch']);
    viewer = t.client();
    await viewer.login('viewer', TEST_PASSWORD);
    const caId = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'ACME Root', keyAlgorithm: 'P-256' })).json().id;
    templateId = (await admin.post(`${P}/CertificateTemplate`, { templateName: 'acme-tls', class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 30, validityPeriodUnits: 'DAYS', certificateSans: [{ sanField: 'DNS' }] })).json().templateId;
  }, 150_000);
  afterAll(async () => {
    await validationsSettled();
    await t?.close();
    challengeServer?.close();
  });

  it('should keep the allowed domains per tenant, refuse bad names naming the field, and need manageDomains', async () => {
    expect((await admin.post(`${P}/AllowedDomain`, { domain: 'exa mple.com' })).json()).toMatchObject({ code: 'VALIDATION', field: 'domain' });
    const added = await admin.post(`${P}/AllowedDomain`, { domain: '*.ACME.localhost' });
    expect(added.statusCode).toBe(201);
    expect(added.json().domain).toBe('*.acme.localhost');
    expect((await admin.post(`${P}/AllowedDomain`, { domain: '*.acme.localhost' })).statusCode).toBe(409);
    const other = (await admin.post(`${P}/AllowedDomain`, { domain: 'other.example' })).json();
    expect((await viewer.post(`${P}/AllowedDomain`, { domain: 'x.example' })).statusCode).toBe(403);
    expect((await viewer.get(`${P}/AllowedDomains`)).statusCode).toBe(403);
    expect((await admin.get(`${P}/AllowedDomains?search=acme`)).json()).toMatchObject({ totalResults: 1, results: [{ domain: '*.acme.localhost' }] });
    expect((await admin.request('DELETE', `${P}/AllowedDomain/${other.id}`)).statusCode).toBe(204);
    expect((await t.auditRows('allowedDomain.add')).map((r) => r.detail.domain)).toEqual(['*.acme.localhost', 'other.example']);
    // Another tenant sees none of them and cannot delete them.
    const globexId = await t.createTenant('Globex', ['globex.test']);
    await t.createUser(globexId, 'globexadmin', ['manageDomains']);
    const globex = t.client();
    const host = { headers: { host: 'globex.test' } };
    expect((await globex.request('POST', '/api2/Authentication-v1/login', { body: { username: 'globexadmin', password: TEST_PASSWORD }, ...host })).statusCode).toBe(200);
    expect((await globex.request('GET', `${P}/AllowedDomains`, host)).json()).toEqual({ totalResults: 0, results: [] });
    expect((await globex.request('DELETE', `${P}/AllowedDomain/${added.json().id}`, host)).statusCode).toBe(404);
    const rows = await t.db.selectFrom('allowed_domains').select('domain').execute();
    expect(rows).toEqual([{ domain: '*.acme.localhost' }]);
  });

  it('should serve no directory until the template is ACME-enabled, then a directory with absolute URLs', async () => {
    const url = `http://localhost/pki/acme/${templateId}/directory`;
    const before = await injectTransport(t.app)('GET', url);
    expect([before.status, before.headers['content-type'], before.json().type]).toEqual([404, 'application/problem+json', 'urn:ietf:params:acme:error:malformed']);
    expect((await viewer.put(`${P}/AcmeConfiguration`, { templateId, enabled: true })).statusCode).toBe(403);
    expect((await admin.put(`${P}/AcmeConfiguration`, { templateId: '00000000-0000-4000-8000-000000000000', enabled: true })).json()).toMatchObject({ field: 'templateId' });
    const enabled = await admin.put(`${P}/AcmeConfiguration`, { templateId, enabled: true });
    expect(enabled.json()).toMatchObject({ templateId, enabled: true, eabRequired: false });
    directoryUrl = url;
    const dir = await injectTransport(t.app)('GET', url);
    expect(dir.status).toBe(200);
    expect(dir.headers['replay-nonce']).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(dir.json()).toMatchObject({ newNonce: `http://localhost/pki/acme/${templateId}/new-nonce`, newAccount: expect.stringContaining('/new-account'), newOrder: expect.stringContaining('/new-order'), revokeCert: expect.stringContaining('/revoke-cert'), keyChange: expect.stringContaining('/key-change') });
  });

  it('should refuse a reused nonce, a wrong url, a MAC-signed JWS and a kid naming no account', async () => {
    const client = await new AcmeTestClient(injectTransport(t.app), directoryUrl, await acmeKey()).init();
    const nonce = await client.takeNonce();
    expect((await client.register()).status).toBe(201);
    const first = await client.post(client.directory.newOrder!, { identifiers: [{ type: 'dns', value: 'a.acme.localhost' }] }, { nonce });
    expect(first.status).toBe(201);
    const replay = await client.post(client.directory.newOrder!, { identifiers: [{ type: 'dns', value: 'a.acme.localhost' }] }, { nonce });
    expect([replay.status, replay.json().type]).toEqual([400, 'urn:ietf:params:acme:error:badNonce']);
    expect(replay.headers['replay-nonce']).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const made = await new AcmeTestClient(injectTransport(t.app), directoryUrl, await acmeKey()).init();
    expect((await made.transport('POST', client.directory.newOrder!, '{"not":"a jws"}')).json().type).toBe('urn:ietf:params:acme:error:malformed');
    const mac = await new jose.FlattenedSign(new TextEncoder().encode('{}')).setProtectedHeader({ alg: 'HS256', nonce: await client.takeNonce(), url: client.directory.newAccount, jwk: client.key.jwk } as jose.JWSHeaderParameters).sign(new Uint8Array(32));
    expect((await client.transport('POST', client.directory.newAccount!, JSON.stringify(mac))).json().type).toBe('urn:ietf:params:acme:error:badSignatureAlgorithm');
    const badUrl = await client.transport('POST', client.directory.newOrder!, JSON.stringify(await signJws(client.key, { kid: client.kid, nonce: await client.takeNonce(), url: client.directory.newAccount }, {})));
    expect([badUrl.status, badUrl.json().type]).toEqual([401, 'urn:ietf:params:acme:error:unauthorized']);
    const otherKey = await signJws(await acmeKey(), { kid: client.kid, nonce: await client.takeNonce(), url: client.directory.newOrder }, { identifiers: [{ type: 'dns', value: 'a.acme.localhost' }] });
    expect((await client.transport('POST', client.directory.newOrder!, JSON.stringify(otherKey))).json().type).toBe('urn:ietf:params:acme:error:malformed');
    const stranger = new AcmeTestClient(client.transport, directoryUrl, await acmeKey());
    stranger.directory = client.directory;
    stranger.kid = `${client.kid!.slice(0, -36)}00000000-0000-4000-8000-000000000000`;
    expect((await stranger.post(client.directory.newOrder!, { identifiers: [{ type: 'dns', value: 'a.acme.localhost' }] })).json().type).toBe('urn:ietf:params:acme:error:accountDoesNotExist');
  });

  it('should run an order: http-01 on loopback, finalize with a CSR of exactly its names, certificate with the chain, revocation', async () => {
    const client = await new AcmeTestClient(injectTransport(t.app), directoryUrl, await acmeKey()).init();
    const reg = await client.register({ termsOfServiceAgreed: true, contact: ['mailto:ops@acme.localhost'] });
    expect(reg.status).toBe(201);
    expect((await client.register()).status).toBe(200);
    expect((await t.auditRows('acme.account.create')).length).toBeGreaterThanOrEqual(2);

    const refused = await client.post(client.directory.newOrder!, { identifiers: [{ type: 'dns', value: 'www.elsewhere.example' }] });
    expect([refused.status, refused.json().type]).toEqual([403, 'urn:ietf:params:acme:error:rejectedIdentifier']);
    expect((await client.post(client.directory.newOrder!, { identifiers: [{ type: 'ip', value: '127.0.0.1' }] })).json().type).toBe('urn:ietf:params:acme:error:unsupportedIdentifier');

    const orderRes = await client.post(client.directory.newOrder!, { identifiers: [{ type: 'dns', value: 'www.acme.localhost' }] });
    expect(orderRes.status).toBe(201);
    const orderUrl = orderRes.headers.location!;
    const order = orderRes.json() as { status: string; authorizations: string[]; finalize: string };
    expect(order.status).toBe('pending');
    const early = await client.post(order.finalize, { csr: (await csrDer(['www.acme.localhost'])).der });
    expect([early.status, early.json().type]).toEqual([403, 'urn:ietf:params:acme:error:orderNotReady']);

    const authz = (await client.post(order.authorizations[0]!, '')).json() as { identifier: { value: string }; challenges: { type: string; url: string; token: string }[] };
    expect(authz.identifier.value).toBe('www.acme.localhost');
    expect(authz.challenges.map((c) => c.type).sort()).toEqual(['dns-01', 'http-01', 'tls-alpn-01']);
    const http01 = authz.challenges.find((c) => c.type === 'http-01')!;
    tokens.set(http01.token, await client.keyAuthorization(http01.token));
    const started = await client.post(http01.url, {});
    expect(started.status).toBe(200);
    expect(started.headers.link).toContain('rel="up"');
    await validationsSettled();
    expect((await client.post(order.authorizations[0]!, '')).json().status).toBe('valid');
    expect((await client.post(orderUrl, '')).json().status).toBe('ready');

    const wrong = await client.post(order.finalize, { csr: (await csrDer(['www.acme.localhost', 'extra.acme.localhost'])).der });
    expect([wrong.status, wrong.json().type]).toEqual([400, 'urn:ietf:params:acme:error:badCSR']);
    const { der, keys } = await csrDer(['www.acme.localhost']);
    const done = await client.post(order.finalize, { csr: der });
    expect(done.status).toBe(200);
    expect(done.json()).toMatchObject({ status: 'valid', certificate: expect.stringContaining('/cert/') });
    expect(await t.auditRows('acme.order.finalize')).toEqual([expect.objectContaining({ outcome: 'success' })]);

    const chain = await client.post(done.json().certificate as string, '');
    expect(chain.headers['content-type']).toContain('application/pem-certificate-chain');
    const pems = chain.body.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g)!;
    expect(pems).toHaveLength(2);
    const leaf = new x509.X509Certificate(pems[0]!);
    expect(leaf.getExtension(x509.SubjectAlternativeNameExtension)!.names.toJSON()).toEqual([{ type: 'dns', value: 'www.acme.localhost' }]);
    expect(await leaf.verify({ publicKey: new x509.X509Certificate(pems[1]!) })).toBe(true);

    // Revocation with the certificate's own key (jwk of the leaf key), then again: alreadyRevoked.
    const certKey = { privateKey: keys.privateKey as unknown as jose.KeyLike, jwk: await jose.exportJWK(keys.publicKey as unknown as jose.KeyLike), alg: 'ES256' };
    const stranger = await new AcmeTestClient(client.transport, directoryUrl, await acmeKey()).init();
    await stranger.register();
    const notYours = await stranger.post(client.directory.revokeCert!, { certificate: Buffer.from(leaf.rawData).toString('base64url') });
    expect(notYours.status).toBe(403);
    const revoked = await client.post(client.directory.revokeCert!, { certificate: Buffer.from(leaf.rawData).toString('base64url'), reason: 1 }, { useJwk: true, key: certKey });
    expect(revoked.status).toBe(200);
    expect((await t.db.selectFrom('certificates').select(['status', 'revocation_reason']).where('serial_number', '=', leaf.serialNumber.toLowerCase().replace(/^0+/, '')).executeTakeFirstOrThrow())).toEqual({ status: 'revoked', revocation_reason: 'keyCompromise' });
    expect((await client.post(client.directory.revokeCert!, { certificate: Buffer.from(leaf.rawData).toString('base64url') })).json().type).toBe('urn:ietf:params:acme:error:alreadyRevoked');
    expect((await t.auditRows('certificate.revoke')).length).toBe(1);

    // The console lists the order with its state.
    const listed = (await admin.get(`${P}/AcmeOrders?sortField=createdAt&sortDirection=desc`)).json();
    expect(listed.results.find((o: { orderId: string }) => orderUrl.endsWith(o.orderId))).toMatchObject({ status: 'valid', identifiers: ['www.acme.localhost'], accountContact: ['mailto:ops@acme.localhost'] });
    expect((await viewer.get(`${P}/AcmeOrders`)).statusCode).toBe(403);
  });

  it('should invalidate an authorization whose http-01 answer is wrong', async () => {
    const client = await new AcmeTestClient(injectTransport(t.app), directoryUrl, await acmeKey()).init();
    await client.register();
    const order = (await client.post(client.directory.newOrder!, { identifiers: [{ type: 'dns', value: 'bad.acme.localhost' }] })).json() as { authorizations: string[] };
    const authz = (await client.post(order.authorizations[0]!, '')).json() as { challenges: { type: string; url: string; token: string }[] };
    const http01 = authz.challenges.find((c) => c.type === 'http-01')!;
    tokens.set(http01.token, 'not-the-key-authorization');
    await client.post(http01.url, {});
    await validationsSettled();
    const after = (await client.post(order.authorizations[0]!, '')).json() as { status: string; challenges: { type: string; error?: { type: string } }[] };
    expect(after.status).toBe('invalid');
    expect(after.challenges.find((c) => c.type === 'http-01')!.error!.type).toBe('urn:ietf:params:acme:error:incorrectResponse');
  });

  it('should roll the account key over and deactivate the account', async () => {
    const client = await new AcmeTestClient(injectTransport(t.app), directoryUrl, await acmeKey()).init();
    await client.register();
    const newKey = await acmeKey();
    const url = client.directory.keyChange!;
    const inner = await signJws(newKey, { jwk: newKey.jwk, url }, { account: client.kid, oldKey: client.key.jwk });
    expect((await client.post(url, inner)).status).toBe(200);
    // The old key no longer signs; the new one does.
    expect((await client.post(client.kid!, '')).json().type).toBe('urn:ietf:params:acme:error:malformed');
    client.key = newKey;
    expect((await client.post(client.kid!, '')).json().status).toBe('valid');
    expect((await client.post(client.kid!, { status: 'deactivated' })).json().status).toBe('deactivated');
    const after = await client.post(client.directory.newOrder!, { identifiers: [{ type: 'dns', value: 'x.acme.localhost' }] });
    expect([after.status, after.json().type]).toEqual([401, 'urn:ietf:params:acme:error:unauthorized']);
  });

  it('should require external account binding when the template says so, with a key used once', async () => {
    expect((await admin.put(`${P}/AcmeConfiguration`, { templateId, enabled: true, eabRequired: true })).json().eabRequired).toBe(true);
    const eab = (await admin.post(`${P}/AcmeEabKey`, { templateId })).json() as { keyId: string; hmacKey: string };
    const client = await new AcmeTestClient(injectTransport(t.app), directoryUrl, await acmeKey()).init();
    expect(client.directory.meta).toMatchObject({ externalAccountRequired: true });
    expect((await client.register()).json().type).toBe('urn:ietf:params:acme:error:externalAccountRequired');
    const binding = (key = client.key) =>
      new jose.FlattenedSign(new TextEncoder().encode(JSON.stringify(key.jwk))).setProtectedHeader({ alg: 'HS256', kid: eab.keyId, url: client.directory.newAccount }).sign(Buffer.from(eab.hmacKey, 'base64url'));
    const forged = await new jose.FlattenedSign(new TextEncoder().encode(JSON.stringify(client.key.jwk))).setProtectedHeader({ alg: 'HS256', kid: eab.keyId, url: client.directory.newAccount }).sign(new Uint8Array(32));
    expect((await client.register({ externalAccountBinding: forged })).status).toBe(401);
    expect((await client.register({ externalAccountBinding: await binding() })).status).toBe(201);
    const second = await new AcmeTestClient(injectTransport(t.app), directoryUrl, await acmeKey()).init();
    expect((await second.register({ externalAccountBinding: await binding(second.key) })).status).toBe(401);
    expect(JSON.stringify(await t.auditRows('acme.eabKey.create'))).not.toContain(eab.hmacKey);
    await admin.put(`${P}/AcmeConfiguration`, { templateId, enabled: true, eabRequired: false });
  });
});
