import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAll } from '@tessera/store';

/** Login and authentication state (signin §3; TOTP and passkey fields come with their issue). */
export interface LoginState {
  isLoggedIn: boolean;
  isLoading: boolean;
  /** The guarded path to go to after sign-in. */
  redirect: string | null;
  loginFailed: boolean;
  attemptingSignIn: boolean;
  requestingToken: boolean;
  /** The text shown for the last failure ('Check Username and Password', a throttling message, ...). */
  errorMessage: string | null;
  errorCode: string | null;
  /** TOTP enrolment shown after the password (signin §3, §4): QR data URL, secret, recovery codes. */
  qr: string | null;
  secret: string | null;
  recoveryCodes: string[];
  /** MFA verification outcome (signin §4); hide-alerts clears both. */
  otpVerified: boolean;
  verifyOtpFailure: boolean;
  showVerifyOTPSpinner: boolean;
  /** A passkey ceremony is running: modal (button) or conditional (autofill). */
  passkeyCeremony: 'idle' | 'modal' | 'conditional';
  /** The last passkey ceremony was cancelled by a newer one (AbortError). */
  passkeyCeremonyAborted: boolean;
}

const initialState: LoginState = {
  isLoggedIn: false,
  isLoading: false,
  redirect: null,
  loginFailed: false,
  attemptingSignIn: false,
  requestingToken: false,
  errorMessage: null,
  errorCode: null,
  qr: null,
  secret: null,
  recoveryCodes: [],
  otpVerified: false,
  verifyOtpFailure: false,
  showVerifyOTPSpinner: false,
  passkeyCeremony: 'idle',
  passkeyCeremonyAborted: false,
};

/** The login slice (signin §4 "Sign-in" transitions). */
export const loginSlice = createSlice({
  name: 'authLogin',
  initialState,
  reducers: {
    /** The user submitted the form (username already trimmed). */
    loginRequested(state, action: PayloadAction<{ username: string; password: string; redirect: string | null }>) {
      state.attemptingSignIn = true;
      state.isLoading = true;
      state.loginFailed = false;
      state.errorMessage = null;
      state.errorCode = null;
      state.redirect = action.payload.redirect;
    },
    /** Password accepted, TOTP due: a code is requested; with an enrolment, it is shown first (signin §4). */
    tokenRequested(state, action: PayloadAction<{ enrolment: { qr: string; secret: string; recoveryCodes: string[] } | null }>) {
      state.isLoading = false;
      state.attemptingSignIn = false;
      state.requestingToken = true;
      state.qr = action.payload.enrolment?.qr ?? null;
      state.secret = action.payload.enrolment?.secret ?? null;
      state.recoveryCodes = action.payload.enrolment?.recoveryCodes ?? [];
    },
    /** The user sent a TOTP or recovery code. */
    otpSubmitted(state, _action: PayloadAction<{ passcode: string }>) {
      state.showVerifyOTPSpinner = true;
      state.verifyOtpFailure = false;
      state.otpVerified = false;
      state.errorMessage = null;
      state.errorCode = null;
    },
    /** MFA verification succeeded. */
    otpVerified(state) {
      state.showVerifyOTPSpinner = false;
      state.otpVerified = true;
      state.verifyOtpFailure = false;
    },
    /** MFA verification failed ('Failed to validate MFA token', or the throttling text). */
    otpFailed(state, action: PayloadAction<{ code: string; message: string }>) {
      state.showVerifyOTPSpinner = false;
      state.verifyOtpFailure = true;
      state.otpVerified = false;
      state.errorCode = action.payload.code;
      state.errorMessage = action.payload.message;
    },
    /** Hide-alerts: clears otpVerified and verifyOtpFailure (signin §4). */
    hideAlerts(state) {
      state.otpVerified = false;
      state.verifyOtpFailure = false;
    },
    /** Use a passkey: modal (button) or conditional UI (autofill on the username field). */
    passkeySignInRequested(state, action: PayloadAction<{ conditional: boolean; redirect: string | null }>) {
      state.passkeyCeremony = action.payload.conditional ? 'conditional' : 'modal';
      state.redirect = action.payload.redirect;
      if (!action.payload.conditional) {
        state.errorMessage = null;
        state.errorCode = null;
        state.loginFailed = false;
      }
    },
    /** A newer ceremony cancelled this one (signin §4, AbortError). */
    passkeyCeremonyAborted(state) {
      state.passkeyCeremonyAborted = true;
    },
    /** A conditional ceremony ended without a sign-in (dismissed, unsupported): nothing to show. */
    passkeyCeremonyEnded(state) {
      state.passkeyCeremony = 'idle';
    },
    /** The sign-in page was left (signed in, or elsewhere): a pending ceremony is cancelled, silently. */
    loginPageLeft(state) {
      state.passkeyCeremony = 'idle';
      state.passkeyCeremonyAborted = false;
    },
    /** Back from the code step to username and password. */
    tokenCancelled() {
      return initialState;
    },
    /** Credentials accepted with no further authentication: signed in (QR, secret and codes cleared). */
    loginSucceeded(state) {
      state.passkeyCeremony = 'idle';
      state.qr = null;
      state.secret = null;
      state.recoveryCodes = [];
      state.isLoggedIn = true;
      state.isLoading = false;
      state.attemptingSignIn = false;
      state.loginFailed = false;
      state.requestingToken = false;
      state.errorMessage = null;
      state.errorCode = null;
    },
    /** The server refused the sign-in. */
    loginFailed(state, action: PayloadAction<{ code: string; message: string }>) {
      state.isLoading = false;
      state.attemptingSignIn = false;
      state.loginFailed = true;
      state.requestingToken = false;
      state.passkeyCeremony = 'idle';
      state.errorCode = action.payload.code;
      state.errorMessage = action.payload.message;
    },
    /** LOGIN_ACTIVE: the session is signed in (from the bus). */
    loginActive(state) {
      state.isLoggedIn = true;
    },
    /** LOGIN_INACTIVE: signed out, with no redirect. */
    loginInactive(state) {
      state.isLoggedIn = false;
      state.redirect = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Login events. */
export const loginActions = loginSlice.actions;

type WithLogin = { authLogin?: LoginState };

/** Login selectors; safe before the slice is injected. */
export const loginSelectors = {
  selectLogin: (state: WithLogin): LoginState => state.authLogin ?? initialState,
  selectAttemptingSignIn: (state: WithLogin): boolean => state.authLogin?.attemptingSignIn ?? false,
  selectErrorMessage: (state: WithLogin): string | null => state.authLogin?.errorMessage ?? null,
};
