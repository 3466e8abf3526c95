import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Heading, Text } from '@primer/react';
import { FormError, TextField, followLink } from '@tessera/ui';
import { validatePin, type CardReader } from '@tessera/domain';
import { validatePassphraseInput } from './passphraseInput';
import { cardsActions, cardsSelectors, type CardActionKind } from '../cards.slice';

const ACTIONS: { kind: CardActionKind; label: string }[] = [
  { kind: 'issue', label: 'Issue' },
  { kind: 'register', label: 'Register' },
  { kind: 'changePin', label: 'Change PIN' },
  { kind: 'unblock', label: 'Unblock' },
  { kind: 'reissue', label: 'Reissue' },
  { kind: 'clean', label: 'Clean' },
  { kind: 'changePassphrase', label: 'Change passphrase' },
  { kind: 'resetPinPassphrase', label: 'Reset passphrase' },
];

/** The server's progress steps shown to people. */
export const STEP_TEXT: Record<string, string> = {
  open: 'Card opened',
  'read card': 'Card read',
  'generate keys': 'PIN, PUK and keys set on the card',
  'sign requests': 'Certificate requests signed by the card',
  'issue certificates': 'Certificates issued',
  'write certificates': 'Certificates written to the card',
  'change PIN': 'PIN changed on the card',
  'change passphrase': 'Passphrase set on the card',
  'reset passphrase': 'Passphrase set with the PUK',
  unblock: 'PIN unblocked with the PUK',
  reset: 'Card wiped',
  done: 'Done',
};

/** Props of {@link CardActionsSection}. */
export interface CardActionsSectionProps {
  /** The readers of the caller's agent (those with a card can take an action). */
  readers: CardReader[];
}

/**
 * The card actions of the cms screen (signin §4 "Smartcard actions"): issue the card in a reader to a user with a
 * card template, change its PIN, unblock it with the PUK the server holds, or clean it. The server drives the card
 * through the agent; its progress steps show as they arrive, then the outcome.
 */
export function CardActionsSection({ readers }: CardActionsSectionProps) {
  const dispatch = useDispatch();
  const { actions, templates } = useSelector(cardsSelectors.selectState);
  const withCard = readers.filter((r) => r.cardPresent);
  const [readerName, setReaderName] = useState('');
  const [kind, setKind] = useState<CardActionKind>('issue');
  const [username, setUsername] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [pin, setPin] = useState('');
  const [oldPin, setOldPin] = useState('');
  const [forceRevoke, setForceRevoke] = useState(false);
  const [refused, setRefused] = useState<{ field: string; message: string } | null>(null);

  const reader = withCard.find((r) => r.name === readerName) ?? withCard[0];
  const template = templates.find((t) => t.cardTemplateId === templateId) ?? templates[0];
  useEffect(() => setRefused(null), [kind, readerName]);
  const current = reader ? actions[reader.name] : undefined;
  const busy = current?.status === 'processing';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reader) return;
    // The template's PIN rules (or the tenant policy it carries) are checked before anything is sent (signin §5).
    const rules = kind === 'issue' && template ? template.pinRequirements : null;
    const passphraseKind = kind === 'changePassphrase' || kind === 'resetPinPassphrase';
    const problem = kind === 'clean' || kind === 'register' ? null : kind === 'reissue' ? (pin ? null : 'Enter the card PIN.') : passphraseKind ? validatePassphraseInput(pin) : validatePin(pin, rules ? { ...rules, message: rules.description } : {});
    if (kind === 'issue' && !username.trim()) return setRefused({ field: 'username', message: 'Enter the username of the card holder.' });
    if (kind === 'issue' && !template) return setRefused({ field: 'template', message: 'Create a card template first.' });
    if ((kind === 'changePin' || kind === 'changePassphrase') && !oldPin) return setRefused({ field: 'oldPin', message: 'Enter the current PIN.' });
    if (problem) return setRefused({ field: 'pin', message: problem });
    setRefused(null);
    const name = reader.name;
    if (kind === 'issue') dispatch(cardsActions.issueRequested({ readerName: name, username: username.trim(), cardTemplateId: template!.cardTemplateId, pin }));
    if (kind === 'changePin') dispatch(cardsActions.changePinRequested({ readerName: name, oldPin, newPin: pin }));
    if (kind === 'unblock') dispatch(cardsActions.unblockRequested({ readerName: name, newPin: pin }));
    if (kind === 'clean') dispatch(cardsActions.cleanRequested({ readerName: name }));
    if (kind === 'reissue') dispatch(cardsActions.reissueRequested({ readerName: name, pin, forceRevoke }));
    if (kind === 'register') dispatch(cardsActions.registerRequested({ readerName: name }));
    if (kind === 'changePassphrase') dispatch(cardsActions.changePassphraseRequested({ readerName: name, pin: oldPin, passphrase: pin }));
    if (kind === 'resetPinPassphrase') dispatch(cardsActions.resetPinPassphraseRequested({ readerName: name, passphrase: pin }));
    setPin('');
    setOldPin('');
  };

  const serverField = current?.status === 'failure' ? current.field : null;
  const errorOf = (field: string, ...serverFields: string[]) => (refused?.field === field ? refused.message : serverField && serverFields.includes(serverField) ? current!.message : null);

  return (
    <section aria-labelledby="card-actions-heading" style={{ marginTop: 24, maxWidth: 560 }}>
      <Heading as="h2" id="card-actions-heading" style={{ fontSize: 'var(--text-title-size-medium, 20px)', marginBottom: 8 }}>
        Card actions
      </Heading>
      {withCard.length === 0 ? (
        <Text as="p">Insert a card in a reader to issue, change its PIN, unblock or clean it.</Text>
      ) : (
        <form onSubmit={submit} aria-label="Card action" noValidate>
          <label style={{ display: 'block', marginBottom: 8 }}>
            Reader{' '}
            <select value={reader?.name ?? ''} onChange={(e) => setReaderName(e.target.value)}>
              {withCard.map((r) => (
                <option key={r.name} value={r.name}>
                  {r.name}
                  {r.smartcard?.serialNumber ? ` (card ${r.smartcard.serialNumber})` : ''}
                </option>
              ))}
            </select>
          </label>
          <fieldset style={{ border: 0, padding: 0, marginBottom: 8, display: 'flex', gap: 12 }}>
            <legend>Action</legend>
            {ACTIONS.map((a) => (
              <label key={a.kind}>
                <input type="radio" name="card-action" value={a.kind} checked={kind === a.kind} onChange={() => setKind(a.kind)} /> {a.label}
              </label>
            ))}
          </fieldset>
          {kind === 'issue' ? (
            <>
              <TextField label="Username" autoComplete="off" value={username} error={errorOf('username', 'user_id')} onChange={(e) => setUsername(e.target.value)} />
              <label style={{ display: 'block', marginBottom: 8 }}>
                Card template{' '}
                <select value={template?.cardTemplateId ?? ''} onChange={(e) => setTemplateId(e.target.value)}>
                  {templates.map((t) => (
                    <option key={t.cardTemplateId} value={t.cardTemplateId}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </label>
              <FormError>{errorOf('template', 'card_template_id')}</FormError>
            </>
          ) : null}
          {kind === 'changePin' || kind === 'changePassphrase' ? <TextField label="Current PIN" type="password" autoComplete="off" value={oldPin} error={errorOf('oldPin', 'old_pin')} onChange={(e) => setOldPin(e.target.value)} /> : null}
          {kind === 'register' ? <Text as="p">Registering records the card (serial and ATR) without a user; assign it to a user on its page, then issue it.</Text> : null}
          {kind === 'register' ? null : kind !== 'clean' ? (
            <TextField
              label={kind === 'issue' ? 'PIN' : kind === 'reissue' ? 'Card PIN' : kind === 'changePassphrase' || kind === 'resetPinPassphrase' ? 'New passphrase' : 'New PIN'}
              type="password"
              autoComplete="off"
              hint={kind === 'issue' && template ? template.pinRequirements.description : undefined}
              value={pin}
              error={errorOf('pin', 'pin', 'new_pin', 'card_pin', 'passphrase')}
              onChange={(e) => setPin(e.target.value)}
            />
          ) : (
            <Text as="p">Cleaning wipes the card&apos;s keys, certificates and PIN, revokes the certificates its record lists and forgets the card.</Text>
          )}
          {kind === 'reissue' ? (
            <label style={{ display: 'block', marginBottom: 8 }}>
              <input type="checkbox" checked={forceRevoke} onChange={(e) => setForceRevoke(e.target.checked)} /> Revoke the old certificates
            </label>
          ) : null}
          <Button type="submit" variant={kind === 'clean' ? 'danger' : 'primary'} disabled={busy}>
            {ACTIONS.find((a) => a.kind === kind)!.label} card
          </Button>
        </form>
      )}
      {current ? (
        <div aria-label={`Progress of ${reader?.name ?? ''}`} role="region" style={{ marginTop: 12 }}>
          <ol aria-label="Progress">
            {current.steps.map((step) => (
              <li key={step}>{STEP_TEXT[step] ?? step}</li>
            ))}
          </ol>
          <Text role="status" data-testid="card-action-status" style={{ color: current.status === 'failure' ? 'var(--fgColor-danger)' : current.status === 'success' ? 'var(--fgColor-success)' : undefined }}>
            {current.status === 'processing' ? 'Processing…' : current.message}
          </Text>
          {current.status === 'success' && current.cardId ? (
            <p>
              <a href={`/credentials/smartcards/view/${current.cardId}`} onClick={followLink}>
                View the card
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
