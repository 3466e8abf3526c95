import { mfaActions, mfaSlice } from './mfa.slice';

describe('mfa slice', () => {
  it('should drop an older failure when the page asks for the status again (no stale "Not signed in." after signing in)', () => {
    let state = mfaSlice.reducer(undefined, mfaActions.failed('Not signed in.'));
    expect(state.errorMessage).toBe('Not signed in.');
    state = mfaSlice.reducer(state, mfaActions.statusRequested({ userId: 'u1', own: true }));
    expect(state.errorMessage).toBeNull();
  });
});
