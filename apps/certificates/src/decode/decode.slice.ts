import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DecodePemRequest, DecodedObject } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The `/admin/certificate/decodepem` page's state. */
export interface DecodeState {
  status: 'idle' | 'decoding' | 'decoded' | 'failed';
  objects: DecodedObject[];
  /** Why the last decode failed ('Failed to decode', the 10 MB text, …). */
  error: string | null;
}

const initialState: DecodeState = { status: 'idle', objects: [], error: null };

/** The decode slice. */
export const decodeSlice = createSlice({
  name: 'certificatesDecode',
  initialState,
  reducers: {
    decodeRequested(state, _action: PayloadAction<DecodePemRequest>) {
      state.status = 'decoding';
      state.error = null;
    },
    decoded(state, action: PayloadAction<DecodedObject[]>) {
      state.status = 'decoded';
      state.objects = action.payload;
    },
    /** Refused by the browser (file too large) or by the server. */
    decodeFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'failed';
      state.objects = [];
      state.error = action.payload.message;
    },
    cleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Decode events. */
export const decodeActions = decodeSlice.actions;

/** Decode selectors. */
export const decodeSelectors = {
  select: (state: { certificatesDecode?: DecodeState }): DecodeState => state.certificatesDecode ?? initialState,
};
