import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CardPinRequirements, CmsVersion, SelfCardPicture, SelfCardRequest, SelfCardTemplate, SelfSmartcard } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The self-service card pages' state (`/self/portal/`, `/self/requestSmartcard/{id}`). */
export interface SelfCardsState {
  cards: { status: 'loading' | 'ready' | 'failed'; items: SelfSmartcard[]; errorMessage: string | null };
  templates: { status: 'loading' | 'ready' | 'failed'; items: SelfCardTemplate[]; errorMessage: string | null };
  request: { status: 'idle' | 'sending' | 'sent' | 'failed'; errorMessage: string | null; errorField: string | null };
  /** `/self/portal/` PIN change: the local agent linked to the session, the viewer's card found in one of its readers. */
  pinCard: { status: 'idle' | 'linking' | 'ready' | 'failed'; cmsVersion: CmsVersion; readerName: string | null; serialNumber: string | null; requirements: CardPinRequirements | null; errorMessage: string | null };
  /** The PIN change itself (ChangePin); `field` names the form field a refusal is about. */
  pinChange: { status: 'idle' | 'sending' | 'done' | 'failed'; message: string | null; field: 'oldPin' | 'newPin' | 'confirmPin' | null };
  /** The pictures of the viewer's cards whose template has a layout, by card id (absent: not asked or loading). */
  pictures: Record<string, { status: 'ready'; picture: SelfCardPicture } | { status: 'failed'; message: string }>;
}

const initialState: SelfCardsState = {
  cards: { status: 'loading', items: [], errorMessage: null },
  templates: { status: 'loading', items: [], errorMessage: null },
  request: { status: 'idle', errorMessage: null, errorField: null },
  pinCard: { status: 'idle', cmsVersion: 'CMS-v2', readerName: null, serialNumber: null, requirements: null, errorMessage: null },
  pinChange: { status: 'idle', message: null, field: null },
  pictures: {},
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
      state.pictures = {};
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
    /** "Change my card PIN": link the local agent and find one of the viewer's cards in its readers. */
    pictureLoaded(state, action: PayloadAction<{ cardId: string; picture: SelfCardPicture }>) {
      state.pictures[action.payload.cardId] = { status: 'ready', picture: action.payload.picture };
    },
    pictureFailed(state, action: PayloadAction<{ cardId: string; message: string }>) {
      state.pictures[action.payload.cardId] = { status: 'failed', message: action.payload.message };
    },
    pinCardRequested(state) {
      state.pinCard = { ...initialState.pinCard, status: 'linking' };
      state.pinChange = initialState.pinChange;
    },
    pinCardFound(state, action: PayloadAction<{ cmsVersion: CmsVersion; readerName: string; serialNumber: string; requirements: CardPinRequirements | null }>) {
      state.pinCard = { status: 'ready', ...action.payload, errorMessage: null };
    },
    pinCardFailed(state, action: PayloadAction<{ message: string }>) {
      state.pinCard = { ...initialState.pinCard, status: 'failed', errorMessage: action.payload.message };
    },
    pinChangeSubmitted(state, _action: PayloadAction<{ oldPin: string; newPin: string; confirmPin: string }>) {
      state.pinChange = { status: 'sending', message: null, field: null };
    },
    pinChangeDone(state, action: PayloadAction<{ message: string }>) {
      state.pinChange = { status: 'done', message: action.payload.message, field: null };
    },
    pinChangeFailed(state, action: PayloadAction<{ message: string; field: 'oldPin' | 'newPin' | 'confirmPin' | null }>) {
      state.pinChange = { status: 'failed', message: action.payload.message, field: action.payload.field };
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
