import { ofType } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import { catchError, debounceTime, EMPTY, exhaustMap, filter, from, map, mergeMap, of, switchMap, tap } from 'rxjs';
import { MESSAGES, messageForErrorCode, type ErrorCode } from '@tessera/domain';
import type { ConfigEpic } from '../epic';
import { cardLayoutsActions as A, type Failure } from './cardLayouts.slice';

/** How long the preview waits for typing to settle before asking the server, ms. */
export const PREVIEW_DEBOUNCE_MS = 250;

function describe(error: unknown): Failure {
  const { code, message, field } = error as { code?: string; message?: string; field?: string };
  return { message: message || messageForErrorCode((code ?? 'INTERNAL') as ErrorCode), field: field ?? null };
}

const png = (b64: string) => `data:image/png;base64,${b64}`;

/** GET CardTemplates when the list is shown. */
export const loadCardTemplatesEpic: ConfigEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.listShown.type),
    switchMap(() =>
      from(api.listCardTemplates()).pipe(
        map(({ cardTemplates }) => A.templatesLoaded(cardTemplates)),
        catchError((error: unknown) => of(A.templatesFailed({ message: describe(error).message || MESSAGES.CARD_TEMPLATES_LOAD_FAILED }))),
      ),
    ),
  );

/** POST CardTemplate; the page then opens the new template's layout. */
export const createCardTemplateEpic: ConfigEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.createRequested.type),
    exhaustMap((action) =>
      from(api.createCardTemplate((action as ReturnType<typeof A.createRequested>).payload)).pipe(
        map((template) => A.created(template.cardTemplateId)),
        catchError((error: unknown) => of(A.createFailed(describe(error)))),
      ),
    ),
  );

/** The tenant's certificate template names for the slots' suggestions; none when they cannot be listed (typing the name still works). */
export const loadCertificateTemplateNamesEpic: ConfigEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.formShown.type),
    switchMap(() =>
      from(api.listCertificateTemplates()).pipe(
        map(({ templates }) => A.certificateTemplateNamesLoaded(templates.map((t) => t.templateName).sort((a, b) => a.localeCompare(b)))),
        catchError(() => of(A.certificateTemplateNamesLoaded([]))),
      ),
    ),
  );

/** GET CardTemplate (its slots and PIN rules) when the editor is shown. */
export const loadCardTemplateEpic: ConfigEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.editorShown.type),
    switchMap((action) =>
      from(api.getCardTemplate((action as ReturnType<typeof A.editorShown>).payload)).pipe(
        map((template) => A.templateLoaded(template)),
        catchError((error: unknown) => of(A.templateFailed({ message: describe(error).message || MESSAGES.CARD_TEMPLATE_LOAD_FAILED }))),
      ),
    ),
  );

/** PUT CardTemplate; a toast either way; a refusal names its field (shown beside it). */
export const updateCardTemplateEpic: ConfigEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.updateRequested.type),
    exhaustMap((action) => {
      const cardTemplateId = (state$.value as { configCardLayouts?: { templateId: string | null } }).configCardLayouts?.templateId ?? '';
      return from(api.updateCardTemplate({ ...(action as ReturnType<typeof A.updateRequested>).payload, cardTemplateId })).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.CARD_TEMPLATE_SAVED, message: '' })),
        map((template) => A.updated(template)),
        catchError((error: unknown) => {
          const failure = describe(error);
          bus.showToast({ type: 'error', title: MESSAGES.CARD_TEMPLATE_SAVE_FAILED, message: failure.message });
          return of(A.updateFailed(failure));
        }),
      );
    }),
  );

/** GET CardLayout and PrinterListPrinters when the editor is shown. */
export const loadLayoutEpic: ConfigEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.editorShown.type),
    switchMap((action) => {
      const templateId = (action as ReturnType<typeof A.editorShown>).payload;
      return from(api.getCardLayout(templateId)).pipe(
        mergeMap(({ layout }) => [A.layoutLoaded(layout)]),
        catchError((error: unknown) => of(A.layoutFailed({ message: describe(error).message }))),
      );
    }),
  );

/** PrinterListPrinters when the editor is shown (the CMS Client may not be connected: the panel says so). */
export const loadPrintersEpic: ConfigEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.editorShown.type),
    switchMap(() =>
      from(api.printerListPrinters()).pipe(
        map(({ printers }) => A.printersLoaded(printers)),
        catchError((error: unknown) => of(A.printersFailed({ message: describe(error).message }))),
      ),
    ),
  );

/** CardLayoutCompressedUserData with the unsaved draft: the preview shows the server's own PNG. */
export const previewEpic: ConfigEpic = (action$, state$, { api }) =>
  action$.pipe(
    ofType(A.previewRequested.type),
    debounceTime(PREVIEW_DEBOUNCE_MS),
    switchMap((action) => {
      const { layout, userData } = (action as ReturnType<typeof A.previewRequested>).payload;
      const templateId = (state$.value as { configCardLayouts?: { templateId: string | null } }).configCardLayouts?.templateId;
      if (!templateId) return EMPTY;
      return from(api.cardLayoutCompressedUserData({ templateId, userData, layout })).pipe(
        map((images) => A.previewed({ front: png(images.frontCompressed), back: png(images.backCompressed) })),
        catchError((error: unknown) => of(A.previewFailed(describe(error)))),
      );
    }),
  );

/** PUT CardLayout; a toast either way; a refusal names its field. */
export const saveLayoutEpic: ConfigEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.saveRequested.type),
    exhaustMap((action) => {
      const templateId = (state$.value as { configCardLayouts?: { templateId: string | null } }).configCardLayouts?.templateId ?? '';
      return from(api.saveCardLayout(templateId, (action as ReturnType<typeof A.saveRequested>).payload)).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.CARD_LAYOUT_SAVED, message: '' })),
        map(({ layout }) => A.saved(layout)),
        catchError((error: unknown) => {
          const failure = describe(error);
          bus.showToast({ type: 'error', title: MESSAGES.CARD_LAYOUT_SAVE_FAILED, message: failure.message });
          return of(A.saveFailed(failure));
        }),
      );
    }),
  );

/** PrinterInsertCard, PrinterEjectCard and PrinterCardPrint, with the signin §8 toasts. */
export const printerEpic: ConfigEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    filter((action: Action) => action.type === A.insertRequested.type || action.type === A.ejectRequested.type || action.type === A.printRequested.type),
    exhaustMap((action: Action) => {
      let call: Promise<{ printedCardId?: string }>;
      let success: string;
      let failure: string;
      if (action.type === A.insertRequested.type) {
        call = api.printerInsertCard((action as ReturnType<typeof A.insertRequested>).payload.printer).then(() => ({}));
        success = MESSAGES.CARD_INSERTED;
        failure = MESSAGES.CARD_INSERT_FAILED;
      } else if (action.type === A.ejectRequested.type) {
        call = api.printerEjectCard((action as ReturnType<typeof A.ejectRequested>).payload.printer).then(() => ({}));
        success = MESSAGES.CARD_EJECTED;
        failure = MESSAGES.CARD_EJECT_FAILED;
      } else {
        const { printer, cardSerial, username } = (action as ReturnType<typeof A.printRequested>).payload;
        const cardTemplateId = (state$.value as { configCardLayouts?: { templateId: string | null } }).configCardLayouts?.templateId ?? '';
        call = api.listUsers({ search: username, take: 50 }).then(({ results }) => {
          const user = results.find((u) => u.username.toLowerCase() === username.toLowerCase());
          if (!user) throw Object.assign(new Error(`No user '${username}' in your tenant`), { code: 'NOT_FOUND', field: 'username' });
          return api.printerCardPrint({ printer, cardSerial, userId: user.id, cardTemplateId });
        });
        success = MESSAGES.CARD_PRINTED;
        failure = MESSAGES.CARD_PRINT_FAILED;
      }
      return from(call).pipe(
        tap(() => bus.showToast({ type: 'success', title: success, message: '' })),
        map((result) => A.printerDone({ ...(result.printedCardId ? { printedCardId: result.printedCardId } : {}) })),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: failure, message: describe(error).message });
          return of(A.printerFailed());
        }),
      );
    }),
  );
