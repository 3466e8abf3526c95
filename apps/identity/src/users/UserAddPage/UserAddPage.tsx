import { useEffect, useState } from 'react';
import { Button } from '@primer/react';
import { MESSAGES, validateUsername, type UserSummary } from '@tessera/domain';
import { FormError, PageLayout, TextField, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useAction } from '../../requests/useRequest';
import { EMPTY_USER_FORM, UserFields, compactCategories, type UserFormValue } from '../UserFields';

const TOAST = { title: 'Users', success: MESSAGES.USER_CREATED, failure: true as const };

/** `/identity/users/add` [userAdd]: a new user with their record's sections; on success the user's page. */
export function UserAddPage() {
  const [value, setValue] = useState<UserFormValue>(EMPTY_USER_FORM);
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<{ field: string; message: string } | null>(null);
  const create = useAction<UserSummary>('users:create', 'createUser', TOAST);
  useEffect(() => {
    if (create.status === 'succeeded' && create.data) navigate(`/identity/users/view/${encodeURIComponent(create.data.id)}`);
  }, [create.status, create.data]);
  const error = localError ?? create.failure;
  return (
    <PageLayout title="Add user">
      <IdentityNav />
      <form
        aria-label="Add user"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const usernameError = validateUsername(value.username);
          if (usernameError) return setLocalError({ field: 'username', message: usernameError });
          setLocalError(null);
          create.run({
            username: value.username.trim(),
            password,
            givenName: value.givenName,
            familyName: value.familyName,
            emailAddress: value.emailAddress.trim(),
            roleIds: value.roleIds,
            organisationId: value.organisationId,
            telephoneNumber: value.telephoneNumber || null,
            country: value.country,
            categories: compactCategories(value.categories),
          });
        }}
      >
        <FormError>{error && !error.field ? error.message : null}</FormError>
        <UserFields value={value} onChange={setValue} error={error} />
        <TextField label="Password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error?.field === 'password' ? error.message : null} />
        <Button type="submit" variant="primary" disabled={create.status === 'loading'}>
          Add user
        </Button>
      </form>
    </PageLayout>
  );
}
