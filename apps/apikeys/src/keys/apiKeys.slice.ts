import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The `/apikey/manage` page's state. */
export interface ApiKeysState {
  status: 'idle' | 'loading' | 'loaded' | 'loadFailed';
  keys: ApiKey[];
  loadError: string | null;
  creating: boolean;
  /** Why the last create failed, and the field the refusal names (`name`, `permissions`, `expiresInDays`). */
  createError: { message: string; field: string | null } | null;
  /** The key just created, with its secret: shown once, until dismissed or the page is left. */
  created: CreatedApiKey | null;
  /** Ids being revoked. */
  revoking: string[];
}

const initialState: ApiKeysState = { status: 'idle', keys: [], loadError: null, creating: false, createError: null, created: null, revoking: [] };

/** The API keys slice. */
export const apiKeysSlice = createSlice({
  name: 'apiKeys',
  initialState,
  reducers: {
    /** The page is shown, or a change asks for a fresh list. */
    listRequested(state) {
      if (state.status !== 'loaded') state.status = 'loading';
      state.loadError = null;
    },
    listed(state, action: PayloadAction<ApiKey[]>) {
      state.status = 'loaded';
      state.keys = action.payload;
    },
    listFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'loadFailed';
      state.loadError = action.payload.message;
    },
    createRequested(state, _action: PayloadAction<CreateApiKeyRequest>) {
      state.creating = true;
      state.createError = null;
      state.created = null;
    },
    created(state, action: PayloadAction<CreatedApiKey>) {
      state.creating = false;
      state.created = action.payload;
      const { secret: _secret, ...key } = action.payload;
      state.keys = [key, ...state.keys.filter((k) => k.id !== key.id)];
    },
    createFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.creating = false;
      state.createError = action.payload;
    },
    /** The secret was seen: forget it. */
    secretDismissed(state) {
      state.created = null;
    },
    revokeRequested(state, action: PayloadAction<{ id: string; name: string }>) {
      state.revoking.push(action.payload.id);
    },
    revoked(state, action: PayloadAction<{ id: string }>) {
      state.revoking = state.revoking.filter((id) => id !== action.payload.id);
      state.keys = state.keys.filter((k) => k.id !== action.payload.id);
    },
    revokeFailed(state, action: PayloadAction<{ id: string }>) {
      state.revoking = state.revoking.filter((id) => id !== action.payload.id);
    },
    cleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** API key events. */
export const apiKeysActions = apiKeysSlice.actions;

/** API key selectors. */
export const apiKeysSelectors = {
  select: (state: { apiKeys?: ApiKeysState }): ApiKeysState => state.apiKeys ?? initialState,
};
