import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TenancyConfig, TenancyConfigPatch } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The `/config/tenancy` page's state. */
export interface TenancyConfigState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed' | 'saving' | 'saved' | 'saveFailed';
  /** The configuration as the server last answered it. */
  config: TenancyConfig | null;
  /** Why the last load or save failed. */
  errorMessage: string | null;
  /** The field a refusal names (`bannerColour`, `toastrTimeout`, ...), or null for a form-level error. */
  errorField: string | null;
}

const initialState: TenancyConfigState = { status: 'idle', config: null, errorMessage: null, errorField: null };

/** The tenancy configuration slice. */
export const tenancyConfigSlice = createSlice({
  name: 'configTenancy',
  initialState,
  reducers: {
    /** The page is shown: fetch the configuration. */
    pageShown(state) {
      state.status = 'loading';
      state.errorMessage = null;
      state.errorField = null;
    },
    loaded(state, action: PayloadAction<TenancyConfig>) {
      state.status = 'loaded';
      state.config = action.payload;
    },
    loadFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.errorMessage = action.payload.message;
    },
    /** Save pressed with the changed fields only. */
    saveRequested(state, _action: PayloadAction<TenancyConfigPatch>) {
      state.status = 'saving';
      state.errorMessage = null;
      state.errorField = null;
    },
    saved(state, action: PayloadAction<TenancyConfig>) {
      state.status = 'saved';
      state.config = action.payload;
    },
    saveFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.status = 'saveFailed';
      state.errorMessage = action.payload.message;
      state.errorField = action.payload.field;
    },
    cleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Tenancy configuration events. */
export const tenancyConfigActions = tenancyConfigSlice.actions;

/** Tenancy configuration selectors. */
export const tenancyConfigSelectors = {
  select: (state: { configTenancy?: TenancyConfigState }): TenancyConfigState => state.configTenancy ?? initialState,
};
