import { ofType } from 'redux-observable';
import { catchError, from, map, of, switchMap, tap } from 'rxjs';
import { PKI_MESSAGES } from '@tessera/domain';
import { failureOf, type CertificatesEpic } from '../epic';
import { decodeActions as A } from './decode.slice';

/** POST DecodePem; toast 'Successfully decoded' or 'Failed to decode' with the server's reason (admin-console §8). */
export const decodeEpic: CertificatesEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.decodeRequested.type),
    switchMap((action) =>
      from(api.decodePem((action as ReturnType<typeof A.decodeRequested>).payload)).pipe(
        tap((answer) => bus.showToast({ type: 'success', title: PKI_MESSAGES.DECODE_SUCCESS, message: `${answer.objects.length} object${answer.objects.length === 1 ? '' : 's'} decoded` })),
        map((answer) => A.decoded(answer.objects)),
        catchError((error: unknown) => {
          const { message } = failureOf(error);
          bus.showToast({ type: 'error', title: PKI_MESSAGES.DECODE_FAILED, message: message === PKI_MESSAGES.DECODE_FAILED ? '' : message });
          return of(A.decodeFailed({ message }));
        }),
      ),
    ),
  );
