import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Flash, Label, Link, Text } from '@primer/react';
import { getSessionState } from '@tessera/bus';
import { SELF_CARD_MESSAGES, type SelfSmartcard, type SmartcardStatus } from '@tessera/domain';
import { followLink, PageLayout } from '@tessera/ui';
import { selfCardsActions, selfCardsSelectors } from '../selfCards.slice';
import { ChangePinSection } from '../ChangePinSection';

type LabelVariant = 'success' | 'attention' | 'danger' | 'secondary' | 'accent' | 'severe';

/** The badge colour of each card status. */
const STATUS_VARIANT: Record<SmartcardStatus, LabelVariant> = {
  registered: 'secondary',
  assigned: 'accent',
  issuing: 'attention',
  issued: 'success',
  error: 'danger',
  revoked: 'danger',
  suspended: 'severe',
  expired: 'secondary',
};

const day = (iso: string) => iso.slice(0, 10);

/** CR80 proportions (85.60 × 53.98 mm) at the portal's width. */
const CARD_WIDTH = 256;
const CARD_HEIGHT = Math.round((CARD_WIDTH * 53.98) / 85.6);

/**
 * The card's picture: its front and back rendered by the server with the viewer's data when its template has a
 * layout; otherwise (or while it loads, or when it fails) a neutral card outline with the card's number and status.
 */
function CardPicture({ card }: { card: SelfSmartcard }) {
  const picture = useSelector(selfCardsSelectors.select).pictures[card.cardId];
  if (card.hasLayout && picture?.status === 'ready') {
    return (
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', margin: '8px 0' }}>
        <img alt={`Front of card ${card.serialNumber}`} src={`data:image/png;base64,${picture.picture.frontCompressed}`} width={CARD_WIDTH} height={CARD_HEIGHT} style={{ borderRadius: 8, border: '1px solid var(--borderColor-default, #d0d7de)' }} />
        <img alt={`Back of card ${card.serialNumber}`} src={`data:image/png;base64,${picture.picture.backCompressed}`} width={CARD_WIDTH} height={CARD_HEIGHT} style={{ borderRadius: 8, border: '1px solid var(--borderColor-default, #d0d7de)' }} />
      </div>
    );
  }
  const note = card.hasLayout ? (picture?.status === 'failed' ? picture.message : 'Loading the card picture…') : null;
  return (
    <div
      role="img"
      aria-label={`Card outline ${card.serialNumber}`}
      style={{ width: CARD_WIDTH, height: CARD_HEIGHT, margin: '8px 0', borderRadius: 8, border: '2px dashed var(--borderColor-default, #d0d7de)', display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'center', gap: 4 }}
    >
      <Text style={{ fontFamily: 'monospace' }}>{card.serialNumber}</Text>
      <Text style={{ color: 'var(--fgColor-muted, #59636e)' }}>{card.status}</Text>
      {note && <Text style={{ fontSize: 12, color: 'var(--fgColor-muted, #59636e)' }}>{note}</Text>}
    </div>
  );
}

function CardItem({ card }: { card: SelfSmartcard }) {
  return (
    <li aria-label={`Smartcard ${card.serialNumber}`} style={{ border: '1px solid var(--borderColor-default, #d0d7de)', borderRadius: 6, padding: 12, marginBottom: 12, listStyle: 'none' }}>
      <Text as="p" style={{ fontWeight: 600, margin: 0 }}>
        {`Card ${card.serialNumber}`}{' '}
        <Label variant={STATUS_VARIANT[card.status] ?? 'secondary'} aria-label={`Status ${card.status}`}>
          {card.status}
        </Label>
      </Text>
      <Text as="p" style={{ margin: '4px 0' }}>{`Type: ${card.cardType} · Template: ${card.cardTemplateName ?? 'none'}`}</Text>
      <CardPicture card={card} />
      {card.certificates.length > 0 ? (
        <table aria-label={`Certificates of card ${card.serialNumber}`}>
          <thead>
            <tr>
              <th scope="col">Slot</th>
              <th scope="col">Subject</th>
              <th scope="col">Expires</th>
            </tr>
          </thead>
          <tbody>
            {card.certificates.map((c) => (
              <tr key={c.certId}>
                <td>{c.slot}</td>
                <td>{c.subject}</td>
                <td>{day(c.notAfter)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Text as="p">No certificates on this card</Text>
      )}
      {card.status === 'issued' && (
        <Text as="p" style={{ marginBottom: 0 }}>
          Forgot your PIN?{' '}
          <Link href="/anonymousportal/manageSmartcard" onClick={followLink}>
            Reset it with your secret questions
          </Link>
        </Text>
      )}
    </li>
  );
}

/**
 * `/self/portal/` [selfServicePortal] (admin-console §2.2): the signed-in user's own smartcards (the server
 * answers only the viewer's cards), each with its status, template and certificates; links to reset a forgotten
 * PIN with secret questions, to set the secret questions, and to request a new card.
 */
export function SelfPortalPage() {
  const dispatch = useDispatch();
  const { cards } = useSelector(selfCardsSelectors.select);
  useEffect(() => {
    dispatch(selfCardsActions.portalShown());
  }, [dispatch]);
  const session = getSessionState();
  const userId = session.status === 'signedIn' ? session.viewer.id : null;

  return (
    <PageLayout title="Self service" style={{ maxWidth: 760 }}>
      <Text as="h2" style={{ fontSize: 18 }}>My smartcards</Text>
      {cards.status === 'loading' && <Text as="p">Loading…</Text>}
      {cards.status === 'failed' && (
        <Flash variant="danger" role="alert">
          {cards.errorMessage}
        </Flash>
      )}
      {cards.status === 'ready' && cards.items.length === 0 && <Text as="p">{SELF_CARD_MESSAGES.NO_CARDS}</Text>}
      {cards.items.length > 0 && (
        <ul aria-label="My smartcards" style={{ padding: 0 }}>
          {cards.items.map((card) => (
            <CardItem key={card.cardId} card={card} />
          ))}
        </ul>
      )}
      {cards.items.some((c) => c.status === 'issued') && <ChangePinSection />}
      <ul aria-label="Self-service actions">
        {userId && (
          <li>
            <Link href={`/self/requestSmartcard/${userId}`} onClick={followLink}>Request a new smartcard</Link>
          </li>
        )}
        <li>
          <Link href="/self/resetquestions" onClick={followLink}>Secret questions</Link>
        </li>
        <li>
          <Link href="/anonymousportal/manageSmartcard" onClick={followLink}>Reset a forgotten card PIN</Link>
        </li>
        <li>
          <Link href="/self/changePassword/" onClick={followLink}>Change password</Link>
        </li>
        {userId && (
          <li>
            <Link href={`/credentials/fido/passkeys/${userId}`} onClick={followLink}>Passkeys and two-factor authentication</Link>
          </li>
        )}
      </ul>
    </PageLayout>
  );
}
