/**
 * A tiny local HTTP server speaking the sign-in part of docs/api.md, for CLI tests over real HTTP and
 * undici: XSRF double submit, login, session cookie, GET /api/login, logout.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Viewer } from '@tessera/domain';

/** The viewer the fake server signs in. */
export const FAKE_VIEWER: Viewer = {
  id: 'u1',
  username: 'admin',
  names: { givenName: 'Ada', familyName: 'Admin', displayName: 'Ada Admin' },
  emailAddress: 'ada@example.com',
  telephoneNumber: null,
  organisation: null,
  roles: ['Administrator'],
  allRoles: [{ id: 'r1', name: 'Administrator' }],
  allOrgs: [],
  allSponsors: [],
  permission: { View: ['userView', 'audit'], Menu: ['identity'], activeMenu: ['identity'], api: ['userView', 'audit'], roles: ['Administrator'], isManager: false },
  tenant: { id: 't1', name: 'Acme', bannerColour: null, toastrTimeout: null, supportEmail: 'help@acme.example' },
};

const SESSION = { remainingSeconds: 900, expiresAt: '2026-01-01T00:15:00Z', absoluteExpiresAt: '2026-01-01T08:00:00Z' };

function cookies(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    (request.headers.cookie ?? '')
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((pair) => pair.length === 2) as [string, string][],
  );
}

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

/** A running fake server; `requests` lists `METHOD path` of each request; `headers` their headers. */
export interface FakeServer {
  url: string;
  requests: string[];
  headers: IncomingMessage['headers'][];
  sessions: Set<string>;
  close(): Promise<void>;
}

/** Starts the fake server on a free loopback port; the password of `admin` is `secret`. */
export async function startFakeServer(): Promise<FakeServer> {
  const sessions = new Set<string>();
  const requests: string[] = [];
  const headers: IncomingMessage['headers'][] = [];
  let next = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '/').split('?')[0];
      requests.push(`${request.method} ${path}`);
      headers.push(request.headers);
      const jar = cookies(request);
      const setCookies: string[] = [];
      if (!jar['XSRF-TOKEN']) setCookies.push('XSRF-TOKEN=xsrf-1; Path=/; SameSite=Strict');
      const send = (status: number, payload?: unknown, type = 'application/json') => {
        if (setCookies.length) response.setHeader('set-cookie', setCookies);
        if (payload === undefined) {
          response.writeHead(status).end();
          return;
        }
        response.writeHead(status, { 'content-type': type }).end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (request.method !== 'GET' && (!jar['XSRF-TOKEN'] || request.headers['x-xsrf-token'] !== jar['XSRF-TOKEN'])) {
        return send(403, { code: 'CSRF', message: 'Missing or invalid XSRF token' });
      }
      const signedIn = jar.tessera_session !== undefined && sessions.has(jar.tessera_session);
      switch (`${request.method} ${path}`) {
        case 'GET /api2/Authentication-v1/Xsrf':
          return send(204);
        case 'POST /api2/Authentication-v1/login': {
          const { username, password } = JSON.parse(await body(request)) as { username: string; password: string };
          if (username === 'mfa' && password === 'secret') {
            // A TOTP account (issue 4): the password opens a pending session; TOTPAuth with 123456 completes it.
            next += 1;
            setCookies.push(`tessera_session=pending-${next}; Path=/; HttpOnly; SameSite=Strict`);
            return send(200, { furtherAuthenticationRequired: ['TOTP'], session: SESSION });
          }
          if (username !== 'admin' || password !== 'secret') return send(401, { code: 'INVALID_CREDENTIALS', message: 'Check Username and Password' });
          next += 1;
          const id = `session-${next}`;
          sessions.add(id);
          setCookies.push(`tessera_session=${id}; Path=/; HttpOnly; SameSite=Strict`);
          return send(200, { furtherAuthenticationRequired: [], viewer: FAKE_VIEWER, session: SESSION });
        }
        case 'POST /api2/Authentication-v1/TOTPAuth': {
          const { passcode } = JSON.parse(await body(request)) as { passcode: string };
          if (!jar.tessera_session?.startsWith('pending-') || passcode !== '123456') return send(401, { code: 'MFA_INVALID', message: 'Failed to validate MFA token' });
          next += 1;
          const id = `session-${next}`;
          sessions.add(id);
          setCookies.push(`tessera_session=${id}; Path=/; HttpOnly; SameSite=Strict`);
          return send(200, { furtherAuthenticationRequired: [], viewer: FAKE_VIEWER, session: SESSION });
        }
        case 'GET /api/login':
          return signedIn ? send(200, FAKE_VIEWER) : send(401, 'not_logged_in', 'text/plain');
        case 'POST /api2/Authentication-v1/logout':
          if (jar.tessera_session) sessions.delete(jar.tessera_session);
          setCookies.push('tessera_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
          return send(204);
        default:
          return send(404, { code: 'NOT_FOUND', message: 'Not found' });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    headers,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
