import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BootstrapRequest } from '@tessera/domain';
import { resetAll } from '@tessera/store';
import type { BootstrapFieldErrors } from './validateBootstrapForm';

/** State of the first-run screen. */
export interface BootstrapState {
  /** 'checking' until BootstrapStatus answers; 'open' while setup can be done; 'done' once it is. */
  status: 'idle' | 'checking' | 'open' | 'submitting' | 'signingIn' | 'done' | 'error';
  fieldErrors: BootstrapFieldErrors;
  errorMessage: string | null;
}

const initialState: BootstrapState = { status: 'idle', fieldErrors: {}, errorMessage: null };

/** The first-run slice. */
export const bootstrapSlice = createSlice({
  name: 'authBootstrap',
  initialState,
  reducers: {
    /** The screen opened: ask whether the server is still in bootstrap mode. */
    statusRequested(state) {
      state.status = 'checking';
      state.errorMessage = null;
    },
    statusLoaded(state, action: PayloadAction<{ bootstrapMode: boolean }>) {
      state.status = action.payload.bootstrapMode ? 'open' : 'done';
    },
    statusFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'error';
      state.errorMessage = action.payload.message;
    },
    /** The form was submitted with values that passed the client checks. */
    setupRequested(state, _action: PayloadAction<BootstrapRequest>) {
      state.status = 'submitting';
      state.fieldErrors = {};
      state.errorMessage = null;
    },
    /** The form has field errors (client checks or the server's 400). */
    fieldErrorsFound(state, action: PayloadAction<BootstrapFieldErrors>) {
      state.status = 'open';
      state.fieldErrors = action.payload;
    },
    /** Setup is done; signing the new administrator in. */
    setupSucceeded(state) {
      state.status = 'signingIn';
    },
    /** Setup was already done (403 BOOTSTRAP_DONE), or done and signed in. */
    setupComplete(state) {
      state.status = 'done';
      state.fieldErrors = {};
    },
    setupFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'open';
      state.errorMessage = action.payload.message;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** First-run events. */
export const bootstrapActions = bootstrapSlice.actions;

type WithBootstrap = { authBootstrap?: BootstrapState };

/** First-run selectors; safe before the slice is injected. */
export const bootstrapSelectors = {
  selectBootstrap: (state: WithBootstrap): BootstrapState => state.authBootstrap ?? initialState,
};
