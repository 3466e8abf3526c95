import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { ApiClient } from '@tessera/api';
import type { ToastInput } from '@tessera/domain';

/** What the monitoring app's epics use of the store dependencies. */
export interface MonitoringEpicDependencies {
  api: Pick<ApiClient, 'getRateLimitConfig' | 'putRateLimitConfig' | 'getRateLimitStatus'>;
  bus: { showToast(input: ToastInput): void };
}

/** An epic of the monitoring app. */
export type MonitoringEpic = Epic<Action, Action, unknown, MonitoringEpicDependencies>;

/** The message and field of anything an api call rejected with. */
export function failureOf(error: unknown): { message: string; field: string | null } {
  const { message, field } = (error ?? {}) as { message?: unknown; field?: unknown };
  return { message: typeof message === 'string' && message !== '' ? message : String(error), field: typeof field === 'string' ? field : null };
}
