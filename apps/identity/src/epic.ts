import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { ApiClient } from '@tessera/api';
import type { Bus } from '@tessera/bus';

/** What the identity app's epics use of the store dependencies. */
export interface IdentityEpicDependencies {
  api: ApiClient;
  bus: Pick<Bus, 'showToast'>;
}

/** An epic of the identity app. */
export type IdentityEpic = Epic<Action, Action, unknown, IdentityEpicDependencies>;
