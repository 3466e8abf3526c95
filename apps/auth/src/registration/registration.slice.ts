import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EmailLinkStatus, PasswordConfig, RegistrationConfig } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/**
 * Where self-registration or activation is (issue 13): `/register` loads the tenant's answer, then
 * sends the address; `/finish-register` and `/activateaccount/{token}` check the link, then submit.
 */
export type RegistrationStatus =
  | 'idle'
  | 'loadingConfig'
  | 'ready'
  | 'closed'
  | 'sending'
  | 'sent'
  | 'validating'
  | 'linkValid'
  | 'linkInvalid'
  | 'submitting'
  | 'done'
  | 'submitError';

/** Registration and activation state. */
export interface RegistrationState {
  status: RegistrationStatus;
  /** The tenant of this address and its self-registration switch, once loaded. */
  config: RegistrationConfig | null;
  /** What the mailed link is for (address, account to activate), once checked. */
  link: EmailLinkStatus | null;
  /** Code of the last failure (API error code). */
  responseCode: string | null;
  errorMessage: string | null;
  /** For a VALIDATION or CONFLICT failure: the field it names. */
  errorField: string | null;
  /** The server's password rules, once fetched (a hint). */
  passwordConfig: PasswordConfig | null;
}

const initialState: RegistrationState = {
  status: 'idle',
  config: null,
  link: null,
  responseCode: null,
  errorMessage: null,
  errorField: null,
  passwordConfig: null,
};

/** Failure payload. */
export interface RegistrationFailure {
  code: string;
  message: string;
  field?: string;
}

/** The registration slice. */
export const registrationSlice = createSlice({
  name: 'authRegistration',
  initialState,
  reducers: {
    configRequested(state) {
      state.status = 'loadingConfig';
    },
    configLoaded(state, action: PayloadAction<RegistrationConfig>) {
      state.config = action.payload;
      state.status = action.payload.selfRegistration ? 'ready' : 'closed';
    },
    configFailed(state, action: PayloadAction<RegistrationFailure>) {
      state.status = 'closed';
      state.responseCode = action.payload.code;
      state.errorMessage = action.payload.message;
    },
    verifyRequested(state, _action: PayloadAction<{ tenantId: string; emailAddress: string }>) {
      state.status = 'sending';
      state.errorMessage = null;
      state.errorField = null;
    },
    verifySent(state) {
      state.status = 'sent';
    },
    /** The message is signin §8's 'Failed to verify email: {detail}'. */
    verifyFailed(state, action: PayloadAction<RegistrationFailure>) {
      state.status = 'ready';
      state.responseCode = action.payload.code;
      state.errorMessage = action.payload.message;
      state.errorField = action.payload.field ?? null;
    },
    linkCheckRequested(state, _action: PayloadAction<{ token: string; purpose: 'register' | 'activate' }>) {
      state.status = 'validating';
      state.errorMessage = null;
    },
    linkValid(state, action: PayloadAction<EmailLinkStatus>) {
      state.status = 'linkValid';
      state.link = action.payload;
    },
    linkInvalid(state, action: PayloadAction<RegistrationFailure>) {
      state.status = 'linkInvalid';
      state.responseCode = action.payload.code;
      state.errorMessage = action.payload.message;
    },
    passwordConfigLoaded(state, action: PayloadAction<PasswordConfig>) {
      state.passwordConfig = action.payload;
    },
    finishSubmitted(state, _action: PayloadAction<{ token: string; username: string; givenName: string; familyName: string; password: string }>) {
      state.status = 'submitting';
      state.errorMessage = null;
      state.errorField = null;
    },
    activateSubmitted(state, _action: PayloadAction<{ token: string; newPassword: string }>) {
      state.status = 'submitting';
      state.errorMessage = null;
      state.errorField = null;
    },
    submitSucceeded(state) {
      state.status = 'done';
    },
    /** A refused field keeps the form; a spent or expired link ends it. */
    submitFailed(state, action: PayloadAction<RegistrationFailure>) {
      state.status = action.payload.code === 'EMAIL_LINK_INVALID' ? 'linkInvalid' : 'submitError';
      state.responseCode = action.payload.code;
      state.errorMessage = action.payload.message;
      state.errorField = action.payload.field ?? null;
    },
    /** Leaving the pages forgets everything. */
    cleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Registration events. */
export const registrationActions = registrationSlice.actions;

/** Registration selectors; safe before the slice is injected. */
export const registrationSelectors = {
  select: (state: { authRegistration?: RegistrationState }): RegistrationState => state.authRegistration ?? initialState,
};
