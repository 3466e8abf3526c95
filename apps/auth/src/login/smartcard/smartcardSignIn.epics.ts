/**
 * The epics of smartcard sign-in (see smartcardSignIn.slice.ts). The local agent is read on the loopback
 * (`GET /version`, `GET /readers`: no server session changes just by opening the page); "Sign in with a smartcard"
 * starts an anonymous session and links the agent to it with the single-use token (@tessera/agent-client); the
 * sign-in itself answers the login answer and the server moves the agent to the new session.
 */
import { ofType } from 'redux-observable';
import { catchError, concat, defer, exhaustMap, from, map, mergeMap, of, switchMap } from 'rxjs';
import type { Action } from '@reduxjs/toolkit';
import { createAgentClient, DEFAULT_AGENT_URL } from '@tessera/agent-client';
import { MESSAGES, USER_SETTINGS_STORAGE_KEY, hashSecretAnswers, normaliseAgentUrl, validatePin } from '@tessera/domain';
import { toFailure, type AuthEpic } from '../../epic';
import { finishSignIn } from '../login.epics';
import { selectSmartcardSignIn, smartcardSignInActions as actions } from './smartcardSignIn.slice';

/** The agent's address: the user's own (the readers page's setting), else the default. */
export function agentUrl(storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null): string {
  try {
    const settings: unknown = JSON.parse(storage?.getItem(USER_SETTINGS_STORAGE_KEY) ?? 'null');
    const value = settings && typeof settings === 'object' ? (settings as { agentUrl?: unknown }).agentUrl : undefined;
    return (typeof value === 'string' ? normaliseAgentUrl(value) : null) ?? DEFAULT_AGENT_URL;
  } catch {
    return DEFAULT_AGENT_URL;
  }
}

interface LocalReader {
  name: string;
  smartcard?: { serialNumber?: string; cardType?: string } | null;
}

/** The first reader of the local agent holding a card, or null (no agent, no card). */
async function cardInLocalAgent(fetchImpl: typeof fetch, base: string): Promise<{ readerName: string; serial: string } | null> {
  const response = await fetchImpl(`${base}/readers`, { method: 'GET', credentials: 'omit' });
  if (!response.ok) return null;
  const { readers } = (await response.json()) as { readers?: LocalReader[] };
  const reader = (readers ?? []).find((r) => r.smartcard?.serialNumber);
  return reader ? { readerName: reader.name, serial: reader.smartcard!.serialNumber! } : null;
}

const message = (error: unknown): string => {
  const failure = toFailure(error);
  // signin §5: "HTTP 403 on a PIN check means an incorrect PIN".
  if ((error as { status?: unknown } | null)?.status === 403) return MESSAGES.INCORRECT_PIN;
  return failure.message || MESSAGES.SMARTCARD_SIGN_IN_REFUSED;
};

/** Looks for a card in a reader of the local agent (no agent: nothing offered). */
export const detectCardEpic: AuthEpic = (action$) =>
  action$.pipe(
    ofType(actions.detectRequested.type),
    switchMap(() =>
      defer(() => cardInLocalAgent(globalThis.fetch.bind(globalThis), agentUrl().replace(/\/+$/, ''))).pipe(
        map((card): Action => (card ? actions.cardFound(card) : actions.noCard())),
        catchError(() => of(actions.noCard())),
      ),
    ),
  );

/** "Sign in with a smartcard": an anonymous session, and the agent linked to it. */
export const linkAgentEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(actions.startRequested.type),
    exhaustMap(() =>
      defer(async () => {
        await api.anonymousSession();
        const client = createAgentClient({ api, fetch: globalThis.fetch.bind(globalThis), agentUrl: agentUrl() });
        const { cmsVersion } = await client.connect();
        return cmsVersion;
      }).pipe(
        map((cmsVersion): Action => actions.linked({ cmsVersion })),
        catchError((error: unknown) => of(actions.failed({ message: error instanceof Error && 'title' in error ? error.message : message(error), phase: 'present' }))),
      ),
    ),
  );

/** The card and its PIN (or passphrase) sign in. */
export const smartcardSignInEpic: AuthEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(actions.signInRequested.type),
    map((action) => (action as ReturnType<typeof actions.signInRequested>).payload),
    exhaustMap(({ secret, passphrase, redirect }) => {
      const card = selectSmartcardSignIn(state$.value as never).card!;
      const cardId = { serial: card.serial, readerName: card.readerName };
      const call = passphrase ? api.authSmartcardPassphrase({ card_id: cardId, passphrase: secret }) : api.authSmartcardPin({ card_id: cardId, pin: secret });
      return from(call).pipe(
        mergeMap((response) => concat(of(actions.signedIn()), finishSignIn(response, redirect, bus))),
        catchError((error: unknown) => of(actions.signInFailed({ message: message(error) }))),
      );
    }),
  );

/** "Forgot your PIN?": the questions of the card's user (404: none set). */
export const pinQuestionsEpic: AuthEpic = (action$, state$, { api }) =>
  action$.pipe(
    ofType(actions.questionsRequested.type),
    exhaustMap(() =>
      from(api.cardSecretQuestions(selectSmartcardSignIn(state$.value as never).card!.serial)).pipe(
        map((set): Action => actions.questionsLoaded({ questions: set.secretQuestions, clientSalt: set.clientSalt })),
        catchError((error: unknown) => of(actions.failed({ message: toFailure(error).code === 'NOT_FOUND' ? MESSAGES.SECRET_QUESTIONS_NOT_SET : message(error), phase: 'pin' }))),
      ),
    ),
  );

/** The answers (hashed in the browser, signin §9) and a new PIN reset the card's PIN. */
export const pinResetEpic: AuthEpic = (action$, state$, { api }) =>
  action$.pipe(
    ofType(actions.resetRequested.type),
    map((action) => (action as ReturnType<typeof actions.resetRequested>).payload),
    exhaustMap(({ answers, newPin }) => {
      const { card, clientSalt } = selectSmartcardSignIn(state$.value as never);
      const problem = validatePin(newPin);
      if (problem) return of(actions.failed({ message: problem, phase: 'questions' }));
      return defer(async () => {
        const hashed = await hashSecretAnswers({ answers, clientSalt: clientSalt! });
        await api.resetPinQA({ card_id: { serial: card!.serial, readerName: card!.readerName }, new_pin: newPin, secret_answers: { client_salt: clientSalt!, answers: hashed } });
      }).pipe(
        map((): Action => actions.resetDone({ message: MESSAGES.PIN_RESET_DONE })),
        catchError((error: unknown) => of(actions.failed({ message: `${MESSAGES.PIN_RESET_FAILED}: ${toFailure(error).message}`, phase: 'questions' }))),
      );
    }),
  );
