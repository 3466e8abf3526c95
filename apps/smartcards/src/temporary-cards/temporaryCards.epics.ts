/**
 * Epics of temporary cards and VSCs (issue 15): the configuration and a user's replaceable cards for the form, the
 * issue of a temporary card (IssueTemporaryCard) and of a VSC (IssueVSC, signin §8 'VSC issued successfully!' /
 * 'VSC could not be issued'), and the links of a card. Each outcome shows its toast; a refusal keeps the server's
 * text and the field it named.
 */
import { combineEpics, ofType } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import { catchError, defer, map, mergeMap, Observable, of, switchMap } from 'rxjs';
import { MESSAGES, TEMPORARY_CARD_MESSAGES, VSC_MESSAGES, type Smartcard } from '@tessera/domain';
import { CARD_OPERATION_DONE, CARD_OPERATION_FAILED } from '@tessera/bus';
import { errorMessage, type SmartcardsEpic, type SmartcardsEpicDependencies } from '../epic';
import { temporaryCardsActions as A } from './temporaryCards.slice';

const fieldOf = (error: unknown): string | null => {
  const field = (error as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : null;
};

/** The user of a username (exact match), or a refusal naming `user_id`. */
async function userIdOf(api: SmartcardsEpicDependencies['api'], username: string): Promise<string> {
  const users = await api.listUsers({ search: username, take: 50 });
  const user = users.results.find((u) => u.username === username);
  if (!user) throw Object.assign(new Error(MESSAGES.SMARTCARD_USER_UNKNOWN), { field: 'user_id' });
  return user.id;
}

/** The tenant's configuration (the fallback when it cannot be read). */
export const configurationEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.configurationRequested.type),
    switchMap(() =>
      defer(() => api.temporaryCardConfiguration()).pipe(
        map((configuration) => A.configurationLoaded(configuration)),
        catchError(() => of(A.configurationLoaded({ defaultDuration: 0, unlimitedIsDefault: true }))),
      ),
    ),
  );

/** A user's cards a temporary card may replace. */
export const candidatesEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.candidatesRequested.type),
    switchMap((action) =>
      defer(
        async () => {
          const userId = await userIdOf(api, (action as ReturnType<typeof A.candidatesRequested>).payload.username);
          return { userId, cards: (await api.temporaryCardCandidates(userId)).smartcards };
        },
      ).pipe(
        map((loaded) => (loaded.cards.length ? A.candidatesLoaded(loaded) : A.candidatesFailed(TEMPORARY_CARD_MESSAGES.NO_CARDS))),
        catchError((error: unknown) => of(A.candidatesFailed(errorMessage(error)))),
      ),
    ),
  );

/** IssueTemporaryCard over IssueTemporaryCardStream: its progress steps show, then the outcome and its toast. */
export const temporaryIssueEpic: SmartcardsEpic = (action$, state$, { bus }) =>
  action$.pipe(
    ofType(A.temporaryIssueRequested.type),
    mergeMap((action) => {
      const r = (action as ReturnType<typeof A.temporaryIssueRequested>).payload;
      const v = (state$.value as { smartcardReaders?: { cmsVersion: 'CMS-v1' | 'CMS-v2' } }).smartcardReaders?.cmsVersion ?? 'CMS-v2';
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api2/${v}/IssueTemporaryCardStream`;
      const request = { card_request: { card_id: { readerName: r.readerName }, user_id: r.userId, card_template_id: r.cardTemplateId, pin: r.pin }, old_card_id: r.oldCardId, validity_duration: r.validityDays };
      // IssueTemporaryCardStream: the steps and the outcome come back on the bus readers$ under the reader's name.
      return new Observable<Action>((subscriber) => {
        const events = bus.readers$.subscribe((event) => {
          if (event.readerName !== r.readerName) return;
          const data = (event.data ?? {}) as { step?: unknown; result?: unknown; message?: unknown; field?: unknown };
          if (event.type === 'cardProgress' && typeof data.step === 'string') subscriber.next(A.temporaryIssueProgress(data.step));
          if (event.type === CARD_OPERATION_DONE) {
            const card = data.result as Smartcard;
            bus.showToast({ type: 'success', title: TEMPORARY_CARD_MESSAGES.ISSUED, message: card.serialNumber });
            subscriber.next(A.temporaryIssueDone({ ok: true, message: TEMPORARY_CARD_MESSAGES.ISSUED, field: null, cardId: card.cardId }));
            subscriber.complete();
          }
          if (event.type === CARD_OPERATION_FAILED) {
            const message = errorMessage(data);
            bus.showToast({ type: 'error', title: TEMPORARY_CARD_MESSAGES.ISSUE_FAILED, message });
            subscriber.next(A.temporaryIssueDone({ ok: false, message: `${TEMPORARY_CARD_MESSAGES.ISSUE_FAILED}: ${message}`, field: fieldOf(data), cardId: null }));
            subscriber.complete();
          }
        });
        const stop = bus.runCardStream(url, r.readerName, request);
        return () => {
          events.unsubscribe();
          stop();
        };
      });
    }),
  );

/** The names the console gives its VSC issue streams (the request names no reader: the agent makes one). */
let vscStreams = 0;

/**
 * IssueVSC over IssueVSCStream: the user by exact username, then the request on the stream under a name of the
 * console's own (the server keeps the stream's name on every message); the steps show as the temporary card's do,
 * then 'VSC issued successfully!' or 'VSC could not be issued' with the server's reason and field.
 */
export const vscIssueEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.vscIssueRequested.type),
    mergeMap((action) => {
      const r = (action as ReturnType<typeof A.vscIssueRequested>).payload;
      // IssueVSC is a CMS-v2 call (signin §7) whatever the agent's version.
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api2/CMS-v2/IssueVSCStream`;
      vscStreams += 1;
      const stream = `vsc-issue-${vscStreams}`;
      const failed = (error: unknown): Action => {
        const message = errorMessage(error);
        bus.showToast({ type: 'error', title: VSC_MESSAGES.ISSUE_FAILED, message });
        return A.vscIssueDone({ ok: false, message: `${VSC_MESSAGES.ISSUE_FAILED}: ${message}`, field: fieldOf(error), cardId: null });
      };
      return defer(() => userIdOf(api, r.username)).pipe(
        mergeMap(
          (userId) =>
            new Observable<Action>((subscriber) => {
              const events = bus.readers$.subscribe((event) => {
                if (event.readerName !== stream) return;
                const data = (event.data ?? {}) as { step?: unknown; result?: unknown };
                if (event.type === 'cardProgress' && typeof data.step === 'string') subscriber.next(A.vscIssueProgress(data.step));
                if (event.type === CARD_OPERATION_DONE) {
                  const card = data.result as Smartcard;
                  bus.showToast({ type: 'success', title: VSC_MESSAGES.ISSUED, message: card.serialNumber });
                  subscriber.next(A.vscIssueDone({ ok: true, message: VSC_MESSAGES.ISSUED, field: null, cardId: card.cardId }));
                  subscriber.complete();
                }
                if (event.type === CARD_OPERATION_FAILED) {
                  subscriber.next(failed(data));
                  subscriber.complete();
                }
              });
              const stop = bus.runCardStream(url, stream, { user_id: userId, card_template_id: r.cardTemplateId, pin: r.pin });
              return () => {
                events.unsubscribe();
                stop();
              };
            }),
        ),
        catchError((error: unknown) => of(failed(error))),
      );
    }),
  );

/** The temporary card links of a card. */
export const linksEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.linksRequested.type),
    switchMap((action) => {
      const { cardId } = (action as ReturnType<typeof A.linksRequested>).payload;
      return defer(() => Promise.all([api.temporarilyReplacedBy(cardId), api.temporarilyReplaces(cardId)])).pipe(
        map(([by, of_]) => A.linksLoaded({ cardId, replacedBy: by.smartcards, replaces: of_.smartcards })),
        catchError(() => of(A.linksLoaded({ cardId, replacedBy: [], replaces: [] }))),
      );
    }),
  );

/** The epics of temporary cards and VSCs, as one. */
export const temporaryCardsEpic = combineEpics<Action, Action, unknown, SmartcardsEpicDependencies>(configurationEpic, candidatesEpic, temporaryIssueEpic, vscIssueEpic, linksEpic);
