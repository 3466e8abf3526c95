import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { ApiClient } from '@tessera/api';
import type { ToastInput, WebAuthnOptionsJson, WebAuthnResponseJson } from '@tessera/domain';

/** What the fido app's epics use of the store dependencies, plus the WebAuthn ceremony. */
export interface FidoEpicDependencies {
  api: Pick<
    ApiClient,
    | 'prepareFido2Registration'
    | 'finishFido2Registration'
    | 'listFido2RegisteredCredentials'
    | 'renameFido2RegisteredCredential'
    | 'deleteFido2RegisteredCredential'
    | 'getFido2SyncedCredential'
    | 'markFido2SyncedCredentialForDeletion'
    | 'renameFido2SyncedCredential'
    | 'deleteFido2SyncedCredential'
    | 'mfaStatus'
    | 'userMfaStatus'
    | 'mfaEnrol'
    | 'mfaConfirm'
    | 'mfaDisable'
    | 'mfaRecoveryCodes'
    | 'resetUserMfa'
    | 'setTenantMfaPolicy'
  >;
  bus: { showToast(input: ToastInput): void };
  now: () => number;
  /** Runs `navigator.credentials.create` (@simplewebauthn/browser `startRegistration`); tests replace it. */
  startRegistration?: (optionsJSON: WebAuthnOptionsJson) => Promise<WebAuthnResponseJson>;
}

/** An epic of the fido app. */
export type FidoEpic = Epic<Action, Action, unknown, FidoEpicDependencies>;

/** The message of anything an api call or a ceremony rejected with. */
export function failureText(error: unknown): string {
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  return String(error);
}
