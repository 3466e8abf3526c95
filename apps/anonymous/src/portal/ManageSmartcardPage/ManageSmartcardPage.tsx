import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Link, Select, Text } from '@primer/react';
import { followLink, FormError, PageLayout, TextField } from '@tessera/ui';
import { anonymousPortalActions, anonymousPortalSelectors } from '../anonymousPortal.slice';

/** Props of {@link ManageSmartcardPage}. */
export interface ManageSmartcardPageProps {
  /** The reader chosen on the portal's index (`?reader=`), or null: the first reader with a card. */
  reader: string | null;
}

/**
 * `/anonymousportal/manageSmartcard` (admin-console §2.1, public): reset a forgotten card PIN with the secret
 * questions of the card's user (CardSecretQuestions), the answers hashed in this browser, the new PIN written
 * through the local agent (ResetPinQA). Wrong answers: the server's message (and its throttle).
 */
export function ManageSmartcardPage({ reader }: ManageSmartcardPageProps) {
  const dispatch = useDispatch();
  const { link, readers, questions, reset } = useSelector(anonymousPortalSelectors.select);
  const withCard = readers.filter((r) => r.smartcard);
  const [readerName, setReaderName] = useState<string>('');
  const [answers, setAnswers] = useState<string[]>([]);
  const [newPin, setNewPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  // Once per page view (the link made on the index stays for this page).
  const linked = link.status === 'ready';
  const [linkOnMount] = useState(!linked);
  useEffect(() => {
    if (linkOnMount) dispatch(anonymousPortalActions.portalShown());
  }, [dispatch, linkOnMount]);
  useEffect(() => {
    if (readerName && withCard.some((r) => r.name === readerName)) return;
    const chosen = withCard.find((r) => r.name === reader) ?? withCard[0];
    if (chosen) setReaderName(chosen.name);
  }, [withCard, reader, readerName]);
  useEffect(() => setAnswers(questions.list.map(() => '')), [questions.list]);

  const card = withCard.find((r) => r.name === readerName)?.smartcard ?? null;
  const showQuestions = () => {
    if (card) dispatch(anonymousPortalActions.questionsRequested({ serial: card.serialNumber, readerName }));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (answers.some((a) => !a.trim())) return setFormError('Answer every question');
    if (newPin !== confirmPin) return setFormError('The PINs do not match');
    setFormError(null);
    dispatch(anonymousPortalActions.resetRequested({ answers, newPin }));
  };

  return (
    <PageLayout title="Reset a forgotten card PIN" style={{ maxWidth: 560 }}>
      {link.status === 'connecting' && <Text as="p">Connecting to the security client…</Text>}
      {link.status === 'failed' && (
        <Flash variant="danger" role="alert">
          {link.errorMessage}
        </Flash>
      )}
      {link.status === 'ready' && withCard.length === 0 && <Text as="p">Insert your smartcard in a reader, then reload this page.</Text>}
      {withCard.length > 0 && (
        <div style={{ marginBottom: 16 }}>
          {/* A plain label: Primer's FormControl would weigh down every screen's shared Primer module (PLATFORM-NOTES). */}
          <label htmlFor="anonymous-card-reader" style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
            Card
          </label>
          <Select id="anonymous-card-reader" value={readerName} onChange={(e) => setReaderName(e.target.value)} block>
            {withCard.map((r) => (
              <Select.Option key={r.name} value={r.name}>
                {`Card ${r.smartcard!.serialNumber} in ${r.name}`}
              </Select.Option>
            ))}
          </Select>
        </div>
      )}
      {card && questions.serial !== card.serialNumber && (
        <Button onClick={showQuestions} variant="primary">
          Show my secret questions
        </Button>
      )}
      {questions.status === 'loading' && <Text as="p">Loading…</Text>}
      {questions.status === 'failed' && (
        <Flash variant="danger" role="alert">
          {questions.errorMessage}
        </Flash>
      )}
      {reset.status === 'done' ? (
        <>
          <Flash variant="success" role="status">
            {reset.message}
          </Flash>
          <Text as="p">
            <Link href="/login" onClick={followLink}>Sign in</Link>
          </Text>
        </>
      ) : (
        questions.status === 'ready' &&
        card &&
        questions.serial === card.serialNumber && (
          <form onSubmit={onSubmit} noValidate aria-label="Reset the card PIN">
            <Text as="p">{`Card ${card.serialNumber}: answer your secret questions. The answers are not case-sensitive.`}</Text>
            <FormError>{formError ?? (reset.status === 'failed' ? reset.message : null)}</FormError>
            {questions.list.map((q, i) => (
              <TextField key={q} label={q} type="password" autoComplete="off" value={answers[i] ?? ''} onChange={(e) => setAnswers((all) => all.map((a, j) => (j === i ? e.target.value : a)))} />
            ))}
            <TextField label="New PIN" type="password" inputMode="numeric" autoComplete="off" value={newPin} onChange={(e) => setNewPin(e.target.value)} />
            <TextField label="Confirm new PIN" type="password" inputMode="numeric" autoComplete="off" value={confirmPin} onChange={(e) => setConfirmPin(e.target.value)} />
            <Button type="submit" variant="primary" loading={reset.status === 'resetting'}>
              Reset PIN
            </Button>
          </form>
        )
      )}
    </PageLayout>
  );
}
