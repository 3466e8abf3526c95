/**
 * Reading user entries from an LDAP directory or Active Directory with ldapts (ldapjs is decommissioned).
 * Entries are read with the paged-results control (RFC 2696) a page of `DIRECTORY_LIMITS.pagedResultsSize`
 * at a time, so a directory bigger than the server's size limit (500 on OpenLDAP and AD by default) is
 * read whole. Filters are built as filter objects, never by pasting a search term into a filter string.
 */
import { AndFilter, Client, FilterParser, OrFilter, ResultCodeError, SubstringFilter, type Entry, type Filter } from 'ldapts';
import { DIRECTORY_LIMITS, type DirectoryKind } from '@tessera/domain';

/** What a connection needs (the bind password in clear, only in memory). */
export interface DirectoryConnection {
  kind: DirectoryKind;
  url: string;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  userFilter: string;
}

/** A user entry mapped to Tessera's fields. */
export interface DirectoryEntry {
  dn: string;
  username: string;
  givenName: string;
  familyName: string;
  emailAddress: string;
  telephone: string | null;
  enabled: boolean;
}

/** The directory could not be read: unreachable, bind refused, bad base DN, too many entries. */
export class DirectoryReadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DirectoryReadError';
  }
}

/** The kinds read over LDAP (Entra ID is read through Microsoft Graph: entra-client). */
export type LdapKind = Exclude<DirectoryKind, 'entraId'>;

/** The attribute holding the username of each kind. */
const USERNAME_ATTRIBUTE: Record<LdapKind, string> = { ldap: 'uid', activeDirectory: 'sAMAccountName' };
/** userAccountControl ACCOUNTDISABLE (MS-ADTS 2.2.16). */
const ACCOUNT_DISABLE = 0x2;

function attributesOf(kind: LdapKind): string[] {
  return [USERNAME_ATTRIBUTE[kind], 'givenName', 'sn', 'cn', 'mail', 'telephoneNumber', ...(kind === 'activeDirectory' ? ['userAccountControl'] : [])];
}

function first(entry: Entry, attribute: string): string {
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined ? '' : String(one).trim();
}

/** Maps an entry to Tessera's fields; null when it has no username. */
export function mapEntry(kind: LdapKind, entry: Entry): DirectoryEntry | null {
  const username = first(entry, USERNAME_ATTRIBUTE[kind]);
  if (username === '') return null;
  const control = Number.parseInt(first(entry, 'userAccountControl') || '0', 10);
  return {
    dn: entry.dn,
    username,
    givenName: first(entry, 'givenName'),
    familyName: first(entry, 'sn'),
    emailAddress: first(entry, 'mail'),
    telephone: first(entry, 'telephoneNumber') || null,
    enabled: kind !== 'activeDirectory' || (control & ACCOUNT_DISABLE) === 0,
  };
}

/** The stored user filter parsed. @throws Error naming what is wrong with it */
export function parseUserFilter(filter: string): Filter {
  return FilterParser.parseString(filter);
}

/** The user filter, narrowed to entries whose username, name or e-mail contains `search` (when given). */
export function searchFilter(connection: { kind: LdapKind; userFilter: string }, search?: string): Filter {
  const base = parseUserFilter(connection.userFilter);
  const term = search?.trim();
  if (!term) return base;
  const contains = [USERNAME_ATTRIBUTE[connection.kind], 'cn', 'mail'].map((attribute) => new SubstringFilter({ attribute, any: [term] }));
  return new AndFilter({ filters: [base, new OrFilter({ filters: contains })] });
}

/**
 * Binds and reads every matching user entry, page by page. Entries without a username are left out.
 * @throws DirectoryReadError when the directory cannot be reached, refuses the bind or the search, or
 *   holds more than `DIRECTORY_LIMITS.maxEntries` matching entries
 */
export async function readDirectoryUsers(connection: DirectoryConnection, search?: string): Promise<DirectoryEntry[]> {
  const kind = connection.kind;
  if (kind === 'entraId') throw new DirectoryReadError('Entra ID is not read over LDAP');
  const client = new Client({ url: connection.url, timeout: DIRECTORY_LIMITS.timeoutMs, connectTimeout: DIRECTORY_LIMITS.timeoutMs });
  const entries: DirectoryEntry[] = [];
  try {
    await client.bind(connection.bindDn, connection.bindPassword);
    const pages = client.searchPaginated(connection.baseDn, {
      scope: 'sub',
      filter: searchFilter({ kind, userFilter: connection.userFilter }, search),
      attributes: attributesOf(kind),
      paged: { pageSize: DIRECTORY_LIMITS.pagedResultsSize },
    });
    for await (const page of pages) {
      for (const raw of page.searchEntries) {
        const entry = mapEntry(kind, raw);
        if (entry) entries.push(entry);
      }
      if (entries.length > DIRECTORY_LIMITS.maxEntries) {
        throw new DirectoryReadError(`the directory holds more than ${DIRECTORY_LIMITS.maxEntries} user entries under ${connection.baseDn}`);
      }
    }
    return entries;
  } catch (error) {
    if (error instanceof DirectoryReadError) throw error;
    throw new DirectoryReadError(describe(error), { cause: error });
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** A one-line reason fit to show (ldapts errors carry the LDAP result name; never the password). */
function describe(error: unknown): string {
  if (error instanceof ResultCodeError) {
    // ldapts names the LDAP result by its class (InvalidCredentialsError → 'invalid credentials').
    const result = error.name.replace(/Error$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return `the directory answered ${result} (LDAP result ${error.code})`;
  }
  // Socket errors come from Node's own realm (not always `instanceof Error` here): read their fields.
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message, name, code, cause } = error as { message: unknown; name?: unknown; code?: unknown; cause?: { message?: unknown } };
    // ldapts passes socket errors on as `Error: connect ECONNREFUSED host:port`, or keeps them as the cause.
    const text = `${String(message)} ${String(code ?? '')} ${String(cause?.message ?? '')}`;
    const network = /\b(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|ECONNRESET)\b/.exec(text);
    if (network) return `the directory at the configured URL is unreachable (${network[1]})`;
    if (/timeout/i.test(`${String(name)} ${String(message)}`)) return 'the directory did not answer in time';
    return String(message).split('\n')[0] || String(name ?? 'error');
  }
  return String(error);
}
