import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Flash, Link, Select, Text, Textarea } from '@primer/react';
import { SELF_CARD_MESSAGES, SELF_CARD_REQUEST_REASON_MAX } from '@tessera/domain';
import { followLink, FormError, PageLayout } from '@tessera/ui';
import { selfCardsActions, selfCardsSelectors } from '../selfCards.slice';

/** Props of {@link RequestSmartcardPage}. */
export interface RequestSmartcardPageProps {
  /** `{id}` of `/self/requestSmartcard/{id}`: the signed-in user's own id (the server refuses any other with 403). */
  userId: string;
}

/**
 * `/self/requestSmartcard/{id}` [selfServicePortal] (admin-console §2.2): the user asks for a smartcard for
 * themselves: a card template of the tenant and a reason. The request joins the operators' smartcard requests;
 * one open request per user.
 */
export function RequestSmartcardPage({ userId }: RequestSmartcardPageProps) {
  const dispatch = useDispatch();
  const id = useId();
  const { templates, request } = useSelector(selfCardsSelectors.select);
  const [cardTemplateId, setCardTemplateId] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    dispatch(selfCardsActions.requestPageShown());
  }, [dispatch, userId]);
  useEffect(() => {
    if (!cardTemplateId && templates.items[0]) setCardTemplateId(templates.items[0].id);
  }, [templates.items, cardTemplateId]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!cardTemplateId) found.cardTemplateId = 'Choose a card template';
    if (!reason.trim()) found.reason = 'Give a reason';
    else if (reason.length > SELF_CARD_REQUEST_REASON_MAX) found.reason = `At most ${SELF_CARD_REQUEST_REASON_MAX} characters`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    dispatch(selfCardsActions.requestSubmitted({ userId, request: { cardTemplateId, reason: reason.trim() } }));
  };
  const fieldError = (field: string) => errors[field] ?? (request.status === 'failed' && request.errorField === field ? request.errorMessage : null);
  const formError = request.status === 'failed' && request.errorField !== 'cardTemplateId' && request.errorField !== 'reason' ? request.errorMessage : null;

  if (request.status === 'sent') {
    return (
      <PageLayout title="Request a smartcard" style={{ maxWidth: 560 }}>
        <Flash variant="success" role="status">{SELF_CARD_MESSAGES.REQUESTED}</Flash>
        <Text as="p">
          <Link href="/self/portal/" onClick={followLink}>Back to my smartcards</Link>
        </Text>
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Request a smartcard" style={{ maxWidth: 560 }}>
      {templates.status === 'loading' && <Text as="p">Loading…</Text>}
      {templates.status === 'failed' && <Flash variant="danger" role="alert">{templates.errorMessage}</Flash>}
      {templates.status === 'ready' && templates.items.length === 0 && <Text as="p">There are no card templates to request yet. Ask an operator.</Text>}
      {templates.items.length > 0 && (
        <form onSubmit={onSubmit} noValidate aria-label="Request a smartcard">
          <FormError>{formError}</FormError>
          {/* Plain labels: Primer's FormControl would weigh down every screen's shared Primer module (PLATFORM-NOTES). */}
          <div style={{ marginBottom: 16 }}>
            <label htmlFor={`${id}-template`} style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
              Card template *
            </label>
            <Select
              id={`${id}-template`}
              required
              value={cardTemplateId}
              onChange={(e) => setCardTemplateId(e.target.value)}
              validationStatus={fieldError('cardTemplateId') ? 'error' : undefined}
              aria-describedby={fieldError('cardTemplateId') ? `${id}-template-error` : undefined}
              block
            >
              {templates.items.map((t) => (
                <Select.Option key={t.id} value={t.id}>
                  {t.name}
                </Select.Option>
              ))}
            </Select>
            {fieldError('cardTemplateId') && (
              <Text as="p" id={`${id}-template-error`} style={{ color: 'var(--fgColor-danger)', margin: '4px 0 0' }}>
                {fieldError('cardTemplateId')}
              </Text>
            )}
          </div>
          <div style={{ marginBottom: 16 }}>
            <label htmlFor={`${id}-reason`} style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
              Reason *
            </label>
            <Textarea
              id={`${id}-reason`}
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              validationStatus={fieldError('reason') ? 'error' : undefined}
              aria-describedby={fieldError('reason') ? `${id}-reason-error` : undefined}
              block
            />
            {fieldError('reason') && (
              <Text as="p" id={`${id}-reason-error`} style={{ color: 'var(--fgColor-danger)', margin: '4px 0 0' }}>
                {fieldError('reason')}
              </Text>
            )}
          </div>
          <Button type="submit" variant="primary" loading={request.status === 'sending'}>
            Request smartcard
          </Button>
        </form>
      )}
    </PageLayout>
  );
}
