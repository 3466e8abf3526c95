import { useEffect, useState } from 'react';
import { Button, Heading, Label, Text } from '@primer/react';
import { MESSAGES, USER_FIELD_CATEGORIES, type Page, type Role, type UserSummary } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, followLink, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useAction, useLoad } from '../../requests/useRequest';
import { hasPermission, useViewer } from '../../viewer/useViewer';

const title = 'Users';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt style={{ fontWeight: 600 }}>{label}</dt>
      <dd style={{ margin: '0 0 var(--base-size-8, 8px) 0' }}>{value === '' ? '—' : value}</dd>
    </>
  );
}

/**
 * `/identity/users/view/{id}` [userView]: the user's record by section (signin §3 field categories),
 * with edit, deactivate or activate (userEdit) and delete (userDelete); each answers with the user alerts
 * of admin-console §8.
 */
export function UserViewPage({ params }: IdentityPageProps) {
  const id = params.id ?? '';
  const viewer = useViewer();
  const user = useLoad<UserSummary>(`user:${id}`, 'getUser', [id]);
  const roles = useLoad<Page<Role>>('users:view:roles', 'listRoles', [{ take: 100 }]);
  const activate = useAction<UserSummary>(`users:activate:${id}`, 'updateUser', { title, success: MESSAGES.USER_ACTIVATED, failure: true });
  const deactivate = useAction<UserSummary>(`users:deactivate:${id}`, 'updateUser', { title, success: MESSAGES.USER_DEACTIVATED, failure: true });
  const remove = useAction<null>(`users:delete:${id}`, 'deleteUser', { title, success: MESSAGES.USER_DELETED, failure: true });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { reload } = user;
  useEffect(() => {
    if (activate.successes > 0 || deactivate.successes > 0) reload();
  }, [activate.successes, deactivate.successes, reload]);
  useEffect(() => {
    if (remove.status === 'succeeded') navigate('/identity/users');
  }, [remove.status]);

  if (user.status === 'failed') {
    return (
      <PageLayout title="User">
        <IdentityNav />
        <FormError>{user.failure?.message}</FormError>
      </PageLayout>
    );
  }
  if (!user.data || user.data.id !== id) return <FullPageSpinner label="Loading user" />;
  const u = user.data;
  const canEdit = hasPermission(viewer, 'userEdit') || (hasPermission(viewer, 'selfServicePortal') && viewer?.id === u.id);
  const roleNames = u.roleIds.map((rid) => roles.data?.results.find((r) => r.id === rid)?.name ?? rid);
  const busy = activate.status === 'loading' || deactivate.status === 'loading' || remove.status === 'loading';
  return (
    <PageLayout
      title={`${u.givenName} ${u.familyName}`.trim() || u.username}
      actions={
        <div style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', alignItems: 'center' }}>
          {canEdit ? (
            <a href={`/identity/users/edit/${encodeURIComponent(u.id)}`} onClick={followLink}>
              Edit
            </a>
          ) : null}
          {hasPermission(viewer, 'userEdit') && viewer?.id !== u.id ? (
            u.enabled ? (
              <Button disabled={busy} onClick={() => deactivate.run({ id: u.id, enabled: false })}>
                Deactivate
              </Button>
            ) : (
              <Button disabled={busy} onClick={() => activate.run({ id: u.id, enabled: true })}>
                Activate
              </Button>
            )
          ) : null}
          {hasPermission(viewer, 'userDelete') && viewer?.id !== u.id ? (
            <Button variant="danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          ) : null}
        </div>
      }
    >
      <IdentityNav />
      {confirmDelete ? (
        <div role="alertdialog" aria-label="Delete user" style={{ marginBottom: 'var(--base-size-16, 16px)' }}>
          <Text as="p">Delete the user {u.username}? This cannot be undone.</Text>
          <div style={{ display: 'flex', gap: 'var(--base-size-8, 8px)' }}>
            <Button variant="danger" disabled={busy} onClick={() => remove.run(u.id)}>
              Delete user
            </Button>
            <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          </div>
        </div>
      ) : null}
      <section aria-labelledby="user-view-login">
        <Heading as="h2" id="user-view-login" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
          Login details
        </Heading>
        <p>{u.enabled ? <Label variant="success">Active</Label> : <Label variant="secondary">Inactive</Label>}</p>
        <dl>
          <Row label="Username" value={u.username} />
          <Row label="E-mail" value={u.emailAddress} />
          <Row label="Telephone" value={u.telephoneNumber ?? ''} />
          <Row label="Country" value={u.country} />
          <Row label="Organisation" value={u.organisationName ?? ''} />
          <Row label="Roles" value={roleNames.join(', ')} />
          <Row label="Failed sign-ins" value={String(u.loginDetails.failedLogins)} />
          <Row label="Last sign-in" value={u.loginDetails.lastSuccessfulLogin ?? ''} />
        </dl>
      </section>
      {USER_FIELD_CATEGORIES.map((category) => (
        <section key={category.key} aria-labelledby={`user-view-${category.key}`}>
          <Heading as="h2" id={`user-view-${category.key}`} style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
            {category.title}
          </Heading>
          <dl>
            {category.fields.map((field) => {
              const v = u.categories[category.key][field.key];
              return <Row key={field.key} label={field.label} value={typeof v === 'boolean' ? (v ? 'Yes' : 'No') : (v ?? '')} />;
            })}
          </dl>
        </section>
      ))}
      <section aria-labelledby="user-view-metadata">
        <Heading as="h2" id="user-view-metadata" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
          Metadata
        </Heading>
        <dl>
          <Row label="Created" value={u.createdAt} />
          <Row label="Updated" value={u.updatedAt} />
        </dl>
      </section>
    </PageLayout>
  );
}
