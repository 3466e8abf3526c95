/**
 * Smartcard sign-in on the sign-in page (signin §7 AuthSmartcardPIN, AuthSmartcardPassphrase; issue 15): the local
 * security client is asked (on the loopback, no server session touched) whether a reader holds a card; then "Sign in
 * with a smartcard" links the agent to an anonymous session and the card and its PIN sign in. "Forgot your PIN?"
 * resets the PIN with the secret questions of the card's user (CardSecretQuestions, ResetPinQA) on that session.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The card the page found in a reader of the local agent. */
export interface FoundCard {
  readerName: string;
  serial: string;
}

/** Where the smartcard sign-in is. */
export type SmartcardSignInPhase = 'idle' | 'detecting' | 'absent' | 'present' | 'linking' | 'pin' | 'signingIn' | 'questions' | 'resetting';

/** The state. */
export interface SmartcardSignInState {
  phase: SmartcardSignInPhase;
  card: FoundCard | null;
  /** The protocol paths of the agent (its version). */
  cmsVersion: 'CMS-v1' | 'CMS-v2';
  /** Questions of the card's user (PIN reset). */
  questions: string[];
  clientSalt: string | null;
  error: string | null;
  /** A done message (e.g. the PIN has been reset). */
  notice: string | null;
}

const initialState: SmartcardSignInState = { phase: 'idle', card: null, cmsVersion: 'CMS-v2', questions: [], clientSalt: null, error: null, notice: null };

export const smartcardSignInSlice = createSlice({
  name: 'authSmartcardSignIn',
  initialState,
  reducers: {
    /** The sign-in page looks for an agent with a card. */
    detectRequested(state) {
      state.phase = 'detecting';
    },
    cardFound(state, action: PayloadAction<FoundCard>) {
      state.phase = state.phase === 'detecting' || state.phase === 'absent' ? 'present' : state.phase;
      state.card = action.payload;
    },
    noCard(state) {
      state.phase = 'absent';
      state.card = null;
    },
    /** "Sign in with a smartcard": link the agent to an anonymous session. */
    startRequested(state) {
      state.phase = 'linking';
      state.error = null;
      state.notice = null;
    },
    linked(state, action: PayloadAction<{ cmsVersion: 'CMS-v1' | 'CMS-v2' }>) {
      state.phase = 'pin';
      state.cmsVersion = action.payload.cmsVersion;
    },
    signInRequested(state, _action: PayloadAction<{ secret: string; passphrase: boolean; redirect: string | null }>) {
      state.phase = 'signingIn';
      state.error = null;
      state.notice = null;
    },
    signInFailed(state, action: PayloadAction<{ message: string }>) {
      state.phase = 'pin';
      state.error = action.payload.message;
    },
    signedIn() {
      return initialState;
    },
    /** "Forgot your PIN?": the questions of the card's user. */
    questionsRequested(state) {
      state.error = null;
      state.notice = null;
    },
    questionsLoaded(state, action: PayloadAction<{ questions: string[]; clientSalt: string }>) {
      state.phase = 'questions';
      state.questions = action.payload.questions;
      state.clientSalt = action.payload.clientSalt;
    },
    resetRequested(state, _action: PayloadAction<{ answers: string[]; newPin: string }>) {
      state.phase = 'resetting';
      state.error = null;
    },
    resetDone(state, action: PayloadAction<{ message: string }>) {
      state.phase = 'pin';
      state.notice = action.payload.message;
      state.questions = [];
      state.clientSalt = null;
    },
    failed(state, action: PayloadAction<{ message: string; phase: SmartcardSignInPhase }>) {
      state.phase = action.payload.phase;
      state.error = action.payload.message;
    },
    cancelled(state) {
      state.phase = state.card ? 'present' : 'absent';
      state.error = null;
      state.notice = null;
      state.questions = [];
    },
  },
});

export const smartcardSignInActions = smartcardSignInSlice.actions;

type WithSmartcardSignIn = { authSmartcardSignIn?: SmartcardSignInState };

export const selectSmartcardSignIn = (state: WithSmartcardSignIn): SmartcardSignInState => state.authSmartcardSignIn ?? initialState;
