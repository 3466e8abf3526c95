import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CertificateTemplate, SubmitKeyRequest, SubmitKeyResponse } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** Whose certificate: `user/add` calls SubmitUserKeyRequest, `device/add` SubmitDeviceKeyRequest. */
export type KeyRequestKind = 'user' | 'device';

/** The key request page's state (the PKCS#12 itself is never kept here: it is saved once and dropped). */
export interface KeyRequestState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  templates: CertificateTemplate[];
  loadError: string | null;
  submitting: boolean;
  /** The request flow's answer without the file. */
  result: Omit<SubmitKeyResponse, 'pkcs12'> | null;
  submitError: { message: string; field: string | null } | null;
}

const initialState: KeyRequestState = { status: 'idle', templates: [], loadError: null, submitting: false, result: null, submitError: null };

/** The key request slice. */
export const keyRequestSlice = createSlice({
  name: 'certificatesKeyRequest',
  initialState,
  reducers: {
    templatesRequested(state) {
      state.status = 'loading';
      state.result = null;
      state.submitError = null;
    },
    templatesListed(state, action: PayloadAction<CertificateTemplate[]>) {
      state.status = 'loaded';
      state.templates = action.payload;
    },
    templatesFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.loadError = action.payload.message;
    },
    submitRequested(state, _action: PayloadAction<SubmitKeyRequest & { kind: KeyRequestKind }>) {
      state.submitting = true;
      state.result = null;
      state.submitError = null;
    },
    submitted(state, action: PayloadAction<Omit<SubmitKeyResponse, 'pkcs12'>>) {
      state.submitting = false;
      state.result = action.payload;
    },
    submitFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.submitting = false;
      state.submitError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Key request events. */
export const keyRequestActions = keyRequestSlice.actions;

/** Key request selectors. */
export const keyRequestSelectors = {
  select: (state: { certificatesKeyRequest?: KeyRequestState }): KeyRequestState => state.certificatesKeyRequest ?? initialState,
};
