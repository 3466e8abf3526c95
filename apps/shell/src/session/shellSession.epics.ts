import type { Action } from '@reduxjs/toolkit';
import { combineEpics, ofType, type Epic } from 'redux-observable';
import { catchError, concat, defer, distinctUntilChanged, EMPTY, exhaustMap, from, mergeMap, of, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from '@tessera/api';
import type { SessionState } from '@tessera/bus';
import { resetAll } from '@tessera/store';
import type { ActivityTracker } from './activity';
import { signedOutTarget } from './signedOutTarget';
import { keepAlive$ } from './keepAlive';
import { shellSessionActions } from './shellSession.slice';
import { navigate } from '@tessera/ui';

/** What the shell's epics use of the store dependencies. */
export interface ShellEpicDependencies {
  api: Pick<ApiClient, 'logout' | 'checkSession' | 'refreshSession'>;
  bus: {
    session$: Observable<SessionState>;
    signedOut(reason?: string): void;
    sessionRefreshed(session: Extract<SessionState, { status: 'signedIn' }>['session']): void;
  };
  now: () => number;
}

/** An epic of the shell. */
export type ShellEpic = Epic<Action, Action, unknown, ShellEpicDependencies>;

/**
 * Sign out (Sign out button): `logout` on the server (its failure does not keep the user signed
 * in), then `signedOut` on the bus and `resetAll` for every slice, then to /login.
 */
export const signOutEpic: ShellEpic = (action$, _state$, { api, bus }) =>
  action$.pipe(
    ofType(shellSessionActions.signOutRequested.type),
    exhaustMap(() =>
      from(api.logout()).pipe(
        catchError(() => of(null)),
        mergeMap(() =>
          concat(
            defer(() => {
              bus.signedOut('signedOut');
              return of<Action>(resetAll());
            }),
            defer(() => {
              navigate('/login');
              return EMPTY;
            }),
          ),
        ),
      ),
    ),
  );

/**
 * The session keep-alive (signin §4, §9) while signed in: ticks at remaining time / 2000 s
 * (1..90 s), refreshing the session when the user was active since the last tick and only checking
 * it otherwise. Each answer goes to the bus (`sessionRefreshed`). A failed check signs out, clears
 * all state and goes to /login?redirect=<current path>. Restarts on each sign-in; stops on sign-out.
 */
export function createKeepAliveEpic(activity: ActivityTracker): ShellEpic {
  return (_action$, _state$, { api, bus, now }) =>
    bus.session$.pipe(
      distinctUntilChanged((a, b) => a.status === b.status),
      switchMap((state) => {
        if (state.status !== 'signedIn') return EMPTY;
        activity.takeActivity();
        return keepAlive$({
          session: state.session,
          checkSession: () => api.checkSession(),
          refreshSession: () => api.refreshSession(),
          takeActivity: () => activity.takeActivity(),
        }).pipe(
          mergeMap((event): Observable<Action> => {
            if (event.type === 'failed') {
              // Actions first: publishing signedOut ends this inner stream (switchMap above).
              return concat(
                from<Action[]>([shellSessionActions.sessionExpired({ reason: 'expired' }), resetAll()]),
                defer(() => {
                  const target = signedOutTarget(window.location.pathname + window.location.search);
                  bus.signedOut('expired');
                  if (target) navigate(target);
                  return EMPTY;
                }),
              );
            }
            bus.sessionRefreshed(event.session);
            return of(shellSessionActions.keepAliveTicked({ kind: event.type, at: now() }));
          }),
        );
      }),
    );
}

/** All the shell's epics, injected once when the shell bootstraps. */
export function createShellEpic(activity: ActivityTracker): ShellEpic {
  return combineEpics<Action, Action, unknown, ShellEpicDependencies>(signOutEpic, createKeepAliveEpic(activity));
}
