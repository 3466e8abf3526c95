/**
 * Self-registration and account activation calls (issue 13; signin §7 VerifyRegistrationEmail,
 * admin-console §2.1 /register, /finish-register, /activateaccount/{token}).
 */
import type { ActivateAccountRequest, EmailLinkStatus, FinishRegistrationRequest, RegistrationConfig, VerifyRegistrationEmailRequest } from '@tessera/domain';
import type { HttpSend } from './http';

const IDM = '/api2/IDM-v1';

/** The registration and activation calls. */
export interface RegistrationCalls {
  /** `GET /api2/IDM-v1/RegistrationConfig`: the tenant of this address and whether it allows self-registration. */
  registrationConfig(): Promise<RegistrationConfig>;
  /** `POST /api2/IDM-v1/VerifyRegistrationEmail {tenantId, emailAddress}` → 202; rejects FORBIDDEN when registration is closed. */
  verifyRegistrationEmail(request: VerifyRegistrationEmailRequest): Promise<void>;
  /** `POST /api2/IDM-v1/ValidateEmailLink {token, purpose}`; rejects EMAIL_LINK_INVALID. */
  validateEmailLink(token: string, purpose: 'register' | 'activate'): Promise<EmailLinkStatus>;
  /** `POST /api2/IDM-v1/FinishRegistration` → 201 `{userId, username}`. */
  finishRegistration(request: FinishRegistrationRequest): Promise<{ userId: string; username: string }>;
  /** `POST /api2/IDM-v1/SendActivationEmail {userId}` (userEdit) → 202. */
  sendActivationEmail(userId: string): Promise<void>;
  /** `POST /api2/IDM-v1/ActivateAccount {token, newPassword}` → 204. */
  activateAccount(request: ActivateAccountRequest): Promise<void>;
}

/** The registration and activation calls over `send`. */
export function registrationCalls(send: HttpSend): RegistrationCalls {
  return {
    registrationConfig: () => send({ method: 'GET', path: `${IDM}/RegistrationConfig` }),
    verifyRegistrationEmail: (request) => send({ method: 'POST', path: `${IDM}/VerifyRegistrationEmail`, body: request }),
    validateEmailLink: (token, purpose) => send({ method: 'POST', path: `${IDM}/ValidateEmailLink`, body: { token, purpose } }),
    finishRegistration: (request) => send({ method: 'POST', path: `${IDM}/FinishRegistration`, body: request }),
    sendActivationEmail: (userId) => send({ method: 'POST', path: `${IDM}/SendActivationEmail`, body: { userId } }),
    activateAccount: (request) => send({ method: 'POST', path: `${IDM}/ActivateAccount`, body: request }),
  };
}
