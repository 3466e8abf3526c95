import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { getSessionState } from '@tessera/bus';
import { PageLayout } from '@tessera/ui';
import { AgentAddressSection } from '../AgentAddressSection';
import { PinPolicySection } from '../PinPolicySection';
import { CardActionsSection } from '../../cards/CardActionsSection';
import { SmartcardsSection } from '../../cards/SmartcardsSection';
import { TemporaryCardsSection } from '../../temporary-cards/TemporaryCardsSection';
import { ReadersPanel } from '../ReadersPanel';
import { InsertedCardSection } from '../InsertedCardSection';
import { StockSummarySection } from '../../stock/StockSummarySection';
import { readersActions, readersSelectors } from '../readers.slice';

/**
 * `/credentials/smartcards/cms`: the local security client and its readers, live, and the address it
 * is looked for at (which a user may change); below, for
 * smartcardManage holders, the tenant's PIN policy (the server checks the permission again).
 */
export function ReadersPage() {
  const dispatch = useDispatch();
  const session = getSessionState();
  const canManage = session.status === 'signedIn' && session.viewer.permission.View.includes('smartcardManage');
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
        requirements={state.requirements}
        onValidatePin={(readerName, pin) => dispatch(readersActions.pinValidationRequested({ readerName, pin }))}
        onReconnect={() => dispatch(readersActions.panelOpened())}
      />
      {canManage ? <InsertedCardSection readers={readers} /> : null}
      {canManage ? <CardActionsSection readers={readers} /> : null}
      {canManage ? <SmartcardsSection /> : null}
      {canManage ? <TemporaryCardsSection readers={readers} /> : null}
      {canManage ? <StockSummarySection showLink /> : null}
      <AgentAddressSection />
      {canManage ? <PinPolicySection /> : null}
    </PageLayout>
  );
}
