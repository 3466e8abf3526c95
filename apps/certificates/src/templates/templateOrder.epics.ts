import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, of, switchMap, tap } from 'rxjs';
import { PKI_MESSAGES } from '@tessera/domain';
import { failureOf, type CertificatesEpic } from '../epic';
import { templateOrderActions as A } from './templateOrder.slice';

/** GET CertificateTemplates (already in display order). */
export const listTemplatesEpic: CertificatesEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.listRequested.type),
    switchMap(() =>
      from(api.listCertificateTemplates()).pipe(
        map((answer) => A.listed(answer.templates)),
        catchError((error: unknown) => of(A.listFailed({ message: failureOf(error).message }))),
      ),
    ),
  );

/** PUT TemplateOrdering; a toast either way. */
export const saveOrderEpic: CertificatesEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.saveRequested.type),
    exhaustMap((action) =>
      from(api.setTemplateOrdering((action as ReturnType<typeof A.saveRequested>).payload)).pipe(
        tap(() => bus.showToast({ type: 'success', title: PKI_MESSAGES.TEMPLATE_ORDER_SAVED, message: '' })),
        map(() => A.saved()),
        catchError((error: unknown) => {
          const { message } = failureOf(error);
          bus.showToast({ type: 'error', title: 'The template order was not saved', message });
          return of(A.saveFailed({ message }));
        }),
      ),
    ),
  );
