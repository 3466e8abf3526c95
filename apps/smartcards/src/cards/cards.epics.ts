/**
 * Card action epics of the cms screen: issue, change PIN, unblock and clean on the card in a reader (the server
 * drives the card over the caller's agent), the tenant's card list, one card and its revoke. Each action ends in
 * `actionDone` and the signin §8 toast; a refusal keeps the server's text and the field it named.
 */
import type { Action } from '@reduxjs/toolkit';
import { combineEpics, ofType } from 'redux-observable';
import { Observable, catchError, concat, defer, filter, from, map, mergeMap, of, switchMap } from 'rxjs';
import { CARD_OPERATION_DONE, CARD_OPERATION_FAILED } from '@tessera/bus';
import { MESSAGES, RESULTS_PER_PAGE, TEMPORARY_CARD_MESSAGES, withReason, type Smartcard } from '@tessera/domain';
import { errorMessage, type SmartcardsEpic, type SmartcardsEpicDependencies } from '../epic';
import { cardsActions as A, cardsSelectors } from './cards.slice';

function cmsVersionOf(state: unknown): 'CMS-v1' | 'CMS-v2' {
  return (state as { smartcardReaders?: { cmsVersion: 'CMS-v1' | 'CMS-v2' } }).smartcardReaders?.cmsVersion ?? 'CMS-v2';
}

/** The field a refusal named, if any. */
function fieldOf(error: unknown): string | null {
  const field = (error as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : null;
}

/** 403 on a card action: 'Incorrect PIN provided.' with the tries left the server added (signin §8). */
function failureText(error: unknown): string {
  const { status } = (error ?? {}) as { status?: unknown };
  const message = errorMessage(error);
  if (status === 403 && !message.startsWith(MESSAGES.INCORRECT_PIN_PROVIDED)) return MESSAGES.INCORRECT_PIN_PROVIDED;
  return message;
}

type Bus = SmartcardsEpicDependencies['bus'];

/** The outcome of one reader action: its toast and `actionDone`. */
function done(bus: Bus, readerName: string, title: string, outcome: { ok: true; message?: string; cardId?: string } | { ok: false; error: unknown }): Action {
  if (outcome.ok) {
    bus.showToast({ type: 'success', title, message: outcome.message ?? '' });
    return A.actionDone({ readerName, ok: true, message: title, cardId: outcome.cardId ?? null });
  }
  const message = failureText(outcome.error);
  bus.showToast({ type: 'error', title, message });
  return A.actionDone({ readerName, ok: false, message: withReason(title, message), field: fieldOf(outcome.error) });
}

/** The tenant's card templates, for the issue form (when the cms screen opens). */
export const templatesEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.listRequested.type),
    switchMap(() =>
      from(api.listCardTemplates()).pipe(
        map((answer) => A.templatesLoaded(answer.cardTemplates)),
        catchError(() => of(A.templatesLoaded([]))),
      ),
    ),
  );

/** The server's websocket URL of a path (same origin as the page). */
function streamUrl(path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

/**
 * Runs a card operation over its stream (signin §7 IssueCardStream, RegisterCardStream): the request goes out on the
 * bus `runCardStream`; the operation's progress steps and its outcome come back on the bus `readers$`.
 */
function streamOperation(
  bus: Bus,
  url: string,
  readerName: string,
  request: unknown,
  titles: { ok: string; failed: string },
  cardOf: (result: unknown) => Smartcard | undefined,
): Observable<Action> {
  return new Observable<Action>((subscriber) => {
    const events = bus.readers$.pipe(filter((event) => event.readerName === readerName)).subscribe((event) => {
      const data = (event.data ?? {}) as { step?: unknown; result?: unknown };
      if (event.type === 'cardProgress' && typeof data.step === 'string') subscriber.next(A.progress({ readerName, step: data.step }));
      if (event.type === CARD_OPERATION_DONE) {
        const card = cardOf(data.result);
        subscriber.next(done(bus, readerName, titles.ok, { ok: true, message: card?.serialNumber ?? '', ...(card ? { cardId: card.cardId } : {}) }));
        subscriber.next(A.listRequested());
        subscriber.complete();
      }
      if (event.type === CARD_OPERATION_FAILED) {
        subscriber.next(done(bus, readerName, titles.failed, { ok: false, error: data }));
        subscriber.next(A.listRequested());
        subscriber.complete();
      }
    });
    const stop = bus.runCardStream(url, readerName, request);
    return () => {
      events.unsubscribe();
      stop();
    };
  });
}

/**
 * IssueCard over IssueCardStream (signin §7): the user by exact username (the server's search), then the request
 * on the stream; its progress steps and its outcome come back on the bus `readers$`.
 */
export const issueEpic: SmartcardsEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.issueRequested.type),
    mergeMap((action) => {
      const { readerName, username, cardTemplateId, pin } = (action as ReturnType<typeof A.issueRequested>).payload;
      const titles = { ok: MESSAGES.SMARTCARD_ISSUED, failed: MESSAGES.SMARTCARD_ISSUE_FAILED };
      const user$ = defer(async () => {
        const users = await api.listUsers({ search: username, take: 50 });
        const user = users.results.find((u) => u.username === username);
        if (!user) throw Object.assign(new Error(MESSAGES.SMARTCARD_USER_UNKNOWN), { field: 'user_id' });
        return user;
      });
      return user$.pipe(
        mergeMap((user) =>
          streamOperation(bus, streamUrl(`/api2/${cmsVersionOf(state$.value)}/IssueCardStream`), readerName, { card_id: { readerName }, user_id: user.id, card_template_id: cardTemplateId, pin }, titles, (r) => r as Smartcard),
        ),
        catchError((error: unknown) => concat(of(done(bus, readerName, titles.failed, { ok: false, error })), of(A.listRequested()))),
      );
    }),
  );

/** RegisterCard over RegisterCardStream: the card in the reader recorded without a user ('Registered Smartcard'). */
export const registerEpic: SmartcardsEpic = (action$, state$, { bus }) =>
  action$.pipe(
    ofType(A.registerRequested.type),
    mergeMap((action) => {
      const { readerName } = (action as ReturnType<typeof A.registerRequested>).payload;
      return streamOperation(
        bus,
        streamUrl(`/api2/${cmsVersionOf(state$.value)}/RegisterCardStream`),
        readerName,
        { card_id: { readerName } },
        { ok: MESSAGES.SMARTCARD_REGISTERED, failed: MESSAGES.SMARTCARD_REGISTER_FAILED },
        (r) => (r as { smartcard?: Smartcard } | undefined)?.smartcard,
      );
    }),
  );

/** UnregisterCard on the card view: certificates revoked, record gone; pkiError shows the server's text (signin §8). */
export const unregisterEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.unregisterRequested.type),
    switchMap((action) =>
      from(api.unregisterCard((action as ReturnType<typeof A.unregisterRequested>).payload.cardId)).pipe(
        map((answer) => {
          if (answer.pkiError) {
            bus.showToast({ type: 'error', title: MESSAGES.SMARTCARD_UNREGISTER_FAILED, message: answer.certRevokeError ?? '' });
            return A.cardChanged({ ok: false, message: answer.certRevokeError ?? MESSAGES.SMARTCARD_UNREGISTER_FAILED });
          }
          bus.showToast({ type: 'success', title: MESSAGES.SMARTCARD_UNREGISTERED, message: '' });
          return A.cardChanged({ ok: true, message: MESSAGES.SMARTCARD_UNREGISTERED, removed: true });
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.SMARTCARD_UNREGISTER_FAILED, message: errorMessage(error) });
          return of(A.cardChanged({ ok: false, message: withReason(MESSAGES.SMARTCARD_UNREGISTER_FAILED, errorMessage(error)) }));
        }),
      ),
    ),
  );

/** AssignCard (the user by exact username) and UnassignCard on the card view. */
export const assignEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    filter((action) => A.assignRequested.match(action) || A.unassignRequested.match(action)),
    switchMap((action) => {
      const call = A.assignRequested.match(action)
        ? (async () => {
            const { cardId, username, cardTemplateId } = action.payload;
            const users = await api.listUsers({ search: username, take: 50 });
            const user = users.results.find((u) => u.username === username);
            if (!user) throw Object.assign(new Error(MESSAGES.SMARTCARD_USER_UNKNOWN), { field: 'user_id' });
            return api.assignCard({ card_id: cardId, user_id: user.id, card_template_id: cardTemplateId });
          })()
        : api.unassignCard((action as ReturnType<typeof A.unassignRequested>).payload.cardId);
      const assigning = A.assignRequested.match(action);
      const title = assigning ? MESSAGES.SMARTCARD_ASSIGNED : MESSAGES.SMARTCARD_UNASSIGNED;
      const failed = assigning ? MESSAGES.SMARTCARD_ASSIGN_FAILED : MESSAGES.SMARTCARD_UNASSIGN_FAILED;
      return from(call).pipe(
        map((card) => {
          bus.showToast({ type: 'success', title, message: card.serialNumber });
          return A.cardChanged({ ok: true, message: title, card });
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: failed, message: errorMessage(error) });
          return of(A.cardChanged({ ok: false, message: withReason(failed, errorMessage(error)) }));
        }),
      );
    }),
  );

/** SuspendCard and ResumeCard (designed): the card's certificates on hold or released; the outcome on the view and as a toast. */
export const suspendEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    filter((action) => A.suspendRequested.match(action) || A.resumeRequested.match(action)),
    switchMap((action) => {
      const suspending = A.suspendRequested.match(action);
      const call = A.suspendRequested.match(action)
        ? api.suspendCard({ smartcard_id: action.payload.cardId, ...(action.payload.reason.trim() ? { reason: action.payload.reason.trim() } : {}) })
        : api.resumeCard((action as ReturnType<typeof A.resumeRequested>).payload.cardId);
      const title = suspending ? MESSAGES.SMARTCARD_SUSPENDED : MESSAGES.SMARTCARD_RESUMED;
      const failed = suspending ? MESSAGES.SMARTCARD_SUSPEND_FAILED : MESSAGES.SMARTCARD_RESUME_FAILED;
      return from(call).pipe(
        map((card) => {
          bus.showToast({ type: 'success', title, message: card.serialNumber });
          return A.cardChanged({ ok: true, message: title, card });
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: failed, message: errorMessage(error) });
          return of(A.cardChanged({ ok: false, message: withReason(failed, errorMessage(error)) }));
        }),
      );
    }),
  );

/** PATCH Smartcard (the edit page): the card marked temporary or not. */
export const updateEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    filter(A.updateRequested.match),
    switchMap((action) =>
      from(api.updateSmartcard({ smartcard_id: action.payload.cardId, temporary_card: action.payload.temporaryCard })).pipe(
        map((card) => {
          bus.showToast({ type: 'success', title: MESSAGES.SMARTCARD_UPDATED, message: card.serialNumber });
          return A.cardChanged({ ok: true, message: MESSAGES.SMARTCARD_UPDATED, card });
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.SMARTCARD_UPDATE_FAILED, message: errorMessage(error) });
          return of(A.cardChanged({ ok: false, message: withReason(MESSAGES.SMARTCARD_UPDATE_FAILED, errorMessage(error)) }));
        }),
      ),
    ),
  );

/** PUT SmartcardExpiry (the edit page): a temporary card's expiry moved; admin-console §8's text when it fails. */
export const expiryEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    filter(A.expiryUpdateRequested.match),
    switchMap((action) =>
      from(api.updateSmartcardExpiry({ smartcard_id: action.payload.cardId, expiresAt: action.payload.expiresAt })).pipe(
        map((card) => {
          bus.showToast({ type: 'success', title: TEMPORARY_CARD_MESSAGES.EXPIRY_UPDATED, message: card.serialNumber });
          return A.cardChanged({ ok: true, message: TEMPORARY_CARD_MESSAGES.EXPIRY_UPDATED, card });
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.SMARTCARD_EXPIRY_UPDATE_FAILED, message: errorMessage(error) });
          return of(A.cardChanged({ ok: false, message: withReason(MESSAGES.SMARTCARD_EXPIRY_UPDATE_FAILED, errorMessage(error)) }));
        }),
      ),
    ),
  );

/** ChangePin: 'Successfully changed PIN' / 'Could not change card PIN.'. */
export const changePinEpic: SmartcardsEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.changePinRequested.type),
    mergeMap((action) => {
      const { readerName, oldPin, newPin } = (action as ReturnType<typeof A.changePinRequested>).payload;
      return defer(() => api.changeCardPin({ card_id: { readerName }, old_pin: oldPin, new_pin: newPin }, cmsVersionOf(state$.value))).pipe(
        map(() => done(bus, readerName, MESSAGES.PIN_CHANGED, { ok: true })),
        catchError((error: unknown) => of(done(bus, readerName, MESSAGES.PIN_CHANGE_FAILED, { ok: false, error }))),
      );
    }),
  );

/** UnblockCard with the PUK the server holds: 'The card PIN has been reset' / 'Could not reset card PIN'. */
export const unblockEpic: SmartcardsEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.unblockRequested.type),
    mergeMap((action) => {
      const { readerName, newPin } = (action as ReturnType<typeof A.unblockRequested>).payload;
      return defer(() => api.unblockCard({ card_id: { readerName }, new_pin: newPin }, cmsVersionOf(state$.value))).pipe(
        map(() => done(bus, readerName, MESSAGES.PIN_RESET_DONE, { ok: true })),
        catchError((error: unknown) => of(done(bus, readerName, MESSAGES.PIN_RESET_FAILED, { ok: false, error }))),
      );
    }),
  );

/** ChangePassphrase (issue 15): 'Passphrase changed' / 'Could not change the card passphrase'. */
export const changePassphraseEpic: SmartcardsEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.changePassphraseRequested.type),
    mergeMap((action) => {
      const { readerName, pin, passphrase } = (action as ReturnType<typeof A.changePassphraseRequested>).payload;
      return defer(() => api.changePassphrase(cmsVersionOf(state$.value), { card_id: { readerName }, pin, passphrase })).pipe(
        map(() => done(bus, readerName, MESSAGES.PASSPHRASE_CHANGED, { ok: true })),
        catchError((error: unknown) => of(done(bus, readerName, MESSAGES.PASSPHRASE_CHANGE_FAILED, { ok: false, error }))),
      );
    }),
  );

/** ResetPinPassphrase with the PUK the server holds, to a new passphrase (issue 15). */
export const resetPinPassphraseEpic: SmartcardsEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.resetPinPassphraseRequested.type),
    mergeMap((action) => {
      const { readerName, passphrase } = (action as ReturnType<typeof A.resetPinPassphraseRequested>).payload;
      return defer(() => api.resetPinPassphrase(cmsVersionOf(state$.value), { card_id: { readerName }, passphrase })).pipe(
        map(() => done(bus, readerName, MESSAGES.PIN_PASSPHRASE_RESET, { ok: true })),
        catchError((error: unknown) => of(done(bus, readerName, MESSAGES.PIN_RESET_FAILED, { ok: false, error }))),
      );
    }),
  );

/** ReissueCard: new keys and certificates on the card; the server's certRevokeError, when any, is shown. */
export const reissueEpic: SmartcardsEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.reissueRequested.type),
    mergeMap((action) => {
      const { readerName, pin, forceRevoke } = (action as ReturnType<typeof A.reissueRequested>).payload;
      return defer(() => api.reissueCard({ card_id: { readerName }, card_pin: pin, forceRevoke }, cmsVersionOf(state$.value))).pipe(
        mergeMap((answer) => concat(of(done(bus, readerName, MESSAGES.SMARTCARD_REISSUED, { ok: true, message: answer.certRevokeError ?? '', cardId: answer.smartcard.cardId })), of(A.listRequested()))),
        catchError((error: unknown) => of(done(bus, readerName, MESSAGES.SMARTCARD_REISSUE_FAILED, { ok: false, error }))),
      );
    }),
  );

/** CleanCard: the card wiped and its record gone; the server's certRevokeError, when any, is shown. */
export const cleanEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.cleanRequested.type),
    mergeMap((action) => {
      const { readerName } = (action as ReturnType<typeof A.cleanRequested>).payload;
      return defer(() => api.cleanCard({ readerName })).pipe(
        mergeMap((answer) => concat(of(done(bus, readerName, MESSAGES.SMARTCARD_CLEANED, { ok: true, message: answer.certRevokeError ?? '' })), of(A.listRequested()))),
        catchError((error: unknown) => of(done(bus, readerName, MESSAGES.SMARTCARD_CLEAN_FAILED, { ok: false, error }))),
      );
    }),
  );

/** One page of the tenant's cards, searched and sorted on the server. */
export const listEpic: SmartcardsEpic = (action$, state$, { api, bus }) =>
  action$.pipe(
    ofType(A.listRequested.type),
    switchMap(() => {
      const { query } = cardsSelectors.selectState(state$.value as never).list;
      const search = query.search.trim();
      return from(api.listSmartcards({ ...(search ? { search } : {}), sort: query.sort, order: query.order, page: query.page, pageSize: RESULTS_PER_PAGE })).pipe(
        map((answer) => A.listLoaded({ smartcards: answer.smartcards, total: answer.total })),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.SMARTCARDS_LOAD_FAILED, message: errorMessage(error) });
          return of(A.listFailed(withReason(MESSAGES.SMARTCARDS_LOAD_FAILED, errorMessage(error))));
        }),
      );
    }),
  );

/** One card (view screen). */
export const cardEpic: SmartcardsEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(A.cardRequested.type),
    switchMap((action) =>
      from(api.getSmartcard((action as ReturnType<typeof A.cardRequested>).payload.cardId)).pipe(
        map((card) => A.cardLoaded(card)),
        catchError((error: unknown) => of(A.cardFailed(withReason(MESSAGES.SMARTCARDS_LOAD_FAILED, errorMessage(error))))),
      ),
    ),
  );

/** RevokeCard: the card's certificates revoked; the server's certRevokeError shown when the PKI refused some (signin §8). */
export const revokeEpic: SmartcardsEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(A.revokeRequested.type),
    switchMap((action) =>
      from(api.revokeCard((action as ReturnType<typeof A.revokeRequested>).payload.cardId)).pipe(
        map((answer) => {
          if (answer.certRevokeError) {
            bus.showToast({ type: 'error', title: MESSAGES.SMARTCARD_REVOKE_FAILED, message: answer.certRevokeError });
            return A.revokeDone({ ok: false, message: answer.certRevokeError, card: answer.smartcard });
          }
          bus.showToast({ type: 'success', title: MESSAGES.SMARTCARD_REVOKED, message: answer.smartcard.serialNumber });
          return A.revokeDone({ ok: true, message: MESSAGES.SMARTCARD_REVOKED, card: answer.smartcard });
        }),
        catchError((error: unknown) => {
          bus.showToast({ type: 'error', title: MESSAGES.SMARTCARD_REVOKE_FAILED, message: errorMessage(error) });
          return of(A.revokeDone({ ok: false, message: withReason(MESSAGES.SMARTCARD_REVOKE_FAILED, errorMessage(error)) }));
        }),
      ),
    ),
  );

/** Every cards epic. */
export const cardsEpic = combineEpics<Action, Action, unknown, SmartcardsEpicDependencies>(templatesEpic, issueEpic, registerEpic, unregisterEpic, assignEpic, changePinEpic, unblockEpic, cleanEpic, listEpic, cardEpic, revokeEpic, suspendEpic, reissueEpic, updateEpic, expiryEpic, changePassphraseEpic, resetPinPassphraseEpic);
