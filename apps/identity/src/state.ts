import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { IdentityEpicDependencies } from './epic';
import { requestsEpic } from './requests/requests.epics';
import { requestsSlice } from './requests/requests.slice';

/** The identity app's slices. */
export const identitySlices = [requestsSlice] as const;

/** The identity app's epics, as one. */
export const identityEpic = combineEpics<Action, Action, unknown, IdentityEpicDependencies>(requestsEpic);
