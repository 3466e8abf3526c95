import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Heading, Text } from '@primer/react';
import { FormError, TextField, followLink } from '@tessera/ui';
import { validatePin, validateTemporaryDuration, type CardReader } from '@tessera/domain';
import { cardsSelectors } from '../../cards/cards.slice';
import { temporaryCardsActions, temporaryCardsSelectors, type Outcome } from '../temporaryCards.slice';
import { STEP_TEXT } from '../../cards/CardActionsSection/CardActionsSection';

/** Props of {@link TemporaryCardsSection}. */
export interface TemporaryCardsSectionProps {
  /** The readers of the caller's agent (a temporary card is issued on the card in one of them). */
  readers: CardReader[];
}

function OutcomeText({ outcome, testId, link }: { outcome: Outcome; testId: string; link: string }) {
  if (outcome.status === 'idle') return null;
  return (
    <div style={{ marginTop: 8 }}>
      <Text as="p" role="status" data-testid={testId} style={{ color: outcome.status === 'failure' ? 'var(--fgColor-danger)' : outcome.status === 'success' ? 'var(--fgColor-success)' : undefined }}>
        {outcome.status === 'processing' ? 'Processing…' : outcome.message}
      </Text>
      {outcome.steps.length > 0 ? (
        <ol aria-label={`${link.replace(/^View the /, '')} progress`}>
          {outcome.steps.map((step) => (
            <li key={step}>{STEP_TEXT[step] ?? step}</li>
          ))}
        </ol>
      ) : null}
      {outcome.status === 'success' && outcome.cardId ? (
        <a href={`/credentials/smartcards/view/${outcome.cardId}`} onClick={followLink}>
          {link}
        </a>
      ) : null}
    </div>
  );
}

/**
 * Temporary cards and virtual smart cards on the cms screen (issue 15): issue the card in a reader as a temporary
 * card for one of a user's assigned or issued cards, for the tenant's default validity or the days chosen (or
 * unlimited); issue a VSC that the caller's security client holds.
 */
export function TemporaryCardsSection({ readers }: TemporaryCardsSectionProps) {
  const dispatch = useDispatch();
  const { configuration, candidates, temporary, vsc } = useSelector(temporaryCardsSelectors.selectState);
  const { templates } = useSelector(cardsSelectors.selectState);
  useEffect(() => {
    dispatch(temporaryCardsActions.configurationRequested());
  }, [dispatch]);
  const withCard = readers.filter((r) => r.cardPresent && !r.name.startsWith('Tessera VSC '));
  const [readerName, setReaderName] = useState('');
  const [username, setUsername] = useState('');
  const [oldCardId, setOldCardId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [pin, setPin] = useState('');
  const [unlimited, setUnlimited] = useState<boolean | null>(null);
  const [days, setDays] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ field: string; message: string } | null>(null);
  const [vscUsername, setVscUsername] = useState('');
  const [vscTemplateId, setVscTemplateId] = useState('');
  const [vscPin, setVscPin] = useState('');
  const [vscRefused, setVscRefused] = useState<{ field: string; message: string } | null>(null);

  const reader = withCard.find((r) => r.name === readerName) ?? withCard[0];
  const template = templates.find((t) => t.cardTemplateId === templateId) ?? templates[0];
  const vscTemplate = templates.find((t) => t.cardTemplateId === vscTemplateId) ?? templates[0];
  const oldCard = candidates.cards.find((c) => c.cardId === oldCardId) ?? candidates.cards[0];
  const isUnlimited = unlimited ?? configuration?.unlimitedIsDefault ?? true;
  const daysText = days ?? String(configuration?.defaultDuration || 1);

  const serverError = (outcome: Outcome, ...fields: string[]) => (outcome.status === 'failure' && outcome.field && fields.includes(outcome.field) ? outcome.message : null);
  const errorOf = (field: string, ...serverFields: string[]) => (refused?.field === field ? refused.message : serverError(temporary, ...serverFields));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reader) return setRefused({ field: 'reader', message: 'Insert a card in a reader.' });
    if (!oldCard || !candidates.userId) return setRefused({ field: 'username', message: 'Find the cards of the user first.' });
    if (!template) return setRefused({ field: 'template', message: 'Create a card template first.' });
    const validityDays = isUnlimited ? 0 : Number(daysText);
    const durationProblem = isUnlimited ? null : /^\d+$/.test(daysText) && validityDays > 0 ? validateTemporaryDuration(validityDays) : validateTemporaryDuration(-1);
    if (durationProblem) return setRefused({ field: 'days', message: `Validity ${durationProblem}` });
    const pinProblem = validatePin(pin, { ...template.pinRequirements, message: template.pinRequirements.description });
    if (pinProblem) return setRefused({ field: 'pin', message: pinProblem });
    setRefused(null);
    dispatch(temporaryCardsActions.temporaryIssueRequested({ readerName: reader.name, userId: candidates.userId, oldCardId: oldCard.cardId, cardTemplateId: template.cardTemplateId, pin, validityDays }));
    setPin('');
  };

  const submitVsc = (event: FormEvent) => {
    event.preventDefault();
    if (!vscUsername.trim()) return setVscRefused({ field: 'username', message: 'Enter the username of the card holder.' });
    if (!vscTemplate) return setVscRefused({ field: 'template', message: 'Create a card template first.' });
    const pinProblem = validatePin(vscPin, { ...vscTemplate.pinRequirements, message: vscTemplate.pinRequirements.description });
    if (pinProblem) return setVscRefused({ field: 'pin', message: pinProblem });
    setVscRefused(null);
    dispatch(temporaryCardsActions.vscIssueRequested({ username: vscUsername.trim(), cardTemplateId: vscTemplate.cardTemplateId, pin: vscPin }));
    setVscPin('');
  };

  const templateSelect = (value: string, onChange: (id: string) => void) => (
    <label style={{ display: 'block', marginBottom: 8 }}>
      Card template{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {templates.map((t) => (
          <option key={t.cardTemplateId} value={t.cardTemplateId}>
            {t.name}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <>
      <section aria-labelledby="temporary-card-heading" style={{ marginTop: 24, maxWidth: 560 }}>
        <Heading as="h2" id="temporary-card-heading" style={{ fontSize: 'var(--text-title-size-medium, 20px)', marginBottom: 8 }}>
          Temporary card
        </Heading>
        <form onSubmit={submit} aria-label="Temporary card" noValidate>
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
          <FormError>{refused?.field === 'reader' ? refused.message : null}</FormError>
          <TextField label="Username" autoComplete="off" value={username} error={errorOf('username', 'user_id') ?? (candidates.status === 'failed' ? candidates.message : null)} onChange={(e) => setUsername(e.target.value)} />
          <Button type="button" disabled={!username.trim() || candidates.status === 'loading'} onClick={() => dispatch(temporaryCardsActions.candidatesRequested({ username: username.trim() }))}>
            Find the user&apos;s cards
          </Button>
          {candidates.cards.length ? (
            <label style={{ display: 'block', margin: '8px 0' }}>
              Card to replace{' '}
              <select value={oldCard?.cardId ?? ''} onChange={(e) => setOldCardId(e.target.value)}>
                {candidates.cards.map((c) => (
                  <option key={c.cardId} value={c.cardId}>
                    {c.serialNumber} ({c.status})
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <FormError>{serverError(temporary, 'old_card_id')}</FormError>
          {templateSelect(template?.cardTemplateId ?? '', setTemplateId)}
          <FormError>{errorOf('template', 'card_template_id')}</FormError>
          <TextField label="PIN" type="password" autoComplete="off" hint={template?.pinRequirements.description} value={pin} error={errorOf('pin', 'pin')} onChange={(e) => setPin(e.target.value)} />
          <label style={{ display: 'block', marginBottom: 8 }}>
            <input type="checkbox" checked={isUnlimited} onChange={(e) => setUnlimited(e.target.checked)} /> Unlimited
          </label>
          {isUnlimited ? null : <TextField label="Validity (days)" inputMode="numeric" autoComplete="off" value={daysText} error={errorOf('days', 'validity_duration')} onChange={(e) => setDays(e.target.value)} />}
          <Button type="submit" variant="primary" disabled={temporary.status === 'processing'}>
            Issue temporary card
          </Button>
        </form>
        <OutcomeText outcome={temporary} testId="temporary-card-status" link="View the temporary card" />
      </section>
      <section aria-labelledby="vsc-heading" style={{ marginTop: 24, maxWidth: 560 }}>
        <Heading as="h2" id="vsc-heading" style={{ fontSize: 'var(--text-title-size-medium, 20px)', marginBottom: 8 }}>
          Virtual smart card
        </Heading>
        <Text as="p">The security client makes a software smart card, keeps it encrypted on this computer, and the server issues it.</Text>
        <form onSubmit={submitVsc} aria-label="Virtual smart card" noValidate>
          <TextField label="Username" autoComplete="off" value={vscUsername} error={vscRefused?.field === 'username' ? vscRefused.message : serverError(vsc, 'user_id')} onChange={(e) => setVscUsername(e.target.value)} />
          {templateSelect(vscTemplate?.cardTemplateId ?? '', setVscTemplateId)}
          <FormError>{vscRefused?.field === 'template' ? vscRefused.message : serverError(vsc, 'card_template_id')}</FormError>
          <TextField label="PIN" type="password" autoComplete="off" hint={vscTemplate?.pinRequirements.description} value={vscPin} error={vscRefused?.field === 'pin' ? vscRefused.message : serverError(vsc, 'pin')} onChange={(e) => setVscPin(e.target.value)} />
          <Button type="submit" variant="primary" disabled={vsc.status === 'processing'}>
            Issue VSC
          </Button>
        </form>
        <OutcomeText outcome={vsc} testId="vsc-status" link="View the VSC" />
      </section>
    </>
  );
}

