import { useEffect } from 'react';
import { Button, Heading } from '@primer/react';
import { DIRECTORY_SOURCE_LABELS, type DirectoryConnectionView, type DirectorySyncResult } from '@tessera/domain';
import { FormError, PageLayout } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useAction, useLoad } from '../../requests/useRequest';

const SYNC_TOAST = { title: 'LDAP sync', failure: true as const };

/**
 * `/workflowLdapSync` [workflow]: the tenant's directory connection and a sync of its users
 * (`POST /api2/IDM-v1/LdapSync`: create, update, enable, disable), with what changed and what failed, each
 * with the user alert of admin-console §8 naming its source (LDAP, Active Directory or Entra ID).
 */
export function LdapSyncPage() {
  const connection = useLoad<DirectoryConnectionView>('directory:connection', 'directoryConnection', []);
  const sync = useAction<DirectorySyncResult>('directory:sync', 'ldapSync', SYNC_TOAST);
  const { reload } = connection;
  useEffect(() => {
    if (sync.successes > 0) reload();
  }, [sync.successes, reload]);
  const c = connection.data;
  const result = sync.status === 'succeeded' ? sync.data : undefined;
  return (
    <PageLayout title="LDAP sync">
      <IdentityNav />
      <FormError>{connection.failure?.message}</FormError>
      {c && !c.configured ? <p>No directory is connected to this tenant.</p> : null}
      {c?.configured ? (
        <dl aria-label="Directory connection">
          {(
            [
              ['Kind', c.kind ? DIRECTORY_SOURCE_LABELS[c.kind] : '—'],
              ['URL', c.url],
              // Entra ID: the application signs in to Microsoft Graph; its tenant takes the base DN's place.
              [c.kind === 'entraId' ? 'Application (client) ID' : 'Bind DN', c.bindDn],
              [c.kind === 'entraId' ? 'Entra tenant' : 'Base DN', c.baseDn],
              [c.kind === 'entraId' ? 'Graph $filter' : 'User filter', c.userFilter || '—'],
              ['Last sync', c.lastSyncAt ? new Date(c.lastSyncAt).toLocaleString() : 'Never'],
            ] as const
          ).map(([k, v]) => (
            <div key={k} style={{ display: 'flex', gap: 'var(--base-size-8, 8px)' }}>
              <dt style={{ fontWeight: 600, minWidth: 140 }}>{k}</dt>
              <dd style={{ margin: 0 }}>{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Button variant="primary" disabled={!c?.configured || sync.status === 'loading'} onClick={() => sync.run()}>
        {sync.status === 'loading' ? 'Syncing…' : 'Sync now'}
      </Button>
      <FormError style={{ marginTop: 'var(--base-size-16, 16px)' }}>{sync.failure?.message}</FormError>
      {result ? (
        <section aria-label="Sync result" style={{ marginTop: 'var(--base-size-16, 16px)' }}>
          <Heading as="h2" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
            {result.message}
          </Heading>
          <p>
            {result.total} entries: {result.created} created, {result.updated} updated, {result.enabled} enabled, {result.disabled} disabled, {result.unchanged} unchanged, {result.failed} failed
          </p>
          {result.changes.length ? (
            <ul aria-label="Changes">
              {result.changes.map((ch, i) => (
                <li key={`${ch.username}:${i}`}>
                  {ch.username}: {ch.message}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </PageLayout>
  );
}
