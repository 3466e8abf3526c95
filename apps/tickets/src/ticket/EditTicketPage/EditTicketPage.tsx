import { useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Spinner } from '@primer/react';
import { MESSAGES, type TicketStatus } from '@tessera/domain';
import { FormError, navigate, PageLayout } from '@tessera/ui';
import { TicketsNav } from '../../TicketsNav';
import { TicketForm, type TicketFormValues } from '../TicketForm';
import { ticketActions, ticketSelectors } from '../ticket.slice';

/** Has the form changed any field of the ticket (after trimming, as the server compares)? */
export function ticketFormChanged(before: TicketFormValues & { ticketStatus: TicketStatus }, after: TicketFormValues): boolean {
  return (
    before.title !== after.title.trim() ||
    before.description !== after.description.trim() ||
    before.category !== after.category ||
    before.priority !== after.priority ||
    before.ticketStatus !== (after.ticketStatus ?? before.ticketStatus)
  );
}

/** `/tickets/{id}/edit` [ticketEdit]: edit; an edit with no change says 'No changes were made to the support ticket.'. */
export function EditTicketPage({ ticketId }: { ticketId: string }) {
  const dispatch = useDispatch();
  const { ticket, status, saving, formError, savedAt } = useSelector(ticketSelectors.selectTicketState);
  const [localError, setLocalError] = useState<string | null>(null);
  const firstSavedAt = useRef(savedAt);
  useEffect(() => {
    dispatch(ticketActions.formReset());
    dispatch(ticketActions.ticketRequested(ticketId));
  }, [dispatch, ticketId]);
  useEffect(() => {
    if (savedAt !== firstSavedAt.current) navigate(`/tickets/${ticketId}/view`);
  }, [savedAt, ticketId]);

  if (status === 'failed' && !ticket) {
    return (
      <PageLayout title="Edit support ticket">
        <FormError>{formError?.message ?? 'The ticket could not be loaded.'}</FormError>
      </PageLayout>
    );
  }
  if (!ticket || ticket.ticketId !== ticketId) {
    return (
      <PageLayout title="Edit support ticket">
        <Spinner srText="Loading ticket" />
      </PageLayout>
    );
  }
  const initial = { title: ticket.title, category: ticket.category, description: ticket.description, priority: ticket.priority, ticketStatus: ticket.ticketStatus };
  return (
    <PageLayout title="Edit support ticket">
      <TicketsNav />
      <TicketForm
        key={ticket.updatedAt}
        label="Edit support ticket"
        initial={initial}
        currentStatus={ticket.ticketStatus}
        submitLabel="Save changes"
        saving={saving}
        error={localError ?? formError?.message ?? null}
        errorField={formError?.field}
        onSubmit={(v) => {
          if (!ticketFormChanged(initial, v)) {
            setLocalError(MESSAGES.TICKET_NO_CHANGES);
            return;
          }
          setLocalError(null);
          dispatch(
            ticketActions.updateRequested({
              ticketId,
              title: v.title,
              category: v.category,
              description: v.description,
              priority: v.priority,
              ticketStatus: v.ticketStatus ?? ticket.ticketStatus,
            }),
          );
        }}
      />
    </PageLayout>
  );
}
