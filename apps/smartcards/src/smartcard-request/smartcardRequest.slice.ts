import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CardRequestEntry, SmartcardRequestRequest, SmartcardRequestResponse } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The smartcard request screen (`/credentials/smartcards/request`). */
export interface SmartcardRequestState {
  sending: boolean;
  result: SmartcardRequestResponse | null;
  error: string | null;
  /** The open requests (designed: operators see what users and operators asked for, and close each). */
  open: {
    status: 'idle' | 'loading' | 'ready' | 'failed';
    search: string;
    pageIndex: number;
    totalResults: number;
    results: CardRequestEntry[];
    message: string | null;
    /** The request being closed, if any. */
    closing: string | null;
  };
}

const initialState: SmartcardRequestState = {
  sending: false,
  result: null,
  error: null,
  open: { status: 'idle', search: '', pageIndex: 0, totalResults: 0, results: [], message: null, closing: null },
};

/** The smartcard request slice. */
export const smartcardRequestSlice = createSlice({
  name: 'smartcardsRequest',
  initialState,
  reducers: {
    requestSent(state, _action: PayloadAction<SmartcardRequestRequest>) {
      state.sending = true;
      state.result = null;
      state.error = null;
    },
    requestSucceeded(state, action: PayloadAction<SmartcardRequestResponse>) {
      state.sending = false;
      state.result = action.payload;
    },
    requestFailed(state, action: PayloadAction<string>) {
      state.sending = false;
      state.error = action.payload;
    },
    openRequested(state, action: PayloadAction<{ search: string; pageIndex: number }>) {
      state.open.status = 'loading';
      state.open.search = action.payload.search;
      state.open.pageIndex = action.payload.pageIndex;
    },
    openLoaded(state, action: PayloadAction<{ totalResults: number; results: CardRequestEntry[] }>) {
      state.open.status = 'ready';
      state.open.totalResults = action.payload.totalResults;
      state.open.results = action.payload.results;
    },
    openFailed(state, action: PayloadAction<string>) {
      state.open.status = 'failed';
      state.open.message = action.payload;
    },
    closeRequested(state, action: PayloadAction<{ id: string; status: 'DONE' | 'REJECTED' }>) {
      state.open.closing = action.payload.id;
      state.open.message = null;
    },
    closeDone(state, action: PayloadAction<{ ok: boolean; message: string }>) {
      state.open.closing = null;
      state.open.message = action.payload.message;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Smartcard request events. */
export const smartcardRequestActions = smartcardRequestSlice.actions;

/** Smartcard request selectors. */
export const smartcardRequestSelectors = {
  selectRequest: (state: { smartcardsRequest?: SmartcardRequestState }): SmartcardRequestState => state.smartcardsRequest ?? initialState,
};
