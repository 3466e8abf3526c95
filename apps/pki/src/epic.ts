import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { ApiClient } from '@tessera/api';
import type { ToastInput } from '@tessera/domain';

/** What the pki app's epics use of the store dependencies. */
export interface PkiEpicDependencies {
  api: Pick<ApiClient, 'listCertificateAuthorities' | 'createCertificateAuthority' | 'importCertificateAuthority' | 'updateCaLicensing' | 'listCertificateTemplates' | 'createCertificateTemplate' | 'updateCertificateTemplate'>;
  bus: { showToast(input: ToastInput): void };
}

/** An epic of the pki app. */
export type PkiEpic = Epic<Action, Action, unknown, PkiEpicDependencies>;

/** The message and field of anything an api call rejected with. */
export function failureOf(error: unknown): { message: string; field: string | null } {
  const { message, field } = (error ?? {}) as { message?: unknown; field?: unknown };
  return { message: typeof message === 'string' && message !== '' ? message : String(error), field: typeof field === 'string' ? field : null };
}
