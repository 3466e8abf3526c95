import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SmartcardRequestRequest, SmartcardRequestResponse } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The smartcard request screen (`/credentials/smartcards/request`). */
export interface SmartcardRequestState {
  sending: boolean;
  result: SmartcardRequestResponse | null;
  error: string | null;
}

const initialState: SmartcardRequestState = { sending: false, result: null, error: null };

/** The smartcard request slice. */
export const smartcardRequestSlice = createSlice({
  name: 'smartcardsRequest',
  initialState,
  reducers: {
    requestSent(state, _action: PayloadAction<SmartcardRequestRequest>) {
      state.sending = true;
      state.result = null;
      state.error = null;
    },
    requestSucceeded(state, action: PayloadAction<SmartcardRequestResponse>) {
      state.sending = false;
      state.result = action.payload;
    },
    requestFailed(state, action: PayloadAction<string>) {
      state.sending = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Smartcard request events. */
export const smartcardRequestActions = smartcardRequestSlice.actions;

/** Smartcard request selectors. */
export const smartcardRequestSelectors = {
  selectRequest: (state: { smartcardsRequest?: SmartcardRequestState }): SmartcardRequestState => state.smartcardsRequest ?? initialState,
};
