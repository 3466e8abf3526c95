import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { NEWS_VERSION_DEFAULT, type NewsResponse } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** News state of /home (admin-console §4 "News fetch: processing, success, failure"). */
export interface NewsState {
  status: 'idle' | 'processing' | 'success' | 'failure';
  /** Feed version; '5' until the server says otherwise (admin-console §9). */
  version: string;
  items: NewsResponse['items'];
}

const initialState: NewsState = { status: 'idle', version: NEWS_VERSION_DEFAULT, items: [] };

/** The news slice. */
export const newsSlice = createSlice({
  name: 'authNews',
  initialState,
  reducers: {
    newsRequested(state) {
      state.status = 'processing';
    },
    newsLoaded(state, action: PayloadAction<NewsResponse>) {
      state.status = 'success';
      state.version = action.payload.version || NEWS_VERSION_DEFAULT;
      state.items = action.payload.items;
    },
    newsFailed(state) {
      state.status = 'failure';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** News events. */
export const newsActions = newsSlice.actions;

type WithNews = { authNews?: NewsState };

/** News selectors; safe before the slice is injected. */
export const newsSelectors = {
  selectNews: (state: WithNews): NewsState => state.authNews ?? initialState,
};
