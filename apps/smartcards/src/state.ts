import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { SmartcardsEpicDependencies } from './epic';
import { smartcardRequestEpic } from './smartcard-request/smartcardRequest.epics';
import { smartcardRequestSlice } from './smartcard-request/smartcardRequest.slice';
import { availabilityEpic, loadPassesEpic, passWritesEpic, userPassesEpic } from './temporary-passes/temporaryPasses.epics';
import { temporaryPassesSlice } from './temporary-passes/temporaryPasses.slice';
import { appletWritesEpic, loadAppletsEpic } from './applets/applets.epics';
import { appletsSlice } from './applets/applets.slice';

/** The smartcards app's slices. */
export const smartcardsSlices = [temporaryPassesSlice, smartcardRequestSlice, appletsSlice] as const;

/** The smartcards app's epics, as one. */
export const smartcardsEpic = combineEpics<Action, Action, unknown, SmartcardsEpicDependencies>(
  loadPassesEpic,
  availabilityEpic,
  userPassesEpic,
  passWritesEpic,
  smartcardRequestEpic,
  loadAppletsEpic,
  appletWritesEpic,
);
