/**
 * The identity screens' server calls as one slice: each screen names a request by a key (e.g.
 * `user:42`), dispatches `requested` with the call and its arguments, and reads the entry back. The epic
 * beside it makes the call; a success or failure toast is part of the request when the screen asks.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Failure } from '@tessera/api';
import type { IdentityCall } from '../epic';

/** A toast shown when a request ends (admin-console §8 user alerts). */
export interface RequestToast {
  title: string;
  /** Shown on success. */
  success?: string;
  /** Shown on failure; `true` shows the server's message. */
  failure?: string | true;
}

/** What a screen asks for. */
export interface IdentityRequest {
  /** The screen's name for this request. */
  key: string;
  call: IdentityCall;
  /** The call's arguments (plain data). */
  args: unknown[];
  toast?: RequestToast;
}

/** One request's state. */
export interface RequestEntry {
  status: 'loading' | 'succeeded' | 'failed';
  data: unknown;
  failure: Failure | null;
  /** Increments on every success, so a screen can react once to a new answer. */
  successes: number;
}

/** Requests by key. */
export type RequestsState = Record<string, RequestEntry>;

const initialState: RequestsState = {};

export const requestsSlice = createSlice({
  name: 'identityRequests',
  initialState,
  reducers: {
    requested(state, action: PayloadAction<IdentityRequest>) {
      const previous = state[action.payload.key];
      state[action.payload.key] = { status: 'loading', data: previous?.data ?? null, failure: null, successes: previous?.successes ?? 0 };
    },
    succeeded(state, action: PayloadAction<{ key: string; data: unknown }>) {
      const previous = state[action.payload.key];
      state[action.payload.key] = { status: 'succeeded', data: action.payload.data ?? null, failure: null, successes: (previous?.successes ?? 0) + 1 };
    },
    failed(state, action: PayloadAction<{ key: string; failure: Failure }>) {
      const previous = state[action.payload.key];
      state[action.payload.key] = { status: 'failed', data: previous?.data ?? null, failure: action.payload.failure, successes: previous?.successes ?? 0 };
    },
    cleared(state, action: PayloadAction<string>) {
      delete state[action.payload];
    },
  },
  selectors: {
    selectRequest: (state: RequestsState, key: string): RequestEntry | undefined => state[key],
  },
});

export const requestsActions = requestsSlice.actions;
export const requestsSelectors = requestsSlice.selectors;
