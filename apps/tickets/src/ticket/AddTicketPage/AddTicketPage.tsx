import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { navigate, PageLayout } from '@tessera/ui';
import { TicketsNav } from '../../TicketsNav';
import { TicketForm } from '../TicketForm';
import { ticketActions, ticketSelectors } from '../ticket.slice';

/** `/tickets/add` [ticketAdd]: a new ticket; on success its view. */
export function AddTicketPage() {
  const dispatch = useDispatch();
  const { saving, formError, createdId } = useSelector(ticketSelectors.selectTicketState);
  useEffect(() => {
    dispatch(ticketActions.formReset());
  }, [dispatch]);
  useEffect(() => {
    if (createdId) {
      dispatch(ticketActions.formReset());
      navigate(`/tickets/${createdId}/view`);
    }
  }, [createdId, dispatch]);
  return (
    <PageLayout title="New support ticket">
      <TicketsNav />
      <TicketForm
        label="New support ticket"
        initial={{ title: '', category: 'General', description: '', priority: 'Medium' }}
        submitLabel="Submit ticket"
        saving={saving}
        error={formError?.message ?? null}
        errorField={formError?.field}
        onSubmit={(v) => dispatch(ticketActions.createRequested({ title: v.title, category: v.category, description: v.description, priority: v.priority }))}
      />
    </PageLayout>
  );
}
