import { ofType } from 'redux-observable';
import { catchError, concat, from, map, mergeMap, of, switchMap, withLatestFrom } from 'rxjs';
import { errorMessage, type SmartcardsEpic } from '../epic';
import { suspensionsActions as A, suspensionsSelectors, type SuspensionsState } from './suspensions.slice';

/** Loads the page the state asks for (SuspendedCards, searched and sorted on the server). */
export const suspensionsListEpic: SmartcardsEpic = (action$, state$, { api }) =>
  action$.pipe(
    ofType(A.listRequested.type),
    withLatestFrom(state$),
    switchMap(([, state]) => {
      const s: SuspensionsState = suspensionsSelectors.selectState(state as never);
      return from(api.listSuspendedCards({ ...(s.search ? { search: s.search } : {}), sort: s.sort, order: s.order, page: s.page, pageSize: s.pageSize })).pipe(
        map((answer) => A.listLoaded({ cards: answer.cards, total: answer.total, pageSize: answer.pageSize })),
        catchError((error: unknown) => of(A.listFailed(errorMessage(error)))),
      );
    }),
  );

/** ResumeCard (the server checks smartcardManage), then the list again. */
export const suspensionsResumeEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.resumeRequested.type),
    mergeMap((action) =>
      from(api.resumeCard((action as ReturnType<typeof A.resumeRequested>).payload.cardId)).pipe(
        mergeMap((card) => concat(of(A.resumed({ serialNumber: card.serialNumber, status: card.status })), of(A.listRequested(undefined)))),
        catchError((error: unknown) => of(A.resumeFailed(errorMessage(error)))),
      ),
    ),
  );
