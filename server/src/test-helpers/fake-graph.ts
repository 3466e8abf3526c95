/**
 * A local stand-in for Microsoft Entra ID (the client-credentials token endpoint) and the Microsoft Graph
 * users API, on 127.0.0.1, for the Entra ID directory tests (no network here). It answers the shapes Graph
 * answers: `POST /{tenant}/oauth2/v2.0/token` (form) and `GET /v1.0/users` with `$select`, `$top`, `$filter`,
 * paged by `@odata.nextLink` (`pageSize` users a page, fewer than `$top`, as Graph may).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Graph user of the fake directory. */
export interface FakeGraphUser {
  id: string;
  userPrincipalName: string;
  givenName: string;
  surname: string;
  mail: string;
  businessPhones: string[];
  mobilePhone: string | null;
  accountEnabled: boolean;
}

/** The fake and what it saw. */
export interface FakeGraph {
  url: string;
  tenant: string;
  clientId: string;
  clientSecret: string;
  users: FakeGraphUser[];
  /** Every request: method, path with query, the form of token requests, the authorization header. */
  requests: { method: string; url: string; form?: Record<string, string>; authorization?: string }[];
  /** When set, the users page answers this next link instead of its own. */
  nextLinkOverride?: string;
  stop(): Promise<void>;
}

/** Starts the fake with `users`. */
export async function startFakeGraph(users: FakeGraphUser[], pageSize = 2): Promise<FakeGraph> {
  const token = 'fake-token-' + Math.random().toString(36).slice(2);
  const fake: Omit<FakeGraph, 'url' | 'stop'> = { tenant: 'contoso-tenant-id', clientId: 'app-client-id', clientSecret: 'app-client-secret', users, requests: [] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && url.pathname === `/${fake.tenant}/oauth2/v2.0/token`) {
        const form = Object.fromEntries(new URLSearchParams(body));
        fake.requests.push({ method: 'POST', url: url.pathname, form });
        if (form.grant_type !== 'client_credentials' || form.client_id !== fake.clientId || form.client_secret !== fake.clientSecret) {
          send(401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
          return;
        }
        send(200, { token_type: 'Bearer', expires_in: 3599, access_token: token });
        return;
      }
      fake.requests.push({ method: req.method ?? '', url: url.pathname + url.search, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
      if (req.method === 'GET' && url.pathname === '/v1.0/users') {
        if (req.headers.authorization !== `Bearer ${token}`) {
          send(401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty.' } });
          return;
        }
        const skip = Number(url.searchParams.get('$skiptoken') ?? 0);
        const page = fake.users.slice(skip, skip + pageSize);
        const next = skip + pageSize < fake.users.length ? `${origin()}/v1.0/users?$skiptoken=${skip + pageSize}` : undefined;
        send(200, { '@odata.context': `${origin()}/v1.0/$metadata#users`, value: page, ...(fake.nextLinkOverride ? { '@odata.nextLink': fake.nextLinkOverride } : next ? { '@odata.nextLink': next } : {}) });
        return;
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

/** A Graph user with sensible fields. */
export function graphUser(n: number, overrides: Partial<FakeGraphUser> = {}): FakeGraphUser {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userPrincipalName: `user${n}@contoso.example`,
    givenName: `Given${n}`,
    surname: `Family${n}`,
    mail: `user${n}@contoso.example`,
    businessPhones: [],
    mobilePhone: null,
    accountEnabled: true,
    ...overrides,
  };
}
