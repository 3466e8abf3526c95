/** @jest-environment jsdom */
import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createEpicMiddleware } from 'redux-observable';
import { SELF_CARD_MESSAGES } from '@tessera/domain';
import type { SelfEpicDependencies } from '../../epic';
import { selfEpic, selfSlices } from '../../state';
import { RequestSmartcardPage } from './RequestSmartcardPage';

type Api = SelfEpicDependencies['api'];
const TEMPLATES = [
  { id: 't1', name: 'contractor' },
  { id: 't2', name: 'staff' },
];

function setup(api: Partial<Api>) {
  const bus = { showToast: jest.fn() };
  const full = { selfCardTemplates: jest.fn().mockResolvedValue(TEMPLATES), ...api } as unknown as Api;
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, SelfEpicDependencies>({ dependencies: { api: full, bus, now: Date.now, connectAgent: jest.fn() } });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(selfSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(selfEpic);
  render(
    <Provider store={store}>
      <RequestSmartcardPage userId="u1" />
    </Provider>,
  );
  return { bus, user: userEvent.setup() };
}

describe('RequestSmartcardPage', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
  });

  it('should refuse an empty reason in the form, sending nothing', async () => {
    const requestOwnSmartcard = jest.fn();
    const { user } = setup({ requestOwnSmartcard });
    await user.click(await screen.findByRole('button', { name: 'Request smartcard' }));
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    expect(requestOwnSmartcard).not.toHaveBeenCalled();
  });

  it('should send the chosen template and the trimmed reason for the user of the path, then say it was sent', async () => {
    const requestOwnSmartcard = jest.fn().mockResolvedValue({ requestId: 'r1' });
    const { user, bus } = setup({ requestOwnSmartcard });
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Card template/ }), 'staff');
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), '  lost my card ');
    await user.click(screen.getByRole('button', { name: 'Request smartcard' }));
    expect((await screen.findByRole('status')).textContent).toBe(SELF_CARD_MESSAGES.REQUESTED);
    expect(requestOwnSmartcard).toHaveBeenCalledWith('u1', { cardTemplateId: 't2', reason: 'lost my card' });
    expect(bus.showToast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: SELF_CARD_MESSAGES.REQUESTED }));
  });

  it("should show the server's 409 for a pending request", async () => {
    const requestOwnSmartcard = jest.fn().mockRejectedValue({ code: 'CONFLICT', field: 'userId', message: SELF_CARD_MESSAGES.REQUEST_PENDING });
    const { user } = setup({ requestOwnSmartcard });
    await user.type(await screen.findByRole('textbox', { name: /^Reason/ }), 'again');
    await user.click(screen.getByRole('button', { name: 'Request smartcard' }));
    await waitFor(() => expect(screen.getByText(SELF_CARD_MESSAGES.REQUEST_PENDING)).toBeTruthy());
    expect(requestOwnSmartcard).toHaveBeenCalledWith('u1', { cardTemplateId: 't1', reason: 'again' });
  });
});
