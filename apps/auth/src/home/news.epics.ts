import type { Action } from '@reduxjs/toolkit';
import { ofType } from 'redux-observable';
import { catchError, from, map, of, switchMap } from 'rxjs';
import type { AuthEpic } from '../epic';
import { newsActions } from './news.slice';

/** Fetches the news of /home; a failure keeps the welcome text. */
export const newsEpic: AuthEpic = (action$, _state$, { api }) =>
  action$.pipe(
    ofType(newsActions.newsRequested.type),
    switchMap(() =>
      from(api.news()).pipe(
        map((news): Action => newsActions.newsLoaded(news)),
        catchError(() => of(newsActions.newsFailed())),
      ),
    ),
  );
