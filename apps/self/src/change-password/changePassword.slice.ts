import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PasswordConfig } from '@tessera/domain';
import { resetAll } from '@tessera/store';

/** The change-password form's state. */
export interface ChangePasswordState {
  status: 'idle' | 'saving' | 'saved' | 'failed';
  errorMessage: string | null;
  /** The field a refusal names (`currentPassword`, `newPassword`), or null for a form-level error. */
  errorField: string | null;
  /** The server's password rules (admin-console §3 passwordConfig), once fetched. */
  passwordConfig: PasswordConfig | null;
}

const initialState: ChangePasswordState = { status: 'idle', errorMessage: null, errorField: null, passwordConfig: null };

/** The change-password slice. */
export const changePasswordSlice = createSlice({
  name: 'selfChangePassword',
  initialState,
  reducers: {
    changeRequested(state, _action: PayloadAction<{ currentPassword: string; newPassword: string }>) {
      state.status = 'saving';
      state.errorMessage = null;
      state.errorField = null;
    },
    changeSucceeded(state) {
      state.status = 'saved';
    },
    changeFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      state.status = 'failed';
      state.errorMessage = action.payload.message;
      state.errorField = action.payload.field;
    },
    /** The page is shown: fetch the password rules. */
    pageShown() {},
    passwordConfigLoaded(state, action: PayloadAction<PasswordConfig>) {
      state.passwordConfig = action.payload;
    },
    cleared(state) {
      return { ...initialState, passwordConfig: state.passwordConfig };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAll, () => initialState);
  },
});

/** Change-password events. */
export const changePasswordActions = changePasswordSlice.actions;

/** Change-password selectors. */
export const changePasswordSelectors = {
  select: (state: { selfChangePassword?: ChangePasswordState }): ChangePasswordState => state.selfChangePassword ?? initialState,
};
