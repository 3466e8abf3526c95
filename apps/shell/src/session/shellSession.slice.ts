import { createAction, createSlice } from '@reduxjs/toolkit';
import { resetAll } from '@tessera/store';

/** The shell's session state: the sign-out in progress and the last keep-alive tick. */
export interface ShellSessionState {
  signingOut: boolean;
  lastKeepAlive: { kind: 'refreshed' | 'checked'; at: number } | null;
}

const initialState: ShellSessionState = { signingOut: false, lastKeepAlive: null };

/** The slice; injected into the page's store when the shell bootstraps. */
export const shellSessionSlice = createSlice({
  name: 'shellSession',
  initialState,
  reducers: {
    /** The user pressed Sign out; the sign-out epic takes it from here. */
    signOutRequested(state) {
      state.signingOut = true;
    },
    /** A keep-alive tick refreshed or checked the session. */
    keepAliveTicked(state, action: { payload: { kind: 'refreshed' | 'checked'; at: number } }) {
      state.lastKeepAlive = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** The shell session events. */
export const shellSessionActions = {
  ...shellSessionSlice.actions,
  /** The keep-alive found the session gone (signin §4): sign out and clear all state. */
  sessionExpired: createAction<{ reason: string }>('shellSession/sessionExpired'),
};

type WithShellSession = { shellSession?: ShellSessionState };

/** Selectors; safe before the slice is injected. */
export const shellSessionSelectors = {
  selectSigningOut: (state: WithShellSession): boolean => state.shellSession?.signingOut ?? false,
  selectLastKeepAlive: (state: WithShellSession) => state.shellSession?.lastKeepAlive ?? null,
};
