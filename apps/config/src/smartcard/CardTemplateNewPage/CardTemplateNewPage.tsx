import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@primer/react';
import { CARD_KEY_TYPES, PIV_SLOTS, PIV_SLOT_LABELS } from '@tessera/domain';
import { FormError, PageLayout, TextField, navigate } from '@tessera/ui';
import { cardLayoutsActions, cardLayoutsSelectors } from '../cardLayouts.slice';

/** `/config/smartcard/new` [smartcardManage]: a card template with one slot; its layout is edited next. */
export function CardTemplateNewPage() {
  const dispatch = useDispatch();
  const { creating, createError, createdId } = useSelector(cardLayoutsSelectors.select);
  const [name, setName] = useState('');
  const [slot, setSlot] = useState<string>('9A');
  const [certificateTemplate, setCertificateTemplate] = useState('');
  const [keyType, setKeyType] = useState<string>('P-256');
  useEffect(() => {
    if (createdId) navigate(`/config/smartcard/edit/${createdId}`);
  }, [createdId]);
  const fieldError = (field: string) => (createError?.field === field ? createError.message : null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(cardLayoutsActions.createRequested({ name, slots: [{ slot, certificateTemplate, keyType }] }));
  };
  return (
    <PageLayout title="New card template" style={{ maxWidth: 560 }}>
      <form onSubmit={onSubmit} noValidate aria-label="New card template">
        <FormError>{createError && !['name', 'slots[0].certificateTemplate'].includes(createError.field ?? '') ? createError.message : null}</FormError>
        <TextField label="Name" name="name" value={name} error={fieldError('name')} onChange={(e) => setName(e.target.value)} />
        <label style={{ display: 'block', fontWeight: 600 }}>
          PIV slot{' '}
          <select value={slot} onChange={(e) => setSlot(e.target.value)}>
            {PIV_SLOTS.map((s) => (
              <option key={s} value={s}>{`${s} ${PIV_SLOT_LABELS[s]}`}</option>
            ))}
          </select>
        </label>
        <TextField label="Certificate template" name="certificateTemplate" value={certificateTemplate} error={fieldError('slots[0].certificateTemplate')} onChange={(e) => setCertificateTemplate(e.target.value)} />
        <label style={{ display: 'block', fontWeight: 600, marginBottom: 16 }}>
          Key type{' '}
          <select value={keyType} onChange={(e) => setKeyType(e.target.value)}>
            {CARD_KEY_TYPES.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="primary" loading={creating}>
          Create
        </Button>
      </form>
    </PageLayout>
  );
}
