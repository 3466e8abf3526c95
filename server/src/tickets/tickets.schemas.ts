/** TypeBox schemas of the Monitoring-v1 ticket calls (admin-console §7 tickets table). */
import { Type } from '@sinclair/typebox';
import {
  TICKET_CATEGORIES,
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_METRICS_PERIODS,
  TICKET_PRIORITIES,
  TICKET_SEARCH_FIELDS,
  TICKET_SEARCH_OPERATORS,
  TICKET_SORT_FIELDS,
  TICKET_STATUSES,
  TICKET_FILTER_LIMIT,
} from '@tessera/domain';
import { MultilineString, SafeString, Uuid } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';

/** Largest number of tickets one bulk PATCH may change. */
export const BULK_TICKET_LIMIT = 1000;

const Title = SafeString({ minLength: 1, maxLength: 200 });
const Description = MultilineString({ minLength: 1, maxLength: 20000 });
const Category = StringEnum(TICKET_CATEGORIES);
const Status = StringEnum(TICKET_STATUSES);
const Priority = StringEnum(TICKET_PRIORITIES);
const MessageContent = MultilineString({ minLength: 1, maxLength: TICKET_MESSAGE_MAX_LENGTH });

/** A ticket. */
export const TicketSchema = Type.Object({
  ticketId: Type.String(),
  title: Type.String(),
  category: Type.String(),
  description: Type.String(),
  ticketStatus: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  assignedTo: Type.String(),
  assignedToUsername: Type.String(),
  priority: Type.String(),
  createdBy: Type.String(),
  userId: Type.String(),
  tenantId: Type.String(),
  username: Type.String(),
});

/** `?ticketId`. */
export const TicketIdQuery = Type.Object({ ticketId: Uuid() }, { additionalProperties: false });

/** POST Ticket. */
export const CreateTicketSchema = Type.Object(
  { title: Title, category: Category, description: Description, priority: Type.Optional(Priority) },
  { additionalProperties: false },
);
/** Answer of POST Ticket. */
export const CreateTicketResponseSchema = Type.Object({ ticketId: Type.String() });

/** PUT Ticket. */
export const UpdateTicketSchema = Type.Object(
  { ticketId: Uuid(), title: Title, category: Category, description: Description, ticketStatus: Status, priority: Type.Optional(Priority) },
  { additionalProperties: false },
);

/** PATCH Ticket (bulk). */
export const BulkUpdateTicketsSchema = Type.Object(
  {
    ticketIds: Type.Array(Uuid(), { minItems: 1, maxItems: BULK_TICKET_LIMIT, uniqueItems: true }),
    fieldsToUpdate: Type.Object({ ticketStatus: Status }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
/** Answer of the bulk update. */
export const BulkUpdateTicketsResponseSchema = Type.Object({ updated: Type.Integer(), unchanged: Type.Integer() });

/** PATCH AssignTicketToUser (userId '' unassigns). */
export const AssignTicketSchema = Type.Object(
  { ticketId: Uuid(), userId: Type.Union([Type.Literal(''), Uuid()]) },
  { additionalProperties: false },
);

/** A ticket message. */
export const TicketMessageSchema = Type.Object({
  messageId: Type.String(),
  ticketId: Type.String(),
  messageContent: Type.String(),
  sender: Type.String(),
  senderId: Type.String(),
  internalIndicator: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** Answer of SearchTicketMessages. */
export const TicketMessagesResponseSchema = Type.Object({ ticketMessages: Type.Array(TicketMessageSchema) });

const messageFields = {
  ticketId: Type.Object({ ticketId: Uuid() }, { additionalProperties: false }),
  messageContent: MessageContent,
  sender: Type.Optional(SafeString({ maxLength: 200 })),
  internalIndicator: Type.Optional(Type.Boolean()),
};

/** POST TicketMessage. */
export const CreateTicketMessageSchema = Type.Object(messageFields, { additionalProperties: false });
/** PUT TicketMessage. */
export const UpdateTicketMessageSchema = Type.Object({ ...messageFields, messageId: Uuid() }, { additionalProperties: false });
/** DELETE TicketMessage. */
export const DeleteTicketMessageSchema = Type.Object({ messageId: Uuid() }, { additionalProperties: false });

/** One filter of search_groups. */
export const TicketSearchFilterSchema = Type.Object(
  {
    field: StringEnum(TICKET_SEARCH_FIELDS),
    operator: Type.Optional(StringEnum(TICKET_SEARCH_OPERATORS)),
    value: Type.Union([SafeString({ maxLength: 200 }), Type.Array(SafeString({ maxLength: 200 }), { minItems: 1, maxItems: TICKET_FILTER_LIMIT })]),
  },
  { additionalProperties: false },
);

/** POST SearchSupportTickets. */
export const SearchSupportTicketsSchema = Type.Object(
  {
    search_groups: Type.Optional(Type.Array(TicketSearchFilterSchema, { maxItems: 20 })),
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    take: Type.Optional(Type.Integer({ minimum: 1, maximum: TICKET_FILTER_LIMIT })),
    sort_field: Type.Optional(StringEnum(TICKET_SORT_FIELDS)),
    sort_direction: Type.Optional(StringEnum(['asc', 'desc'] as const)),
  },
  { additionalProperties: false },
);
/** Answer of the search. */
export const SearchSupportTicketsResponseSchema = Type.Object({ totalResults: Type.Integer(), results: Type.Array(TicketSchema) });

/** GET SupportTicketMetrics query. */
export const TicketMetricsQuery = Type.Object({ period: Type.Optional(StringEnum(TICKET_METRICS_PERIODS)) }, { additionalProperties: false });

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
/** Answer of the metrics. */
export const TicketMetricsSchema = Type.Object({
  period: Type.String(),
  from: Type.String(),
  to: Type.String(),
  ticketCounts: Type.Object({ open: Type.Integer(), inProgress: Type.Integer(), closed: Type.Integer() }),
  timeMetrics: Type.Object({ avgFirstResponseTime: NullableNumber, responseRate: NullableNumber, avgResolutionTime: NullableNumber }),
  trends: Type.Object({ responseRateChange: NullableNumber, resolutionTimeChange: NullableNumber }),
  series: Type.Array(Type.Object({ date: Type.String(), created: Type.Integer(), closed: Type.Integer() })),
});

/** GET TicketNotifications query. */
export const TicketNotificationsQuery = Type.Object({ since: SafeString({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false });
/** Answer of TicketNotifications. */
export const TicketNotificationsSchema = Type.Object({
  now: Type.String(),
  messages: Type.Array(
    Type.Object({ ticketId: Type.String(), title: Type.String(), messageId: Type.String(), sender: Type.String(), createdAt: Type.String() }),
  ),
});
