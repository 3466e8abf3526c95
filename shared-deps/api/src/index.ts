/** @tessera/api: the typed client of the Tessera server, for the browser and the CLI. */
import type { MfaCalls } from './mfa';
import type { PasskeysCalls } from './passkeys';
import type { PasswordsCalls } from './passwords';

export { createApiClient } from './createApiClient';
export type { ApiClient } from './createApiClient';
export type { ApiClientOptions, HttpRequest } from './http';
export { XSRF_PATH } from './http';
export { ApiError, isApiError, errorFromResponse, GLOBAL_ERROR_CODES } from './ApiError';
export type { ApiErrorOptions } from './ApiError';
export { toFailure } from './toFailure';
export type { Failure } from './toFailure';
export { browserXsrfToken } from './browserXsrfToken';
export { createCookieFetch, createMemoryCookieJar, parseSetCookie } from './cookieFetch';
export type { CookieJar, CookieFetchOptions, SetCookie } from './cookieFetch';
export type { AuthenticationCalls } from './authentication';
export type { IdmCalls } from './idm';
export type { IdentityAdminCalls } from './identityAdmin';
export type { MonitoringCalls, AuditEventQuery } from './monitoring';
export type { TicketsCalls, TicketNotification } from './tickets';
export type { SmartcardsCalls } from './smartcards';
export type { CardTemplatesCalls } from './cardTemplates';
export type { CardsCalls } from './cards';
export type { SecretQuestionsCalls, SecretQuestionsStatus, SecretQuestionSet, ResetPinQaRequest } from './secretQuestions';
export type { MfaCalls } from './mfa';
export type { PasskeysCalls } from './passkeys';
export type { PasswordsCalls } from './passwords';
export type { RegistrationCalls } from './registration';
/** The MFA, passkey and password calls together (the former `signinStrength` module). */
export type SigninStrengthCalls = MfaCalls & PasskeysCalls & PasswordsCalls;
export type { CmsCalls } from './cms';
export type { TenancyConfigCalls } from './tenancyConfig';
export type { ApiKeysCalls } from './apiKeys';
export type { DirectoryCalls } from './directory';
export type { DecodeCalls } from './decode';
export type { PkiCalls } from './pki';
export type { CertificatesCalls, CertificateFile } from './certificates';
export type { ErrorCode } from '@tessera/domain';
