/** Routes of the Monitoring-v1 ticket calls (admin-console §7 tickets table; docs/api.md). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, NoContent } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './tickets.service';
import {
  AssignTicketSchema,
  BulkUpdateTicketsResponseSchema,
  BulkUpdateTicketsSchema,
  CreateTicketMessageSchema,
  CreateTicketResponseSchema,
  CreateTicketSchema,
  DeleteTicketMessageSchema,
  SearchSupportTicketsResponseSchema,
  SearchSupportTicketsSchema,
  TicketIdQuery,
  TicketMessageSchema,
  TicketMessagesResponseSchema,
  TicketMetricsQuery,
  TicketMetricsSchema,
  TicketNotificationsQuery,
  TicketNotificationsSchema,
  TicketSchema,
  UpdateTicketMessageSchema,
  UpdateTicketSchema,
} from './tickets.schemas';

const tags = ['tickets'];
const M = '/api2/Monitoring-v1';

/** Registers the ticket routes. */
export const ticketsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now() };

  app.get(
    `${M}/Ticket`,
    { config: { auth: 'session', permission: 'ticketView' }, schema: { summary: 'Read a support ticket', tags, querystring: TicketIdQuery, response: { 200: TicketSchema, ...errorResponses(401, 404) } } },
    async (request) => service.getTicket(deps, requireAuth(request), request.query.ticketId),
  );

  app.post(
    `${M}/Ticket`,
    { config: { auth: 'session', permission: 'ticketAdd' }, schema: { summary: 'Create a support ticket', tags, body: CreateTicketSchema, response: { 201: CreateTicketResponseSchema, ...errorResponses(401, 503) } } },
    async (request, reply) => reply.code(201).send(await service.createTicket(deps, requireAuth(request), actorOf(request), request.body)),
  );

  app.put(
    `${M}/Ticket`,
    { config: { auth: 'session', permission: 'ticketEdit' }, schema: { summary: 'Update a support ticket', tags, body: UpdateTicketSchema, response: { 200: TicketSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => service.updateTicket(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.patch(
    `${M}/Ticket`,
    {
      config: { auth: 'session', permission: 'ticketEdit' },
      schema: { summary: 'Change the status of several tickets', tags, body: BulkUpdateTicketsSchema, response: { 200: BulkUpdateTicketsResponseSchema, ...errorResponses(401, 404, 409, 503) } },
    },
    async (request) => service.bulkUpdateTickets(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.patch(
    `${M}/AssignTicketToUser`,
    { config: { auth: 'session', permission: 'ticketEdit' }, schema: { summary: 'Assign a ticket to a user', tags, body: AssignTicketSchema, response: { 200: TicketSchema, ...errorResponses(401, 404, 503) } } },
    async (request) => service.assignTicket(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.get(
    `${M}/SearchTicketMessages`,
    {
      config: { auth: 'session', permission: 'ticketView' },
      schema: { summary: 'List the messages of a ticket', tags, querystring: TicketIdQuery, response: { 200: TicketMessagesResponseSchema, ...errorResponses(401, 404) } },
    },
    async (request) => service.listMessages(deps, requireAuth(request), request.query.ticketId),
  );

  app.post(
    `${M}/TicketMessage`,
    {
      config: { auth: 'session', permission: 'ticketView' },
      schema: { summary: 'Post a ticket message', tags, body: CreateTicketMessageSchema, response: { 201: TicketMessageSchema, ...errorResponses(401, 404, 503) } },
    },
    async (request, reply) => reply.code(201).send(await service.createMessage(deps, requireAuth(request), actorOf(request), request.body)),
  );

  app.put(
    `${M}/TicketMessage`,
    {
      config: { auth: 'session', permission: 'ticketView' },
      schema: { summary: 'Edit a ticket message', tags, body: UpdateTicketMessageSchema, response: { 200: TicketMessageSchema, ...errorResponses(401, 404, 503) } },
    },
    async (request) => service.updateMessage(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.delete(
    `${M}/TicketMessage`,
    {
      config: { auth: 'session', permission: 'ticketView' },
      schema: { summary: 'Delete a ticket message', tags, body: DeleteTicketMessageSchema, response: { 204: NoContent, ...errorResponses(401, 404, 503) } },
    },
    async (request, reply) => {
      await service.deleteMessage(deps, requireAuth(request), actorOf(request), request.body.messageId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${M}/SearchSupportTickets`,
    {
      config: { auth: 'session', permission: 'ticketView' },
      schema: { summary: 'Search support tickets', tags, body: SearchSupportTicketsSchema, response: { 200: SearchSupportTicketsResponseSchema, ...errorResponses(401) } },
    },
    async (request) => service.searchTickets(deps, requireAuth(request), request.body ?? {}),
  );

  app.get(
    `${M}/SupportTicketMetrics`,
    {
      config: { auth: 'session', permission: 'ticketEdit' },
      schema: { summary: 'Read support ticket metrics', tags, querystring: TicketMetricsQuery, response: { 200: TicketMetricsSchema, ...errorResponses(401) } },
    },
    async (request) => service.metrics(deps, requireAuth(request), request.query.period ?? '30d'),
  );

  app.get(
    `${M}/TicketNotifications`,
    {
      config: { auth: 'session', permission: 'ticketView' },
      schema: { summary: 'Read new ticket messages for the viewer', tags, querystring: TicketNotificationsQuery, response: { 200: TicketNotificationsSchema, ...errorResponses(401) } },
    },
    async (request) => service.notifications(deps, requireAuth(request), request.query.since),
  );
};
