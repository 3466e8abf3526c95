import { useEffect, useState } from 'react';
import { Button, Checkbox } from '@primer/react';
import { MESSAGES, type Sponsor } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, TextField, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useAction, useLoad } from '../../requests/useRequest';

const TOAST = { title: 'Sponsors', success: MESSAGES.SPONSOR_UPDATED };

/** `/identity/sponsors/edit/{id}` [sponsorEdit]: whether the sponsor is active (an inactive one approves nobody), and notes. */
export function SponsorEditPage({ params }: IdentityPageProps) {
  const id = params.id ?? '';
  const sponsor = useLoad<Sponsor>(`sponsor:${id}`, 'getSponsor', [id]);
  const save = useAction<Sponsor>(`sponsors:save:${id}`, 'updateSponsor', TOAST);
  const [value, setValue] = useState<{ active: boolean; notes: string } | null>(null);
  useEffect(() => {
    if (sponsor.data?.id === id && value === null) setValue({ active: sponsor.data.active, notes: sponsor.data.notes });
  }, [sponsor.data, id, value]);
  useEffect(() => {
    if (save.status === 'succeeded') navigate('/identity/sponsors/manage');
  }, [save.status]);
  if (sponsor.failure)
    return (
      <PageLayout title="Edit sponsor">
        <IdentityNav />
        <FormError>{sponsor.failure.message}</FormError>
      </PageLayout>
    );
  if (!value || !sponsor.data) return <FullPageSpinner label="Loading sponsor" />;
  return (
    <PageLayout title={`Edit sponsor ${sponsor.data.displayName}`}>
      <IdentityNav />
      <form
        aria-label="Edit sponsor"
        onSubmit={(e) => {
          e.preventDefault();
          save.run({ id, active: value.active, notes: value.notes });
        }}
      >
        <FormError>{save.failure?.message}</FormError>
        <label style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', alignItems: 'center', marginBottom: 'var(--base-size-16, 16px)' }}>
          <Checkbox checked={value.active} onChange={(e) => setValue({ ...value, active: e.target.checked })} />
          Active
        </label>
        <TextField label="Notes" value={value.notes} onChange={(e) => setValue({ ...value, notes: e.target.value })} />
        <Button type="submit" variant="primary" disabled={save.status === 'loading'}>
          Save
        </Button>
      </form>
    </PageLayout>
  );
}
