import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Heading, Text } from '@primer/react';
import { FormError, followLink } from '@tessera/ui';
import { cardsActions, cardsSelectors } from '../cards.slice';

/** The tenant's card records, newest first, each linking to its view (serial, status, template, certificates). */
export function SmartcardsSection() {
  const dispatch = useDispatch();
  const { list, templates } = useSelector(cardsSelectors.selectState);
  useEffect(() => {
    dispatch(cardsActions.listRequested());
  }, [dispatch]);
  const templateName = (id: string | null) => templates.find((t) => t.cardTemplateId === id)?.name ?? '';
  return (
    <section aria-labelledby="smartcards-heading" style={{ marginTop: 24 }}>
      <Heading as="h2" id="smartcards-heading" style={{ fontSize: 'var(--text-title-size-medium, 20px)', marginBottom: 8 }}>
        Smartcards
      </Heading>
      <FormError>{list.status === 'failed' ? list.message : null}</FormError>
      {list.status === 'loading' && list.cards.length === 0 ? <Text as="p">Loading…</Text> : null}
      <div data-table-scroll style={{ overflowX: 'auto', maxWidth: '100%' }}>
        <table aria-label="Smartcards" style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              {['Serial', 'Status', 'Card template', 'Certificates', 'Updated'].map((h) => (
                <th key={h} scope="col" style={{ textAlign: 'left', padding: 4 }}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.cards.length === 0 && list.status === 'succeeded' ? (
              <tr>
                <td colSpan={5} style={{ padding: 4 }}>
                  No smartcards
                </td>
              </tr>
            ) : (
              list.cards.map((card) => (
                <tr key={card.cardId} aria-label={`Card ${card.serialNumber}`}>
                  <th scope="row" style={{ textAlign: 'left', padding: 4 }}>
                    <a href={`/credentials/smartcards/view/${card.cardId}`} onClick={followLink}>
                      {card.serialNumber}
                    </a>
                  </th>
                  <td style={{ padding: 4 }}>{card.status}</td>
                  <td style={{ padding: 4 }}>{templateName(card.cardTemplateId)}</td>
                  <td style={{ padding: 4 }}>{card.certificates.map((c) => c.slot).join(', ')}</td>
                  <td style={{ padding: 4 }}>{new Date(card.updatedAt).toLocaleString()}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
