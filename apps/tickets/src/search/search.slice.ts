import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { TICKET_DEFAULT_SORT, type Ticket, type TicketSearchFilter, type TicketSortField } from '@tessera/domain';
import { resetAll } from '@tessera/store';
import type { Failure } from '../epic';

/** The query of the search and myTickets screens (sent as SearchSupportTickets). */
export interface TicketQuery {
  filters: TicketSearchFilter[];
  pageIndex: number;
  sortField: TicketSortField;
  sortDirection: 'asc' | 'desc';
}

/** Search results, selection and bulk close (admin-console §2.3, §9). */
export interface SearchState {
  query: TicketQuery;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  results: Ticket[];
  totalResults: number;
  selected: string[];
  closing: boolean;
  error: Failure | null;
}

/** The default query: first page, updatedAt descending (admin-console §9). */
export const DEFAULT_QUERY: TicketQuery = { filters: [], pageIndex: 0, sortField: TICKET_DEFAULT_SORT.field, sortDirection: TICKET_DEFAULT_SORT.direction };

const initialState: SearchState = { query: DEFAULT_QUERY, status: 'idle', results: [], totalResults: 0, selected: [], closing: false, error: null };

/** The search slice. */
export const searchSlice = createSlice({
  name: 'ticketsSearch',
  initialState,
  reducers: {
    searchRequested(state, action: PayloadAction<TicketQuery>) {
      state.query = action.payload;
      state.status = 'loading';
      state.error = null;
    },
    searchLoaded(state, action: PayloadAction<{ results: Ticket[]; totalResults: number }>) {
      state.status = 'loaded';
      state.results = action.payload.results;
      state.totalResults = action.payload.totalResults;
      const visible = new Set(action.payload.results.map((t) => t.ticketId));
      state.selected = state.selected.filter((id) => visible.has(id));
    },
    searchFailed(state, action: PayloadAction<Failure>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    selectionToggled(state, action: PayloadAction<string>) {
      state.selected = state.selected.includes(action.payload) ? state.selected.filter((id) => id !== action.payload) : [...state.selected, action.payload];
    },
    selectionSet(state, action: PayloadAction<string[]>) {
      state.selected = action.payload;
    },
    bulkCloseRequested(state) {
      state.closing = true;
    },
    bulkCloseFinished(state) {
      state.closing = false;
      state.selected = [];
    },
    bulkCloseFailed(state) {
      state.closing = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Search events. */
export const searchActions = searchSlice.actions;

type WithSearch = { ticketsSearch?: SearchState };

/** Search selectors; safe before the slice is injected. */
export const searchSelectors = {
  selectSearch: (state: WithSearch): SearchState => state.ticketsSearch ?? initialState,
};
