import { Heading } from '@primer/react';
import type { Organisation } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, followLink } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useLoad } from '../../requests/useRequest';
import { hasPermission, useViewer } from '../../viewer/useViewer';

/** `/identity/organisations/view/{id}` [orgView]: the organisation, its parent, business number and members. */
export function OrganisationViewPage({ params }: IdentityPageProps) {
  const id = params.id ?? '';
  const viewer = useViewer();
  const org = useLoad<Organisation>(`org:${id}`, 'getOrganisation', [id]);
  if (org.status === 'failed')
    return (
      <PageLayout title="Organisation">
        <IdentityNav />
        <FormError>{org.failure?.message}</FormError>
      </PageLayout>
    );
  if (!org.data || org.data.id !== id) return <FullPageSpinner label="Loading organisation" />;
  const o = org.data;
  const rows: [string, string][] = [
    ['Type', o.type],
    ['Parent', o.parentName ?? 'None (top level)'],
    ['Business number', o.businessNumber ? `${o.businessNumber}${o.businessNumberScheme ? ` (${o.businessNumberScheme})` : ''}` : '—'],
    ['Business number verified', o.businessNumberVerifiedAt ?? '—'],
    ['Members', String(o.memberCount)],
  ];
  return (
    <PageLayout
      title={o.name}
      actions={
        <div style={{ display: 'flex', gap: 'var(--base-size-16, 16px)' }}>
          {hasPermission(viewer, 'orgEdit') ? (
            <a href={`/identity/organisations/edit/${encodeURIComponent(o.id)}`} onClick={followLink}>
              Edit
            </a>
          ) : null}
          <a href={`/identity/organisations/permissions/${encodeURIComponent(o.id)}`} onClick={followLink}>
            Permissions
          </a>
        </div>
      }
    >
      <IdentityNav />
      <Heading as="h2" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
        Details
      </Heading>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt style={{ fontWeight: 600 }}>{label}</dt>
            <dd style={{ margin: '0 0 var(--base-size-8, 8px) 0' }}>{value}</dd>
          </div>
        ))}
      </dl>
    </PageLayout>
  );
}
