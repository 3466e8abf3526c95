import { combineEpics } from 'redux-observable';
import type { Action } from '@reduxjs/toolkit';
import type { MonitoringEpicDependencies } from './epic';
import { loadRateLimitConfigEpic, pollRateLimitStatusEpic, saveRateLimitConfigEpic } from './rate-limits/rateLimits.epics';
import { rateLimitsSlice } from './rate-limits/rateLimits.slice';

/** The monitoring app's slices. */
export const monitoringSlices = [rateLimitsSlice] as const;

/** The monitoring app's epics, as one. */
export const monitoringEpic = combineEpics<Action, Action, unknown, MonitoringEpicDependencies>(loadRateLimitConfigEpic, pollRateLimitStatusEpic, saveRateLimitConfigEpic);
