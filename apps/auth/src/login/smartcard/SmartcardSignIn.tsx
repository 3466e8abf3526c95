import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Text } from '@primer/react';
import { MESSAGES } from '@tessera/domain';
import { FormError, TextField, useLocation } from '@tessera/ui';
import { selectSmartcardSignIn, smartcardSignInActions as actions } from './smartcardSignIn.slice';

/**
 * The smartcard part of the sign-in page (signin §7 AuthSmartcardPIN, AuthSmartcardPassphrase; issue 15): offered
 * when the local security client has a card in a reader; then the PIN (or passphrase) of the card, and "Forgot your
 * PIN?" to reset it with the secret questions of the card's user.
 */
export function SmartcardSignIn() {
  const dispatch = useDispatch();
  const { search } = useLocation();
  const state = useSelector(selectSmartcardSignIn);
  const [secret, setSecret] = useState('');
  const [passphrase, setPassphrase] = useState(false);
  const [answers, setAnswers] = useState<string[]>([]);
  const [newPin, setNewPin] = useState('');

  useEffect(() => {
    dispatch(actions.detectRequested());
  }, [dispatch]);

  const { phase, card, error, notice, questions } = state;
  if (phase === 'idle' || phase === 'detecting' || phase === 'absent' || !card) return null;

  if (phase === 'present' || phase === 'linking') {
    return (
      <div style={{ marginTop: 8 }}>
        <FormError>{error}</FormError>
        <Button type="button" block loading={phase === 'linking'} onClick={() => dispatch(actions.startRequested())}>
          {MESSAGES.SMARTCARD_SIGN_IN}
        </Button>
      </div>
    );
  }

  if (phase === 'questions' || phase === 'resetting') {
    const onReset = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      dispatch(actions.resetRequested({ answers: questions.map((_, i) => answers[i] ?? ''), newPin }));
    };
    return (
      <form onSubmit={onReset} noValidate aria-label="Reset the card PIN" style={{ marginTop: 16 }}>
        <Text as="p">Answer your secret questions to set a new PIN on card {card.serial}.</Text>
        <FormError>{error}</FormError>
        {questions.map((question, i) => (
          <TextField
            key={question}
            label={question}
            name={`answer-${i}`}
            autoComplete="off"
            required
            value={answers[i] ?? ''}
            onChange={(event) => setAnswers((list) => Object.assign([...list], { [i]: event.target.value }))}
          />
        ))}
        <TextField label="New PIN" name="newPin" type="password" inputMode="numeric" autoComplete="off" required value={newPin} onChange={(event) => setNewPin(event.target.value)} />
        <Button type="submit" variant="primary" block loading={phase === 'resetting'}>
          Reset PIN
        </Button>
        <Button type="button" variant="invisible" block onClick={() => dispatch(actions.linked({ cmsVersion: state.cmsVersion }))}>
          Back
        </Button>
      </form>
    );
  }

  const onSignIn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(actions.signInRequested({ secret, passphrase, redirect: new URLSearchParams(search).get('redirect') }));
  };
  return (
    <form onSubmit={onSignIn} noValidate aria-label="Sign in with a smartcard" style={{ marginTop: 16 }}>
      <Text as="p">
        Card {card.serial} in {card.readerName}
      </Text>
      <FormError>{error}</FormError>
      {notice && (
        <Text as="p" role="status" data-testid="smartcard-notice">
          {notice}
        </Text>
      )}
      <TextField label={passphrase ? 'Card passphrase' : 'Card PIN'} name="cardPin" type="password" autoComplete="off" autoFocus required value={secret} onChange={(event) => setSecret(event.target.value)} />
      {/* A plain checkbox: Primer's FormControl would weigh down the /login page (PLATFORM-NOTES). */}
      <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 16 }}>
        <input type="checkbox" checked={passphrase} onChange={(event) => setPassphrase(event.target.checked)} />
        Use the card passphrase
      </label>
      <Button type="submit" variant="primary" block loading={phase === 'signingIn'}>
        Sign in with the card
      </Button>
      <Button type="button" variant="invisible" block onClick={() => dispatch(actions.questionsRequested())}>
        Forgot your PIN?
      </Button>
    </form>
  );
}
