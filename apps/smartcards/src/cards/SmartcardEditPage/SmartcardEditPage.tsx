import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Text } from '@primer/react';
import { FormError, PageLayout, followLink } from '@tessera/ui';
import { cardsActions, cardsSelectors } from '../cards.slice';

/** Props of {@link SmartcardEditPage}. */
export interface SmartcardEditPageProps {
  cardId: string;
}

/**
 * `/credentials/smartcards/edit/{smartcardID}` (smartcardEdit; designed: the spec names the route only): what an
 * operator may change on a card record without the card, whether it is a temporary card (signin §3
 * `extensions.temporary_card`). Its user and template change through assign/unassign, its state through the card's page.
 */
export function SmartcardEditPage({ cardId }: SmartcardEditPageProps) {
  const dispatch = useDispatch();
  const { view } = useSelector(cardsSelectors.selectState);
  const card = view.card?.cardId === cardId ? view.card : null;
  const [temporary, setTemporary] = useState(false);
  useEffect(() => {
    dispatch(cardsActions.cardRequested({ cardId }));
  }, [dispatch, cardId]);
  useEffect(() => {
    if (card) setTemporary(card.extensions.temporary_card === true);
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
    </PageLayout>
  );
}
