import { useEffect } from 'react';
import { MESSAGES, type Role } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useAction, useLoad } from '../../requests/useRequest';
import { RoleForm } from '../RoleForm';

const TOAST = { title: 'Roles', success: MESSAGES.ROLE_UPDATED };

/** `/identity/roles/edit/{id}` [roleEdit]: the role's name, permission list and blacklist. */
export function RoleEditPage({ params }: IdentityPageProps) {
  const id = params.id ?? '';
  const role = useLoad<Role>(`role:${id}`, 'getRole', [id]);
  const save = useAction<Role>(`roles:save:${id}`, 'updateRole', TOAST);
  useEffect(() => {
    if (save.status === 'succeeded') navigate(`/identity/roles/view/${encodeURIComponent(id)}`);
  }, [save.status, id]);
  if (role.status === 'failed')
    return (
      <PageLayout title="Edit role">
        <IdentityNav />
        <FormError>{role.failure?.message}</FormError>
      </PageLayout>
    );
  if (!role.data || role.data.id !== id || role.status === 'loading') return <FullPageSpinner label="Loading role" />;
  const r = role.data;
  return (
    <PageLayout title={`Edit role ${r.name}`}>
      <IdentityNav />
      <RoleForm
        label="Edit role"
        submitLabel="Save"
        initial={{ name: r.name, permissions: r.permissions, blacklist: r.blacklist, isManager: r.isManager }}
        busy={save.status === 'loading'}
        failure={save.failure}
        onSubmit={(v) => {
          const samePermissions = v.permissions.length === r.permissions.length && v.permissions.every((p) => r.permissions.includes(p));
          // The built-in Administrator role's permission list cannot be sent (server: 400 on `permissions`); only what changed is.
          save.run({ id, name: v.name, ...(samePermissions ? {} : { permissions: v.permissions }), blacklist: v.blacklist, isManager: v.isManager });
        }}
      />
    </PageLayout>
  );
}
