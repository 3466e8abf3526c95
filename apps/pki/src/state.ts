import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { PkiEpicDependencies } from './epic';
import { createCaEpic, listCasEpic } from './cas/cas.epics';
import { casSlice } from './cas/cas.slice';

/** The pki app's slices. */
export const pkiSlices = [casSlice] as const;

/** The pki app's epics, as one. */
export const pkiEpic = combineEpics<Action, Action, unknown, PkiEpicDependencies>(listCasEpic, createCaEpic);
