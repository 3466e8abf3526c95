import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { RESULTS_PER_PAGE, type SuspendedCard, type SuspensionSortKey } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The suspensions list (`/credentials/smartcards/suspensions`, issue 15): paged, sorted and searched on the server. */
export interface SuspensionsState {
  search: string;
  sort: SuspensionSortKey;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  cards: SuspendedCard[];
  total: number;
  loading: boolean;
  error: string | null;
  /** The card being resumed, and the last resume's outcome. */
  resuming: string | null;
  notice: string | null;
}

const initialState: SuspensionsState = { search: '', sort: 'suspendedAt', order: 'desc', page: 1, pageSize: RESULTS_PER_PAGE, cards: [], total: 0, loading: false, error: null, resuming: null, notice: null };

/** The suspensions slice. */
export const suspensionsSlice = createSlice({
  name: 'smartcardsSuspensions',
  initialState,
  reducers: {
    listRequested(state, action: PayloadAction<{ search?: string; sort?: SuspensionSortKey; order?: 'asc' | 'desc'; page?: number } | undefined>) {
      Object.assign(state, action.payload ?? {});
      state.loading = true;
      state.error = null;
    },
    listLoaded(state, action: PayloadAction<{ cards: SuspendedCard[]; total: number; pageSize: number }>) {
      Object.assign(state, action.payload);
      state.loading = false;
    },
    listFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    resumeRequested(state, action: PayloadAction<{ cardId: string }>) {
      state.resuming = action.payload.cardId;
      state.error = null;
      state.notice = null;
    },
    resumed(state, action: PayloadAction<{ serialNumber: string; status: string }>) {
      state.resuming = null;
      state.notice = `Card ${action.payload.serialNumber} resumed (${action.payload.status})`;
    },
    resumeFailed(state, action: PayloadAction<string>) {
      state.resuming = null;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Suspensions events. */
export const suspensionsActions = suspensionsSlice.actions;

/** Suspensions selectors. */
export const suspensionsSelectors = {
  selectState: (state: { smartcardsSuspensions?: SuspensionsState }): SuspensionsState => state.smartcardsSuspensions ?? initialState,
};
