/** @jest-environment jsdom */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { installMatchMedia } from '../../testing/renderWithStore';
import { readersActions, readersSlice } from '../readers.slice';
import { AgentAddressSection } from './AgentAddressSection';

function renderSection(located?: { url: string; source: 'user' | 'server' | 'default' }) {
  const store = configureStore({ reducer: combineReducers({ [readersSlice.name]: readersSlice.reducer }) });
  if (located) store.dispatch(readersActions.agentLocated(located));
  const dispatched: string[] = [];
  const dispatch = store.dispatch;
  store.dispatch = ((action: { type: string }) => {
    dispatched.push(JSON.stringify(action));
    return dispatch(action as never);
  }) as typeof store.dispatch;
  render(
    <Provider store={store}>
      <AgentAddressSection />
    </Provider>,
  );
  return { store, dispatched };
}

describe('AgentAddressSection', () => {
  beforeAll(installMatchMedia);

  it('should say where the console looks for the security client and where that came from', () => {
    renderSection({ url: 'http://127.0.0.1:9902', source: 'server' });
    expect(screen.getByTestId('agent-url').textContent).toBe('Looking for the security client at http://127.0.0.1:9902 (from the server’s configuration).');
    expect((screen.getByLabelText('Security client address') as HTMLInputElement).value).toBe('http://127.0.0.1:9902');
    expect(screen.queryByRole('button', { name: 'Use the server’s address' })).toBeNull();
  });

  it('should refuse an address off this computer, naming the field, and change nothing', async () => {
    const { dispatched } = renderSection({ url: 'http://127.0.0.1:8802', source: 'default' });
    const field = screen.getByLabelText('Security client address');
    await userEvent.clear(field);
    await userEvent.type(field, 'http://agent.example:8802');
    await userEvent.click(screen.getByRole('button', { name: 'Save and connect' }));
    expect(screen.getByText(/Security client address must be an http address on this computer/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(dispatched).toEqual([]);
  });

  it('should save a loopback address and connect again; a user address can go back to the server’s', async () => {
    const { dispatched } = renderSection({ url: 'http://127.0.0.1:8802', source: 'user' });
    const field = screen.getByLabelText('Security client address');
    await userEvent.clear(field);
    await userEvent.type(field, '127.0.0.1:9902');
    await userEvent.click(screen.getByRole('button', { name: 'Save and connect' }));
    await userEvent.click(screen.getByRole('button', { name: 'Use the server’s address' }));
    expect(dispatched).toEqual([
      JSON.stringify(readersActions.agentUrlChanged({ url: 'http://127.0.0.1:9902' })),
      JSON.stringify(readersActions.agentUrlChanged({ url: null })),
    ]);
  });
});
