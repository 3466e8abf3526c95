import { useEffect } from 'react';
import { Button, Heading, Label, Text } from '@primer/react';
import { MESSAGES, type Sponsor, type SponsoredUser } from '@tessera/domain';
import { FormError, PageLayout, followLink } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useAction, useLoad } from '../../requests/useRequest';
import { hasPermission, useViewer } from '../../viewer/useViewer';

const cell = { textAlign: 'left' as const, padding: 'var(--base-size-8, 8px)' };

/**
 * `/identity/sponsors/manage` [manageSponsor]: the tenant's sponsors, and the users waiting for the
 * viewer's own approval as their sponsor (approve enables the account, reject leaves it disabled).
 */
export function SponsorsManagePage() {
  const viewer = useViewer();
  const list = useLoad<{ sponsors: Sponsor[] }>('sponsors:list', 'listSponsors', []);
  const waiting = useLoad<{ users: SponsoredUser[] }>('sponsors:mine', 'sponsoredUsers', []);
  const decide = useAction<SponsoredUser>('sponsors:decide', 'decideSponsoredUser', { title: 'Sponsors', failure: true });
  const { reload: reloadWaiting } = waiting;
  const { reload: reloadList } = list;
  useEffect(() => {
    if (decide.successes > 0) {
      reloadWaiting();
      reloadList();
    }
  }, [decide.successes, reloadWaiting, reloadList]);
  const pending = (waiting.data?.users ?? []).filter((u) => u.sponsorStatus === 'pending');
  const decided = decide.status === 'succeeded' && decide.data ? (decide.data.sponsorStatus === 'approved' ? MESSAGES.SPONSORED_USER_APPROVED : MESSAGES.SPONSORED_USER_REJECTED) : null;
  return (
    <PageLayout
      title="Sponsors"
      actions={
        hasPermission(viewer, 'sponsorAdd') ? (
          <a href="/identity/sponsors/add" onClick={followLink}>
            Add sponsor
          </a>
        ) : null
      }
    >
      <IdentityNav />
      <section aria-labelledby="sponsors-waiting">
        <Heading as="h2" id="sponsors-waiting" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
          Waiting for your approval
        </Heading>
        {decided ? (
          <Text as="p" role="status">
            {decided}
          </Text>
        ) : null}
        {pending.length === 0 ? (
          <Text as="p">Nobody is waiting for your approval.</Text>
        ) : (
          <ul>
            {pending.map((u) => (
              <li key={u.id} aria-label={u.username} style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', alignItems: 'center', marginBottom: 'var(--base-size-8, 8px)' }}>
                <span>
                  {u.displayName} ({u.username}, {u.emailAddress})
                </span>
                <Button size="small" variant="primary" disabled={decide.status === 'loading'} onClick={() => decide.run({ userId: u.id, approve: true })}>
                  Approve
                </Button>
                <Button size="small" variant="danger" disabled={decide.status === 'loading'} onClick={() => decide.run({ userId: u.id, approve: false })}>
                  Reject
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sponsors-all">
        <Heading as="h2" id="sponsors-all" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
          All sponsors
        </Heading>
        <FormError>{list.failure?.message}</FormError>
        <table aria-label="Sponsors" style={{ borderCollapse: 'collapse', width: '100%' }}>
          <thead>
            <tr>
              <th style={cell}>Sponsor</th>
              <th style={cell}>E-mail</th>
              <th style={cell}>Status</th>
              <th style={cell}>Waiting</th>
              <th style={cell}>Notes</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.sponsors ?? []).map((s) => (
              <tr key={s.id}>
                <td style={cell}>
                  {hasPermission(viewer, 'sponsorEdit') ? (
                    <a href={`/identity/sponsors/edit/${encodeURIComponent(s.id)}`} onClick={followLink}>
                      {s.displayName}
                    </a>
                  ) : (
                    s.displayName
                  )}
                </td>
                <td style={cell}>{s.emailAddress}</td>
                <td style={cell}>{s.active ? <Label variant="success">Active</Label> : <Label variant="secondary">Inactive</Label>}</td>
                <td style={cell}>{s.pendingCount}</td>
                <td style={cell}>{s.notes}</td>
              </tr>
            ))}
            {list.data && list.data.sponsors.length === 0 ? (
              <tr>
                <td style={cell} colSpan={5}>
                  No sponsors yet
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </section>
    </PageLayout>
  );
}
