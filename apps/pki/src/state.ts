import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { PkiEpicDependencies } from './epic';
import { caLicensingEpic, createCaEpic, importCaEpic, listCasEpic } from './cas/cas.epics';
import { casSlice } from './cas/cas.slice';
import { listTemplatesEpic, saveTemplateEpic } from './templates/templates.epics';
import { templatesSlice } from './templates/templates.slice';

/** The pki app's slices. */
export const pkiSlices = [casSlice, templatesSlice] as const;

/** The pki app's epics, as one. */
export const pkiEpic = combineEpics<Action, Action, unknown, PkiEpicDependencies>(listCasEpic, createCaEpic, importCaEpic, caLicensingEpic, listTemplatesEpic, saveTemplateEpic);
