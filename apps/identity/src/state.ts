import { combineEpics } from 'redux-observable';
import type { Action, Slice } from '@reduxjs/toolkit';
import type { IdentityEpicDependencies } from './epic';

/** The identity app's slices. */
export const identitySlices: readonly Slice[] = [];

/** The identity app's epics, as one. */
export const identityEpic = combineEpics<Action, Action, unknown, IdentityEpicDependencies>();
