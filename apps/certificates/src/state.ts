import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { CertificatesEpicDependencies } from './epic';
import { decodeEpic } from './decode/decode.epics';
import { decodeSlice } from './decode/decode.slice';
import { listTemplatesEpic, saveOrderEpic } from './templates/templateOrder.epics';
import { templateOrderSlice } from './templates/templateOrder.slice';

/** The certificates app's slices. */
export const certificatesSlices = [decodeSlice, templateOrderSlice] as const;

/** The certificates app's epics, as one. */
export const certificatesEpic = combineEpics<Action, Action, unknown, CertificatesEpicDependencies>(decodeEpic, listTemplatesEpic, saveOrderEpic);
