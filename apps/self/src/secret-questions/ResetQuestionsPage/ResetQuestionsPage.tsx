import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Select, Text } from '@primer/react';
import { getSessionState } from '@tessera/bus';
import { MESSAGES, SECRET_QUESTIONS_COUNT, SECURITY_QUESTIONS, validateSecretQuestions, WRITE_YOUR_OWN_QUESTION, type SecretQuestionInput } from '@tessera/domain';
import { FormError, PageLayout, TextField } from '@tessera/ui';
import { secretQuestionsActions, secretQuestionsSelectors } from '../secretQuestions.slice';

/** Props of {@link ResetQuestionsPage}. */
export interface ResetQuestionsPageProps {
  /** The token of a mailed reset link (`/self/resetquestions/{id}`), or null. */
  linkString: string | null;
}

const emptyInputs = (): SecretQuestionInput[] => Array.from({ length: SECRET_QUESTIONS_COUNT }, (_, i) => ({ question: SECURITY_QUESTIONS[i]!, customQuestion: '', answer: '' }));

/**
 * `/self/resetquestions` and `/self/resetquestions/{id}` [selfServicePortal] (admin-console §2.2; signin §3
 * "Secret question", §5): choose 3 questions (the 8 of signin §9, the last one written by the user) and answer
 * them. The answers are hashed in this browser before they are sent. When the set exists, the page offers a
 * mailed reset link instead; the link's page replaces the set.
 */
export function ResetQuestionsPage({ linkString }: ResetQuestionsPageProps) {
  const dispatch = useDispatch();
  const state = useSelector(secretQuestionsSelectors.select);
  const [inputs, setInputs] = useState<SecretQuestionInput[]>(emptyInputs);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    dispatch(secretQuestionsActions.pageShown({ linkString }));
  }, [dispatch, linkString]);

  const update = (i: number, change: Partial<SecretQuestionInput>) => setInputs((all) => all.map((input, j) => (j === i ? { ...input, ...change } : input)));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSecretQuestions(inputs);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    dispatch(secretQuestionsActions.saveRequested({ inputs, linkString }));
  };
  const fieldError = (field: string) => errors[field] ?? (state.status === 'failed' && state.errorField === field ? state.errorMessage : null);
  const session = getSessionState();
  const viewerId = session.status === 'signedIn' ? session.viewer.id : null;

  if (state.status === 'loading') return <PageLayout title="Secret questions"><Text as="p">Loading…</Text></PageLayout>;
  if (state.status === 'linkInvalid') {
    return (
      <PageLayout title="Secret questions">
        <Flash variant="danger" role="alert">{state.errorMessage}</Flash>
      </PageLayout>
    );
  }
  if (state.isSet) {
    return (
      <PageLayout title="Secret questions" style={{ maxWidth: 560 }}>
        {state.status === 'saved' && (
          <Flash variant="success" role="status" style={{ marginBottom: 16 }}>
            {MESSAGES.SECRET_QUESTIONS_SAVED}
          </Flash>
        )}
        <Text as="p">Your secret questions are set. They let you reset your card PIN without help.</Text>
        <ol aria-label="Your secret questions">
          {state.questions.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ol>
        {viewerId && (
          <Button onClick={() => dispatch(secretQuestionsActions.resetLinkRequested({ userId: viewerId }))} loading={state.resetLink === 'sending'} disabled={state.resetLink === 'sent'}>
            E-mail me a link to change them
          </Button>
        )}
        {state.resetLink === 'sent' && <Text as="p" role="status">{MESSAGES.RESET_LINK_SENT}</Text>}
      </PageLayout>
    );
  }
  const formErrorField = state.errorField && /^questions\.\d+\.(question|customQuestion|answer)$/.test(state.errorField) ? null : state.errorMessage;
  return (
    <PageLayout title="Secret questions" style={{ maxWidth: 560 }}>
      <Text as="p">
        {state.linkUsername ? `Choose new secret questions for ${state.linkUsername}.` : 'Choose and answer 3 questions.'} Your answers are not case-sensitive and never leave this browser
        in clear.
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Secret questions">
        <FormError>{errors.questions ?? (state.status === 'failed' ? formErrorField : null)}</FormError>
        {inputs.map((input, i) => (
          <fieldset key={i} style={{ border: 0, padding: 0, marginBottom: 16 }}>
            <legend style={{ fontWeight: 600 }}>{`Question ${i + 1}`}</legend>
            <Select aria-label={`Question ${i + 1}`} value={input.question} onChange={(e) => update(i, { question: e.target.value })} validationStatus={fieldError(`questions.${i}.question`) ? 'error' : undefined} block>
              {SECURITY_QUESTIONS.map((q) => (
                <Select.Option key={q} value={q}>
                  {q}
                </Select.Option>
              ))}
            </Select>
            {fieldError(`questions.${i}.question`) && (
              <Text as="p" style={{ color: 'var(--fgColor-danger, #d1242f)' }}>
                {fieldError(`questions.${i}.question`)}
              </Text>
            )}
            {input.question === WRITE_YOUR_OWN_QUESTION && (
              <TextField label={`Your question ${i + 1}`} value={input.customQuestion ?? ''} error={fieldError(`questions.${i}.customQuestion`)} onChange={(e) => update(i, { customQuestion: e.target.value })} />
            )}
            <TextField label={`Answer ${i + 1}`} type="password" autoComplete="off" value={input.answer} error={fieldError(`questions.${i}.answer`)} onChange={(e) => update(i, { answer: e.target.value })} />
          </fieldset>
        ))}
        <Button type="submit" variant="primary" loading={state.status === 'saving'}>
          Save secret questions
        </Button>
      </form>
    </PageLayout>
  );
}
