import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Text } from '@primer/react';
import { FormError, FullPageSpinner, PageLayout } from '@tessera/ui';
import { scepActions, scepSelectors } from '../scep.slice';

/**
 * `/retrieveSCEPChallenge/{id}` (admin-console §2.1, public; issue 17): shows a SCEP challenge password once.
 * Opening the link fetches it, and the server erases it; a second visit says it is gone.
 */
export function RetrieveScepChallengePage({ id }: { id: string }) {
  const dispatch = useDispatch();
  const { retrieve } = useSelector(scepSelectors.select);
  useEffect(() => {
    dispatch(scepActions.retrieveRequested(id));
  }, [dispatch, id]);
  if (retrieve.status === 'idle' || retrieve.status === 'fetching') return <FullPageSpinner />;
  if (retrieve.status === 'gone' || !retrieve.result) {
    return (
      <PageLayout title="SCEP challenge">
        <FormError>{retrieve.error}</FormError>
      </PageLayout>
    );
  }
  const { result } = retrieve;
  return (
    <PageLayout title="SCEP challenge">
      <Text as="p" style={{ marginTop: 0 }}>
        Enter this challenge password in the device's SCEP (or EST) settings. It is shown only now, works once, for the template <strong>{result.templateName}</strong>, until{' '}
        {new Date(result.expiresAt).toLocaleString()}.
      </Text>
      <p>
        <label htmlFor="scep-challenge-password">Challenge password</label>
        <br />
        <input id="scep-challenge-password" readOnly value={result.password} size={48} style={{ fontFamily: 'monospace' }} onFocus={(e) => e.target.select()} />
      </p>
      <Text as="p">
        SCEP URL: <code>{result.scepUrl}</code>
      </Text>
    </PageLayout>
  );
}
