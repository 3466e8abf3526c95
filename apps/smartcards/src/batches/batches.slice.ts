import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Batch, BatchSummary } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The batch print status screen (`/credentials/smartcards/batchPrintStatus/{id}`, issue 16). */
export interface BatchStatusState {
  batchId: string | null;
  batch: Batch | null;
  /** Polling BatchPrintStatus (every 3 s, signin §9) until the batch is no longer being printed. */
  polling: boolean;
  error: string | null;
  /** The batch list (`printSmartcardSearch`), searched and paged on the server. */
  list: { search: string; page: number; batches: BatchSummary[]; total: number; pageSize: number; loading: boolean; error: string | null };
}

const initialState: BatchStatusState = { batchId: null, batch: null, polling: false, error: null, list: { search: '', page: 1, batches: [], total: 0, pageSize: 10, loading: false, error: null } };

/** The batch print status slice. */
export const batchStatusSlice = createSlice({
  name: 'smartcardsBatchStatus',
  initialState,
  reducers: {
    watchRequested(state, action: PayloadAction<string>) {
      if (state.batchId !== action.payload) state.batch = null;
      state.batchId = action.payload;
      state.polling = true;
      state.error = null;
    },
    watchStopped(state) {
      state.polling = false;
    },
    loaded(state, action: PayloadAction<Batch>) {
      state.batch = action.payload;
      state.error = null;
    },
    loadFailed(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
    listRequested(state, action: PayloadAction<{ search?: string; page?: number } | undefined>) {
      state.list = { ...state.list, ...(action.payload ?? {}), loading: true, error: null };
    },
    listLoaded(state, action: PayloadAction<{ batches: BatchSummary[]; total: number; pageSize: number }>) {
      state.list = { ...state.list, ...action.payload, loading: false };
    },
    listFailed(state, action: PayloadAction<string>) {
      state.list.loading = false;
      state.list.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Batch status events. */
export const batchStatusActions = batchStatusSlice.actions;

/** Batch status selectors. */
export const batchStatusSelectors = {
  selectState: (state: { smartcardsBatchStatus?: BatchStatusState }): BatchStatusState => state.smartcardsBatchStatus ?? initialState,
};

/** Whether a batch is finished (nothing left to follow): every card done, or every card done or failed. */
export function batchFinished(batch: Pick<Batch, 'state'>): boolean {
  return batch.state === 'done' || batch.state === 'partial' || batch.state === 'failed';
}
