import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { VersionResponse } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** Version state of /about (admin-console §4 "Version fetch: FETCHING, FETCHED, ERROR"). */
export interface VersionState {
  status: 'IDLE' | 'FETCHING' | 'FETCHED' | 'ERROR';
  version: VersionResponse | null;
}

const initialState: VersionState = { status: 'IDLE', version: null };

/** The version slice. */
export const versionSlice = createSlice({
  name: 'authVersion',
  initialState,
  reducers: {
    versionRequested(state) {
      state.status = 'FETCHING';
    },
    versionLoaded(state, action: PayloadAction<VersionResponse>) {
      state.status = 'FETCHED';
      state.version = action.payload;
    },
    versionFailed(state) {
      state.status = 'ERROR';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Version events. */
export const versionActions = versionSlice.actions;

type WithVersion = { authVersion?: VersionState };

/** Version selectors; safe before the slice is injected. */
export const versionSelectors = {
  selectVersion: (state: WithVersion): VersionState => state.authVersion ?? initialState,
};
