import { useDispatch, useSelector } from 'react-redux';
import { Button } from '@primer/react';
import type { CardReader } from '@tessera/domain';
import { FormError, followLink } from '@tessera/ui';
import { insertedCardActions, insertedCardSelectors, matchesRecord } from '../insertedCard.slice';

const cell = { textAlign: 'left' as const, padding: 4 };

/**
 * The readers page's panels of an inserted card (issue 15; signin §7 CardDetails and ReadCertStore): per reader with
 * a card, "Card details" asks the server for its record (user, template, status) and the agent, through the server,
 * for the certificates on the card (slot, subject, issuer, expiry), each marked whether the server's record of the
 * card lists it.
 */
export function InsertedCardSection({ readers }: { readers: readonly CardReader[] }) {
  const dispatch = useDispatch();
  const cards = useSelector(insertedCardSelectors.selectState);
  const withCards = readers.filter((r) => r.cardPresent && r.smartcard);
  if (withCards.length === 0) return null;
  return (
    <section aria-label="Inserted cards" style={{ marginTop: 24 }}>
      <h2 style={{ fontSize: 16 }}>Inserted cards</h2>
      {withCards.map((reader) => {
        const sc = reader.smartcard!;
        const card = cards[reader.name];
        const current = card && card.serialNumber === sc.serialNumber ? card : undefined;
        return (
          <div key={reader.name} role="group" aria-label={`Card in ${reader.name}`} style={{ marginBottom: 16 }}>
            <p>
              {reader.name}: card {sc.serialNumber}{' '}
              <Button size="small" disabled={current?.loading} onClick={() => dispatch(insertedCardActions.requested({ readerName: reader.name, serialNumber: sc.serialNumber, atr: sc.atr }))}>
                Card details
              </Button>
            </p>
            {current?.loading ? <p>Reading the card…</p> : null}
            <FormError>{current?.error ?? null}</FormError>
            {current && !current.loading && !current.error ? (
              <>
                {current.details ? (
                  <dl aria-label="Card details" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px' }}>
                    <dt>User</dt>
                    <dd data-testid="inserted-card-user">{current.details.username ?? 'None'}</dd>
                    <dt>Card template</dt>
                    <dd data-testid="inserted-card-template">{current.details.cardTemplateName ?? 'None'}</dd>
                    <dt>Status</dt>
                    <dd data-testid="inserted-card-status">
                      <a href={`/credentials/smartcards/view/${current.details.smartcard.cardId}`} onClick={followLink}>
                        {current.details.smartcard.status}
                      </a>
                    </dd>
                  </dl>
                ) : (
                  <p data-testid="inserted-card-unknown">The server has no record of this card.</p>
                )}
                <table aria-label="Certificates on card">
                  <caption style={{ textAlign: 'left', fontWeight: 600 }}>Certificates on card</caption>
                  <thead>
                    <tr>
                      {['Slot', 'Subject', 'Issuer', 'Expires', 'Matches the server\'s record'].map((h) => (
                        <th key={h} style={cell}>
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {current.certificates.length === 0 ? (
                      <tr>
                        <td colSpan={5} style={cell}>
                          No certificates on the card
                        </td>
                      </tr>
                    ) : (
                      current.certificates.map((c) => (
                        <tr key={c.slot}>
                          <th scope="row" style={cell}>
                            {c.slot}
                          </th>
                          <td style={cell}>{c.subject}</td>
                          <td style={cell}>{c.issuer}</td>
                          <td style={cell}>{new Date(c.notAfter).toLocaleDateString()}</td>
                          <td style={cell}>{matchesRecord(c, current.details?.smartcard) ? 'Yes' : 'No'}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
