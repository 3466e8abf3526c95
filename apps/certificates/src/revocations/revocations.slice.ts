import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Revocation, RevocationState } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The revocation list's state: one page (10 a page, server paging) of one state or of all. */
export interface RevocationsState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  state: RevocationState | null;
  /** 1-based, as the server pages. */
  page: number;
  totalResults: number;
  results: Revocation[];
  error: string | null;
}

const initialState: RevocationsState = { status: 'idle', state: null, page: 1, totalResults: 0, results: [], error: null };

/** The revocations slice. */
export const revocationsSlice = createSlice({
  name: 'certificatesRevocations',
  initialState,
  reducers: {
    pageRequested(state, action: PayloadAction<{ state: RevocationState | null; page: number }>) {
      state.status = 'loading';
      state.state = action.payload.state;
      state.page = action.payload.page;
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

/** Revocation list selectors. */
export const revocationsSelectors = {
  select: (state: { certificatesRevocations?: RevocationsState }): RevocationsState => state.certificatesRevocations ?? initialState,
};
