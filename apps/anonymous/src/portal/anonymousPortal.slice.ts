import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CardReader, CmsVersion } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The anonymous portal's state: the agent link, its readers, and the PIN reset of one card. */
export interface AnonymousPortalState {
  link: { status: 'idle' | 'connecting' | 'ready' | 'failed'; cmsVersion: CmsVersion | null; errorMessage: string | null };
  readers: CardReader[];
  questions: { status: 'idle' | 'loading' | 'ready' | 'failed'; serial: string | null; readerName: string | null; list: string[]; clientSalt: string | null; errorMessage: string | null };
  reset: { status: 'idle' | 'resetting' | 'done' | 'failed'; message: string | null };
}

const initialState: AnonymousPortalState = {
  link: { status: 'idle', cmsVersion: null, errorMessage: null },
  readers: [],
  questions: { status: 'idle', serial: null, readerName: null, list: [], clientSalt: null, errorMessage: null },
  reset: { status: 'idle', message: null },
};

/** The anonymous portal slice. */
export const anonymousPortalSlice = createSlice({
  name: 'anonymousPortal',
  initialState,
  reducers: {
    /** A portal page is shown: an anonymous session, the agent linked to it, its readers. */
    portalShown(state) {
      state.link = { status: 'connecting', cmsVersion: state.link.cmsVersion, errorMessage: null };
    },
    readersLoaded(state, action: PayloadAction<{ cmsVersion: CmsVersion; readers: CardReader[] }>) {
      state.link = { status: 'ready', cmsVersion: action.payload.cmsVersion, errorMessage: null };
      state.readers = action.payload.readers;
    },
    linkFailed(state, action: PayloadAction<{ message: string }>) {
      state.link = { status: 'failed', cmsVersion: null, errorMessage: action.payload.message };
      state.readers = [];
    },
    /** The questions of the card in `readerName` (CardSecretQuestions). */
    questionsRequested(state, action: PayloadAction<{ serial: string; readerName: string }>) {
      state.questions = { ...initialState.questions, status: 'loading', serial: action.payload.serial, readerName: action.payload.readerName };
      state.reset = initialState.reset;
    },
    questionsLoaded(state, action: PayloadAction<{ questions: string[]; clientSalt: string }>) {
      state.questions.status = 'ready';
      state.questions.list = action.payload.questions;
      state.questions.clientSalt = action.payload.clientSalt;
    },
    questionsFailed(state, action: PayloadAction<{ message: string }>) {
      state.questions.status = 'failed';
      state.questions.errorMessage = action.payload.message;
    },
    /** The answers (hashed in the browser) and the new PIN: ResetPinQA through the agent. */
    resetRequested(state, _action: PayloadAction<{ answers: string[]; newPin: string }>) {
      state.reset = { status: 'resetting', message: null };
    },
    resetDone(state, action: PayloadAction<{ message: string }>) {
      state.reset = { status: 'done', message: action.payload.message };
    },
    resetFailed(state, action: PayloadAction<{ message: string }>) {
      state.reset = { status: 'failed', message: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Anonymous portal events. */
export const anonymousPortalActions = anonymousPortalSlice.actions;

/** Anonymous portal selectors. */
export const anonymousPortalSelectors = {
  select: (root: { anonymousPortal?: AnonymousPortalState }): AnonymousPortalState => root.anonymousPortal ?? initialState,
};
