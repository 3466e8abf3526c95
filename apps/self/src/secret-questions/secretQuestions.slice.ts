import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SecretQuestionInput } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The secret questions page's state (`/self/resetquestions`, `/self/resetquestions/{link}`). */
export interface SecretQuestionsState {
  status: 'loading' | 'ready' | 'saving' | 'saved' | 'failed' | 'linkInvalid';
  /** The viewer's set exists (the page then offers a reset link instead of the form). */
  isSet: boolean;
  /** The texts of the viewer's questions. */
  questions: string[];
  /** The account a valid reset link is for. */
  linkUsername: string | null;
  errorMessage: string | null;
  /** The field a refusal names (`questions.1.question` …), or null for a form-level error. */
  errorField: string | null;
  resetLink: 'idle' | 'sending' | 'sent' | 'failed';
}

const initialState: SecretQuestionsState = { status: 'loading', isSet: false, questions: [], linkUsername: null, errorMessage: null, errorField: null, resetLink: 'idle' };

/** The secret questions slice. */
export const secretQuestionsSlice = createSlice({
  name: 'selfSecretQuestions',
  initialState,
  reducers: {
    /** The page is shown: with a link, check it; without, read the viewer's set. */
    pageShown(state, _action: PayloadAction<{ linkString: string | null }>) {
      return { ...initialState, resetLink: state.resetLink };
    },
    statusLoaded(state, action: PayloadAction<{ isSet: boolean; questions: string[] }>) {
      state.status = 'ready';
      state.isSet = action.payload.isSet;
      state.questions = action.payload.questions;
    },
    linkChecked(state, action: PayloadAction<{ username: string }>) {
      state.status = 'ready';
      state.isSet = false;
      state.linkUsername = action.payload.username;
    },
    linkRefused(state, action: PayloadAction<{ message: string }>) {
      state.status = 'linkInvalid';
      state.errorMessage = action.payload.message;
    },
    /** Hash the answers in the browser and send the set (first time, or with the reset link). */
    saveRequested(state, _action: PayloadAction<{ inputs: SecretQuestionInput[]; linkString: string | null }>) {
      state.status = 'saving';
      state.errorMessage = null;
      state.errorField = null;
    },
    saveSucceeded(state, action: PayloadAction<{ questions: string[] }>) {
      state.status = 'saved';
      state.isSet = true;
      state.questions = action.payload.questions;
    },
    saveFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.status = 'failed';
      state.errorMessage = action.payload.message;
      state.errorField = action.payload.field;
    },
    resetLinkRequested(state, _action: PayloadAction<{ userId: string }>) {
      state.resetLink = 'sending';
    },
    resetLinkSent(state) {
      state.resetLink = 'sent';
    },
    resetLinkFailed(state) {
      state.resetLink = 'failed';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Secret questions events. */
export const secretQuestionsActions = secretQuestionsSlice.actions;

/** Secret questions selectors. */
export const secretQuestionsSelectors = {
  select: (state: { selfSecretQuestions?: SecretQuestionsState }): SecretQuestionsState => state.selfSecretQuestions ?? initialState,
};
