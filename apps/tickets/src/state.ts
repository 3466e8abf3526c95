import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { TicketsEpicDependencies } from './epic';
import { metricsEpic } from './metrics/metrics.epics';
import { notificationsEpic } from './notifications/notifications.epics';
import { metricsSlice } from './metrics/metrics.slice';
import { bulkCloseEpic, searchEpic } from './search/search.epics';
import { searchSlice } from './search/search.slice';
import {
  assignTicketEpic,
  createTicketEpic,
  loadAssigneesEpic,
  loadMessagesEpic,
  loadTicketEpic,
  messageEpic,
  newMessageEpic,
  updateTicketEpic,
} from './ticket/ticket.epics';
import { ticketSlice } from './ticket/ticket.slice';

/** The tickets app's slices. */
export const ticketsSlices = [ticketSlice, searchSlice, metricsSlice] as const;

/** The tickets app's epics, as one. */
export const ticketsEpic = combineEpics<Action, Action, unknown, TicketsEpicDependencies>(
  loadTicketEpic,
  loadMessagesEpic,
  loadAssigneesEpic,
  createTicketEpic,
  updateTicketEpic,
  assignTicketEpic,
  messageEpic,
  newMessageEpic,
  searchEpic,
  bulkCloseEpic,
  metricsEpic,
  notificationsEpic,
);
