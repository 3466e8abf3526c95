import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { ConfigEpicDependencies } from './epic';
import { loadTenancyConfigEpic, saveTenancyConfigEpic } from './tenancy/tenancyConfig.epics';
import { tenancyConfigSlice } from './tenancy/tenancyConfig.slice';
import { loadIntuneScepEpic, saveIntuneScepEpic } from './scep/intuneScep.epics';
import { intuneScepSlice } from './scep/intuneScep.slice';

/** The config app's slices. */
export const configSlices = [tenancyConfigSlice, intuneScepSlice] as const;

/** The config app's epics, as one. */
export const configEpic = combineEpics<Action, Action, unknown, ConfigEpicDependencies>(loadTenancyConfigEpic, saveTenancyConfigEpic, loadIntuneScepEpic, saveIntuneScepEpic);
