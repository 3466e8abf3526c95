import { useEffect, useState } from 'react';
import { Button, Select } from '@primer/react';
import { MESSAGES, type Page, type Sponsor, type UserSummary } from '@tessera/domain';
import { FormError, PageLayout, TextField, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useAction, useLoad } from '../../requests/useRequest';

const TOAST = { title: 'Sponsors', success: MESSAGES.SPONSOR_CREATED };

/** `/identity/sponsors/add` [sponsorAdd]: makes a user of the tenant a sponsor; a user is a sponsor once. */
export function SponsorAddPage() {
  const users = useLoad<Page<UserSummary>>('sponsors:add:users', 'listUsers', [{ take: 100, sortField: 'username', sortDirection: 'asc' }]);
  const create = useAction<Sponsor>('sponsors:create', 'createSponsor', TOAST);
  const [userId, setUserId] = useState('');
  const [notes, setNotes] = useState('');
  useEffect(() => {
    if (create.status === 'succeeded') navigate('/identity/sponsors/manage');
  }, [create.status]);
  const failure = create.failure;
  return (
    <PageLayout title="Add sponsor">
      <IdentityNav />
      <form
        aria-label="Add sponsor"
        onSubmit={(e) => {
          e.preventDefault();
          create.run({ userId, ...(notes.trim() ? { notes: notes.trim() } : {}) });
        }}
      >
        <FormError>{failure && failure.field !== 'userId' ? failure.message : null}</FormError>
        <label htmlFor="sponsor-user">User</label>
        <Select id="sponsor-user" block value={userId} onChange={(e) => setUserId(e.target.value)} aria-invalid={failure?.field === 'userId' ? true : undefined}>
          <Select.Option value="">Choose a user</Select.Option>
          {(users.data?.results ?? []).map((u) => (
            <Select.Option key={u.id} value={u.id}>
              {u.username} ({u.givenName} {u.familyName})
            </Select.Option>
          ))}
        </Select>
        {failure?.field === 'userId' ? <p role="alert">{failure.message}</p> : null}
        <div style={{ marginTop: 'var(--base-size-16, 16px)' }}>
          <TextField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} error={failure?.field === 'notes' ? failure.message : null} />
        </div>
        <Button type="submit" variant="primary" disabled={userId === '' || create.status === 'loading'}>
          Add sponsor
        </Button>
      </form>
    </PageLayout>
  );
}
