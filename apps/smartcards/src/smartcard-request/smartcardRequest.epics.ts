import { ofType } from 'redux-observable';
import { catchError, from, map, of, switchMap } from 'rxjs';
import { MESSAGES } from '@tessera/domain';
import { errorMessage, type SmartcardsEpic } from '../epic';
import { smartcardRequestActions as A } from './smartcardRequest.slice';

/** Sends the smartcard request; the §8 texts as toasts. */
export const smartcardRequestEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.requestSent.type),
    switchMap((a) =>
      from(api.smartcardRequest((a as ReturnType<typeof A.requestSent>).payload)).pipe(
        map((result) => {
          bus.showToast({ type: 'success', title: 'Smartcard request', message: MESSAGES.SMARTCARD_REQUEST_SUCCESS });
          return A.requestSucceeded(result);
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: 'Smartcard request', message: MESSAGES.SMARTCARD_REQUEST_FAILED });
          return of(A.requestFailed(`${MESSAGES.SMARTCARD_REQUEST_FAILED}: ${errorMessage(error)}`));
        }),
      ),
    ),
  );
