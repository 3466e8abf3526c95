import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import { versionEpic } from './about/version.epics';
import { versionSlice } from './about/version.slice';
import { bootstrapSetupEpic, bootstrapStatusEpic } from './bootstrap/bootstrap.epics';
import { bootstrapSlice } from './bootstrap/bootstrap.slice';
import type { AuthEpicDependencies } from './epic';
import { newsEpic } from './home/news.epics';
import { newsSlice } from './home/news.slice';
import { loginEpic, loginSessionEpic, passkeyCancelEpic, passkeySignInEpic, totpEpic } from './login/login.epics';
import { loginSlice } from './login/login.slice';
import { detectCardEpic, linkAgentEpic, pinQuestionsEpic, pinResetEpic, smartcardSignInEpic, smartcardSignInSlice } from './login/smartcard';
import { resetLinkEpic, resetPasswordEpic, validateLinkEpic } from './password-reset/passwordReset.epics';
import { passwordResetSlice } from './password-reset/passwordReset.slice';
import { activateAccountEpic, emailLinkEpic, finishRegistrationEpic, registrationConfigEpic, verifyRegistrationEmailEpic } from './registration/registration.epics';
import { registrationSlice } from './registration/registration.slice';

/** The auth app's slices. */
export const authSlices = [loginSlice, bootstrapSlice, newsSlice, versionSlice, passwordResetSlice, registrationSlice, smartcardSignInSlice] as const;

/** The auth app's epics, as one. */
export const authEpic = combineEpics<Action, Action, unknown, AuthEpicDependencies>(
  loginEpic,
  loginSessionEpic,
  totpEpic,
  passkeySignInEpic,
  passkeyCancelEpic,
  resetLinkEpic,
  validateLinkEpic,
  resetPasswordEpic,
  registrationConfigEpic,
  verifyRegistrationEmailEpic,
  emailLinkEpic,
  finishRegistrationEpic,
  activateAccountEpic,
  bootstrapStatusEpic,
  bootstrapSetupEpic,
  newsEpic,
  versionEpic,
  detectCardEpic,
  linkAgentEpic,
  smartcardSignInEpic,
  pinQuestionsEpic,
  pinResetEpic,
);
