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
      getCardTemplate: jest.fn().mockReturnValue(new Promise(() => {})),
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

describe('card template edit epics', () => {
  const template = { cardTemplateId: 't-1', name: 'staff', slots: [{ slot: '9A', certificateTemplateId: 'c-1', certificateTemplate: 'piv-auth', keyType: 'P-256' }], pin: null, pinRequirements: { minLength: 6, maxLength: 8, digitsOnly: true, description: '' }, createdAt: '', updatedAt: '' };
  const pending = () => jest.fn().mockReturnValue(new Promise(() => {}));

  it('should load the edited template, then PUT the edited slots and PIN rules with its id and toast it saved', async () => {
    const updated = { ...template, slots: [...template.slots, { slot: '9C', certificateTemplateId: 'c-1', certificateTemplate: 'piv-auth', keyType: 'P-384' }] };
    const updateCardTemplate = jest.fn().mockResolvedValue(updated);
    const { store, showToast } = setup({ getCardTemplate: jest.fn().mockResolvedValue(template), updateCardTemplate, getCardLayout: pending(), printerListPrinters: pending() });
    store.dispatch(A.editorShown('t-1'));
    await flush();
    expect(cardLayoutsSelectors.select(store.getState()).template).toEqual(template);
    const input = { name: 'staff', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' }, { slot: '9C', certificateTemplate: 'piv-auth', keyType: 'P-384' }], pin: null };
    store.dispatch(A.updateRequested(input));
    await flush();
    expect(updateCardTemplate).toHaveBeenCalledWith({ ...input, cardTemplateId: 't-1' });
    expect(showToast).toHaveBeenCalledWith({ type: 'success', title: MESSAGES.CARD_TEMPLATE_SAVED, message: '' });
    expect(cardLayoutsSelectors.select(store.getState())).toMatchObject({ template: updated, updating: false, updateError: null });
  });

  it("should keep the server's refusal with the field it names, and toast it", async () => {
    const refusal = Object.assign(new Error('The certificate template does not allow this key type.'), { code: 'VALIDATION_ERROR', field: 'slots[0].keyType' });
    const { store, showToast } = setup({ getCardTemplate: jest.fn().mockResolvedValue(template), updateCardTemplate: jest.fn().mockRejectedValue(refusal), getCardLayout: pending(), printerListPrinters: pending() });
    store.dispatch(A.editorShown('t-1'));
    store.dispatch(A.updateRequested({ name: 'staff', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'RSA-2048' }] }));
    await flush();
    expect(cardLayoutsSelectors.select(store.getState())).toMatchObject({ template, updating: false, updateError: { field: 'slots[0].keyType', message: refusal.message } });
    expect(showToast).toHaveBeenCalledWith({ type: 'error', title: MESSAGES.CARD_TEMPLATE_SAVE_FAILED, message: refusal.message });
  });

  it("should offer the tenant's certificate template names in order, and none when they cannot be listed", async () => {
    const ok = setup({ listCertificateTemplates: jest.fn().mockResolvedValue({ templates: [{ templateName: 'b' }, { templateName: 'a' }] }) });
    ok.store.dispatch(A.formShown());
    await flush();
    expect(cardLayoutsSelectors.select(ok.store.getState()).certificateTemplateNames).toEqual(['a', 'b']);
    const refused = setup({ listCertificateTemplates: jest.fn().mockRejectedValue(Object.assign(new Error('Forbidden'), { code: 'FORBIDDEN' })) });
    refused.store.dispatch(A.formShown());
    await flush();
    expect(cardLayoutsSelectors.select(refused.store.getState()).certificateTemplateNames).toEqual([]);
  });
});
