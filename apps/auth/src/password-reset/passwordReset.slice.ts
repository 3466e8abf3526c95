import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PasswordConfig } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** Where the password reset is (admin-console §4: request sent, link validated, reset success or error, clear). */
export type PasswordResetStatus = 'idle' | 'sending' | 'requestSent' | 'validating' | 'linkValidated' | 'linkInvalid' | 'resetting' | 'resetSuccess' | 'resetError';

/** Password reset state (admin-console §3: emailAddress, resetToken, responseCode, ...). */
export interface PasswordResetState {
  status: PasswordResetStatus;
  emailAddress: string | null;
  resetToken: string | null;
  /** The account the link resets (shown on the form). */
  username: string | null;
  /** Code of the last failure (API error code). */
  responseCode: string | null;
  errorMessage: string | null;
  /** For a VALIDATION failure: the field it names. */
  errorField: string | null;
  /** The server's password rules (admin-console §3 passwordConfig), once fetched. */
  passwordConfig: PasswordConfig | null;
}

const initialState: PasswordResetState = {
  status: 'idle',
  emailAddress: null,
  resetToken: null,
  username: null,
  responseCode: null,
  errorMessage: null,
  errorField: null,
  passwordConfig: null,
};

/** The password reset slice. */
export const passwordResetSlice = createSlice({
  name: 'authPasswordReset',
  initialState,
  reducers: {
    resetLinkRequested(state, action: PayloadAction<{ emailAddress: string }>) {
      state.status = 'sending';
      state.emailAddress = action.payload.emailAddress;
      state.errorMessage = null;
      state.responseCode = null;
    },
    /** Request sent (the answer never says whether an account exists). */
    resetLinkSent(state) {
      state.status = 'requestSent';
    },
    resetLinkFailed(state, action: PayloadAction<{ code: string; message: string }>) {
      state.status = 'idle';
      state.responseCode = action.payload.code;
      state.errorMessage = action.payload.message;
    },
    linkValidationRequested(state, action: PayloadAction<{ token: string }>) {
      state.status = 'validating';
      state.resetToken = action.payload.token;
      state.errorMessage = null;
    },
    linkValidated(state, action: PayloadAction<{ username: string }>) {
      state.status = 'linkValidated';
      state.username = action.payload.username;
    },
    passwordConfigLoaded(state, action: PayloadAction<PasswordConfig>) {
      state.passwordConfig = action.payload;
    },
    linkInvalid(state, action: PayloadAction<{ code: string; message: string }>) {
      state.status = 'linkInvalid';
      state.responseCode = action.payload.code;
      state.errorMessage = action.payload.message;
    },
    resetSubmitted(state, _action: PayloadAction<{ token: string; newPassword: string }>) {
      state.status = 'resetting';
      state.errorMessage = null;
      state.errorField = null;
    },
    resetSucceeded(state) {
      state.status = 'resetSuccess';
    },
    /** A refused new password keeps the form; an invalid link ends it. */
    resetFailed(state, action: PayloadAction<{ code: string; message: string; field?: string }>) {
      state.status = action.payload.code === 'RESET_TOKEN_INVALID' ? 'linkInvalid' : 'resetError';
      state.responseCode = action.payload.code;
      state.errorMessage = action.payload.message;
      state.errorField = action.payload.field ?? null;
    },
    /** Clear: leaving the pages forgets everything. */
    cleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Password reset events. */
export const passwordResetActions = passwordResetSlice.actions;

/** Password reset selectors; safe before the slice is injected. */
export const passwordResetSelectors = {
  select: (state: { authPasswordReset?: PasswordResetState }): PasswordResetState => state.authPasswordReset ?? initialState,
};
