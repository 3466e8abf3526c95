import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { RESULTS_PER_PAGE, type StockCount, type StockItem, type StockManualMove, type StockSortKey, type StockState } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/**
 * Card stock (issue 15 "beyond the spec: card stock"): the counts per card type with the low-stock rule (the readers page
 * and `/credentials/smartcards/stock`), and the stock list, paged, sorted, searched and filtered on the server.
 */
export interface StockUiState {
  search: string;
  state: StockState | '';
  sort: StockSortKey;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  items: StockItem[];
  total: number;
  loading: boolean;
  error: string | null;
  counts: StockCount[];
  requireStockMessage: string;
  countsLoaded: boolean;
  countsError: string | null;
  /** A receive, scan-in, move or next-number request is running. */
  busy: boolean;
  /** The outcome of the last of them. */
  notice: string | null;
  actionError: string | null;
}

const initialState: StockUiState = {
  search: '',
  state: '',
  sort: 'receivedAt',
  order: 'desc',
  page: 1,
  pageSize: RESULTS_PER_PAGE,
  items: [],
  total: 0,
  loading: false,
  error: null,
  counts: [],
  requireStockMessage: '',
  countsLoaded: false,
  countsError: null,
  busy: false,
  notice: null,
  actionError: null,
};

const started = (state: StockUiState) => {
  state.busy = true;
  state.notice = null;
  state.actionError = null;
};

/** The stock slice. */
export const stockSlice = createSlice({
  name: 'smartcardsStock',
  initialState,
  reducers: {
    listRequested(state, action: PayloadAction<{ search?: string; state?: StockState | ''; sort?: StockSortKey; order?: 'asc' | 'desc'; page?: number } | undefined>) {
      Object.assign(state, action.payload ?? {});
      state.loading = true;
      state.error = null;
    },
    listLoaded(state, action: PayloadAction<{ items: StockItem[]; total: number; pageSize: number }>) {
      Object.assign(state, action.payload);
      state.loading = false;
    },
    listFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    countsRequested(state) {
      state.countsError = null;
    },
    countsLoaded(state, action: PayloadAction<{ counts: StockCount[]; requireStockMessage: string }>) {
      state.counts = action.payload.counts;
      state.requireStockMessage = action.payload.requireStockMessage;
      state.countsLoaded = true;
    },
    countsFailed(state, action: PayloadAction<string>) {
      state.countsError = action.payload;
    },
    receiveRequested(state, _action: PayloadAction<{ csv: string; cardType?: string }>) {
      started(state);
    },
    scanInRequested(state, _action: PayloadAction<{ readerName: string; cardType?: string }>) {
      started(state);
    },
    moveRequested(state, _action: PayloadAction<{ serial: string; move: StockManualMove; reason?: string }>) {
      started(state);
    },
    nextSerialRequested(state, _action: PayloadAction<{ cardType?: string }>) {
      started(state);
    },
    actionDone(state, action: PayloadAction<string>) {
      state.busy = false;
      state.notice = action.payload;
    },
    actionFailed(state, action: PayloadAction<string>) {
      state.busy = false;
      state.actionError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Stock events. */
export const stockActions = stockSlice.actions;

/** Stock selectors. */
export const stockSelectors = {
  selectState: (state: { smartcardsStock?: StockUiState }): StockUiState => state.smartcardsStock ?? initialState,
};
