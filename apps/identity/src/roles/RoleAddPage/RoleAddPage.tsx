import { useEffect } from 'react';
import { MESSAGES, type Role } from '@tessera/domain';
import { PageLayout, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useAction } from '../../requests/useRequest';
import { RoleForm } from '../RoleForm';

const TOAST = { title: 'Roles', success: MESSAGES.ROLE_CREATED };

/** `/identity/roles/add` [roleAdd]: a new role with its permission list and blacklist; on success its page. */
export function RoleAddPage() {
  const create = useAction<Role>('roles:create', 'createRole', TOAST);
  useEffect(() => {
    if (create.status === 'succeeded' && create.data) navigate(`/identity/roles/view/${encodeURIComponent(create.data.id)}`);
  }, [create.status, create.data]);
  return (
    <PageLayout title="Add role">
      <IdentityNav />
      <RoleForm
        label="Add role"
        submitLabel="Add role"
        initial={{ name: '', permissions: [], blacklist: [], isManager: false }}
        busy={create.status === 'loading'}
        failure={create.failure}
        onSubmit={(v) => create.run(v)}
      />
    </PageLayout>
  );
}
