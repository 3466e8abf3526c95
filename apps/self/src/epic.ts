import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { ApiClient } from '@tessera/api';
import type { CmsVersion, ToastInput } from '@tessera/domain';

/** What the self app's epics use of the store dependencies. */
export interface SelfEpicDependencies {
  api: Pick<ApiClient, 'changePassword' | 'passwordConfig' | 'getSecretQuestions' | 'firstTimeSecretQuestionsSet' | 'requestSecretQuestionsReset' | 'secretQuestionsValidateLink' | 'secretQuestionsReset' | 'mySmartcards' | 'myCardPicture' | 'selfCardTemplates' | 'requestOwnSmartcard' | 'listReaders' | 'getPinRequirements' | 'changeCardPin'>;
  bus: { showToast(input: ToastInput): void };
  now: () => number;
  /** Links the local agent to the session (`linkLocalAgent` of @tessera/agent-client); answers its protocol version. @throws AgentClientError */
  connectAgent: () => Promise<CmsVersion>;
}

/** An epic of the self app. */
export type SelfEpic = Epic<Action, Action, unknown, SelfEpicDependencies>;
