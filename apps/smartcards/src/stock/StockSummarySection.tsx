import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { FormError, followLink } from '@tessera/ui';
import { stockActions as A, stockSelectors } from './stock.slice';

/**
 * The stock counts per card type with the low-stock warning (issue 15 "card stock": "counts per card type on the readers
 * page and a low-stock warning"): on the readers page with a link to the stock list, and on the stock list itself.
 */
export function StockSummarySection({ showLink = false }: { showLink?: boolean }) {
  const dispatch = useDispatch();
  const state = useSelector(stockSelectors.selectState);
  useEffect(() => {
    dispatch(A.countsRequested());
  }, [dispatch]);
  const low = state.counts.filter((c) => c.low);
  return (
    <section aria-labelledby="stock-summary-title" style={{ marginBottom: 'var(--base-size-24, 24px)' }}>
      <h2 id="stock-summary-title" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
        Card stock
      </h2>
      <FormError>{state.countsError ?? undefined}</FormError>
      {low.length > 0 ? (
        <div role="alert" className="flash flash-warn" style={{ padding: 8, border: '1px solid #d4a72c', background: '#fff8c5', borderRadius: 6, marginBottom: 8 }}>
          Low stock: {low.map((c) => `${c.cardType} (${c.available} left, threshold ${c.threshold})`).join(', ')}
        </div>
      ) : null}
      {state.countsLoaded && state.counts.length === 0 ? <p>No cards in stock yet.</p> : null}
      {state.counts.length > 0 ? (
        // Its own scroll box on a narrow screen: the page does not scroll sideways.
        <div data-table-scroll style={{ overflowX: 'auto', maxWidth: '100%' }}>
        <table aria-label="Stock per card type" style={{ borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              {['Card type', 'Available', 'Received', 'In stock', 'Issued', 'Returned', 'Destroyed', 'Threshold'].map((h) => (
                <th key={h} scope="col" style={{ textAlign: 'left', padding: '4px 12px 4px 0' }}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {state.counts.map((c) => (
              <tr key={c.cardType} data-low={c.low ? 'true' : 'false'}>
                <th scope="row" style={{ textAlign: 'left', padding: '4px 12px 4px 0' }}>
                  {c.cardType}
                  {c.low ? <span style={{ marginLeft: 6, color: '#9a6700' }}>low</span> : null}
                </th>
                {[c.available, c.received, c.inStock, c.issued, c.returned, c.destroyed, c.threshold === 0 ? 'off' : c.threshold].map((v, i) => (
                  <td key={i} style={{ padding: '4px 12px 4px 0' }}>
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      ) : null}
      {state.requireStockMessage ? <p>{state.requireStockMessage}</p> : null}
      {showLink ? (
        <p>
          <a href="/credentials/smartcards/stock" onClick={followLink}>
            Manage card stock
          </a>
        </p>
      ) : null}
    </section>
  );
}
