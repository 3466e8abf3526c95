import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CertificateRequestSummary } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The approvals screen's state: the requests awaiting approval and the one being decided. */
export interface ApprovalsState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  requests: CertificateRequestSummary[];
  /** The request whose decision is on its way. */
  deciding: string | null;
  error: string | null;
}

const initialState: ApprovalsState = { status: 'idle', requests: [], deciding: null, error: null };

/** The approvals slice. */
export const approvalsSlice = createSlice({
  name: 'certificatesApprovals',
  initialState,
  reducers: {
    listRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    listLoaded(state, action: PayloadAction<{ requests: CertificateRequestSummary[] }>) {
      state.status = 'loaded';
      state.requests = action.payload.requests;
    },
    listFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.error = action.payload.message;
    },
    decisionRequested(state, action: PayloadAction<{ requestId: string; approve: boolean }>) {
      state.deciding = action.payload.requestId;
    },
    /** The request was decided (issued, denied or refused at approval): it leaves the list. */
    decided(state, action: PayloadAction<{ requestId: string }>) {
      state.deciding = null;
      state.requests = state.requests.filter((r) => r.requestId !== action.payload.requestId);
    },
    decisionFailed(state) {
      state.deciding = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Approvals events. */
export const approvalsActions = approvalsSlice.actions;

/** Approvals selectors. */
export const approvalsSelectors = {
  select: (state: { certificatesApprovals?: ApprovalsState }): ApprovalsState => state.certificatesApprovals ?? initialState,
};
