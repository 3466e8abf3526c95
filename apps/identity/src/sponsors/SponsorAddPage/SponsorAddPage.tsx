import { useCallback, useEffect, useState } from 'react';
import { Button } from '@primer/react';
import { MESSAGES, type Page, type Sponsor, type UserSummary } from '@tessera/domain';
import { AutocompletePicker, FormError, PageLayout, TextField, navigate, type AutocompleteOption } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useAction, useFetch } from '../../requests/useRequest';

const TOAST = { title: 'Sponsors', success: MESSAGES.SPONSOR_CREATED };

/** A user as the picker lists it. */
function userOption(u: UserSummary): AutocompleteOption {
  return { id: u.id, label: `${u.username} (${`${u.givenName} ${u.familyName}`.trim()})` };
}

/**
 * `/identity/sponsors/add` [sponsorAdd]: makes a user of the tenant a sponsor; a user is a sponsor once. The user is
 * chosen with the autocomplete picker (signin §9: fetch 100, show 10, debounce 200 ms), searched on the server among
 * all the tenant's users.
 */
export function SponsorAddPage() {
  const findUsers = useFetch<Page<UserSummary>>('sponsors:add:users', 'listUsers');
  const fetchOptions = useCallback(
    async (text: string, take: number) => (await findUsers({ search: text, take, sortField: 'username', sortDirection: 'asc' })).results.map(userOption),
    [findUsers],
  );
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
        <AutocompletePicker
          id="sponsor-user"
          label="User"
          fetchOptions={fetchOptions}
          onSelect={(option) => setUserId(option.id)}
          onInput={() => setUserId('')}
          aria-invalid={failure?.field === 'userId' ? true : undefined}
        />
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
