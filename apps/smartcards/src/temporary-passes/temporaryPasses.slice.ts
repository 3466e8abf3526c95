import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AssignGuestPassRequest,
  AssignPositivePassRequest,
  BatchPrintRequest,
  MisplacedPassRequest,
  PassActivationRequest,
  PassAvailability,
  PassType,
  TemporaryPass,
  TemporaryPassAccount,
  TemporaryPassLists,
} from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The temporary passes screen (admin-console §2.3): lists, accounts, the last availability check, and what is in flight. */
export interface TemporaryPassesState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  lists: TemporaryPassLists;
  accounts: TemporaryPassAccount[];
  availability: PassAvailability[0] | null;
  /** Passes held by the user chosen in the issue form (`GET user/{id}`). */
  userPasses: { userId: string; passes: TemporaryPass[] } | null;
  /** A write in flight (issue, status change, print). */
  busy: boolean;
  /** Text of the last failed write, shown on the screen as well as in a toast. */
  error: string | null;
}

const initialState: TemporaryPassesState = {
  status: 'idle',
  lists: { issued: [], available: [], unavailable: [], timeZone: 'UTC' },
  accounts: [],
  availability: null,
  userPasses: null,
  busy: false,
  error: null,
};

/** The temporary passes slice. */
export const temporaryPassesSlice = createSlice({
  name: 'smartcardsTemporaryPasses',
  initialState,
  reducers: {
    passesRequested(state) {
      state.status = 'loading';
    },
    passesLoaded(state, action: PayloadAction<{ lists: TemporaryPassLists; accounts: TemporaryPassAccount[] }>) {
      state.status = 'loaded';
      state.lists = action.payload.lists;
      state.accounts = action.payload.accounts;
    },
    passesFailed(state) {
      state.status = 'failed';
    },
    availabilityRequested(state, _action: PayloadAction<{ type: PassType; passNumber: string }>) {
      state.availability = null;
    },
    availabilityLoaded(state, action: PayloadAction<PassAvailability[0] | null>) {
      state.availability = action.payload;
    },
    userPassesRequested(state, action: PayloadAction<string>) {
      state.userPasses = action.payload === '' ? null : { userId: action.payload, passes: [] };
    },
    userPassesLoaded(state, action: PayloadAction<{ userId: string; passes: TemporaryPass[] }>) {
      if (state.userPasses?.userId === action.payload.userId) state.userPasses = action.payload;
    },
    issueToUserRequested(state, _action: PayloadAction<AssignPositivePassRequest>) {
      state.busy = true;
      state.error = null;
    },
    issueToGuestRequested(state, _action: PayloadAction<AssignGuestPassRequest>) {
      state.busy = true;
      state.error = null;
    },
    returnRequested(state, _action: PayloadAction<string>) {
      state.busy = true;
      state.error = null;
    },
    misplacedRequested(state, _action: PayloadAction<MisplacedPassRequest>) {
      state.busy = true;
      state.error = null;
    },
    activationRequested(state, _action: PayloadAction<PassActivationRequest>) {
      state.busy = true;
      state.error = null;
    },
    batchPrintRequested(state, _action: PayloadAction<BatchPrintRequest>) {
      state.busy = true;
      state.error = null;
    },
    writeSucceeded(state) {
      state.busy = false;
    },
    writeFailed(state, action: PayloadAction<string>) {
      state.busy = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Temporary pass events. */
export const temporaryPassesActions = temporaryPassesSlice.actions;

type WithPasses = { smartcardsTemporaryPasses?: TemporaryPassesState };

/** Temporary pass selectors. */
export const temporaryPassesSelectors = {
  selectPasses: (state: WithPasses): TemporaryPassesState => state.smartcardsTemporaryPasses ?? initialState,
};
