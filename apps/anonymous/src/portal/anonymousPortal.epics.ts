/**
 * The anonymous portal's epics: an AnonymousSession (unless someone is signed in), the local agent linked to it
 * (@tessera/agent-client, as the operator's readers page and the smartcard sign-in do), its readers
 * (AnonymousListReaders); CardSecretQuestions; ResetPinQA with the answers hashed in this browser (signin §9).
 */
import { ofType, type Epic } from 'redux-observable';
import { catchError, defer, exhaustMap, from, map, of, switchMap } from 'rxjs';
import type { Action } from '@reduxjs/toolkit';
import type { ApiClient } from '@tessera/api';
import { hashSecretAnswers, messageForErrorCode, MESSAGES, validatePin, type CmsVersion, type ErrorCode, type ToastInput } from '@tessera/domain';
import { anonymousPortalActions as A, anonymousPortalSelectors } from './anonymousPortal.slice';

/** What the portal's epics use. */
export interface AnonymousPortalDependencies {
  api: Pick<ApiClient, 'anonymousSession' | 'anonymousListReaders' | 'cardSecretQuestions' | 'resetPinQA'>;
  bus: { showToast(input: ToastInput): void };
  /** Links the local agent to the current session; answers its protocol version. @throws AgentClientError */
  connectAgent(): Promise<CmsVersion>;
  /** True when someone is signed in (the portal then keeps that session instead of starting an anonymous one). */
  isSignedIn(): boolean;
}

/** An epic of the portal. */
export type AnonymousPortalEpic = Epic<Action, Action, unknown, AnonymousPortalDependencies>;

/** The server's message of a failure (or the text of its code); an agent failure's title and detail. */
export function failureText(error: unknown): string {
  const { code, message, title, detail } = (error ?? {}) as { code?: string; message?: string; title?: string; detail?: string };
  if (title) return detail ? `${title}: ${detail}` : title;
  return message || messageForErrorCode((code ?? 'INTERNAL') as ErrorCode);
}

/** A portal page is shown: session, agent link, readers. */
export const portalLinkEpic: AnonymousPortalEpic = (action$, _state$, { api, connectAgent, isSignedIn }) =>
  action$.pipe(
    ofType(A.portalShown.type),
    switchMap(() =>
      defer(async () => {
        if (!isSignedIn()) await api.anonymousSession();
        const cmsVersion = await connectAgent();
        const { readers } = await api.anonymousListReaders(cmsVersion);
        return { cmsVersion, readers };
      }).pipe(
        map((loaded): Action => A.readersLoaded(loaded)),
        catchError((error: unknown) => of(A.linkFailed({ message: failureText(error) }))),
      ),
    ),
  );

/** The card's secret questions (404: 'No secret questions are set for this card.'). */
export const cardQuestionsEpic: AnonymousPortalEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.questionsRequested.type),
    switchMap((action) =>
      from(api.cardSecretQuestions((action as ReturnType<typeof A.questionsRequested>).payload.serial)).pipe(
        map((set): Action => A.questionsLoaded({ questions: set.secretQuestions, clientSalt: set.clientSalt })),
        catchError((error: unknown) => of(A.questionsFailed({ message: (error as { code?: string })?.code === 'NOT_FOUND' ? MESSAGES.SECRET_QUESTIONS_NOT_SET : failureText(error) }))),
      ),
    ),
  );

/** ResetPinQA: the PIN checked against the default rule first, the answers hashed here; the server's refusal shown as it says it. */
export const pinResetEpic: AnonymousPortalEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.resetRequested.type),
    exhaustMap((action) => {
      const { answers, newPin } = (action as ReturnType<typeof A.resetRequested>).payload;
      const { questions } = anonymousPortalSelectors.select(state$.value as never);
      const problem = validatePin(newPin);
      if (problem) return of(A.resetFailed({ message: problem }));
      return defer(async () => {
        const clientSalt = questions.clientSalt!;
        const hashed = await hashSecretAnswers({ answers, clientSalt });
        await api.resetPinQA({ card_id: { serial: questions.serial!, readerName: questions.readerName! }, new_pin: newPin, secret_answers: { client_salt: clientSalt, answers: hashed } });
      }).pipe(
        map((): Action => {
          bus.showToast({ type: 'success', title: MESSAGES.PIN_RESET_DONE, message: '' });
          return A.resetDone({ message: MESSAGES.PIN_RESET_DONE });
        }),
        catchError((error: unknown) => of(A.resetFailed({ message: `${MESSAGES.PIN_RESET_FAILED}: ${failureText(error)}` }))),
      );
    }),
  );
