import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AcmeClientOrderRequest, AcmeClientRun } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The `le/upload` page's ACME client state: the allowed domains, the run being shown, and a refusal. */
export interface LeUploadState {
  domains: string[];
  domainsLoaded: boolean;
  starting: boolean;
  /** The run, as last polled. */
  run: AcmeClientRun | null;
  error: { message: string; field: string | null } | null;
}

const initialState: LeUploadState = { domains: [], domainsLoaded: false, starting: false, run: null, error: null };

/** The ACME client slice of `/credentials/certificates/le/upload` (admin-console §4 ACME order flow). */
export const leUploadSlice = createSlice({
  name: 'certificatesLeUpload',
  initialState,
  reducers: {
    opened(state) {
      state.starting = false;
      state.run = null;
      state.error = null;
    },
    domainsLoaded(state, action: PayloadAction<string[]>) {
      state.domains = action.payload;
      state.domainsLoaded = true;
    },
    domainsFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.domainsLoaded = true;
      state.error = action.payload;
    },
    startRequested(state, _action: PayloadAction<AcmeClientOrderRequest>) {
      state.starting = true;
      state.run = null;
      state.error = null;
    },
    /** The run as the server answered it (started or polled). */
    runUpdated(state, action: PayloadAction<AcmeClientRun>) {
      state.starting = false;
      state.run = action.payload;
    },
    startFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.starting = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** ACME client events. */
export const leUploadActions = leUploadSlice.actions;

/** ACME client selectors. */
export const leUploadSelectors = {
  select: (state: { certificatesLeUpload?: LeUploadState }): LeUploadState => state.certificatesLeUpload ?? initialState,
};
