import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { Observable } from 'rxjs';
import type { ApiClient } from '@tessera/api';
import type { SessionState } from '@tessera/bus';
import type { SessionInfo, Viewer } from '@tessera/domain';
import { createPasskeySignIn, type PasskeySignIn } from './login/passkey/passkeySignIn';

/** What the auth app's epics use of the store dependencies (`{api, bus, now}`). */
export interface AuthEpicDependencies {
  api: Pick<ApiClient, 'login' | 'bootstrapStatus' | 'bootstrap' | 'news' | 'version' | 'totpAuth' | 'forgotPassword' | 'validateResetToken' | 'resetPassword' | 'prepareFido2Authentication' | 'finishFido2Authentication' | 'passwordConfig' | 'registrationConfig' | 'verifyRegistrationEmail' | 'validateEmailLink' | 'finishRegistration' | 'activateAccount' | 'anonymousSession' | 'cmsClientGrpcConfig' | 'cmsClientSessionToken' | 'pingClient' | 'authSmartcardPin' | 'authSmartcardPassphrase' | 'cardSecretQuestions' | 'resetPinQA'>;
  bus: {
    session$: Observable<SessionState>;
    signedIn(viewer: Viewer, session: SessionInfo): void;
  };
  now: () => number;
  /** The passkey ceremony (tests replace it); default: @simplewebauthn/browser over a challenge cache. */
  passkeys?: PasskeySignIn;
}

const defaultPasskeys = new WeakMap<object, PasskeySignIn>();

/** The passkey sign-in of these dependencies (one challenge cache per api client). */
export function passkeysOf(deps: AuthEpicDependencies): PasskeySignIn {
  if (deps.passkeys) return deps.passkeys;
  let made = defaultPasskeys.get(deps.api);
  if (!made) {
    made = createPasskeySignIn({ prepare: () => deps.api.prepareFido2Authentication(), now: deps.now });
    defaultPasskeys.set(deps.api, made);
  }
  return made;
}

/** An epic of the auth app. */
export type AuthEpic = Epic<Action, Action, unknown, AuthEpicDependencies>;

/** Failures as the slices keep them (from @tessera/api, which maps every error). */
export { toFailure, type Failure } from '@tessera/api';
