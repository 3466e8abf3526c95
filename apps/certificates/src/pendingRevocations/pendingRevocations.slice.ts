import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Revocation } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The pending and failed revocations of one certificate (`revocations/viewPending/...`). */
export interface PendingRevocationsState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  certId: string | null;
  results: Revocation[];
  /** The revocation whose approval, denial or cancel is on its way. */
  acting: string | null;
  error: string | null;
}

const initialState: PendingRevocationsState = { status: 'idle', certId: null, results: [], acting: null, error: null };

/** The pending revocations slice. */
export const pendingRevocationsSlice = createSlice({
  name: 'certificatesPendingRevocations',
  initialState,
  reducers: {
    listRequested(state, action: PayloadAction<{ certId: string }>) {
      state.status = 'loading';
      state.certId = action.payload.certId;
      state.error = null;
    },
    listLoaded(state, action: PayloadAction<{ results: Revocation[] }>) {
      state.status = 'loaded';
      state.results = action.payload.results;
    },
    listFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.error = action.payload.message;
    },
    actionRequested(state, action: PayloadAction<{ revocationId: string; action: 'approve' | 'deny' | 'cancel' }>) {
      state.acting = action.payload.revocationId;
    },
    actionDone(state) {
      state.acting = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Pending revocation events. */
export const pendingRevocationsActions = pendingRevocationsSlice.actions;

/** Pending revocation selectors. */
export const pendingRevocationsSelectors = {
  select: (state: { certificatesPendingRevocations?: PendingRevocationsState }): PendingRevocationsState => state.certificatesPendingRevocations ?? initialState,
};
