import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CertificateDetails, CertificateFormat, CertificateInfo, CertificateLoadState, DeviceEndpoint, RevokeCertificateRequest, RevokeCertificateResponse } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The certificate page's state (admin-console §4 certificate load states). */
export interface CertificateState {
  status: CertificateLoadState;
  details: CertificateDetails | null;
  /** Certificate info (admin-console §3: associated user, device, smartcard); null until read or when it failed. */
  info: CertificateInfo | null;
  /** Device endpoints where the certificate was last seen (issue 13); null until read or when it failed. */
  seenAt: DeviceEndpoint[] | null;
  loadError: string | null;
  revoking: boolean;
  revokeResult: RevokeCertificateResponse | null;
  revokeError: string | null;
}

const initialState: CertificateState = { status: 'idle', details: null, info: null, seenAt: null, loadError: null, revoking: false, revokeResult: null, revokeError: null };

/** The certificate slice. */
export const certificateSlice = createSlice({
  name: 'certificatesCertificate',
  initialState,
  reducers: {
    loadRequested(state, _action: PayloadAction<{ certId: string }>) {
      state.status = 'loading';
      state.loadError = null;
      state.info = null;
      state.seenAt = null;
    },
    loaded(state, action: PayloadAction<CertificateDetails>) {
      state.status = 'succeeded';
      state.details = action.payload;
    },
    infoLoaded(state, action: PayloadAction<CertificateInfo>) {
      state.info = action.payload;
    },
    seenAtLoaded(state, action: PayloadAction<DeviceEndpoint[]>) {
      state.seenAt = action.payload;
    },
    loadFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'failed';
      state.loadError = action.payload.message;
    },
    downloadRequested(_state, _action: PayloadAction<{ certId: string; format: CertificateFormat }>) {},
    revokeRequested(state, _action: PayloadAction<RevokeCertificateRequest & { certId: string }>) {
      state.revoking = true;
      state.revokeResult = null;
      state.revokeError = null;
    },
    revokeAnswered(state, action: PayloadAction<RevokeCertificateResponse>) {
      state.revoking = false;
      state.revokeResult = action.payload;
    },
    revokeFailed(state, action: PayloadAction<{ message: string }>) {
      state.revoking = false;
      state.revokeError = action.payload.message;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Certificate page events. */
export const certificateActions = certificateSlice.actions;

/** Certificate page selectors. */
export const certificateSelectors = {
  select: (state: { certificatesCertificate?: CertificateState }): CertificateState => state.certificatesCertificate ?? initialState,
};
