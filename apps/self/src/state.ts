import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { SelfEpicDependencies } from './epic';
import { changePasswordEpic, passwordConfigEpic } from './change-password/changePassword.epics';
import { changePasswordSlice } from './change-password/changePassword.slice';
import { secretQuestionsPageEpic, secretQuestionsResetLinkEpic, secretQuestionsSaveEpic } from './secret-questions/secretQuestions.epics';
import { secretQuestionsSlice } from './secret-questions/secretQuestions.slice';
import { selfCardPicturesEpic, selfCardRequestEpic, selfCardsPortalEpic, selfCardTemplatesEpic, selfPinCardEpic, selfPinChangeEpic } from './self-cards/selfCards.epics';
import { selfCardsSlice } from './self-cards/selfCards.slice';

/** The self app's slices. */
export const selfSlices = [changePasswordSlice, secretQuestionsSlice, selfCardsSlice] as const;

/** The self app's epics, as one. */
export const selfEpic = combineEpics<Action, Action, unknown, SelfEpicDependencies>(
  changePasswordEpic,
  passwordConfigEpic,
  secretQuestionsPageEpic,
  secretQuestionsSaveEpic,
  secretQuestionsResetLinkEpic,
  selfCardsPortalEpic,
  selfCardTemplatesEpic,
  selfCardRequestEpic,
  selfPinCardEpic,
  selfPinChangeEpic,
  selfCardPicturesEpic,
);
