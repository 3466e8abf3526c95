/**
 * The Intune validation client against a local fake of Entra ID, Microsoft Graph and Intune's
 * ScepRequestValidationFEService (test-helpers/fake-intune.ts): token requests, discovery, the bodies of
 * validateRequest and the notifications, caching, refusals and the URL rule.
 */
import { checkIntuneUrl, clearIntuneCaches, IntuneClient, IntuneServiceError } from './intune-client';
import { startFakeIntune, type FakeIntune } from '../test-helpers/fake-intune';

describe('Intune client', () => {
  let fake: FakeIntune;
  let now = 1_000_000;
  const settings = () => ({ azureTenantId: fake.tenant, applicationId: fake.clientId, clientSecret: fake.clientSecret, authorityUrl: fake.url, graphUrl: fake.url, callerInfo: 'Tessera/test', timeoutMs: 5000 });

  beforeAll(async () => {
    fake = await startFakeIntune();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    clearIntuneCaches();
    fake.requests.length = 0;
    fake.failStatus = undefined;
  });

  it('should get tokens by client credentials, discover the service through Graph and post validateRequest with the CSR', async () => {
    const client = new IntuneClient(settings(), () => now);
    const csr = Uint8Array.from([0x30, 0x03, 0x02, 0x01, 0x07]);
    expect(await client.validateRequest('tx-1', csr)).toEqual({ code: 'Success', errorDescription: '' });
    const tokens = fake.requests.filter((r) => r.path.endsWith('/oauth2/v2.0/token'));
    expect(tokens.map((r) => r.form)).toEqual([
      { grant_type: 'client_credentials', client_id: fake.clientId, client_secret: fake.clientSecret, scope: `${fake.url}/.default` },
      { grant_type: 'client_credentials', client_id: fake.clientId, client_secret: fake.clientSecret, scope: 'https://api.manage.microsoft.com//.default' },
    ]);
    const discovery = fake.requests.find((r) => r.method === 'GET')!;
    expect(discovery.path).toBe('/v1.0/servicePrincipals/appId=0000000a-0000-0000-c000-000000000000/endpoints');
    const validate = fake.requests.find((r) => r.path.endsWith('/ScepActions/validateRequest'))!;
    expect(validate.path).toBe('/TrafficGateway/PassThroughRoleForward/ScepRequestValidationFEService/ScepActions/validateRequest');
    expect(validate.json).toEqual({ request: { transactionId: 'tx-1', certificateRequest: Buffer.from(csr).toString('base64'), callerInfo: 'Tessera/test' } });
    expect(validate.headers['api-version']).toBe('2018-02-20');
    expect(validate.headers['useragent']).toBe('Tessera/test');
    expect(validate.headers['client-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A second call reuses the tokens and the discovered service.
    fake.requests.length = 0;
    await client.validateRequest('tx-2', csr);
    expect(fake.requests.map((r) => r.path.replace(/.*\//, ''))).toEqual(['validateRequest']);
    // Tokens are fetched again once they are about to expire.
    now += 3600_000;
    fake.requests.length = 0;
    await client.validateRequest('tx-3', csr);
    expect(fake.requests.filter((r) => r.path.endsWith('/token')).length).toBeGreaterThanOrEqual(1);
  });

  it('should pass on a refusal code and send the notifications with their fields', async () => {
    fake.decide = (request) => (request.transactionId === 'bad' ? { code: 'ChallengeExpired', errorDescription: 'The challenge has expired' } : { code: 'Success', errorDescription: '' });
    const client = new IntuneClient(settings(), () => now);
    expect(await client.validateRequest('bad', Uint8Array.from([1]))).toEqual({ code: 'ChallengeExpired', errorDescription: 'The challenge has expired' });
    const expiresAt = new Date('2027-01-02T03:04:05.000Z');
    await client.successNotification({ transactionId: 'ok', csrDer: Uint8Array.from([2]), thumbprint: 'AB'.repeat(20), serialNumber: '0a1b', expiresAt, issuingCertificateAuthority: 'CN=Root' });
    await client.failureNotification({ transactionId: 'ko', csrDer: Uint8Array.from([3]), hResult: 0x80004005, errorDescription: 'x'.repeat(300) });
    const success = fake.requests.find((r) => r.path.endsWith('/successNotification'))!;
    expect(success.json).toEqual({ notification: { transactionId: 'ok', certificateRequest: 'Ag==', certificateThumbprint: 'AB'.repeat(20), certificateSerialNumber: '0a1b', certificateExpirationDateUtc: '2027-01-02T03:04:05.000Z', issuingCertificateAuthority: 'CN=Root', callerInfo: 'Tessera/test' } });
    const failure = fake.requests.find((r) => r.path.endsWith('/failureNotification'))!;
    expect(failure.json).toEqual({ notification: { transactionId: 'ko', certificateRequest: 'Aw==', hResult: 0x80004005, errorDescription: 'x'.repeat(255), callerInfo: 'Tessera/test' } });
  });

  it('should fail with a one-line reason, without the secret, on a wrong secret, an HTTP error or an unreachable service', async () => {
    const wrong = new IntuneClient({ ...settings(), clientSecret: 'wrong-secret' }, () => now);
    const refused = await wrong.validateRequest('t', Uint8Array.from([1])).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(IntuneServiceError);
    expect((refused as Error).message).toBe("Entra ID refused the application's credentials: invalid_client (HTTP 401)");
    expect((refused as Error).message).not.toContain('wrong-secret');
    fake.failStatus = 503;
    const down = await new IntuneClient(settings(), () => now).validateRequest('t', Uint8Array.from([1])).catch((e: Error) => e);
    expect((down as Error).message).toBe('Intune did not answer validateRequest: ServiceUnavailable (HTTP 503)');
    const gone = await new IntuneClient({ ...settings(), authorityUrl: 'http://127.0.0.1:1' }, () => now).validateRequest('t', Uint8Array.from([1])).catch((e: Error) => e);
    expect(gone).toBeInstanceOf(IntuneServiceError);
    expect((gone as Error).message).toMatch(/^Entra ID could not be reached/);
  });

  it('should accept only https URLs, or http on loopback', () => {
    expect(checkIntuneUrl('authorityUrl', 'https://login.microsoftonline.us/')).toBe('https://login.microsoftonline.us');
    expect(checkIntuneUrl('graphUrl', 'http://localhost:8080')).toBe('http://localhost:8080');
    expect(() => checkIntuneUrl('graphUrl', 'http://graph.example.com')).toThrow('must be an https:// URL');
    expect(() => checkIntuneUrl('authorityUrl', 'nonsense')).toThrow('is not a URL');
    expect(() => new IntuneClient({ ...settings(), graphUrl: 'http://10.0.0.1' })).toThrow(IntuneServiceError);
  });
});
