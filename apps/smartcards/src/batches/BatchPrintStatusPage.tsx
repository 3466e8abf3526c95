import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Text } from '@primer/react';
import { FormError, PageLayout } from '@tessera/ui';
import { batchFinished, batchStatusActions, batchStatusSelectors } from './batches.slice';

/** Props of {@link BatchPrintStatusPage}. */
export interface BatchPrintStatusPageProps {
  batchId: string;
}

/**
 * `/credentials/smartcards/batchPrintStatus/{id}` (smartcardBatchFilesPrintStatus; admin-console §2.2): a batch's
 * print progress card by card, polled every 3 s (signin §9) until the batch is finished, and its records as CSV
 * (`batchfiles/download`).
 */
export function BatchPrintStatusPage({ batchId }: BatchPrintStatusPageProps) {
  const dispatch = useDispatch();
  const { batch, error } = useSelector(batchStatusSelectors.selectState);
  useEffect(() => {
    dispatch(batchStatusActions.watchRequested(batchId));
    return () => {
      dispatch(batchStatusActions.watchStopped());
    };
  }, [dispatch, batchId]);
  const shown = batch && batch.batchId === batchId ? batch : null;
  const finished = shown ? batchFinished(shown) : false;
  const percent = shown && shown.total > 0 ? Math.round(((shown.done + shown.failed) / shown.total) * 100) : 0;
  return (
    <PageLayout title="Batch print status">
      <FormError>{error}</FormError>
      {shown ? (
        <>
          <Text as="p" data-testid="batch-summary">
            {`${shown.done} of ${shown.total} cards done, ${shown.failed} failed`} — <span data-testid="batch-state">{shown.state}</span>
            {finished ? '' : ' (updated every 3 seconds)'}
          </Text>
          <progress aria-label="Batch progress" max={100} value={percent} style={{ width: '100%' }} />
          <p>
            <a href={`/api2/CMS-v2/batchfiles/download?batch_id=${encodeURIComponent(batchId)}`} download>
              Download batch file (CSV)
            </a>
          </p>
          <table aria-label="Batch cards" style={{ width: '100%', borderCollapse: 'collapse', marginTop: 16 }}>
            <thead>
              <tr>
                {['#', 'User', 'State', 'Card', 'Printed card', 'Error'].map((h) => (
                  <th key={h} scope="col" style={{ textAlign: 'left', padding: 4 }}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.cards.map((c) => (
                <tr key={c.position}>
                  <th scope="row" style={{ textAlign: 'left', padding: 4 }}>
                    {c.position}
                  </th>
                  <td style={{ padding: 4 }}>{c.userDn || c.userId}</td>
                  <td style={{ padding: 4 }}>{c.state}</td>
                  <td style={{ padding: 4, fontFamily: 'monospace' }}>{c.cardSerial ?? ''}</td>
                  <td style={{ padding: 4, fontFamily: 'monospace' }}>{c.printedCardId ?? ''}</td>
                  <td style={{ padding: 4 }}>{c.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : error ? null : (
        <Text as="p">Loading…</Text>
      )}
    </PageLayout>
  );
}
