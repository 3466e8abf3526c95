import type { Action } from '@reduxjs/toolkit';
import { ofType } from 'redux-observable';
import { catchError, from, map, of, switchMap } from 'rxjs';
import type { AuthEpic } from '../epic';
import { versionActions } from './version.slice';

/** Fetches the server version for /about. */
export const versionEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(versionActions.versionRequested.type),
    switchMap(() =>
      from(api.version()).pipe(
        map((version): Action => versionActions.versionLoaded(version)),
        catchError(() => of(versionActions.versionFailed())),
      ),
    ),
  );
