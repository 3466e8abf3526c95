import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Checkbox, Select, Textarea } from '@primer/react';
import { FormError, PageLayout, TextField } from '@tessera/ui';
import { smartcardRequestActions, smartcardRequestSelectors } from '../smartcardRequest.slice';

/** Usernames from pasted text: one per line or separated by commas or spaces, without repeats. */
export function parseUsernames(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((u) => u.trim()).filter(Boolean))];
}

/**
 * `/credentials/smartcards/request` [smartcardRequest]: request smartcards for every user of the
 * tenant, or for users pasted in bulk (`POST /api/dps/smartcard-request`).
 */
export function SmartcardRequestPage() {
  const dispatch = useDispatch();
  const { sending, result, error } = useSelector(smartcardRequestSelectors.selectRequest);
  const [selectAll, setSelectAll] = useState(false);
  const [users, setUsers] = useState('');
  const [comment, setComment] = useState('');
  const [priority, setPriority] = useState<'normal' | 'urgent'>('normal');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(
      smartcardRequestActions.requestSent({
        selectAll,
        inclusionList: [],
        exclusionList: [],
        bulkInclusionList: selectAll ? [] : parseUsernames(users),
        options: { ...(comment.trim() ? { comment: comment.trim() } : {}), priority },
      }),
    );
  };
  return (
    <PageLayout title="Request smartcards">
      <form aria-label="Request smartcards" onSubmit={submit} noValidate style={{ maxWidth: 640 }}>
        <FormError>{error}</FormError>
        <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 16 }}>
          <Checkbox checked={selectAll} onChange={(e) => setSelectAll(e.target.checked)} />
          All users of the tenant
        </label>
        {selectAll ? null : (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
            <label htmlFor="request-users">Usernames (one per line)</label>
            <Textarea id="request-users" rows={6} block value={users} onChange={(e) => setUsers(e.target.value)} />
          </div>
        )}
        <TextField label="Comment" value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} />
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
          <label htmlFor="request-priority">Priority</label>
          <Select id="request-priority" value={priority} onChange={(e) => setPriority(e.target.value as 'normal' | 'urgent')}>
            <Select.Option value="normal">Normal</Select.Option>
            <Select.Option value="urgent">Urgent</Select.Option>
          </Select>
        </div>
        <Button type="submit" variant="primary" loading={sending}>
          Send request
        </Button>
        {result ? <p role="status">{result.requested} smartcard requests created.</p> : null}
      </form>
    </PageLayout>
  );
}
