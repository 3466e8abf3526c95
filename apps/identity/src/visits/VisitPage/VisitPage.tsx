import type { Visit } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, followLink } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useLoad } from '../../requests/useRequest';

function UserLink({ person }: { person: { id: string; username: string } | null }) {
  if (!person) return <>—</>;
  return (
    <a href={`/identity/users/view/${encodeURIComponent(person.id)}`} onClick={followLink}>
      {person.username}
    </a>
  );
}

/** `/identity/visitor/visit/{id}` [userView]: a visit with its visitor, host user, sponsor, time window and pass. */
export function VisitPage({ params }: IdentityPageProps) {
  const id = params.id ?? '';
  const visit = useLoad<Visit>(`visit:${id}`, 'getVisit', [id]);
  if (visit.status === 'failed')
    return (
      <PageLayout title="Visit">
        <IdentityNav />
        <FormError>{visit.failure?.message}</FormError>
      </PageLayout>
    );
  if (!visit.data || visit.data.id !== id) return <FullPageSpinner label="Loading visit" />;
  const v = visit.data;
  const when = (iso: string) => new Date(iso).toLocaleString();
  const rows: [string, React.ReactNode][] = [
    ['Visitor', `${v.visitor.givenName} ${v.visitor.familyName}`],
    ['E-mail', v.visitor.emailAddress || '—'],
    ['Company', v.visitor.company || '—'],
    ['Purpose', v.purpose || '—'],
    ['Host', <UserLink key="host" person={v.host} />],
    ['Sponsor', <UserLink key="sponsor" person={v.sponsor} />],
    ['From', when(v.startsAt)],
    ['Until', when(v.endsAt)],
    ['Pass', v.pass ? `${v.pass.passNumber} (${v.pass.status})` : 'No pass'],
  ];
  return (
    <PageLayout title={`Visit of ${v.visitor.givenName} ${v.visitor.familyName}`}>
      <IdentityNav />
      <dl aria-label="Visit">
        {rows.map(([k, value]) => (
          <div key={k} style={{ display: 'flex', gap: 'var(--base-size-8, 8px)' }}>
            <dt style={{ fontWeight: 600, minWidth: 140 }}>{k}</dt>
            <dd style={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
    </PageLayout>
  );
}
