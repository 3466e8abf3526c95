import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AllowedDomainsResponse } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The `/admin/alloweddomains` page's state (issue 17): one page of the tenant's allowed domains. */
export interface AllowedDomainsState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  list: AllowedDomainsResponse;
  page: number;
  search: string;
  adding: boolean;
  /** Why the last add failed (the server names the `domain` field). */
  addError: string | null;
  errorMessage: string | null;
}

const initialState: AllowedDomainsState = { status: 'idle', list: { totalResults: 0, results: [] }, page: 1, search: '', adding: false, addError: null, errorMessage: null };

/** The allowed domains slice. */
export const allowedDomainsSlice = createSlice({
  name: 'configAllowedDomains',
  initialState,
  reducers: {
    /** Show (or re-fetch) a page, optionally with a new search. */
    pageRequested(state, action: PayloadAction<{ page?: number; search?: string }>) {
      state.status = 'loading';
      if (action.payload.page !== undefined) state.page = action.payload.page;
      if (action.payload.search !== undefined) state.search = action.payload.search;
    },
    loaded(state, action: PayloadAction<AllowedDomainsResponse>) {
      state.status = 'loaded';
      state.list = action.payload;
    },
    loadFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.errorMessage = action.payload.message;
    },
    addRequested(state, _action: PayloadAction<{ domain: string }>) {
      state.adding = true;
      state.addError = null;
    },
    added(state) {
      state.adding = false;
    },
    addFailed(state, action: PayloadAction<{ message: string }>) {
      state.adding = false;
      state.addError = action.payload.message;
    },
    deleteRequested(_state, _action: PayloadAction<{ id: string; domain: string }>) {},
    cleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Allowed domain events. */
export const allowedDomainsActions = allowedDomainsSlice.actions;

/** Allowed domain selectors. */
export const allowedDomainsSelectors = {
  select: (state: { configAllowedDomains?: AllowedDomainsState }): AllowedDomainsState => state.configAllowedDomains ?? initialState,
};
