import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AppletSortKey, SmartcardApplet } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The applet catalogue screen (`/credentials/smartcards/applets`, issue 16). */
export interface AppletsState {
  query: { search: string; sort: AppletSortKey; order: 'asc' | 'desc'; page: number };
  applets: SmartcardApplet[];
  total: number;
  pageSize: number;
  loading: boolean;
  saving: boolean;
  error: string | null;
  /** A refused field of the last write, with its message. */
  fieldError: { field: string; message: string } | null;
}

const initialState: AppletsState = { query: { search: '', sort: 'name', order: 'asc', page: 1 }, applets: [], total: 0, pageSize: 20, loading: false, saving: false, error: null, fieldError: null };

/** The applet catalogue slice. */
export const appletsSlice = createSlice({
  name: 'smartcardsApplets',
  initialState,
  reducers: {
    loadRequested(state, action: PayloadAction<Partial<AppletsState['query']> | undefined>) {
      state.query = { ...state.query, ...(action.payload ?? {}) };
      state.loading = true;
      state.error = null;
    },
    loaded(state, action: PayloadAction<{ applets: SmartcardApplet[]; total: number; pageSize: number }>) {
      state.loading = false;
      state.applets = action.payload.applets;
      state.total = action.payload.total;
      state.pageSize = action.payload.pageSize;
    },
    loadFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    addRequested(state, _action: PayloadAction<{ name: string; description: string | null; fileName: string; cap: string }>) {
      state.saving = true;
      state.fieldError = null;
    },
    updateRequested(state, _action: PayloadAction<{ applet_id: string; name: string; description: string | null }>) {
      state.saving = true;
      state.fieldError = null;
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.saving = true;
    },
    writeSucceeded(state) {
      state.saving = false;
      state.fieldError = null;
    },
    writeFailed(state, action: PayloadAction<{ field: string; message: string }>) {
      state.saving = false;
      state.fieldError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Applet catalogue events. */
export const appletsActions = appletsSlice.actions;

/** Applet catalogue selectors. */
export const appletsSelectors = {
  selectApplets: (state: { smartcardsApplets?: AppletsState }): AppletsState => state.smartcardsApplets ?? initialState,
};
