/**
 * The card actions of the cms screen (signin §4 "Smartcard actions": each flows processing, then done, with
 * success or failure; a card being processed receives progress events until done) and the card records of the
 * tenant (list and one card, for view and revoke). Progress comes from the server's `cardProgress` events on the
 * reader stream (bus `readers$`, through the readers slice's `readerEvent`).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CardTemplate, Smartcard, SmartcardSortKey } from '@tessera/domain';
import { resetAll } from '@tessera/store';
import { readersActions } from '../readers/readers.slice';

/** The card actions a reader's card can take on the cms screen. */
export type CardActionKind = 'issue' | 'register' | 'changePin' | 'unblock' | 'clean' | 'reissue' | 'changePassphrase' | 'resetPinPassphrase';

/** One card action on a reader: its progress steps as the server reports them, then the outcome. */
export interface CardAction {
  kind: CardActionKind;
  status: 'processing' | 'success' | 'failure';
  steps: string[];
  message: string;
  /** The field the server named when it refused the request. */
  field: string | null;
  /** The card record the action produced (issue). */
  cardId: string | null;
}

/** Loading state of a list or record. */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** What the card list asks the server for (searched, sorted and paged there). */
export interface SmartcardsQuery {
  search: string;
  sort: SmartcardSortKey;
  order: 'asc' | 'desc';
  page: number;
}

/** State of the card screens. */
export interface CardsState {
  actions: Record<string, CardAction>;
  templates: CardTemplate[];
  list: { status: LoadStatus; cards: Smartcard[]; message: string; total: number; query: SmartcardsQuery };
  view: {
    status: LoadStatus;
    card: Smartcard | null;
    message: string;
    revoke: { status: 'idle' | 'processing' | 'success' | 'failure'; message: string };
    /** The last assign, unassign or unregister of the card; `removed` once unregistered. */
    change: { status: 'idle' | 'processing' | 'success' | 'failure'; message: string; removed: boolean };
  };
}

const initialState: CardsState = {
  actions: {},
  templates: [],
  list: { status: 'idle', cards: [], message: '', total: 0, query: { search: '', sort: 'createdAt', order: 'desc', page: 1 } },
  view: { status: 'idle', card: null, message: '', revoke: { status: 'idle', message: '' }, change: { status: 'idle', message: '', removed: false } },
};

/** IssueCard as the form asks for it: the epic finds the user by username. */
export interface IssueRequest {
  readerName: string;
  username: string;
  cardTemplateId: string;
  pin: string;
}

const start = (state: CardsState, readerName: string, kind: CardActionKind) => {
  state.actions[readerName] = { kind, status: 'processing', steps: [], message: '', field: null, cardId: null };
};

/** Adds a step to the action running on a reader, once (the reader stream and the operation stream both carry it). */
const addStep = (state: CardsState, readerName: string, step: string) => {
  const current = state.actions[readerName];
  if (current?.status === 'processing' && !current.steps.includes(step)) current.steps.push(step);
};

/** The cards slice. */
export const cardsSlice = createSlice({
  name: 'smartcardCards',
  initialState,
  reducers: {
    templatesLoaded(state, action: PayloadAction<CardTemplate[]>) {
      state.templates = action.payload;
    },
    issueRequested(state, action: PayloadAction<IssueRequest>) {
      start(state, action.payload.readerName, 'issue');
    },
    changePinRequested(state, action: PayloadAction<{ readerName: string; oldPin: string; newPin: string }>) {
      start(state, action.payload.readerName, 'changePin');
    },
    unblockRequested(state, action: PayloadAction<{ readerName: string; newPin: string }>) {
      start(state, action.payload.readerName, 'unblock');
    },
    /** ChangePassphrase (issue 15): the card's current PIN or passphrase to a new passphrase. */
    changePassphraseRequested(state, action: PayloadAction<{ readerName: string; pin: string; passphrase: string }>) {
      start(state, action.payload.readerName, 'changePassphrase');
    },
    /** ResetPinPassphrase (issue 15): the card reset with the server's PUK to a new passphrase. */
    resetPinPassphraseRequested(state, action: PayloadAction<{ readerName: string; passphrase: string }>) {
      start(state, action.payload.readerName, 'resetPinPassphrase');
    },
    reissueRequested(state, action: PayloadAction<{ readerName: string; pin: string; forceRevoke: boolean }>) {
      start(state, action.payload.readerName, 'reissue');
    },
    registerRequested(state, action: PayloadAction<{ readerName: string }>) {
      start(state, action.payload.readerName, 'register');
    },
    assignRequested(state, _action: PayloadAction<{ cardId: string; username: string; cardTemplateId: string }>) {
      state.view.change = { status: 'processing', message: '', removed: false };
    },
    unassignRequested(state, _action: PayloadAction<{ cardId: string }>) {
      state.view.change = { status: 'processing', message: '', removed: false };
    },
    unregisterRequested(state, _action: PayloadAction<{ cardId: string }>) {
      state.view.change = { status: 'processing', message: '', removed: false };
    },
    suspendRequested(state, _action: PayloadAction<{ cardId: string; reason: string }>) {
      state.view.change = { status: 'processing', message: '', removed: false };
    },
    resumeRequested(state, _action: PayloadAction<{ cardId: string }>) {
      state.view.change = { status: 'processing', message: '', removed: false };
    },
    updateRequested(state, _action: PayloadAction<{ cardId: string; temporaryCard: boolean }>) {
      state.view.change = { status: 'processing', message: '', removed: false };
    },
    /** A temporary card's new expiry (ISO 8601), or null for unlimited. */
    expiryUpdateRequested(state, _action: PayloadAction<{ cardId: string; expiresAt: string | null }>) {
      state.view.change = { status: 'processing', message: '', removed: false };
    },
    cardChanged(state, action: PayloadAction<{ ok: boolean; message: string; card?: Smartcard; removed?: boolean }>) {
      state.view.change = { status: action.payload.ok ? 'success' : 'failure', message: action.payload.message, removed: action.payload.removed === true };
      if (action.payload.card) state.view.card = action.payload.card;
    },
    cleanRequested(state, action: PayloadAction<{ readerName: string }>) {
      start(state, action.payload.readerName, 'clean');
    },
    /** A progress step of the action on a reader (its operation stream). */
    progress(state, action: PayloadAction<{ readerName: string; step: string }>) {
      addStep(state, action.payload.readerName, action.payload.step);
    },
    actionDone(state, action: PayloadAction<{ readerName: string; ok: boolean; message: string; field?: string | null; cardId?: string | null }>) {
      const current = state.actions[action.payload.readerName];
      if (!current) return;
      current.status = action.payload.ok ? 'success' : 'failure';
      current.message = action.payload.message;
      current.field = action.payload.field ?? null;
      current.cardId = action.payload.cardId ?? null;
    },
    listRequested(state, action: PayloadAction<Partial<SmartcardsQuery> | undefined>) {
      state.list.status = 'loading';
      state.list.query = { ...state.list.query, ...(action.payload ?? {}) };
    },
    listLoaded(state, action: PayloadAction<{ smartcards: Smartcard[]; total: number }>) {
      state.list = { ...state.list, status: 'succeeded', cards: action.payload.smartcards, total: action.payload.total, message: '' };
    },
    listFailed(state, action: PayloadAction<string>) {
      state.list = { ...state.list, status: 'failed', cards: [], total: 0, message: action.payload };
    },
    cardRequested(state, _action: PayloadAction<{ cardId: string }>) {
      state.view = { ...initialState.view, status: 'loading' };
    },
    cardLoaded(state, action: PayloadAction<Smartcard>) {
      state.view.status = 'succeeded';
      state.view.card = action.payload;
    },
    cardFailed(state, action: PayloadAction<string>) {
      state.view.status = 'failed';
      state.view.message = action.payload;
    },
    revokeRequested(state, _action: PayloadAction<{ cardId: string }>) {
      state.view.revoke = { status: 'processing', message: '' };
    },
    revokeDone(state, action: PayloadAction<{ ok: boolean; message: string; card?: Smartcard }>) {
      state.view.revoke = { status: action.payload.ok ? 'success' : 'failure', message: action.payload.message };
      if (action.payload.card) state.view.card = action.payload.card;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
    // The server's progress steps of the action running on a reader (signin §4 "receives progress events until done").
    builder.addCase(readersActions.readerEvent, (state, action) => {
      const event = action.payload as { type: string; readerName: string; step?: unknown };
      if (event.type !== 'cardProgress' || typeof event.step !== 'string') return;
      addStep(state, event.readerName, event.step);
    });
  },
});

/** Cards events. */
export const cardsActions = cardsSlice.actions;

type WithCards = { smartcardCards?: CardsState };

/** Cards selectors; safe before the slice is injected. */
export const cardsSelectors = {
  selectState: (state: WithCards): CardsState => state.smartcardCards ?? initialState,
};
