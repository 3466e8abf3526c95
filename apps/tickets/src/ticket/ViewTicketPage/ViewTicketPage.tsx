import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Checkbox, Select, Spinner, Textarea } from '@primer/react';
import { TICKET_STATUS_LABELS, TICKET_MESSAGE_MAX_LENGTH, validateTicketMessage, type TicketMessage } from '@tessera/domain';
import { followLink, FormError, PageLayout } from '@tessera/ui';
import { TicketsNav } from '../../TicketsNav';
import { hasPermission, useViewer } from '../../viewer/useViewer';
import { ticketActions, ticketSelectors } from '../ticket.slice';

const dl = { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 16px', margin: '0 0 24px' } as const;

function MessageItem({ message, mine, canDelete, onSave, onDelete }: { message: TicketMessage; mine: boolean; canDelete: boolean; onSave: (text: string) => void; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message.messageContent);
  const error = validateTicketMessage(text);
  return (
    <li aria-label={`Message from ${message.sender}`} style={{ borderBottom: '1px solid var(--borderColor-default, #d1d9e0)', padding: '8px 0', listStyle: 'none' }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
        <strong>{message.sender}</strong>
        <span style={{ color: 'var(--fgColor-muted)' }}>{new Date(message.createdAt).toLocaleString()}</span>
        {message.internalIndicator ? <span style={{ color: 'var(--fgColor-attention, #9a6700)' }}>Internal</span> : null}
      </div>
      {editing ? (
        <div>
          <Textarea aria-label="Edit message" block value={text} onChange={(e) => setText(e.target.value)} />
          {error ? <span role="alert">{error}</span> : null}
          <div style={{ display: 'flex', gap: 8, marginTop: 4 }}>
            <Button
              size="small"
              disabled={error !== null || text.trim() === ''}
              onClick={() => {
                onSave(text);
                setEditing(false);
              }}
            >
              Save message
            </Button>
            <Button size="small" variant="invisible" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <p style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>{message.messageContent}</p>
      )}
      {!editing && (mine || canDelete) ? (
        <div style={{ display: 'flex', gap: 8 }}>
          {mine ? (
            <Button size="small" variant="invisible" onClick={() => setEditing(true)}>
              Edit message
            </Button>
          ) : null}
          {canDelete ? (
            <Button size="small" variant="invisible" onClick={onDelete}>
              Delete message
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** `/tickets/{id}/view` [ticketView]: the ticket, its messages (new ones appear without reloading), assignment for staff. */
export function ViewTicketPage({ ticketId }: { ticketId: string }) {
  const dispatch = useDispatch();
  const viewer = useViewer();
  const staff = hasPermission(viewer, 'ticketEdit');
  const { ticket, messages, status, formError, assignees } = useSelector(ticketSelectors.selectTicketState);
  const [draft, setDraft] = useState('');
  const [internal, setInternal] = useState(false);
  const [assignee, setAssignee] = useState('');
  const draftError = validateTicketMessage(draft);

  useEffect(() => {
    dispatch(ticketActions.ticketRequested(ticketId));
  }, [dispatch, ticketId]);

  if (status === 'failed' && !ticket) {
    return (
      <PageLayout title="Support ticket">
        <TicketsNav />
        <FormError>{formError?.message ?? 'The ticket could not be loaded.'}</FormError>
      </PageLayout>
    );
  }
  if (!ticket || ticket.ticketId !== ticketId) {
    return (
      <PageLayout title="Support ticket">
        <Spinner srText="Loading ticket" />
      </PageLayout>
    );
  }

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draftError || draft.trim() === '') return;
    dispatch(ticketActions.messageAddRequested({ ticketId, messageContent: draft, internalIndicator: staff && internal, sender: viewer?.username ?? '' }));
    setDraft('');
    setInternal(false);
  };

  return (
    <PageLayout
      title={ticket.title}
      actions={
        staff ? (
          <a href={`/tickets/${ticketId}/edit`} onClick={followLink}>
            Edit ticket
          </a>
        ) : null
      }
    >
      <TicketsNav />
      <dl style={dl} aria-label="Ticket details">
        <dt>Status</dt>
        <dd style={{ margin: 0 }}>{TICKET_STATUS_LABELS[ticket.ticketStatus]}</dd>
        <dt>Category</dt>
        <dd style={{ margin: 0 }}>{ticket.category}</dd>
        <dt>Priority</dt>
        <dd style={{ margin: 0 }}>{ticket.priority}</dd>
        <dt>Created by</dt>
        <dd style={{ margin: 0 }}>{ticket.username}</dd>
        <dt>Assigned to</dt>
        <dd style={{ margin: 0 }}>{ticket.assignedToUsername || 'Unassigned'}</dd>
        <dt>Updated</dt>
        <dd style={{ margin: 0 }}>{new Date(ticket.updatedAt).toLocaleString()}</dd>
        <dt>Description</dt>
        <dd style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{ticket.description}</dd>
      </dl>

      {staff ? (
        <section aria-label="Assignment" style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 24, flexWrap: 'wrap' }}>
          <label htmlFor="ticket-assignee">Assign to</label>
          <Select id="ticket-assignee" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
            <Select.Option value="">Choose a user</Select.Option>
            {assignees.map((u) => (
              <Select.Option key={u.id} value={u.id}>
                {u.username}
              </Select.Option>
            ))}
          </Select>
          <Button disabled={assignee === ''} onClick={() => dispatch(ticketActions.assignRequested({ ticketId, userId: assignee }))}>
            Assign
          </Button>
          <Button onClick={() => dispatch(ticketActions.assignRequested({ ticketId, userId: viewer?.id ?? '' }))}>Assign to me</Button>
          <Button disabled={ticket.assignedTo === ''} onClick={() => dispatch(ticketActions.assignRequested({ ticketId, userId: '' }))}>
            Unassign
          </Button>
        </section>
      ) : null}

      <section aria-label="Messages">
        <h2 style={{ fontSize: 20 }}>Messages</h2>
        {messages.length === 0 ? <p>No messages yet.</p> : null}
        <ul style={{ padding: 0 }}>
          {messages.map((m) => (
            <MessageItem
              key={`${m.messageId}-${m.updatedAt}`}
              message={m}
              mine={m.senderId === viewer?.id}
              canDelete={m.senderId === viewer?.id || staff}
              onSave={(text) => dispatch(ticketActions.messageUpdateRequested({ ticketId, messageId: m.messageId, messageContent: text, sender: viewer?.username ?? '' }))}
              onDelete={() => dispatch(ticketActions.messageDeleteRequested({ ticketId, messageId: m.messageId }))}
            />
          ))}
        </ul>
        <form aria-label="Reply" onSubmit={send} noValidate>
          <label htmlFor="ticket-reply">Reply</label>
          <Textarea id="ticket-reply" block rows={4} value={draft} onChange={(e) => setDraft(e.target.value)} aria-describedby="ticket-reply-count" />
          <div id="ticket-reply-count" style={{ color: draftError ? 'var(--fgColor-danger, #d1242f)' : 'var(--fgColor-muted)', fontSize: 12 }}>
            {draftError ?? `${draft.length} / ${TICKET_MESSAGE_MAX_LENGTH}`}
          </div>
          {staff ? (
            <label style={{ display: 'flex', gap: 8, alignItems: 'center', margin: '8px 0' }}>
              <Checkbox checked={internal} onChange={(e) => setInternal(e.target.checked)} />
              Internal note (staff only)
            </label>
          ) : null}
          <Button type="submit" variant="primary" disabled={draftError !== null || draft.trim() === ''}>
            Send reply
          </Button>
        </form>
      </section>
    </PageLayout>
  );
}
