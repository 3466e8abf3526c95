import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Text } from '@primer/react';
import { TextField } from '@tessera/ui';
import { selfCardsActions, selfCardsSelectors } from '../selfCards.slice';

/**
 * `/self/portal/` "Change my card PIN" (issue 15): links the local security client to the session, shows which of
 * the viewer's cards is in which reader, and asks the current PIN, the new PIN and its confirmation under the card
 * template's PIN requirements; ChangePin on submit (the server lets a self-service user change their own card only).
 */
export function ChangePinSection() {
  const dispatch = useDispatch();
  const { pinCard, pinChange } = useSelector(selfCardsSelectors.select);
  const [oldPin, setOldPin] = useState('');
  const [newPin, setNewPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  // A changed PIN leaves no PIN in the form.
  useEffect(() => {
    if (pinChange.status !== 'done') return;
    setOldPin('');
    setNewPin('');
    setConfirmPin('');
  }, [pinChange.status]);
  const errorOf = (field: 'oldPin' | 'newPin' | 'confirmPin') => (pinChange.status === 'failed' && pinChange.field === field ? (pinChange.message ?? undefined) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(selfCardsActions.pinChangeSubmitted({ oldPin, newPin, confirmPin }));
  };

  return (
    <section aria-label="Change my card PIN" style={{ marginBottom: 16 }}>
      <Text as="h2" style={{ fontSize: 18 }}>Card PIN</Text>
      <Button onClick={() => dispatch(selfCardsActions.pinCardRequested())} disabled={pinCard.status === 'linking'}>
        {pinCard.status === 'linking' ? 'Looking for your card…' : 'Change my card PIN'}
      </Button>
      {pinCard.status === 'failed' && (
        <Flash variant="danger" role="alert" style={{ marginTop: 8 }}>
          {pinCard.errorMessage}
        </Flash>
      )}
      {pinCard.status === 'ready' && (
        <form aria-label="Change the card PIN" onSubmit={submit} style={{ marginTop: 8 }}>
          <Text as="p" data-testid="pin-card">{`Card ${pinCard.serialNumber} in ${pinCard.readerName}`}</Text>
          <Text as="p">{pinCard.requirements?.description ?? 'PIN must be between 6-8 numbers'}</Text>
          <TextField label="Current PIN" type="password" autoComplete="off" value={oldPin} error={errorOf('oldPin')} onChange={(e) => setOldPin(e.target.value)} />
          <TextField label="New PIN" type="password" autoComplete="off" value={newPin} error={errorOf('newPin')} onChange={(e) => setNewPin(e.target.value)} />
          <TextField label="Confirm new PIN" type="password" autoComplete="off" value={confirmPin} error={errorOf('confirmPin')} onChange={(e) => setConfirmPin(e.target.value)} />
          <Button type="submit" variant="primary" disabled={pinChange.status === 'sending'}>
            Change PIN
          </Button>
          {pinChange.status === 'failed' && pinChange.field === null && (
            <Flash variant="danger" role="alert" style={{ marginTop: 8 }}>
              {pinChange.message}
            </Flash>
          )}
          {pinChange.status === 'done' && (
            <Flash variant="success" role="status" style={{ marginTop: 8 }}>
              {pinChange.message}
            </Flash>
          )}
        </form>
      )}
    </section>
  );
}
