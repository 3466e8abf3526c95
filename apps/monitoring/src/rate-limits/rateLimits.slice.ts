import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RateLimitConfig, RateLimitStatus } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The `/monitor/api-Rates` page's state. */
export interface RateLimitsState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  config: RateLimitConfig | null;
  loadError: string | null;
  /** The live counters, refreshed while the page is shown; null until the first answer. */
  counters: RateLimitStatus | null;
  saving: boolean;
  /** Why the last save failed, with the field the server named (e.g. `layerRules[0].rules[2].rate`). */
  saveError: { message: string; field: string | null } | null;
  /** Bumped by every successful save, so the editor can close. */
  savedCount: number;
}

const initialState: RateLimitsState = { status: 'idle', config: null, loadError: null, counters: null, saving: false, saveError: null, savedCount: 0 };

/** The rate-limit monitor slice. */
export const rateLimitsSlice = createSlice({
  name: 'rateLimits',
  initialState,
  reducers: {
    /** The page is shown: read the config and start polling the counters. */
    pageShown(state) {
      if (state.status !== 'loaded') state.status = 'loading';
      state.loadError = null;
    },
    /** The page is left: stop polling and forget. */
    pageLeft() {
      return initialState;
    },
    configLoaded(state, action: PayloadAction<RateLimitConfig>) {
      state.status = 'loaded';
      state.config = action.payload;
    },
    configLoadFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.loadError = action.payload.message;
    },
    countersLoaded(state, action: PayloadAction<RateLimitStatus>) {
      state.counters = action.payload;
    },
    /** A poll failed; the last counters stay (a 429 is toasted by the shell). */
    countersFailed(_state, _action: PayloadAction<{ message: string }>) {},
    saveRequested(state, _action: PayloadAction<RateLimitConfig>) {
      state.saving = true;
      state.saveError = null;
    },
    saved(state, action: PayloadAction<RateLimitConfig>) {
      state.saving = false;
      state.config = action.payload;
      state.savedCount += 1;
    },
    saveFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.saving = false;
      state.saveError = action.payload;
    },
    /** The editor was closed or reset: forget the last refusal. */
    saveErrorCleared(state) {
      state.saveError = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Rate-limit monitor events. */
export const rateLimitsActions = rateLimitsSlice.actions;

/** Rate-limit monitor selectors. */
export const rateLimitsSelectors = {
  select: (state: { rateLimits?: RateLimitsState }): RateLimitsState => state.rateLimits ?? initialState,
};
