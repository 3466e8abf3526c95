import type { Generated, Selectable } from 'kysely';
import type { DirectoryKind } from '@tessera/domain';

/** `directory_connections`: a tenant's LDAP or Active Directory connection (one per tenant). */
export interface DirectoryConnectionsTable {
  tenant_id: string;
  kind: DirectoryKind;
  /** `ldap://host:port` or `ldaps://host:port`. */
  url: string;
  bind_dn: string;
  /** The bind password sealed by the secret box (context `directory:<tenantId>`); never leaves the server. */
  bind_password_sealed: string;
  /** Where users are searched (subtree). */
  base_dn: string;
  /** The LDAP filter selecting user entries, such as `(objectClass=inetOrgPerson)`. */
  user_filter: string;
  last_sync_at: Date | null;
  updated_at: Generated<Date>;
}

/** A directory connection row. */
export type DirectoryConnectionRow = Selectable<DirectoryConnectionsTable>;
