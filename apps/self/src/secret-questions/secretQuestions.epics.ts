import { ofType } from 'redux-observable';
import { catchError, exhaustMap, from, map, of, switchMap, tap } from 'rxjs';
import { buildSecretQuestionSet, MESSAGES, messageForErrorCode, newClientSalt, type ErrorCode } from '@tessera/domain';
import type { SelfEpic } from '../epic';
import { secretQuestionsActions as A } from './secretQuestions.slice';

function failure(error: unknown): { message: string; field: string | null } {
  const { code, message, field } = error as { code?: string; message?: string; field?: string };
  return { message: message || messageForErrorCode((code ?? 'INTERNAL') as ErrorCode), field: field ?? null };
}

/** The page is shown: check the reset link, or read the viewer's set. */
export const secretQuestionsPageEpic: SelfEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.pageShown.type),
    switchMap((action) => {
      const { linkString } = (action as ReturnType<typeof A.pageShown>).payload;
      if (linkString) {
        return from(api.secretQuestionsValidateLink(linkString)).pipe(
          map(({ username }) => A.linkChecked({ username })),
          catchError((error: unknown) => of(A.linkRefused({ message: failure(error).message }))),
        );
      }
      return from(api.getSecretQuestions()).pipe(
        map((s) => A.statusLoaded({ isSet: s.isSet, questions: s.questions })),
        catchError((error: unknown) => of(A.saveFailed(failure(error)))),
      );
    }),
  );

/**
 * Save: a fresh 32-byte client salt, each answer lowercased and hashed with PBKDF2 here in the browser
 * (signin §5, `buildSecretQuestionSet`); only the hashes are sent. Toast 'Secret questions saved'.
 */
export const secretQuestionsSaveEpic: SelfEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.saveRequested.type),
    exhaustMap((action) => {
      const { inputs, linkString } = (action as ReturnType<typeof A.saveRequested>).payload;
      const save = async () => {
        const clientSalt = newClientSalt();
        const set = { client_salt: clientSalt, questions: await buildSecretQuestionSet({ inputs, clientSalt }) };
        if (linkString) await api.secretQuestionsReset(linkString, set);
        else await api.firstTimeSecretQuestionsSet(set);
        return set.questions.map((q) => q.question);
      };
      return from(save()).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.SECRET_QUESTIONS_SAVED, message: '' })),
        map((questions) => A.saveSucceeded({ questions })),
        catchError((error: unknown) => of(A.saveFailed(failure(error)))),
      );
    }),
  );

/** RequestSecretQuestionsReset for the viewer: 'Reset link sent' or 'Failed to send reset link' (signin §8). */
export const secretQuestionsResetLinkEpic: SelfEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.resetLinkRequested.type),
    exhaustMap((action) =>
      from(api.requestSecretQuestionsReset((action as ReturnType<typeof A.resetLinkRequested>).payload.userId)).pipe(
        tap(() => bus.showToast({ type: 'success', title: MESSAGES.RESET_LINK_SENT, message: '' })),
        map(() => A.resetLinkSent()),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.RESET_LINK_FAILED, message: failure(error).message });
          return of(A.resetLinkFailed());
        }),
      ),
    ),
  );
