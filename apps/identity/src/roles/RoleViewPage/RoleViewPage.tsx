import { Heading, Text } from '@primer/react';
import { effectivePermissions, type Role } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, followLink } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useLoad } from '../../requests/useRequest';
import { hasPermission, useViewer } from '../../viewer/useViewer';

function List({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <section aria-label={title}>
      <Heading as="h2" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
        {title}
      </Heading>
      {items.length === 0 ? (
        <Text as="p">None</Text>
      ) : (
        <ul>
          {items.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/identity/roles/view/{id}` [roleView]: the permission list, the blacklist and what the role grants (list minus blacklist, admin-console §6). */
export function RoleViewPage({ params }: IdentityPageProps) {
  const id = params.id ?? '';
  const viewer = useViewer();
  const role = useLoad<Role>(`role:${id}`, 'getRole', [id]);
  if (role.status === 'failed')
    return (
      <PageLayout title="Role">
        <IdentityNav />
        <FormError>{role.failure?.message}</FormError>
      </PageLayout>
    );
  if (!role.data || role.data.id !== id) return <FullPageSpinner label="Loading role" />;
  const r = role.data;
  return (
    <PageLayout
      title={r.name}
      actions={
        hasPermission(viewer, 'roleEdit') ? (
          <a href={`/identity/roles/edit/${encodeURIComponent(r.id)}`} onClick={followLink}>
            Edit
          </a>
        ) : null
      }
    >
      <IdentityNav />
      {r.isManager ? <Text as="p">Manager role</Text> : null}
      <List title="Grants" items={effectivePermissions([r])} />
      <List title="Permissions" items={r.permissions} />
      <List title="Blacklist" items={r.blacklist} />
    </PageLayout>
  );
}
