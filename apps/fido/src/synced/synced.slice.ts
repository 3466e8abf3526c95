import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Fido2SyncedCredential } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** Synced FIDO credential page state (admin-console §4 "FIDO sync has a loading state"). */
export interface SyncedState {
  loading: boolean;
  credential: Fido2SyncedCredential | null;
  /** The credential was deleted (the page says so). */
  deleted: boolean;
  loadFailed: boolean;
}

const initialState: SyncedState = { loading: false, credential: null, deleted: false, loadFailed: false };

/** The synced credential slice. */
export const syncedSlice = createSlice({
  name: 'fidoSynced',
  initialState,
  reducers: {
    syncedRequested(state, _action: PayloadAction<{ credentialId: string }>) {
      state.loading = true;
      state.deleted = false;
      state.loadFailed = false;
    },
    syncedLoaded(state, action: PayloadAction<Fido2SyncedCredential>) {
      state.loading = false;
      state.credential = action.payload;
    },
    syncedFailed(state) {
      state.loading = false;
      state.loadFailed = true;
      state.credential = null;
    },
    renameRequested(_state, _action: PayloadAction<{ credentialId: string; newCustomName: string }>) {},
    markRequested(_state, _action: PayloadAction<{ credentialId: string; markedForDeletion: boolean }>) {},
    deleteRequested(_state, _action: PayloadAction<{ credentialId: string }>) {},
    syncedDeleted(state) {
      state.deleted = true;
      state.credential = null;
    },
    cleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Synced credential events. */
export const syncedActions = syncedSlice.actions;
/** Synced credential selectors. */
export const syncedSelectors = {
  select: (state: { fidoSynced?: SyncedState }): SyncedState => state.fidoSynced ?? initialState,
};
