import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CreateTicketRequest, Ticket, TicketMessage, UpdateTicketRequest, UserSummary } from '@tessera/domain';
import { resetAll } from '@tessera/store';
import type { Failure } from '../epic';

/** One ticket's screens: add, view (with messages and assignment) and edit (admin-console §2.3). */
export interface TicketState {
  ticketId: string | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  ticket: Ticket | null;
  messages: TicketMessage[];
  /** Users staff can assign to (loaded on the view screen when the viewer may list users). */
  assignees: Pick<UserSummary, 'id' | 'username'>[];
  saving: boolean;
  /** Failure of the form on screen (add or edit). */
  formError: Failure | null;
  /** Id of a ticket just created (the add screen goes to its view). */
  createdId: string | null;
  /** Bumped after a successful edit (the edit screen goes back to the view). */
  savedAt: number;
}

const initialState: TicketState = {
  ticketId: null,
  status: 'idle',
  ticket: null,
  messages: [],
  assignees: [],
  saving: false,
  formError: null,
  createdId: null,
  savedAt: 0,
};

/** The ticket slice. */
export const ticketSlice = createSlice({
  name: 'ticketsTicket',
  initialState,
  reducers: {
    ticketRequested(state, action: PayloadAction<string>) {
      if (state.ticketId !== action.payload) {
        state.ticket = null;
        state.messages = [];
      }
      state.ticketId = action.payload;
      state.status = 'loading';
      state.formError = null;
    },
    ticketLoaded(state, action: PayloadAction<Ticket>) {
      if (action.payload.ticketId !== state.ticketId) return;
      state.ticket = action.payload;
      state.status = 'loaded';
    },
    ticketFailed(state, action: PayloadAction<Failure>) {
      state.status = 'failed';
      state.formError = action.payload;
    },
    messagesRequested(_state, _action: PayloadAction<string>) {},
    messagesLoaded(state, action: PayloadAction<{ ticketId: string; messages: TicketMessage[] }>) {
      if (action.payload.ticketId === state.ticketId) state.messages = action.payload.messages;
    },
    assigneesLoaded(state, action: PayloadAction<TicketState['assignees']>) {
      state.assignees = action.payload;
    },
    formReset(state) {
      state.formError = null;
      state.createdId = null;
      state.saving = false;
    },
    formFailed(state, action: PayloadAction<Failure>) {
      state.saving = false;
      state.formError = action.payload;
    },
    createRequested(state, _action: PayloadAction<CreateTicketRequest>) {
      state.saving = true;
      state.formError = null;
      state.createdId = null;
    },
    createSucceeded(state, action: PayloadAction<string>) {
      state.saving = false;
      state.createdId = action.payload;
    },
    updateRequested(state, _action: PayloadAction<UpdateTicketRequest>) {
      state.saving = true;
      state.formError = null;
    },
    updateSucceeded(state, action: PayloadAction<{ ticket: Ticket; at: number }>) {
      state.saving = false;
      state.ticket = action.payload.ticket;
      state.savedAt = action.payload.at;
    },
    assignRequested(_state, _action: PayloadAction<{ ticketId: string; userId: string }>) {},
    assignSucceeded(state, action: PayloadAction<Ticket>) {
      if (action.payload.ticketId === state.ticketId) state.ticket = action.payload;
    },
    messageAddRequested(_state, _action: PayloadAction<{ ticketId: string; messageContent: string; internalIndicator: boolean; sender: string }>) {},
    messageUpdateRequested(_state, _action: PayloadAction<{ ticketId: string; messageId: string; messageContent: string; sender: string }>) {},
    messageDeleteRequested(_state, _action: PayloadAction<{ ticketId: string; messageId: string }>) {},
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Ticket events. */
export const ticketActions = ticketSlice.actions;

type WithTicket = { ticketsTicket?: TicketState };

/** Ticket selectors; safe before the slice is injected. */
export const ticketSelectors = {
  selectTicketState: (state: WithTicket): TicketState => state.ticketsTicket ?? initialState,
};
