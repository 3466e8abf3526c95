import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { ApiKeysEpicDependencies } from './epic';
import { createApiKeyEpic, listApiKeysEpic, revokeApiKeyEpic } from './keys/apiKeys.epics';
import { apiKeysSlice } from './keys/apiKeys.slice';

/** The API keys app's slices. */
export const apiKeysSlices = [apiKeysSlice] as const;

/** The API keys app's epics, as one. */
export const apiKeysEpic = combineEpics<Action, Action, unknown, ApiKeysEpicDependencies>(listApiKeysEpic, createApiKeyEpic, revokeApiKeyEpic);
