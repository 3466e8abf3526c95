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
    /** Credentials accepted with no further authentication: signed in. */
    loginSucceeded(state) {
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
