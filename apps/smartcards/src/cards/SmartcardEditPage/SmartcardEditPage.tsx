import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Text } from '@primer/react';
import { TEMPORARY_CARD_EXTENSIONS, isTemporaryCard } from '@tessera/domain';
import { FormError, PageLayout, followLink } from '@tessera/ui';
import { cardsActions, cardsSelectors } from '../cards.slice';

/** Props of {@link SmartcardEditPage}. */
export interface SmartcardEditPageProps {
  cardId: string;
}

/**
 * `/credentials/smartcards/edit/{smartcardID}` (smartcardEdit; designed: the spec names the route only): what an
 * operator may change on a card record without the card, whether it is a temporary card (signin §3
 * `extensions.temporary_card`), and a temporary card's expiry (admin-console §8 'An error occurred while sending request
 * to update smartcard expiry'). Its user and template change through assign/unassign, its state through the card's page.
 */
export function SmartcardEditPage({ cardId }: SmartcardEditPageProps) {
  const dispatch = useDispatch();
  const { view } = useSelector(cardsSelectors.selectState);
  const card = view.card?.cardId === cardId ? view.card : null;
  const [temporary, setTemporary] = useState(false);
  const [expiry, setExpiry] = useState('');
  const [unlimited, setUnlimited] = useState(false);
  useEffect(() => {
    dispatch(cardsActions.cardRequested({ cardId }));
  }, [dispatch, cardId]);
  useEffect(() => {
    if (!card) return;
    setTemporary(card.extensions.temporary_card === true);
    const at = card.extensions[TEMPORARY_CARD_EXTENSIONS.expiresAt];
    setUnlimited(at === null || at === undefined);
    setExpiry(typeof at === 'string' ? toLocalInput(at) : '');
  }, [card]);
  return (
    <PageLayout title="Edit smartcard">
      <p>
        <a href={`/credentials/smartcards/view/${cardId}`} onClick={followLink}>
          Back to the card
        </a>
      </p>
      {view.status === 'loading' ? <Text as="p">Loading…</Text> : null}
      <FormError>{view.status === 'failed' ? view.message : null}</FormError>
      {card ? (
        <form
          aria-label="Edit smartcard"
          style={{ maxWidth: 480 }}
          onSubmit={(e) => {
            e.preventDefault();
            dispatch(cardsActions.updateRequested({ cardId, temporaryCard: temporary }));
          }}
        >
          <Text as="p" data-testid="edit-card-serial">
            {card.serialNumber} ({card.status})
          </Text>
          <label style={{ display: 'block', marginBottom: 8 }}>
            <input type="checkbox" checked={temporary} onChange={(e) => setTemporary(e.target.checked)} /> Temporary card
          </label>
          <Button type="submit" variant="primary" disabled={view.change.status === 'processing'}>
            Save
          </Button>
          {view.change.status === 'success' || view.change.status === 'failure' ? (
            <Text as="p" role="status" data-testid="card-edit-status" style={{ color: view.change.status === 'failure' ? 'var(--fgColor-danger)' : 'var(--fgColor-success)' }}>
              {view.change.message}
            </Text>
          ) : null}
        </form>
      ) : null}
      {card && isTemporaryCard(card) ? (
        <form
          aria-label="Temporary card expiry"
          style={{ maxWidth: 480, marginTop: 24 }}
          onSubmit={(e) => {
            e.preventDefault();
            dispatch(cardsActions.expiryUpdateRequested({ cardId, expiresAt: unlimited || expiry === '' ? null : new Date(expiry).toISOString() }));
          }}
        >
          <Text as="h2" style={{ fontSize: 16 }}>
            Expiry
          </Text>
          <label style={{ display: 'block', marginBottom: 8 }}>
            <input type="checkbox" checked={unlimited} onChange={(e) => setUnlimited(e.target.checked)} /> Unlimited
          </label>
          <label style={{ display: 'block', marginBottom: 8 }}>
            Expires at{' '}
            <input type="datetime-local" value={expiry} disabled={unlimited} onChange={(e) => setExpiry(e.target.value)} />
          </label>
          <Button type="submit" disabled={view.change.status === 'processing' || (!unlimited && expiry === '')}>
            Update expiry
          </Button>
        </form>
      ) : null}
    </PageLayout>
  );
}

/** An ISO 8601 instant as the value of a `datetime-local` input (the browser's time zone, to the minute). */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
