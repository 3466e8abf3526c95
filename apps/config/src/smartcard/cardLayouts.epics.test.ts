import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import { createEpicMiddleware } from 'redux-observable';
import { MESSAGES } from '@tessera/domain';
import type { ConfigEpicDependencies } from '../epic';
import { configEpic, configSlices } from '../state';
import { cardLayoutsActions as A, cardLayoutsSelectors } from './cardLayouts.slice';

function setup(api: Partial<ConfigEpicDependencies['api']>) {
  const showToast = jest.fn();
  const epicMiddleware = createEpicMiddleware<Action, Action, unknown, ConfigEpicDependencies>({
    dependencies: { api: api as ConfigEpicDependencies['api'], bus: { showToast, getSessionState: jest.fn(), signedIn: jest.fn() } as unknown as ConfigEpicDependencies['bus'], now: Date.now },
  });
  const store = configureStore({ reducer: combineReducers(Object.fromEntries(configSlices.map((s) => [s.name, s.reducer]))), middleware: (d) => d().concat(epicMiddleware) });
  epicMiddleware.run(configEpic);
  return { store, showToast };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('card layout printer epic', () => {
  it("should toast 'Could not insert card' with the server's text when the insert fails, and allow the next action", async () => {
    const printerInsertCard = jest.fn().mockRejectedValue(Object.assign(new Error("The CMS Client failed: printer 'P' already holds a card"), { code: 'CMS_CLIENT_ERROR' }));
    const { store, showToast } = setup({ printerInsertCard });
    store.dispatch(A.insertRequested({ printer: 'P' }));
    await flush();
    expect(showToast).toHaveBeenCalledWith({ type: 'error', title: MESSAGES.CARD_INSERT_FAILED, message: "The CMS Client failed: printer 'P' already holds a card" });
    expect(cardLayoutsSelectors.select(store.getState()).printing).toBeNull();
  });

  it("should toast 'Could not print card' naming an unknown user, without calling the printer", async () => {
    const printerCardPrint = jest.fn();
    const { store, showToast } = setup({ printerCardPrint, listUsers: jest.fn().mockResolvedValue({ totalResults: 0, results: [] }) });
    store.dispatch(A.printRequested({ printer: 'P', cardSerial: 'S', username: 'nobody' }));
    await flush();
    await flush();
    expect(printerCardPrint).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith({ type: 'error', title: MESSAGES.CARD_PRINT_FAILED, message: "No user 'nobody' in your tenant" });
  });

  it("should print for the user found by username with the edited template, and toast 'Card printed successfully!'", async () => {
    const printerCardPrint = jest.fn().mockResolvedValue({ printedCardId: 'pc-1' });
    const { store, showToast } = setup({
      printerCardPrint,
      getCardLayout: jest.fn().mockReturnValue(new Promise(() => {})),
      printerListPrinters: jest.fn().mockReturnValue(new Promise(() => {})),
      listUsers: jest.fn().mockResolvedValue({ totalResults: 1, results: [{ id: 'u-ada', username: 'Ada' }] }),
    });
    store.dispatch(A.editorShown('t-1'));
    store.dispatch(A.printRequested({ printer: 'P', cardSerial: 'S-1', username: 'ada' }));
    await flush();
    await flush();
    expect(printerCardPrint).toHaveBeenCalledWith({ printer: 'P', cardSerial: 'S-1', userId: 'u-ada', cardTemplateId: 't-1' });
    expect(showToast).toHaveBeenCalledWith({ type: 'success', title: MESSAGES.CARD_PRINTED, message: '' });
    expect(cardLayoutsSelectors.select(store.getState()).printedCardId).toBe('pc-1');
  });
});
