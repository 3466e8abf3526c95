import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CertificateRequestResult, CertificateTemplate, SubmitCsrRequest } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** Whose CSR the upload page takes (admin-console §2.2 `/credentials/csr/user/upload`, `device/upload`). */
export type CsrKind = 'user' | 'device';

/** The CSR upload page's state. */
export interface CsrState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  templates: CertificateTemplate[];
  loadError: string | null;
  submitting: boolean;
  /** The request flow's answer (admin-console §4: complete, pending, failed, error). */
  result: CertificateRequestResult | null;
  submitError: { message: string; field: string | null } | null;
}

const initialState: CsrState = { status: 'idle', templates: [], loadError: null, submitting: false, result: null, submitError: null };

/** The CSR upload slice. */
export const csrSlice = createSlice({
  name: 'certificatesCsr',
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
    submitRequested(state, _action: PayloadAction<{ kind: CsrKind; request: SubmitCsrRequest }>) {
      state.submitting = true;
      state.result = null;
      state.submitError = null;
    },
    submitted(state, action: PayloadAction<CertificateRequestResult>) {
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

/** CSR upload events. */
export const csrActions = csrSlice.actions;

/** CSR upload selectors. */
export const csrSelectors = {
  select: (state: { certificatesCsr?: CsrState }): CsrState => state.certificatesCsr ?? initialState,
};
