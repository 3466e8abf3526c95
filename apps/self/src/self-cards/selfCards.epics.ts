import { ofType } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import { catchError, defer, exhaustMap, from, map, mergeMap, of, switchMap, tap } from 'rxjs';
import { messageForErrorCode, MESSAGES, SELF_CARD_MESSAGES, validatePin, withReason, type ErrorCode } from '@tessera/domain';
import type { SelfEpic } from '../epic';
import { selfCardsActions as A, selfCardsSelectors } from './selfCards.slice';

function failure(error: unknown): { message: string; field: string | null } {
  const { code, message, field, title, detail } = (error ?? {}) as { code?: string; message?: string; field?: string; title?: string; detail?: string };
  // An agent failure (AgentClientError): its title and detail, as the readers page shows them.
  if (title) return { message: detail ? `${title}: ${detail}` : title, field: null };
  return { message: message || messageForErrorCode((code ?? 'INTERNAL') as ErrorCode), field: field ?? null };
}

/** `/self/portal/`: GET /api/self/smartcards (the server answers the viewer's own cards only). */
export const selfCardsPortalEpic: SelfEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.portalShown.type),
    switchMap(() =>
      from(api.mySmartcards()).pipe(
        map((cards) => A.cardsLoaded(cards)),
        catchError((error: unknown) => of(A.cardsFailed({ message: failure(error).message }))),
      ),
    ),
  );

/** `/self/portal/`: the picture of each of the viewer's cards whose template has a layout (the server renders it with the viewer's data). */
export const selfCardPicturesEpic: SelfEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.cardsLoaded.type),
    switchMap((action) =>
      from((action as ReturnType<typeof A.cardsLoaded>).payload.filter((card) => card.hasLayout)).pipe(
        mergeMap((card) =>
          from(api.myCardPicture(card.cardId)).pipe(
            map((picture): Action => A.pictureLoaded({ cardId: card.cardId, picture })),
            catchError((error: unknown) => of(A.pictureFailed({ cardId: card.cardId, message: failure(error).message }))),
          ),
        ),
      ),
    ),
  );

/** `/self/requestSmartcard/{id}`: the card templates to choose from. */
export const selfCardTemplatesEpic: SelfEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.requestPageShown.type),
    switchMap(() =>
      from(api.selfCardTemplates()).pipe(
        map((templates) => A.templatesLoaded(templates)),
        catchError((error: unknown) => of(A.templatesFailed({ message: failure(error).message }))),
      ),
    ),
  );

/** The request: POST /api/self/smartcard-request/{id}; a success toast, or the server's message and field. */
export const selfCardRequestEpic: SelfEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.requestSubmitted.type),
    exhaustMap((action) => {
      const { userId, request } = (action as ReturnType<typeof A.requestSubmitted>).payload;
      return from(api.requestOwnSmartcard(userId, request)).pipe(
        tap(() => bus.showToast({ type: 'success', title: SELF_CARD_MESSAGES.REQUESTED, message: '' })),
        map(() => A.requestSent()),
        catchError((error: unknown) => of(A.requestFailed(failure(error)))),
      );
    }),
  );

/**
 * `/self/portal/` "Change my card PIN": links the local agent to the session (as the readers page does), finds one of
 * the viewer's issued cards in its readers by serial, and reads that card template's PIN rules (GetPinRequirements;
 * the domain default when the call fails).
 */
export const selfPinCardEpic: SelfEpic = (action$, state$, { api, connectAgent }) =>
  action$.pipe(
    ofType(A.pinCardRequested.type),
    switchMap(() =>
      defer(async () => {
        const cmsVersion = await connectAgent();
        const { readers } = await api.listReaders(cmsVersion);
        const mine = selfCardsSelectors.select(state$.value as never).cards.items.filter((c) => c.status === 'issued');
        for (const reader of readers) {
          const card = mine.find((c) => reader.smartcard && c.serialNumber === reader.smartcard.serialNumber);
          if (!card) continue;
          const requirements = await api.getPinRequirements(cmsVersion, reader.name, card.cardTemplateId ?? undefined).catch(() => null);
          return A.pinCardFound({ cmsVersion, readerName: reader.name, serialNumber: card.serialNumber, requirements });
        }
        return A.pinCardFailed({ message: SELF_CARD_MESSAGES.NO_CARD_IN_READER });
      }).pipe(catchError((error: unknown) => of(A.pinCardFailed({ message: failure(error).message })))),
    ),
  );

/**
 * The PIN change: the confirmation and the template's rule checked here first (naming the field), then ChangePin on
 * the card in the reader. Toasts of signin §8: 'Successfully changed PIN'; 'Incorrect PIN provided.' on a 403 (with
 * the tries the card has left); else 'Could not change card PIN.' with the server's reason.
 */
export const selfPinChangeEpic: SelfEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.pinChangeSubmitted.type),
    exhaustMap((action) => {
      const { oldPin, newPin, confirmPin } = (action as ReturnType<typeof A.pinChangeSubmitted>).payload;
      const { pinCard } = selfCardsSelectors.select(state$.value as never);
      if (!oldPin) return of(A.pinChangeFailed({ message: 'Enter the current PIN.', field: 'oldPin' }));
      const r = pinCard.requirements;
      const problem = validatePin(newPin, r ? { minLength: r.minLength, maxLength: r.maxLength, digitsOnly: r.digitsOnly, message: r.description } : {});
      if (problem) return of(A.pinChangeFailed({ message: problem, field: 'newPin' }));
      if (newPin !== confirmPin) return of(A.pinChangeFailed({ message: SELF_CARD_MESSAGES.PIN_MISMATCH, field: 'confirmPin' }));
      return defer(() => api.changeCardPin({ card_id: { readerName: pinCard.readerName! }, old_pin: oldPin, new_pin: newPin }, pinCard.cmsVersion)).pipe(
        map((): Action => {
          bus.showToast({ type: 'success', title: MESSAGES.PIN_CHANGED, message: '' });
          return A.pinChangeDone({ message: MESSAGES.PIN_CHANGED });
        }),
        catchError((error: unknown) => {
          const { status } = (error ?? {}) as { status?: number };
          const { message, field } = failure(error);
          if (status === 403) {
            bus.showToast({ type: 'error', title: MESSAGES.INCORRECT_PIN_PROVIDED, message: message === MESSAGES.INCORRECT_PIN_PROVIDED ? '' : message });
            return of(A.pinChangeFailed({ message: message.startsWith(MESSAGES.INCORRECT_PIN_PROVIDED) ? message : withReason(MESSAGES.INCORRECT_PIN_PROVIDED, message), field: 'oldPin' }));
          }
          bus.showToast({ type: 'error', title: MESSAGES.PIN_CHANGE_FAILED, message });
          return of(A.pinChangeFailed({ message: withReason(MESSAGES.PIN_CHANGE_FAILED, message), field: field === 'new_pin' ? 'newPin' : null }));
        }),
      );
    }),
  );
