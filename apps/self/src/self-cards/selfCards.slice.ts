import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SelfCardRequest, SelfCardTemplate, SelfSmartcard } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The self-service card pages' state (`/self/portal/`, `/self/requestSmartcard/{id}`). */
export interface SelfCardsState {
  cards: { status: 'loading' | 'ready' | 'failed'; items: SelfSmartcard[]; errorMessage: string | null };
  templates: { status: 'loading' | 'ready' | 'failed'; items: SelfCardTemplate[]; errorMessage: string | null };
  request: { status: 'idle' | 'sending' | 'sent' | 'failed'; errorMessage: string | null; errorField: string | null };
}

const initialState: SelfCardsState = {
  cards: { status: 'loading', items: [], errorMessage: null },
  templates: { status: 'loading', items: [], errorMessage: null },
  request: { status: 'idle', errorMessage: null, errorField: null },
};

/** The self-service cards slice. */
export const selfCardsSlice = createSlice({
  name: 'selfCards',
  initialState,
  reducers: {
    /** `/self/portal/` is shown: read the viewer's own cards. */
    portalShown(state) {
      state.cards = { status: 'loading', items: state.cards.items, errorMessage: null };
    },
    cardsLoaded(state, action: PayloadAction<SelfSmartcard[]>) {
      state.cards = { status: 'ready', items: action.payload, errorMessage: null };
    },
    cardsFailed(state, action: PayloadAction<{ message: string }>) {
      state.cards = { status: 'failed', items: [], errorMessage: action.payload.message };
    },
    /** `/self/requestSmartcard/{id}` is shown: read the templates the viewer may request. */
    requestPageShown(state) {
      state.templates = { status: 'loading', items: [], errorMessage: null };
      state.request = initialState.request;
    },
    templatesLoaded(state, action: PayloadAction<SelfCardTemplate[]>) {
      state.templates = { status: 'ready', items: action.payload, errorMessage: null };
    },
    templatesFailed(state, action: PayloadAction<{ message: string }>) {
      state.templates = { status: 'failed', items: [], errorMessage: action.payload.message };
    },
    requestSubmitted(state, _action: PayloadAction<{ userId: string; request: SelfCardRequest }>) {
      state.request = { status: 'sending', errorMessage: null, errorField: null };
    },
    requestSent(state) {
      state.request = { status: 'sent', errorMessage: null, errorField: null };
    },
    requestFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.request = { status: 'failed', errorMessage: action.payload.message, errorField: action.payload.field };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Self-service card events. */
export const selfCardsActions = selfCardsSlice.actions;

/** Self-service card selectors. */
export const selfCardsSelectors = {
  select: (root: { selfCards?: SelfCardsState }): SelfCardsState => root.selfCards ?? initialState,
};
