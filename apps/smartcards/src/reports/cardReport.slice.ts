import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CardReport } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The card report (`/credentials/smartcards/reports`, issue 15), computed on the server. */
export interface CardReportState {
  report: CardReport | null;
  loading: boolean;
  error: string | null;
}

const initialState: CardReportState = { report: null, loading: false, error: null };

/** The card report slice. */
export const cardReportSlice = createSlice({
  name: 'smartcardsCardReport',
  initialState,
  reducers: {
    requested(state) {
      state.loading = true;
      state.error = null;
    },
    loaded(state, action: PayloadAction<CardReport>) {
      state.report = action.payload;
      state.loading = false;
    },
    failed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Card report events. */
export const cardReportActions = cardReportSlice.actions;

/** Card report selectors. */
export const cardReportSelectors = {
  selectState: (state: { smartcardsCardReport?: CardReportState }): CardReportState => state.smartcardsCardReport ?? initialState,
};
