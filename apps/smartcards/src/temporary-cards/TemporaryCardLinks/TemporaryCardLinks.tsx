import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Text } from '@primer/react';
import { followLink } from '@tessera/ui';
import { TEMPORARY_CARD_EXTENSIONS, isTemporaryCard, type Smartcard } from '@tessera/domain';
import { temporaryCardsActions, temporaryCardsSelectors } from '../temporaryCards.slice';

/** Props of {@link TemporaryCardLinks}. */
export interface TemporaryCardLinksProps {
  card: Smartcard;
}

function CardLink({ card }: { card: Smartcard }) {
  return (
    <a href={`/credentials/smartcards/view/${card.cardId}`} onClick={followLink}>
      {card.serialNumber} ({card.status})
    </a>
  );
}

/**
 * The temporary card links of a card on its page (signin §7 TemporarilyReplacedBy, TemporarilyReplaces; admin-console
 * §3 "replaces and replacedBy"): the temporary cards that replace (or replaced) it, or the card it replaces and when
 * it expires (an expired temporary card says so in its status).
 */
export function TemporaryCardLinks({ card }: TemporaryCardLinksProps) {
  const dispatch = useDispatch();
  const { links } = useSelector(temporaryCardsSelectors.selectState);
  useEffect(() => {
    dispatch(temporaryCardsActions.linksRequested({ cardId: card.cardId }));
  }, [dispatch, card.cardId, card.status]);
  const expiresAt = card.extensions[TEMPORARY_CARD_EXTENSIONS.expiresAt];
  if (links.cardId !== card.cardId) return null;
  return (
    <dl aria-label="Temporary card links" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', marginTop: 8 }}>
      {isTemporaryCard(card) ? (
        <>
          <dt style={{ fontWeight: 600 }}>Temporarily replaces</dt>
          <dd style={{ margin: 0 }} data-testid="card-replaces">
            {links.replaces.map((c) => (
              <CardLink key={c.cardId} card={c} />
            ))}
          </dd>
          <dt style={{ fontWeight: 600 }}>Temporary card until</dt>
          <dd style={{ margin: 0 }} data-testid="card-temporary-until">
            {typeof expiresAt === 'string' ? new Date(expiresAt).toLocaleString() : 'Unlimited'}
            {card.status === 'expired' ? <Text style={{ color: 'var(--fgColor-danger)' }}> (expired)</Text> : null}
          </dd>
        </>
      ) : null}
      {links.replacedBy.length ? (
        <>
          <dt style={{ fontWeight: 600 }}>Temporarily replaced by</dt>
          <dd style={{ margin: 0 }} data-testid="card-replaced-by">
            {links.replacedBy.map((c, i) => (
              <span key={c.cardId}>
                {i ? ', ' : ''}
                <CardLink card={c} />
              </span>
            ))}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
