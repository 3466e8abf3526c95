import { ofType } from 'redux-observable';
import { catchError, from, map, mergeMap, of } from 'rxjs';
import { errorMessage, type SmartcardsEpic } from '../epic';
import { insertedCardActions as A } from './insertedCard.slice';
import { readersSelectors } from './readers.slice';

/** CardDetails (the server's record; 404 → none) and ReadCertStore (through the agent) for the card in one reader. */
export const insertedCardEpic: SmartcardsEpic = (action$, state$, { api }) =>
  action$.pipe(
    ofType(A.requested.type),
    mergeMap((action) => {
      const { readerName, serialNumber, atr } = (action as ReturnType<typeof A.requested>).payload;
      const v = readersSelectors.selectState(state$.value as never).cmsVersion;
      const details = api.cardDetails({ serial: serialNumber, atr }).catch((error: unknown) => {
        if ((error as { status?: number } | null)?.status === 404) return null;
        throw error;
      });
      return from(Promise.all([details, api.readCertStore(v, readerName)])).pipe(
        map(([record, store]) => A.loaded({ readerName, details: record, certificates: store.certificates })),
        catchError((error: unknown) => of(A.failed({ readerName, error: errorMessage(error) }))),
      );
    }),
  );
