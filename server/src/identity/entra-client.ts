/**
 * Reading users from Microsoft Entra ID through the Microsoft Graph users API, over undici (issue 13: the
 * Entra ID directory source beside the LDAP one). The tenant's directory connection of kind `entraId` holds:
 *  - `url`: the Graph endpoint (`https://graph.microsoft.com`, or a national cloud's);
 *  - `baseDn`: the Entra tenant (directory) id or its primary domain;
 *  - `bindDn`: the application (client) id of an app registration granted `User.Read.All` (application);
 *  - `bindPassword`: that application's client secret (sealed at rest, only in memory here);
 *  - `userFilter`: an optional OData `$filter` of Graph (e.g. `userType eq 'Member'`).
 * A token is fetched with the client-credentials grant from the sign-in authority of the Graph endpoint's
 * cloud (any other endpoint, such as a private test double, serves both from its own origin), then
 * `GET /v1.0/users` is read page by page following `@odata.nextLink`, which must stay on the endpoint's origin
 * (the bearer token is never sent elsewhere). Errors become DirectoryReadError with a one-line reason.
 */
import { request } from 'undici';
import { DIRECTORY_LIMITS } from '@tessera/domain';
import { DirectoryReadError, type DirectoryConnection, type DirectoryEntry } from './directory-client';

/** The sign-in authority of each Microsoft cloud's Graph endpoint (Microsoft: national cloud deployments). */
const AUTHORITIES: Readonly<Record<string, string>> = {
  'graph.microsoft.com': 'https://login.microsoftonline.com',
  'graph.microsoft.us': 'https://login.microsoftonline.us',
  'dod-graph.microsoft.us': 'https://login.microsoftonline.us',
  'microsoftgraph.chinacloudapi.cn': 'https://login.chinacloudapi.cn',
};

/** Graph's page size maximum for users. */
const PAGE_SIZE = 999;
const SELECT = ['id', 'userPrincipalName', 'givenName', 'surname', 'mail', 'businessPhones', 'mobilePhone', 'accountEnabled'];

/** One Graph user as `$select` asks for it. */
interface GraphUser {
  id?: string;
  userPrincipalName?: string | null;
  givenName?: string | null;
  surname?: string | null;
  mail?: string | null;
  businessPhones?: string[] | null;
  mobilePhone?: string | null;
  accountEnabled?: boolean | null;
}

/** The authority that issues tokens for this Graph endpoint. */
export function authorityOf(graphUrl: string): string {
  const url = new URL(graphUrl);
  return AUTHORITIES[url.hostname] ?? url.origin;
}

/** Maps a Graph user to Tessera's fields; null without an id or a userPrincipalName. The link key (`dn`) is the object id. */
export function mapGraphUser(user: GraphUser): DirectoryEntry | null {
  const username = (user.userPrincipalName ?? '').trim();
  if (!user.id || username === '') return null;
  return {
    dn: user.id,
    username,
    givenName: (user.givenName ?? '').trim(),
    familyName: (user.surname ?? '').trim(),
    emailAddress: (user.mail ?? '').trim(),
    telephone: user.businessPhones?.[0]?.trim() || user.mobilePhone?.trim() || null,
    enabled: user.accountEnabled !== false,
  };
}

async function call(url: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }): Promise<{ status: number; json: Record<string, unknown> }> {
  try {
    const res = await request(url, { ...init, headersTimeout: DIRECTORY_LIMITS.timeoutMs, bodyTimeout: DIRECTORY_LIMITS.timeoutMs });
    const text = await res.body.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = {};
    }
    return { status: res.statusCode, json };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    const network = /^(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|ECONNRESET)$/.exec(code) ?? /\b(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|ECONNRESET)\b/.exec(String((error as { cause?: { code?: string } }).cause?.code ?? ''));
    if (network) throw new DirectoryReadError(`Entra ID at the configured URL is unreachable (${network[1]})`, { cause: error });
    if (/Timeout/i.test(code)) throw new DirectoryReadError('Entra ID did not answer in time', { cause: error });
    throw new DirectoryReadError(`Entra ID could not be reached: ${(error as Error).message}`, { cause: error });
  }
}

/** The reason of a Graph or token error answer, one line, never a secret. */
function reason(status: number, json: Record<string, unknown>): string {
  const error = json.error;
  if (typeof error === 'string') return `${error} (HTTP ${status})`; // the token endpoint: { error: 'invalid_client', error_description }
  if (error && typeof error === 'object' && 'code' in error) return `${String((error as { code: unknown }).code)} (HTTP ${status})`; // Graph: { error: { code, message } }
  return `HTTP ${status}`;
}

async function token(connection: DirectoryConnection): Promise<string> {
  const scope = `${new URL(connection.url).origin}/.default`;
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: connection.bindDn, client_secret: connection.bindPassword, scope }).toString();
  const url = `${authorityOf(connection.url)}/${encodeURIComponent(connection.baseDn)}/oauth2/v2.0/token`;
  const { status, json } = await call(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body });
  if (status !== 200 || typeof json.access_token !== 'string') throw new DirectoryReadError(`Entra ID refused the application's credentials: ${reason(status, json)}`);
  return json.access_token;
}

/** Whether a Graph user matches a list search (username, name or e-mail contains the term, case-insensitive), as the LDAP substring filter does. */
function matches(entry: DirectoryEntry, term: string): boolean {
  const t = term.toLowerCase();
  return [entry.username, `${entry.givenName} ${entry.familyName}`, entry.emailAddress].some((field) => field.toLowerCase().includes(t));
}

/**
 * Signs the application in and reads every user (and narrows them to `search` when given).
 * @throws DirectoryReadError when Entra ID cannot be reached, refuses the credentials or the read, or holds
 *   more than `DIRECTORY_LIMITS.maxEntries` users
 */
export async function readEntraUsers(connection: DirectoryConnection, search?: string): Promise<DirectoryEntry[]> {
  const bearer = await token(connection);
  const origin = new URL(connection.url).origin;
  const first = new URL(`${origin}/v1.0/users`);
  first.searchParams.set('$select', SELECT.join(','));
  first.searchParams.set('$top', String(PAGE_SIZE));
  if (connection.userFilter.trim()) first.searchParams.set('$filter', connection.userFilter.trim());
  const entries: DirectoryEntry[] = [];
  let next: string | undefined = first.toString();
  while (next) {
    const { status, json } = await call(next, { method: 'GET', headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' } });
    if (status !== 200) throw new DirectoryReadError(`Microsoft Graph refused to list users: ${reason(status, json)}`);
    for (const user of Array.isArray(json.value) ? (json.value as GraphUser[]) : []) {
      const entry = mapGraphUser(user);
      if (entry) entries.push(entry);
    }
    if (entries.length > DIRECTORY_LIMITS.maxEntries) throw new DirectoryReadError(`Entra ID holds more than ${DIRECTORY_LIMITS.maxEntries} users`);
    const link = json['@odata.nextLink'];
    if (typeof link !== 'string') break;
    if (new URL(link).origin !== origin) throw new DirectoryReadError('Microsoft Graph sent a next page on another host; the read was stopped');
    next = link;
  }
  const term = search?.trim();
  return term ? entries.filter((entry) => matches(entry, term)) : entries;
}
