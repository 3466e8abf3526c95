import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Revocation, RevocationSortField, RevocationState } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** A page request of the revocation list: state (null = every state the viewer may see), search and sort. */
export interface RevocationsPageQuery {
  state: RevocationState | null;
  /** 1-based, as the server pages. */
  page: number;
  /** Subject substring or serial prefix ('' = none). */
  search?: string;
  /** Unset = the server's default (newest request first). */
  sortField?: RevocationSortField;
  sortDirection?: 'asc' | 'desc';
}

/** The revocation list's state: one page (10 a page, server paging, sorting and search) of one state or of all. */
export interface RevocationsState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  state: RevocationState | null;
  /** 1-based, as the server pages. */
  page: number;
  search: string;
  sortField: RevocationSortField | null;
  sortDirection: 'asc' | 'desc';
  totalResults: number;
  results: Revocation[];
  error: string | null;
}

const initialState: RevocationsState = { status: 'idle', state: null, page: 1, search: '', sortField: null, sortDirection: 'desc', totalResults: 0, results: [], error: null };

/** The revocations slice. */
export const revocationsSlice = createSlice({
  name: 'certificatesRevocations',
  initialState,
  reducers: {
    pageRequested(state, action: PayloadAction<RevocationsPageQuery>) {
      state.status = 'loading';
      state.state = action.payload.state;
      state.page = action.payload.page;
      state.search = action.payload.search ?? '';
      state.sortField = action.payload.sortField ?? null;
      state.sortDirection = action.payload.sortDirection ?? 'desc';
      state.error = null;
    },
    pageLoaded(state, action: PayloadAction<{ totalResults: number; results: Revocation[] }>) {
      state.status = 'loaded';
      state.totalResults = action.payload.totalResults;
      state.results = action.payload.results;
    },
    pageFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.error = action.payload.message;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Revocation list events. */
export const revocationsActions = revocationsSlice.actions;

const select = (state: { certificatesRevocations?: RevocationsState }): RevocationsState => state.certificatesRevocations ?? initialState;

/** Revocation list selectors. */
export const revocationsSelectors = {
  select,
  /** The query of the page shown, to ask for another page of it (memoised: a new object only when the list state changes). */
  query: createSelector([select], (s): RevocationsPageQuery => ({ state: s.state, page: s.page, search: s.search, ...(s.sortField ? { sortField: s.sortField, sortDirection: s.sortDirection } : {}) })),
};
