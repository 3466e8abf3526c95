/** The typed client of the Tessera server: one function per endpoint of docs/api.md. */
import { authenticationCalls, type AuthenticationCalls } from './authentication';
import { createHttp, type ApiClientOptions } from './http';
import { idmCalls, type IdmCalls } from './idm';
import { identityAdminCalls, type IdentityAdminCalls } from './identityAdmin';
import { monitoringCalls, type MonitoringCalls } from './monitoring';
import { ticketsCalls, type TicketsCalls } from './tickets';
import { smartcardsCalls, type SmartcardsCalls } from './smartcards';
import { cardTemplatesCalls, type CardTemplatesCalls } from './cardTemplates';
import { cardLayoutsCalls, type CardLayoutsCalls } from './cardLayouts';
import { printersCalls, type PrintersCalls } from './printers';
import { appletsCalls, type AppletsCalls } from './applets';
import { batchesCalls, type BatchesCalls } from './batches';
import { cardsCalls, type CardsCalls } from './cards';
import { temporaryCardsCalls, type TemporaryCardsCalls } from './temporaryCards';
import { stockCalls, type StockCalls } from './stock';
import { secretQuestionsCalls, type SecretQuestionsCalls } from './secretQuestions';
import { selfCardsCalls, type SelfCardsCalls } from './selfCards';
import { smartcardSignInCalls, type SmartcardSignInCalls } from './smartcardSignIn';
import { mfaCalls, type MfaCalls } from './mfa';
import { passkeysCalls, type PasskeysCalls } from './passkeys';
import { passwordsCalls, type PasswordsCalls } from './passwords';
import { registrationCalls, type RegistrationCalls } from './registration';
import { cmsCalls, type CmsCalls } from './cms';
import { tenancyConfigCalls, type TenancyConfigCalls } from './tenancyConfig';
import { apiKeysCalls, type ApiKeysCalls } from './apiKeys';
import { directoryCalls, type DirectoryCalls } from './directory';
import { deviceEndpointsCalls, type DeviceEndpointsCalls } from './deviceEndpoints';
import { pkiCalls, type PkiCalls } from './pki';
import { certificatesCalls, type CertificatesCalls } from './certificates';
import { decodeCalls, type DecodeCalls } from './decode';
import { scepCalls, type ScepCalls } from './scep';

/** Every server call. */
export interface ApiClient extends AuthenticationCalls, IdmCalls, MonitoringCalls, TicketsCalls, SmartcardsCalls, MfaCalls, PasskeysCalls, PasswordsCalls, CmsCalls, TenancyConfigCalls, ApiKeysCalls, RegistrationCalls, DirectoryCalls, PkiCalls, CertificatesCalls, DecodeCalls, IdentityAdminCalls, CardTemplatesCalls, CardsCalls, SecretQuestionsCalls, CardLayoutsCalls, PrintersCalls, ScepCalls, AppletsCalls, AcmeCalls, BatchesCalls, SmartcardSignInCalls, TemporaryCardsCalls, SelfCardsCalls, StockCalls, DeviceEndpointsCalls {}
import { acmeCalls, type AcmeCalls } from './acme';

/** Every server call. */

/**
 * A client over the given fetch. Every request sends credentials and, when a token is known, the
 * X-XSRF-TOKEN header; bodies are JSON; failures reject with an `ApiError`, and the global answers
 * (401 not_logged_in, 402, 429, 503 Audit failed) also go to `onGlobalError` (signin §7).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const send = createHttp(options);
  return { ...authenticationCalls(send), ...idmCalls(send), ...monitoringCalls(send), ...ticketsCalls(send), ...smartcardsCalls(send), ...mfaCalls(send), ...passkeysCalls(send, options), ...passwordsCalls(send), ...cmsCalls(send), ...tenancyConfigCalls(send), ...apiKeysCalls(send), ...registrationCalls(send), ...directoryCalls(send), ...pkiCalls(send), ...certificatesCalls(send), ...decodeCalls(send), ...identityAdminCalls(send), ...cardTemplatesCalls(send), ...cardsCalls(send), ...secretQuestionsCalls(send), ...cardLayoutsCalls(send), ...printersCalls(send), ...scepCalls(send), ...appletsCalls(send), ...acmeCalls(send), ...batchesCalls(send), ...smartcardSignInCalls(send), ...temporaryCardsCalls(send), ...selfCardsCalls(send), ...stockCalls(send), ...deviceEndpointsCalls(send) };
}
