import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { ApiClient } from '@tessera/api';
import type { ToastInput } from '@tessera/domain';

/** What the self app's epics use of the store dependencies. */
export interface SelfEpicDependencies {
  api: Pick<ApiClient, 'changePassword' | 'passwordConfig' | 'getSecretQuestions' | 'firstTimeSecretQuestionsSet' | 'requestSecretQuestionsReset' | 'secretQuestionsValidateLink' | 'secretQuestionsReset' | 'mySmartcards' | 'selfCardTemplates' | 'requestOwnSmartcard'>;
  bus: { showToast(input: ToastInput): void };
  now: () => number;
}

/** An epic of the self app. */
export type SelfEpic = Epic<Action, Action, unknown, SelfEpicDependencies>;
