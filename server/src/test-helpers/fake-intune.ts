/**
 * A local stand-in for Microsoft Entra ID (client-credentials token endpoint), Microsoft Graph (service discovery
 * of Intune's service principal) and Intune's ScepRequestValidationFEService, on 127.0.0.1, for the Intune SCEP
 * tests (no network here). Shapes as Microsoft documents them (see server/src/enrolment/intune-client.ts).
 * `decide` answers validateRequest (default: Success when the CSR carries a challenge that `challenges` lists).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake saw. */
export interface FakeIntuneRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form?: Record<string, string>;
  json?: Record<string, unknown>;
}

/** The fake and what it saw. */
export interface FakeIntune {
  url: string;
  tenant: string;
  clientId: string;
  clientSecret: string;
  requests: FakeIntuneRequest[];
  /** Answer of validateRequest for a request body; default Success. */
  decide: (request: { transactionId: string; certificateRequest: string; callerInfo: string }) => { code: string; errorDescription: string };
  /** Answer of the notifications (default Success). */
  notificationCode: string;
  /** When set, every Intune call answers this HTTP status. */
  failStatus?: number;
  /** Token lifetime in seconds. */
  expiresIn: number;
  stop(): Promise<void>;
}

export async function startFakeIntune(): Promise<FakeIntune> {
  let issued = 0;
  const graphTokens = new Set<string>();
  const intuneTokens = new Set<string>();
  const fake: Omit<FakeIntune, 'url' | 'stop'> = {
    tenant: 'contoso-azure-tenant',
    clientId: 'intune-app-id',
    clientSecret: 'intune-app-secret-Zx9',
    requests: [],
    decide: () => ({ code: 'Success', errorDescription: '' }),
    notificationCode: 'Success',
    expiresIn: 3599,
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const seen: FakeIntuneRequest = { method: req.method ?? '', path: url.pathname + url.search, headers: req.headers };
      fake.requests.push(seen);
      if (req.method === 'POST' && url.pathname === `/${fake.tenant}/oauth2/v2.0/token`) {
        const form = Object.fromEntries(new URLSearchParams(body));
        seen.form = form;
        if (form.grant_type !== 'client_credentials' || form.client_id !== fake.clientId || form.client_secret !== fake.clientSecret) {
          send(401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
          return;
        }
        const token = `tok-${++issued}`;
        if (form.scope === `${origin()}/.default`) graphTokens.add(token);
        else if (form.scope === 'https://api.manage.microsoft.com//.default') intuneTokens.add(token);
        else {
          send(400, { error: 'invalid_scope' });
          return;
        }
        send(200, { token_type: 'Bearer', expires_in: fake.expiresIn, access_token: token });
        return;
      }
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (req.method === 'GET' && url.pathname === '/v1.0/servicePrincipals/appId=0000000a-0000-0000-c000-000000000000/endpoints') {
        if (!graphTokens.has(bearer)) return send(401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token validation failure.' } });
        send(200, {
          value: [
            { id: '1', capability: 'SomeOtherService', providerId: null, providerName: null, providerResourceId: null, uri: `${origin()}/other` },
            { id: '2', capability: 'ScepRequestValidationFEService', providerId: null, providerName: null, providerResourceId: null, uri: `${origin()}/TrafficGateway/PassThroughRoleForward/ScepRequestValidationFEService` },
          ],
        });
        return;
      }
      const prefix = '/TrafficGateway/PassThroughRoleForward/ScepRequestValidationFEService/ScepActions/';
      if (req.method === 'POST' && url.pathname.startsWith(prefix)) {
        if (!intuneTokens.has(bearer)) return send(401, { error: { code: 'Unauthorized', message: 'bad token' } });
        try {
          seen.json = JSON.parse(body) as Record<string, unknown>;
        } catch {
          return send(400, { code: 'BadRequest' });
        }
        if (fake.failStatus) return send(fake.failStatus, { error: { code: 'ServiceUnavailable' } });
        const action = url.pathname.slice(prefix.length);
        if (action === 'validateRequest') return send(200, fake.decide((seen.json.request ?? {}) as never));
        if (action === 'successNotification' || action === 'failureNotification') return send(200, { code: fake.notificationCode, errorDescription: '' });
      }
      send(404, { error: { code: 'Request_ResourceNotFound', message: 'Not found' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url: origin(),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
