import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { SelfEpicDependencies } from './epic';
import { changePasswordEpic, passwordConfigEpic } from './change-password/changePassword.epics';
import { changePasswordSlice } from './change-password/changePassword.slice';

/** The self app's slices. */
export const selfSlices = [changePasswordSlice] as const;

/** The self app's epics, as one. */
export const selfEpic = combineEpics<Action, Action, unknown, SelfEpicDependencies>(changePasswordEpic, passwordConfigEpic);
