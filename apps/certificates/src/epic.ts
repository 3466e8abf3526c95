import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { ApiClient } from '@tessera/api';
import type { ToastInput } from '@tessera/domain';

/** What the certificates app's epics use of the store dependencies. */
export interface CertificatesEpicDependencies {
  api: Pick<
    ApiClient,
    'decodePem' | 'listCertificateTemplates' | 'setTemplateOrdering' | 'submitUserCsr' | 'submitDeviceCsr' | 'getCertificate' | 'getCertificateInfo' | 'certificateEndpoints' | 'downloadCertificate' | 'revokeCertificate' | 'listRevocations' | 'listCertificateRequests' | 'approveCertificateRequest' | 'approveRevocation' | 'cancelRevocation' | 'uploadCertificate' | 'submitUserKeyRequest' | 'submitDeviceKeyRequest' | 'listScepChallenges' | 'createScepChallenge' | 'retrieveScepChallenge' | 'listAcmeClientDomains' | 'startAcmeClientOrder' | 'getAcmeClientOrder'
  >;
  bus: { showToast(input: ToastInput): void };
}

/** An epic of the certificates app. */
export type CertificatesEpic = Epic<Action, Action, unknown, CertificatesEpicDependencies>;

/** The message and field of anything an api call rejected with. */
export function failureOf(error: unknown): { message: string; field: string | null } {
  const { message, field } = (error ?? {}) as { message?: unknown; field?: unknown };
  return { message: typeof message === 'string' && message !== '' ? message : String(error), field: typeof field === 'string' ? field : null };
}
