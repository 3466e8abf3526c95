import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { PageLayout } from '@tessera/ui';
import { ReadersPanel } from '../ReadersPanel';
import { readersActions, readersSelectors } from '../readers.slice';

/** `/credentials/smartcards/cms`: the local security client and its readers, live. */
export function ReadersPage() {
  const dispatch = useDispatch();
  const state = useSelector(readersSelectors.selectState);
  const readers = useSelector(readersSelectors.selectReaders);

  useEffect(() => {
    dispatch(readersActions.panelOpened());
    return () => {
      dispatch(readersActions.panelClosed());
    };
  }, [dispatch]);

  return (
    <PageLayout title="Card readers">
      <ReadersPanel
        agent={state.agent}
        failure={state.failure}
        readers={readers}
        pin={state.pin}
        onValidatePin={(readerName, pin) => dispatch(readersActions.pinValidationRequested({ readerName, pin }))}
        onReconnect={() => dispatch(readersActions.panelOpened())}
      />
    </PageLayout>
  );
}
