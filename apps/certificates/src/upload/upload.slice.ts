import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CertificateSummary, UploadCertificateRequest } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The certificate upload page's state. */
export interface UploadState {
  submitting: boolean;
  /** The stored certificate (issued_out_of_band). */
  uploaded: CertificateSummary | null;
  error: { message: string; field: string | null } | null;
}

const initialState: UploadState = { submitting: false, uploaded: null, error: null };

/** The certificate upload slice (`/credentials/certificates/upload`, `le/upload`). */
export const uploadSlice = createSlice({
  name: 'certificatesUpload',
  initialState,
  reducers: {
    uploadRequested(state, _action: PayloadAction<UploadCertificateRequest>) {
      state.submitting = true;
      state.uploaded = null;
      state.error = null;
    },
    uploaded(state, action: PayloadAction<CertificateSummary>) {
      state.submitting = false;
      state.uploaded = action.payload;
    },
    uploadFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.submitting = false;
      state.error = action.payload;
    },
    cleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Upload events. */
export const uploadActions = uploadSlice.actions;

/** Upload selectors. */
export const uploadSelectors = {
  select: (state: { certificatesUpload?: UploadState }): UploadState => state.certificatesUpload ?? initialState,
};
