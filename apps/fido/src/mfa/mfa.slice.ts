import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MfaEnrolment, MfaStatus } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** MFA status and enrolment of the user whose page is shown (admin-console §3 MFA status, MFA enrol). */
export interface MfaState {
  /** Status by user id. */
  status: Record<string, MfaStatus>;
  /** The viewer's own enrolment in progress (secret shown once). */
  enrolment: MfaEnrolment | null;
  /** New recovery codes (shown once). */
  recoveryCodes: string[];
  busy: boolean;
  errorMessage: string | null;
}

const initialState: MfaState = { status: {}, enrolment: null, recoveryCodes: [], busy: false, errorMessage: null };

/** The MFA slice of the fido app. */
export const mfaSlice = createSlice({
  name: 'fidoMfa',
  initialState,
  reducers: {
    /**
     * The page asks for a status: an older failure no longer applies (a status asked for while signing
     * out fails with 'Not signed in.', which must not greet the next sign-in).
     */
    statusRequested(state, _action: PayloadAction<{ userId: string; own: boolean }>) {
      state.errorMessage = null;
    },
    statusLoaded(state, action: PayloadAction<{ userId: string; status: MfaStatus }>) {
      state.status[action.payload.userId] = action.payload.status;
      state.busy = false;
    },
    enrolRequested(state, _action: PayloadAction<{ userId: string; password: string }>) {
      state.busy = true;
      state.errorMessage = null;
      state.recoveryCodes = [];
    },
    enrolmentStarted(state, action: PayloadAction<MfaEnrolment>) {
      state.busy = false;
      state.enrolment = action.payload;
    },
    confirmRequested(state, _action: PayloadAction<{ userId: string; passcode: string }>) {
      state.busy = true;
      state.errorMessage = null;
    },
    confirmed(state, action: PayloadAction<{ userId: string; status: MfaStatus }>) {
      state.busy = false;
      state.enrolment = null;
      state.status[action.payload.userId] = action.payload.status;
    },
    disableRequested(state, _action: PayloadAction<{ userId: string; password: string }>) {
      state.busy = true;
      state.errorMessage = null;
    },
    recoveryCodesRequested(state, _action: PayloadAction<{ userId: string; password: string }>) {
      state.busy = true;
      state.errorMessage = null;
    },
    recoveryCodesIssued(state, action: PayloadAction<string[]>) {
      state.busy = false;
      state.recoveryCodes = action.payload;
    },
    resetRequested(state, _action: PayloadAction<{ userId: string }>) {
      state.busy = true;
    },
    /** The tenant policy (tenancyConfig): every user must use TOTP. */
    policyRequested(state, _action: PayloadAction<{ userId: string; isRequired: boolean }>) {
      state.busy = true;
      state.errorMessage = null;
    },
    failed(state, action: PayloadAction<string>) {
      state.busy = false;
      state.errorMessage = action.payload;
    },
    cancelled(state) {
      state.enrolment = null;
      state.recoveryCodes = [];
      state.errorMessage = null;
      state.busy = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** MFA events. */
export const mfaActions = mfaSlice.actions;
/** MFA selectors. */
export const mfaSelectors = {
  select: (state: { fidoMfa?: MfaState }): MfaState => state.fidoMfa ?? initialState,
};
