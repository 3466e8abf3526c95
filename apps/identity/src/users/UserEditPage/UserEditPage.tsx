import { useEffect, useState } from 'react';
import { Button } from '@primer/react';
import { MESSAGES, protectedFieldsChanged, validateUsername, type UpdateUserRequest, type UserSummary } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useAction, useLoad } from '../../requests/useRequest';
import { PasswordPrompt } from '../PasswordPrompt';
import { UserFields, type UserFormValue } from '../UserFields';
import { formOfUser, userChanges } from '../userForm';

const TOAST = { title: 'Users', success: MESSAGES.USER_UPDATED };

/**
 * `/identity/users/edit/{id}` [userEdit, or selfServicePortal on oneself — the server enforces both]:
 * the record's sections; a change to a protected field (username, e-mail, roles, organisation) asks for
 * the editor's password again before it is sent (admin-console §4, §8).
 */
export function UserEditPage({ params }: IdentityPageProps) {
  const id = params.id ?? '';
  const user = useLoad<UserSummary>(`user:${id}`, 'getUser', [id]);
  const save = useAction<UserSummary>(`users:save:${id}`, 'updateUser', TOAST);
  const [value, setValue] = useState<UserFormValue | null>(null);
  const [pending, setPending] = useState<UpdateUserRequest | null>(null);
  const [localError, setLocalError] = useState<{ field: string; message: string } | null>(null);
  useEffect(() => {
    if (user.data && user.data.id === id && value === null) setValue(formOfUser(user.data));
  }, [user.data, id, value]);
  useEffect(() => {
    if (save.status === 'succeeded') navigate(`/identity/users/view/${encodeURIComponent(id)}`);
  }, [save.status, id]);
  const passwordFailed = save.failure?.field === 'currentPassword';
  useEffect(() => {
    // A failure other than the password closes the prompt and shows on the form.
    if (save.status === 'failed' && !passwordFailed) setPending(null);
  }, [save.status, passwordFailed]);

  if (user.status === 'failed') {
    return (
      <PageLayout title="Edit user">
        <IdentityNav />
        <FormError>{user.failure?.message}</FormError>
      </PageLayout>
    );
  }
  if (!user.data || !value) return <FullPageSpinner label="Loading user" />;
  const current = user.data;
  const error = localError ?? (pending ? null : save.failure);
  return (
    <PageLayout title={`Edit user ${current.username}`}>
      <IdentityNav />
      <form
        aria-label="Edit user"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const usernameError = validateUsername(value.username);
          if (usernameError) return setLocalError({ field: 'username', message: usernameError });
          setLocalError(null);
          const changes = userChanges(current, value);
          if (Object.keys(changes).length === 1) return setLocalError({ field: '', message: MESSAGES.USER_UNCHANGED });
          const protectedChanged = protectedFieldsChanged({ ...current, organisationId: current.organisationId }, changes);
          if (protectedChanged.length > 0) {
            save.reset();
            setPending(changes);
          } else save.run(changes);
        }}
      >
        <FormError>{error && !error.field ? error.message : null}</FormError>
        <UserFields value={value} onChange={setValue} error={error} />
        <Button type="submit" variant="primary" disabled={save.status === 'loading'}>
          Save
        </Button>
      </form>
      {pending ? (
        <PasswordPrompt
          busy={save.status === 'loading'}
          error={passwordFailed ? save.failure?.message : null}
          onCancel={() => setPending(null)}
          onSubmit={(currentPassword) => save.run({ ...pending, currentPassword })}
        />
      ) : null}
    </PageLayout>
  );
}
