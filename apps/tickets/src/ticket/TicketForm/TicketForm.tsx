import { useState, type FormEvent } from 'react';
import { Button, Select, Textarea } from '@primer/react';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUS_LABELS,
  nextTicketStatuses,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@tessera/domain';
import { FormError, TextField } from '@tessera/ui';

/** The values of the ticket form. */
export interface TicketFormValues {
  title: string;
  category: TicketCategory;
  description: string;
  priority: TicketPriority;
  ticketStatus?: TicketStatus;
}

/** Props of {@link TicketForm}. */
export interface TicketFormProps {
  /** Accessible name of the form. */
  label: string;
  initial: TicketFormValues;
  /** The status the ticket has now: shows the status choice with the allowed next statuses. */
  currentStatus?: TicketStatus;
  submitLabel: string;
  saving: boolean;
  /** Form-level error text. */
  error: string | null;
  /** Field of a server error. */
  errorField?: string | undefined;
  onSubmit: (values: TicketFormValues) => void;
}

const fieldStyle = { display: 'flex', flexDirection: 'column' as const, gap: 4, marginBottom: 16 };

/** Title, category, description, priority and (when editing) status of a ticket. */
export function TicketForm({ label, initial, currentStatus, submitLabel, saving, error, errorField, onSubmit }: TicketFormProps) {
  const [values, setValues] = useState<TicketFormValues>(initial);
  const set = <K extends keyof TicketFormValues>(key: K, value: TicketFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <form aria-label={label} onSubmit={submit} noValidate>
      <FormError>{error}</FormError>
      <TextField label="Title" name="title" required value={values.title} maxLength={200} error={errorField === 'title' ? error : null} onChange={(e) => set('title', e.target.value)} />
      <div style={fieldStyle}>
        <label htmlFor="ticket-category">Category</label>
        <Select id="ticket-category" value={values.category} onChange={(e) => set('category', e.target.value as TicketCategory)}>
          {TICKET_CATEGORIES.map((c) => (
            <Select.Option key={c} value={c}>
              {c}
            </Select.Option>
          ))}
        </Select>
      </div>
      <div style={fieldStyle}>
        <label htmlFor="ticket-priority">Priority</label>
        <Select id="ticket-priority" value={values.priority} onChange={(e) => set('priority', e.target.value as TicketPriority)}>
          {TICKET_PRIORITIES.map((p) => (
            <Select.Option key={p} value={p}>
              {p}
            </Select.Option>
          ))}
        </Select>
      </div>
      {currentStatus ? (
        <div style={fieldStyle}>
          <label htmlFor="ticket-status">Status</label>
          <Select id="ticket-status" value={values.ticketStatus ?? currentStatus} onChange={(e) => set('ticketStatus', e.target.value as TicketStatus)}>
            {nextTicketStatuses(currentStatus).map((s) => (
              <Select.Option key={s} value={s}>
                {TICKET_STATUS_LABELS[s]}
              </Select.Option>
            ))}
          </Select>
        </div>
      ) : null}
      <div style={fieldStyle}>
        <label htmlFor="ticket-description">Description</label>
        <Textarea id="ticket-description" block rows={6} value={values.description} onChange={(e) => set('description', e.target.value)} />
      </div>
      <Button type="submit" variant="primary" loading={saving}>
        {submitLabel}
      </Button>
    </form>
  );
}
