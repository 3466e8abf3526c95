import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, of, switchMap, tap } from 'rxjs';
import { messageForErrorCode, SELF_CARD_MESSAGES, type ErrorCode } from '@tessera/domain';
import type { SelfEpic } from '../epic';
import { selfCardsActions as A } from './selfCards.slice';

function failure(error: unknown): { message: string; field: string | null } {
  const { code, message, field } = error as { code?: string; message?: string; field?: string };
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
