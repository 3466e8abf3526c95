import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PinPolicyErrors, PinRequirementsConfig, UpdatePinRequirementsConfigRequest } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The tenant's card PIN policy as a smartcardManage holder edits it on the readers page. */
export interface PinPolicyState {
  /** The policy the server answered last; null until loaded. */
  config: PinRequirementsConfig | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** A save or reset is on its way. */
  saving: boolean;
  /** Field errors of the last save (the server's 400 names the field). */
  errors: PinPolicyErrors;
  /** Why the last load, save or reset failed (no field). */
  failure: string | null;
}

const initialState: PinPolicyState = { config: null, status: 'idle', saving: false, errors: {}, failure: null };

/** The PIN policy slice. */
export const pinPolicySlice = createSlice({
  name: 'smartcardPinPolicy',
  initialState,
  reducers: {
    policyRequested(state) {
      state.status = 'loading';
      state.failure = null;
    },
    policyLoaded(state, action: PayloadAction<PinRequirementsConfig>) {
      state.status = 'ready';
      state.config = action.payload;
    },
    policyFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.failure = action.payload;
    },
    saveRequested(state, _action: PayloadAction<UpdatePinRequirementsConfigRequest>) {
      state.saving = true;
      state.errors = {};
      state.failure = null;
    },
    resetRequested(state) {
      state.saving = true;
      state.errors = {};
      state.failure = null;
    },
    /** A save or reset was applied: the policy now in force. */
    saved(state, action: PayloadAction<PinRequirementsConfig>) {
      state.saving = false;
      state.status = 'ready';
      state.config = action.payload;
    },
    saveFailed(state, action: PayloadAction<{ message: string; errors?: PinPolicyErrors }>) {
      state.saving = false;
      state.errors = action.payload.errors ?? {};
      state.failure = action.payload.errors && Object.keys(action.payload.errors).length > 0 ? null : action.payload.message;
    },
    /** The form found field errors before sending. */
    invalid(state, action: PayloadAction<PinPolicyErrors>) {
      state.errors = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** PIN policy events. */
export const pinPolicyActions = pinPolicySlice.actions;

type WithPinPolicy = { smartcardPinPolicy?: PinPolicyState };

/** PIN policy selectors; safe before the slice is injected. */
export const pinPolicySelectors = {
  select: (state: WithPinPolicy): PinPolicyState => state.smartcardPinPolicy ?? initialState,
};
