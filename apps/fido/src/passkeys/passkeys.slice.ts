import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Fido2Credential, Fido2CredentialList } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** Passkey state (signin §3: loadingPasskeys is a list of user ids, passkeyDetails is keyed by user id). */
export interface PasskeysState {
  loadingPasskeys: string[];
  passkeyDetails: Record<string, Fido2CredentialList>;
  /** A registration ceremony is running for this user id. */
  creatingFor: string | null;
  /** Users whose list could not be loaded. */
  failedToLoad: string[];
}

const initialState: PasskeysState = { loadingPasskeys: [], passkeyDetails: {}, creatingFor: null, failedToLoad: [] };
const without = (list: string[], id: string) => list.filter((x) => x !== id);

/** The passkeys slice. */
export const passkeysSlice = createSlice({
  name: 'fidoPasskeys',
  initialState,
  reducers: {
    /** Passkey loading adds the user id to loadingPasskeys (signin §4). */
    passkeysRequested(state, action: PayloadAction<{ userId: string }>) {
      if (!state.loadingPasskeys.includes(action.payload.userId)) state.loadingPasskeys.push(action.payload.userId);
      state.failedToLoad = without(state.failedToLoad, action.payload.userId);
    },
    /** ...and removes it when done. */
    passkeysLoaded(state, action: PayloadAction<{ userId: string; details: Fido2CredentialList }>) {
      state.loadingPasskeys = without(state.loadingPasskeys, action.payload.userId);
      state.passkeyDetails[action.payload.userId] = action.payload.details;
    },
    passkeysFailed(state, action: PayloadAction<{ userId: string }>) {
      state.loadingPasskeys = without(state.loadingPasskeys, action.payload.userId);
      if (!state.failedToLoad.includes(action.payload.userId)) state.failedToLoad.push(action.payload.userId);
    },
    createRequested(state, action: PayloadAction<{ userId: string; customName: string }>) {
      state.creatingFor = action.payload.userId;
    },
    created(state, action: PayloadAction<{ userId: string; credential: Fido2Credential }>) {
      state.creatingFor = null;
      state.passkeyDetails[action.payload.userId]?.registeredCredentials.push(action.payload.credential);
    },
    createFailed(state) {
      state.creatingFor = null;
    },
    renameRequested(_state, _action: PayloadAction<{ userId: string; id: string; newCustomName: string }>) {},
    renamed(state, action: PayloadAction<{ userId: string; credential: Fido2Credential }>) {
      const list = state.passkeyDetails[action.payload.userId]?.registeredCredentials;
      const index = list?.findIndex((c) => c.id === action.payload.credential.id) ?? -1;
      if (list && index >= 0) list[index] = action.payload.credential;
    },
    deleteRequested(_state, _action: PayloadAction<{ userId: string; id: string }>) {},
    deleted(state, action: PayloadAction<{ userId: string; id: string }>) {
      const details = state.passkeyDetails[action.payload.userId];
      if (details) details.registeredCredentials = details.registeredCredentials.filter((c) => c.id !== action.payload.id);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Passkey events. */
export const passkeysActions = passkeysSlice.actions;

type WithPasskeys = { fidoPasskeys?: PasskeysState };
/** Passkey selectors. */
export const passkeysSelectors = {
  select: (state: WithPasskeys): PasskeysState => state.fidoPasskeys ?? initialState,
};
