/**
 * Temporary cards and virtual smart cards on the cms screen (issue 15): the tenant's temporary card configuration,
 * the cards of a user a temporary card may replace, the issue of a temporary card and of a VSC (each processing,
 * then success or failure), and the temporary card links of one card for its page.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Smartcard, TemporaryCardConfiguration } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** One write's state. */
export interface Outcome {
  status: 'idle' | 'processing' | 'success' | 'failure';
  message: string;
  field: string | null;
  cardId: string | null;
  /** The card's progress steps as the server reported them (IssueTemporaryCardStream). */
  steps: string[];
}

/** State of the temporary card and VSC screens. */
export interface TemporaryCardsState {
  configuration: TemporaryCardConfiguration | null;
  candidates: { status: 'idle' | 'loading' | 'loaded' | 'failed'; userId: string | null; cards: Smartcard[]; message: string };
  temporary: Outcome;
  vsc: Outcome;
  links: { cardId: string | null; replacedBy: Smartcard[]; replaces: Smartcard[] };
}

const idle: Outcome = { status: 'idle', message: '', field: null, cardId: null, steps: [] };
const initialState: TemporaryCardsState = {
  configuration: null,
  candidates: { status: 'idle', userId: null, cards: [], message: '' },
  temporary: idle,
  vsc: idle,
  links: { cardId: null, replacedBy: [], replaces: [] },
};

/** The issue of a temporary card as the form asks for it (the epic finds the user by username). */
export interface TemporaryIssueRequest {
  readerName: string;
  userId: string;
  oldCardId: string;
  cardTemplateId: string;
  pin: string;
  /** Days, 0 for unlimited. */
  validityDays: number;
}

/** The temporary cards slice. */
export const temporaryCardsSlice = createSlice({
  name: 'smartcardTemporaryCards',
  initialState,
  reducers: {
    configurationRequested() {},
    configurationLoaded(state, action: PayloadAction<TemporaryCardConfiguration>) {
      state.configuration = action.payload;
    },
    candidatesRequested(state, _action: PayloadAction<{ username: string }>) {
      state.candidates = { status: 'loading', userId: null, cards: [], message: '' };
    },
    candidatesLoaded(state, action: PayloadAction<{ userId: string; cards: Smartcard[] }>) {
      state.candidates = { status: 'loaded', userId: action.payload.userId, cards: action.payload.cards, message: '' };
    },
    candidatesFailed(state, action: PayloadAction<string>) {
      state.candidates = { status: 'failed', userId: null, cards: [], message: action.payload };
    },
    temporaryIssueRequested(state, _action: PayloadAction<TemporaryIssueRequest>) {
      state.temporary = { ...idle, status: 'processing' };
    },
    temporaryIssueProgress(state, action: PayloadAction<string>) {
      if (state.temporary.status === 'processing' && state.temporary.steps.at(-1) !== action.payload) state.temporary.steps.push(action.payload);
    },
    temporaryIssueDone(state, action: PayloadAction<Omit<Outcome, 'status' | 'steps'> & { ok: boolean }>) {
      const { ok, ...rest } = action.payload;
      state.temporary = { status: ok ? 'success' : 'failure', ...rest, steps: state.temporary.steps };
    },
    vscIssueRequested(state, _action: PayloadAction<{ username: string; cardTemplateId: string; pin: string }>) {
      state.vsc = { ...idle, status: 'processing' };
    },
    /** A step of the VSC's issue as IssueVSCStream reports it. */
    vscIssueProgress(state, action: PayloadAction<string>) {
      if (state.vsc.status === 'processing' && state.vsc.steps.at(-1) !== action.payload) state.vsc.steps.push(action.payload);
    },
    vscIssueDone(state, action: PayloadAction<Omit<Outcome, 'status' | 'steps'> & { ok: boolean }>) {
      const { ok, ...rest } = action.payload;
      state.vsc = { status: ok ? 'success' : 'failure', ...rest, steps: state.vsc.steps };
    },
    linksRequested(state, action: PayloadAction<{ cardId: string }>) {
      state.links = { cardId: action.payload.cardId, replacedBy: [], replaces: [] };
    },
    linksLoaded(state, action: PayloadAction<{ cardId: string; replacedBy: Smartcard[]; replaces: Smartcard[] }>) {
      if (state.links.cardId === action.payload.cardId) state.links = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Actions of the slice. */
export const temporaryCardsActions = temporaryCardsSlice.actions;

type WithTemporaryCards = { smartcardTemporaryCards?: TemporaryCardsState };

/** Selectors; safe before the slice is injected. */
export const temporaryCardsSelectors = {
  selectState: (state: WithTemporaryCards): TemporaryCardsState => state.smartcardTemporaryCards ?? initialState,
};
