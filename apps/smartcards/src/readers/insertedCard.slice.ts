import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Smartcard } from '@tessera/domain';
import type { StoredCardCertificate } from '@tessera/api';
import { resetAll } from '@tessera/store';

/** What the readers page knows of the card in one reader: the server's record (CardDetails) and the card's certificates (ReadCertStore). */
export interface InsertedCard {
  loading: boolean;
  serialNumber: string;
  /** null: the server has no record of this card (CardDetails 404). */
  details: { smartcard: Smartcard; username: string | null; cardTemplateName: string | null } | null;
  certificates: StoredCardCertificate[];
  error: string | null;
}

/** By reader name. */
export type InsertedCardState = Record<string, InsertedCard>;

const initialState: InsertedCardState = {};

/** The inserted card slice (issue 15; signin §7 CardDetails, ReadCertStore). */
export const insertedCardSlice = createSlice({
  name: 'smartcardsInsertedCard',
  initialState,
  reducers: {
    requested(state, action: PayloadAction<{ readerName: string; serialNumber: string; atr: string }>) {
      state[action.payload.readerName] = { loading: true, serialNumber: action.payload.serialNumber, details: null, certificates: [], error: null };
    },
    loaded(state, action: PayloadAction<{ readerName: string; details: InsertedCard['details']; certificates: StoredCardCertificate[] }>) {
      const card = state[action.payload.readerName];
      if (!card) return;
      card.loading = false;
      card.details = action.payload.details;
      card.certificates = action.payload.certificates;
    },
    failed(state, action: PayloadAction<{ readerName: string; error: string }>) {
      const card = state[action.payload.readerName];
      if (!card) return;
      card.loading = false;
      card.error = action.payload.error;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Inserted card events. */
export const insertedCardActions = insertedCardSlice.actions;

/** Inserted card selectors. */
export const insertedCardSelectors = {
  selectState: (state: { smartcardsInsertedCard?: InsertedCardState }): InsertedCardState => state.smartcardsInsertedCard ?? initialState,
};

/** Whether a certificate read from the card is one the server's record of the card lists (same slot and serial). */
export function matchesRecord(cert: Pick<StoredCardCertificate, 'slot' | 'serialNumber'>, record: Smartcard | null | undefined): boolean {
  if (!record) return false;
  const norm = (s: string) => s.toLowerCase().replace(/^0+(?=.)/, '');
  return record.certificates.some((c) => c.slot.toUpperCase() === cert.slot.toUpperCase() && norm(c.serialNumber) === norm(cert.serialNumber));
}
