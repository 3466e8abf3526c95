import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CertificateTemplate, IntuneScepConfig, IntuneScepConfigInput } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The `/config/scep` page's state. */
export interface IntuneScepState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  config: IntuneScepConfig | null;
  templates: CertificateTemplate[];
  error: string | null;
  saving: boolean;
  saveError: { message: string; field: string | null } | null;
}

const initialState: IntuneScepState = { status: 'idle', config: null, templates: [], error: null, saving: false, saveError: null };

/** The Intune SCEP slice. */
export const intuneScepSlice = createSlice({
  name: 'configIntuneScep',
  initialState,
  reducers: {
    pageShown(state) {
      state.status = 'loading';
    },
    loaded(state, action: PayloadAction<{ config: IntuneScepConfig; templates: CertificateTemplate[] }>) {
      state.status = 'loaded';
      state.config = action.payload.config;
      state.templates = action.payload.templates;
    },
    loadFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.error = action.payload.message;
    },
    saveRequested(state, _action: PayloadAction<IntuneScepConfigInput>) {
      state.saving = true;
      state.saveError = null;
    },
    saved(state, action: PayloadAction<IntuneScepConfig>) {
      state.saving = false;
      state.config = action.payload;
    },
    saveFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.saving = false;
      state.saveError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Intune SCEP events. */
export const intuneScepActions = intuneScepSlice.actions;

/** Intune SCEP selectors. */
export const intuneScepSelectors = {
  select: (state: { configIntuneScep?: IntuneScepState }): IntuneScepState => state.configIntuneScep ?? initialState,
};
