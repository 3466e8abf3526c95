/**
 * Device certificate endpoints and the certificate endpoint map (issue 13; admin-console §3): real TLS
 * servers started here present a certificate Tessera issued (through the API) and a self-signed one; a
 * scan makes a real handshake and maps what it saw by serial number and issuer.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { ENDPOINT_MESSAGES, MAX_ENDPOINTS_PER_DEVICE } from '@tessera/domain';
import { build, TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';

const I = '/api2/IDM-v1';
const P = '/api2/PKI-v1';
const C = '/api2/Certificates-v1';
const DAY = 86_400_000;

describe('device certificate endpoints and the certificate endpoint map', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let viewer: TestClient; // deviceView only
  let foreign: TestClient; // every device and certificate permission, other tenant
  let dir: string;
  let deviceId: string;
  let issued: { certID: string };
  let caId: string;
  const servers: (net.Server | tls.Server)[] = [];
  let tesseraPort: number;
  let selfSignedPort: number;
  let silentPort: number;
  let closedPort: number;

  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const listen = async (server: net.Server | tls.Server) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const signIn = async (username: string, host?: string) => {
    const c = t.client();
    const res = await c.post('/api2/Authentication-v1/login', { username, password: TEST_PASSWORD }, host ? { headers: { host } } : {});
    if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.body}`);
    return c;
  };
  const addEndpoint = async (body: Record<string, unknown>) => admin.post(`${I}/DeviceEndpoint`, { deviceId, ...body });
  const count = async () => (await t.db.selectFrom('device_endpoints').select('id').execute()).length;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-endpoints-'));
    t = await build();
    ({ tenantId } = await t.bootstrap());
    admin = await signIn('admin');
    await t.createUser(tenantId, 'vera', ['deviceView']);
    viewer = await signIn('vera');
    const globex = await t.createTenant('Globex', ['globex.example']);
    await t.createUser(globex, 'gus', ['deviceView', 'deviceAdd', 'deviceEdit', 'certView']);
    foreign = await signIn('gus', 'globex.example');

    const ca = (await admin.post(`${P}/CertificateAuthority`, { friendlyName: 'Issuing', keyAlgorithm: 'P-256' })).json();
    caId = ca.id;
    const templateId = (
      await admin.post(`${P}/CertificateTemplate`, { templateName: 'tls-server', class: 'DEVICE', caId, keyTypes: ['EC_NIST'], validityPeriod: 90, validityPeriodUnits: 'DAYS', keyUsages: ['digitalSignature', 'keyAgreement'], extendedKeyUsages: ['serverAuth'], certificateSans: [{ sanField: 'DNS' }] })
    ).json().templateId;
    openssl('req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'web.key', '-subj', '/CN=web.acme.example', '-addext', 'subjectAltName=DNS:web.acme.example', '-out', 'web.csr');
    const result = (await admin.post(`${C}/SubmitDeviceCSR`, { templateId, csr: readFileSync(path.join(dir, 'web.csr'), 'utf8') })).json();
    expect(result.status).toBe('complete');
    issued = result;
    openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'self.key', '-subj', '/CN=self.acme.example', '-days', '365', '-out', 'self.pem');

    tesseraPort = await listen(tls.createServer({ key: readFileSync(path.join(dir, 'web.key')), cert: result.certificate }, (s) => s.end()));
    selfSignedPort = await listen(tls.createServer({ key: readFileSync(path.join(dir, 'self.key')), cert: readFileSync(path.join(dir, 'self.pem')) }, (s) => s.end()));
    silentPort = await listen(net.createServer(() => undefined)); // accepts, never answers the ClientHello
    const closed = net.createServer();
    closedPort = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    servers.splice(servers.indexOf(closed), 1);

    const device = await admin.post(`${I}/Device`, { hostname: 'web-01.acme.example', ipAddress: '10.1.1.1' });
    expect(device.statusCode).toBe(201);
    deviceId = device.json().id;
  }, 120_000);
  afterAll(async () => {
    for (const s of servers) {
      (s as net.Server & { closeAllConnections?: () => void }).closeAllConnections?.();
      s.close();
    }
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should add an endpoint, audit it, and refuse the same host and port again with 409', async () => {
    const res = await addEndpoint({ host: '127.0.0.1', port: tesseraPort, serverName: 'web.acme.example', label: 'HTTPS' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ deviceId, deviceHostname: 'web-01.acme.example', host: '127.0.0.1', port: tesseraPort, serverName: 'web.acme.example', label: 'HTTPS', status: 'not_scanned', certificate: null, lastScanAt: null });
    expect((await t.auditRows('device.endpoint.create')).at(-1)).toMatchObject({ target_id: deviceId, actor_username: 'admin', tenant_id: tenantId, detail: { endpointId: res.json().id, port: tesseraPort } });
    const again = await addEndpoint({ host: '127.0.0.1', port: tesseraPort });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'host', message: ENDPOINT_MESSAGES.DUPLICATE });
    const list = await viewer.get(`${I}/DeviceEndpoints?deviceId=${deviceId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(1);
  });

  it.each([
    ['host', { host: 'bad host', port: 443 }],
    ['host', { host: '10.0.0.300', port: 443 }],
    ['port', { host: 'a.acme.example', port: 0 }],
    ['port', { host: 'a.acme.example', port: 65536 }],
    ['port', { host: 'a.acme.example', port: 'x' }],
    ['serverName', { host: 'a.acme.example', port: 443, serverName: 'not a name' }],
  ])('fail/%s: should refuse %j with 400 naming the field and add nothing', async (field, body) => {
    const before = await count();
    const res = await addEndpoint(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await count()).toBe(before);
  });

  it('should answer the domain message for a port out of range', async () => {
    const res = await addEndpoint({ host: 'a.acme.example', port: 70000 });
    expect(res.json()).toMatchObject({ field: 'port', message: ENDPOINT_MESSAGES.PORT_INVALID });
  });

  it('should scan the endpoint presenting a Tessera certificate and map it by serial and issuer', async () => {
    const id = (await admin.get(`${I}/DeviceEndpoints?deviceId=${deviceId}`)).json()[0].id;
    const res = await admin.post(`${I}/ScanDeviceEndpoint`, { id });
    expect(res.statusCode).toBe(200);
    const [, serial] = issued.certID.split(':');
    const e = res.json();
    expect(e).toMatchObject({ status: 'valid', lastScanError: null, certificate: { subject: 'CN=web.acme.example', serialNumber: serial!.replace(/^0+/, ''), certId: `${caId}:${serial!.replace(/^0+/, '')}`, tesseraStatus: 'issued' } });
    expect(e.certificate.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Date.parse(e.certificate.notAfter) - Date.now()).toBeGreaterThan(85 * DAY);
    expect((await t.auditRows('device.endpoint.scan')).at(-1)).toMatchObject({ target_id: deviceId, detail: { endpointId: id, serialNumber: e.certificate.serialNumber } });
    // The certificate's "seen at" list (certView).
    const seen = await admin.get(`${C}/CertificateEndpoints?certId=${encodeURIComponent(issued.certID)}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().map((x: { id: string }) => x.id)).toEqual([id]);
  });

  it('should scan a self-signed certificate as unknown to Tessera, and a refused connection and a silent server as errors', async () => {
    const self = (await addEndpoint({ host: 'localhost', port: selfSignedPort })).json();
    const scanned = (await admin.post(`${I}/ScanDeviceEndpoint`, { id: self.id })).json();
    expect(scanned).toMatchObject({ status: 'unknown', certificate: { subject: 'CN=self.acme.example', certId: null, tesseraStatus: null } });

    const refused = (await addEndpoint({ host: '127.0.0.1', port: closedPort })).json();
    const r = (await admin.post(`${I}/ScanDeviceEndpoint`, { id: refused.id })).json();
    expect(r).toMatchObject({ status: 'error', lastScanError: ENDPOINT_MESSAGES.SCAN_REFUSED, certificate: null, lastScanAt: expect.any(String) });

    const silent = (await addEndpoint({ host: '127.0.0.1', port: silentPort })).json();
    const started = Date.now();
    const s = (await admin.post(`${I}/ScanDeviceEndpoint`, { id: silent.id })).json();
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(s).toMatchObject({ status: 'error', lastScanError: ENDPOINT_MESSAGES.SCAN_TIMEOUT });
    expect((await t.auditRows('device.endpoint.scan')).at(-1)!.detail).toMatchObject({ endpointId: silent.id, error: ENDPOINT_MESSAGES.SCAN_TIMEOUT });
  }, 30_000);

  it('should page, sort and search the endpoint map on the server', async () => {
    const all = (await viewer.get(`${I}/DeviceEndpointMap?take=100`)).json();
    expect(all.totalResults).toBe(4);
    const page = (await viewer.get(`${I}/DeviceEndpointMap?take=2&skip=0&sort=notAfter&order=asc`)).json();
    expect(page.totalResults).toBe(4);
    expect(page.results).toHaveLength(2);
    expect(page.results.map((e: { status: string }) => e.status)).toEqual(['valid', 'unknown']); // 90 days before 365 days
    const found = (await viewer.get(`${I}/DeviceEndpointMap?search=self.acme`)).json();
    expect(found.results.map((e: { port: number }) => e.port)).toEqual([selfSignedPort]);
    expect((await viewer.get(`${I}/DeviceEndpointMap?search=localhost`)).json().totalResults).toBe(1);
    expect((await viewer.get(`${I}/DeviceEndpointMap?sort=nope`)).statusCode).toBe(400);
  });

  it('should show expiring within 30 days, expired, and revoked in Tessera', async () => {
    // A fresh sign-in at each moved clock (sessions idle out across the jump).
    const ofPort = async (port: number) => (await (await signIn('vera')).get(`${I}/DeviceEndpointMap?take=100`)).json().results.find((e: { port: number }) => e.port === port).status;
    t.advance(61 * DAY);
    expect(await ofPort(tesseraPort)).toBe('expiring');
    t.advance(30 * DAY);
    expect(await ofPort(tesseraPort)).toBe('expired');
    t.advance(-91 * DAY);
    admin = await signIn('admin');
    viewer = await signIn('vera');
    foreign = await signIn('gus', 'globex.example');
    const [ca, serialNumber] = issued.certID.split(':');
    expect((await admin.post(`${C}/RevokeCertificate`, { caId: ca, serialNumber, reason: 'keyCompromise' })).json()).toMatchObject({ status: 'ok' });
    expect(await ofPort(tesseraPort)).toBe('revoked');
  });

  it('should edit an endpoint (a new port forgets the last scan) and delete it, audited', async () => {
    const self = (await admin.get(`${I}/DeviceEndpointMap?search=self.acme`)).json().results[0];
    const edited = await admin.put(`${I}/DeviceEndpoint`, { id: self.id, host: 'localhost', port: selfSignedPort, label: 'Admin UI' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ label: 'Admin UI', status: 'unknown' });
    const clash = await admin.put(`${I}/DeviceEndpoint`, { id: self.id, host: '127.0.0.1', port: tesseraPort });
    expect(clash.statusCode).toBe(409);
    const moved = await admin.put(`${I}/DeviceEndpoint`, { id: self.id, host: 'localhost', port: 8443 });
    expect(moved.json()).toMatchObject({ port: 8443, status: 'not_scanned', certificate: null });
    expect((await t.auditRows('device.endpoint.update')).at(-1)!.detail).toMatchObject({ endpointId: self.id, changed: ['port', 'label'] }); // a PUT sends every field: the label left out is cleared
    const del = await admin.request('DELETE', `${I}/DeviceEndpoint/${self.id}`);
    expect(del.statusCode).toBe(204);
    expect((await t.auditRows('device.endpoint.delete')).at(-1)!.detail).toMatchObject({ endpointId: self.id, port: 8443 });
    expect((await admin.request('DELETE', `${I}/DeviceEndpoint/${self.id}`)).statusCode).toBe(404);
  });

  it(`should refuse more than ${MAX_ENDPOINTS_PER_DEVICE} endpoints on one device`, async () => {
    const have = (await admin.get(`${I}/DeviceEndpoints?deviceId=${deviceId}`)).json().length;
    for (let i = have; i < MAX_ENDPOINTS_PER_DEVICE; i++) expect((await addEndpoint({ host: 'many.acme.example', port: 1000 + i })).statusCode).toBe(201);
    const over = await addEndpoint({ host: 'many.acme.example', port: 999 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(ENDPOINT_MESSAGES.TOO_MANY);
  });

  it('should refuse writes and scans without deviceEdit (403), and the certificate map without certView', async () => {
    const id = (await admin.get(`${I}/DeviceEndpoints?deviceId=${deviceId}`)).json()[0].id;
    expect((await viewer.post(`${I}/DeviceEndpoint`, { deviceId, host: 'x.acme.example', port: 443 })).statusCode).toBe(403);
    expect((await viewer.post(`${I}/ScanDeviceEndpoint`, { id })).statusCode).toBe(403);
    expect((await viewer.request('DELETE', `${I}/DeviceEndpoint/${id}`)).statusCode).toBe(403);
    expect((await viewer.get(`${C}/CertificateEndpoints?certId=${encodeURIComponent(issued.certID)}`)).statusCode).toBe(403);
  });

  it("should keep tenants apart: another tenant's device, endpoint and certificate are 404 and absent from its map", async () => {
    const id = (await admin.get(`${I}/DeviceEndpoints?deviceId=${deviceId}`)).json()[0].id;
    expect((await foreign.get(`${I}/DeviceEndpoints?deviceId=${deviceId}`)).statusCode).toBe(404);
    expect((await foreign.post(`${I}/DeviceEndpoint`, { deviceId, host: 'x.acme.example', port: 443 })).statusCode).toBe(404);
    expect((await foreign.post(`${I}/ScanDeviceEndpoint`, { id })).statusCode).toBe(404);
    expect((await foreign.put(`${I}/DeviceEndpoint`, { id, host: 'x.acme.example', port: 443 })).statusCode).toBe(404);
    expect((await foreign.request('DELETE', `${I}/DeviceEndpoint/${id}`)).statusCode).toBe(404);
    expect((await foreign.get(`${C}/CertificateEndpoints?certId=${encodeURIComponent(issued.certID)}`)).statusCode).toBe(404);
    expect((await foreign.get(`${I}/DeviceEndpointMap`)).json().totalResults).toBe(0);
  });

  it('should change nothing when the audit fails (503)', async () => {
    const other = (await admin.post(`${I}/Device`, { hostname: 'web-02.acme.example' })).json().id;
    const before = await count();
    await t.breakAudit();
    try {
      expect((await admin.post(`${I}/DeviceEndpoint`, { deviceId: other, host: 'audit.acme.example', port: 443 })).statusCode).toBe(503);
    } finally {
      await t.repairAudit();
    }
    expect(await count()).toBe(before);
  });
});
