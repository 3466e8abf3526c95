/**
 * Cloud HSM on `/credentials/smartcards/authenticatehsm` (issue 15; admin-console §3 "HSM config (customerScHardware)",
 * §4 "HSM authentication: pending, then authenticated true or false"): the tenant's configs and the authentication.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CloudHsmConfig, CloudHsmConfigInput, HsmAuthenticationState } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** State of the page. */
export interface CloudHsmState {
  configs: CloudHsmConfig[];
  /** The last config change: its outcome text and the field the server named. */
  change: { status: 'idle' | 'processing' | 'success' | 'failure'; message: string; field: string | null };
  authentication: HsmAuthenticationState & { message: string };
}

const initialState: CloudHsmState = {
  configs: [],
  change: { status: 'idle', message: '', field: null },
  authentication: { pending: false, authenticated: null, message: '' },
};

/** The cloud HSM slice. */
export const cloudHsmSlice = createSlice({
  name: 'smartcardCloudHsm',
  initialState,
  reducers: {
    configsRequested() {},
    configsLoaded(state, action: PayloadAction<CloudHsmConfig[]>) {
      state.configs = action.payload;
    },
    addRequested(state, _action: PayloadAction<Required<CloudHsmConfigInput>>) {
      state.change = { status: 'processing', message: '', field: null };
    },
    deleteRequested(state, _action: PayloadAction<{ customer_sc_hardware: string }>) {
      state.change = { status: 'processing', message: '', field: null };
    },
    changeDone(state, action: PayloadAction<{ ok: boolean; message: string; field?: string | null }>) {
      state.change = { status: action.payload.ok ? 'success' : 'failure', message: action.payload.message, field: action.payload.field ?? null };
    },
    authenticateRequested(state, _action: PayloadAction<{ customer_sc_hardware: string; credential: string }>) {
      state.authentication = { pending: true, authenticated: null, message: '' };
    },
    authenticateDone(state, action: PayloadAction<{ authenticated: boolean | null; message: string }>) {
      state.authentication = { pending: false, authenticated: action.payload.authenticated, message: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Actions of the slice. */
export const cloudHsmActions = cloudHsmSlice.actions;

type WithCloudHsm = { smartcardCloudHsm?: CloudHsmState };

/** Selectors; safe before the slice is injected. */
export const cloudHsmSelectors = {
  selectState: (state: WithCloudHsm): CloudHsmState => state.smartcardCloudHsm ?? initialState,
};
