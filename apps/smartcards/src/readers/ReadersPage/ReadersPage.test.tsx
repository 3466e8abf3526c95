/** @jest-environment jsdom */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { signedIn, signedOut } from '@tessera/bus';
import { normalisePermissionObject, type Viewer } from '@tessera/domain';
import { installMatchMedia } from '../../testing/renderWithStore';
import { readersSlice } from '../readers.slice';
import { pinPolicySlice } from '../pinPolicy.slice';
import { ReadersPage } from './ReadersPage';

function renderAs(permissions: string[]) {
  signedIn({ id: 'u1', permission: normalisePermissionObject({ View: permissions }) } as Viewer, {
    remainingSeconds: 900,
    expiresAt: '2030-01-01T00:15:00.000Z',
    absoluteExpiresAt: '2030-01-01T08:00:00.000Z',
  });
  const store = configureStore({ reducer: combineReducers({ [readersSlice.name]: readersSlice.reducer, [pinPolicySlice.name]: pinPolicySlice.reducer }) });
  render(
    <Provider store={store}>
      <ReadersPage />
    </Provider>,
  );
}

describe('ReadersPage', () => {
  beforeAll(installMatchMedia);
  afterEach(() => signedOut());

  it('should offer the PIN policy to smartcardManage holders', () => {
    renderAs(['smartcardManage']);
    expect(screen.getByRole('heading', { name: 'Card readers' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'PIN policy' })).toBeTruthy();
  });

  it('should not offer the PIN policy to other viewers', () => {
    renderAs(['selfServicePortal']);
    expect(screen.getByRole('heading', { name: 'Card readers' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'PIN policy' })).toBeNull();
  });
});
