/**
 * Directory users (issue 13): users listed from an LDAP directory (`POST /ad/list/users`) and the LDAP
 * sync of `/workflowLdapSync`, with the texts of admin-console §8 ("LDAP sync", and the Entra ID and
 * Active Directory user alerts). Quoted texts are the spec's; the others are marked "designed".
 */

/**
 * The kinds of directory a tenant can connect. `ldap` reads `inetOrgPerson` entries (`uid`); `activeDirectory`
 * reads AD `user` entries (`sAMAccountName`, disabled by bit 2 of `userAccountControl`); `entraId` reads
 * Microsoft Entra ID users through the Microsoft Graph users API (`userPrincipalName`, `accountEnabled`).
 */
export const DIRECTORY_KINDS = ['ldap', 'activeDirectory', 'entraId'] as const;
/** A kind of connectable directory. */
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];
/** A directory a user alert can name (admin-console §8: Entra ID and Active Directory users; designed: LDAP). */
export type DirectorySource = DirectoryKind;

/** Names of the directory sources as the console shows them. */
export const DIRECTORY_SOURCE_LABELS: Readonly<Record<DirectorySource, string>> = Object.freeze({
  ldap: 'LDAP',
  activeDirectory: 'Active Directory',
  entraId: 'Entra ID',
});

/** What a sync or an operator can do to a directory user (admin-console §8 "created, updated, enabled, disabled and deleted"). */
export const DIRECTORY_USER_ACTIONS = ['created', 'updated', 'enabled', 'disabled', 'deleted'] as const;
/** One of {@link DIRECTORY_USER_ACTIONS}. */
export type DirectoryUserAction = (typeof DIRECTORY_USER_ACTIONS)[number];

const VERB: Readonly<Record<DirectoryUserAction, string>> = { created: 'create', updated: 'update', enabled: 'enable', disabled: 'disable', deleted: 'delete' };

/**
 * A directory user alert (admin-console §8 names them without quoting; designed in the shape of the
 * spec's 'The user was successfully created'): 'The Active Directory user was successfully created'.
 */
export function directoryUserSucceeded(source: DirectorySource, action: DirectoryUserAction): string {
  return `The ${DIRECTORY_SOURCE_LABELS[source]} user was successfully ${action}`;
}

/** The failure of a directory user alert (designed): 'Failed to create the Entra ID user: {detail}'. */
export function directoryUserFailed(source: DirectorySource, action: DirectoryUserAction, detail: string): string {
  return `Failed to ${VERB[action]} the ${DIRECTORY_SOURCE_LABELS[source]} user: ${detail}`;
}

/** admin-console §8 LDAP sync failure: 'Failed to sync LDAP users: ...'. */
export function ldapSyncFailed(detail: string): string {
  return `Failed to sync LDAP users: ${detail}`;
}

/** Limits of a directory connection and of a listing. */
export const DIRECTORY_LIMITS = Object.freeze({
  /** Entries asked for per page of the LDAP paged-results control (RFC 2696); below the usual server size limit of 500. */
  pagedResultsSize: 500,
  /** Entries a sync reads at most (a bigger directory is refused rather than half synced). */
  maxEntries: 200_000,
  /** Rows of `/ad/list/users` per page: the console's 10 by default, 100 at most. */
  listPageSize: 10,
  listMaxPageSize: 100,
  /** Per-user outcomes a sync answer lists (the counts cover them all). */
  maxReportedChanges: 100,
  /** Milliseconds to connect and for each operation. */
  timeoutMs: 10_000,
});

/** The URL of a directory: `ldap://`, `ldaps://` (LDAP, Active Directory) or `https://` (Entra ID's Graph endpoint), a host and an optional port. */
export const DIRECTORY_URL_PATTERN = '^(ldaps?|https?)://[A-Za-z0-9.-]+(:[0-9]{1,5})?/?$';

/**
 * What is wrong with a directory URL for its kind (designed), or null: LDAP and Active Directory are reached
 * at `ldap://` or `ldaps://`; Entra ID at its Graph endpoint over `https://` (plain `http://` only on this
 * machine, 127.0.0.1 or localhost, where a local test double answers: the client secret never crosses a network in clear).
 */
export function directoryUrlProblem(kind: DirectoryKind, url: string): string | null {
  const scheme = /^([a-z]+):\/\/([^:/]+)/i.exec(url);
  if (!scheme) return 'is not a URL';
  const [, protocol = '', host = ''] = scheme;
  if (kind !== 'entraId') return /^ldaps?$/i.test(protocol) ? null : 'must start with ldap:// or ldaps://';
  if (/^https$/i.test(protocol)) return null;
  if (/^http$/i.test(protocol) && /^(127\.0\.0\.1|localhost)$/i.test(host)) return null;
  return 'must start with https:// (the Microsoft Graph endpoint, such as https://graph.microsoft.com)';
}

/** The directory texts, by code (merged into `MESSAGES`). */
export const DIRECTORY_MESSAGES = Object.freeze({
  /** admin-console §8 LDAP sync success. */
  LDAP_SYNC_SUCCEEDED: 'Successfully updated LDAP users',
  ldapSyncFailed,
  directoryUserSucceeded,
  directoryUserFailed,
  directoryUrlProblem,
  // designed
  DIRECTORY_NOT_CONFIGURED: 'No directory is connected to this tenant.',
  DIRECTORY_SAVED: 'Directory connection saved',
  DIRECTORY_PASSWORD_REQUIRED: 'bindPassword is required when no password is stored yet',
  DIRECTORY_LOCAL_ACCOUNT: 'a local account already has this username',
} as const);

/** One entry of `POST /ad/list/users`. */
export interface DirectoryUser {
  /** The entry's distinguished name. */
  dn: string;
  username: string;
  givenName: string;
  familyName: string;
  emailAddress: string;
  telephone: string | null;
  /** False for an Active Directory account with ACCOUNTDISABLE set. */
  enabled: boolean;
  /** Whether a user of the tenant is linked to this entry (synced). */
  synced: boolean;
}

/** The outcome of a sync for one entry. */
export interface DirectorySyncChange {
  username: string;
  action: DirectoryUserAction;
  ok: boolean;
  message: string;
}

/** `POST /api2/IDM-v1/LdapSync`. */
export interface DirectorySyncResult {
  /** Entries read from the directory. */
  total: number;
  created: number;
  updated: number;
  enabled: number;
  disabled: number;
  failed: number;
  unchanged: number;
  /** 'Successfully updated LDAP users'. */
  message: string;
  /** At most {@link DIRECTORY_LIMITS}.maxReportedChanges, failures first. */
  changes: DirectorySyncChange[];
}

/** `GET /api2/IDM-v1/DirectoryConnection` (workflow): the tenant's directory connection, never its bind password. */
export interface DirectoryConnectionView {
  configured: boolean;
  kind?: DirectoryKind;
  url?: string;
  bindDn?: string;
  baseDn?: string;
  userFilter?: string;
  hasBindPassword?: boolean;
  lastSyncAt?: string | null;
}
