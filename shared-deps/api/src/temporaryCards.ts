/**
 * Temporary cards, virtual smart cards and cloud HSM configs (issue 15; signin §7 TemporaryCardConfiguration,
 * IssueTemporaryCard, AssignTemporaryCard, TemporarilyReplacedBy, TemporarilyReplaces, IssueVSC, Get/Add/DeleteCloudHSMConfig,
 * PATCH CloudHSMConfig; docs/api.md "Temporary cards", "Virtual smart cards", "Cloud HSM").
 */
import type { AssignTemporaryCardRequest, CloudHsmConfig, CloudHsmConfigInput, CmsVersion, IssueTemporaryCardRequest, IssueVscRequest, Smartcard, TemporaryCardConfiguration, UpdateSmartcardExpiryRequest } from '@tessera/domain';
import type { HttpSend } from './http';

const P = '/api2/CMS-v2';
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The calls (smartcardManage; authenticateHsm: HSMAuthenticate). */
export interface TemporaryCardsCalls {
  /** `GET TemporaryCardConfiguration` (0 days with unlimited when the tenant set none). */
  temporaryCardConfiguration(): Promise<TemporaryCardConfiguration>;
  /** `PUT TemporaryCardConfiguration` (designed). */
  updateTemporaryCardConfiguration(configuration: TemporaryCardConfiguration): Promise<TemporaryCardConfiguration>;
  /** `POST /api2/{v}/IssueTemporaryCard {card_request, old_card_id, validity_duration}`. */
  issueTemporaryCard(request: IssueTemporaryCardRequest, v?: CmsVersion): Promise<Smartcard>;
  /** `POST AssignTemporaryCard`. */
  assignTemporaryCard(request: AssignTemporaryCardRequest): Promise<Smartcard>;
  /** `PUT SmartcardExpiry` (designed): a temporary card's new expiry, null for unlimited. */
  updateSmartcardExpiry(request: UpdateSmartcardExpiryRequest): Promise<Smartcard>;
  /** `GET TemporarilyReplacedBy?smartcard_id`: the temporary cards of a card, newest first. */
  temporarilyReplacedBy(smartcardId: string): Promise<{ smartcards: Smartcard[] }>;
  /** `GET TemporarilyReplaces?smartcard_id`: the card a temporary card replaces. */
  temporarilyReplaces(smartcardId: string): Promise<{ smartcards: Smartcard[] }>;
  /** `GET TemporaryCardCandidates?user_id` (designed): the user's cards a temporary card may replace. */
  temporaryCardCandidates(userId: string): Promise<{ smartcards: Smartcard[] }>;
  /** `POST IssueVSC {user_id, card_template_id, pin}`. */
  issueVsc(request: IssueVscRequest): Promise<Smartcard>;
  /** `POST GetCloudHSMConfig {customer_sc_hardware}`. */
  getCloudHsmConfig(customerScHardware: string): Promise<CloudHsmConfig>;
  /** `GET CloudHSMConfigs` (designed). */
  listCloudHsmConfigs(): Promise<{ configs: CloudHsmConfig[] }>;
  /** `POST AddCloudHSMConfig`. */
  addCloudHsmConfig(input: Required<CloudHsmConfigInput>): Promise<CloudHsmConfig>;
  /** `PATCH CloudHSMConfig`. */
  updateCloudHsmConfig(input: CloudHsmConfigInput): Promise<CloudHsmConfig>;
  /** `POST DeleteCloudHSMConfig {customer_sc_hardware}`. */
  deleteCloudHsmConfig(customerScHardware: string): Promise<{ deleted: boolean }>;
  /** `POST AuthenticateHSM {customer_sc_hardware, credential}` (designed for authenticatehsm). */
  authenticateHsm(request: { customer_sc_hardware: string; credential: string }): Promise<{ authenticated: boolean }>;
}

/** The calls over `send`. */
export function temporaryCardsCalls(send: HttpSend): TemporaryCardsCalls {
  return {
    temporaryCardConfiguration: () => send({ method: 'GET', path: `${P}/TemporaryCardConfiguration` }),
    updateTemporaryCardConfiguration: (configuration) => send({ method: 'PUT', path: `${P}/TemporaryCardConfiguration`, body: configuration }),
    issueTemporaryCard: (request, v = 'CMS-v2') => send({ method: 'POST', path: `/api2/${v}/IssueTemporaryCard`, body: request }),
    assignTemporaryCard: (request) => send({ method: 'POST', path: `${P}/AssignTemporaryCard`, body: request }),
    updateSmartcardExpiry: (request) => send({ method: 'PUT', path: `${P}/SmartcardExpiry`, body: request }),
    temporarilyReplacedBy: (smartcardId) => send({ method: 'GET', path: `${P}/TemporarilyReplacedBy?${q({ smartcard_id: smartcardId })}` }),
    temporarilyReplaces: (smartcardId) => send({ method: 'GET', path: `${P}/TemporarilyReplaces?${q({ smartcard_id: smartcardId })}` }),
    temporaryCardCandidates: (userId) => send({ method: 'GET', path: `${P}/TemporaryCardCandidates?${q({ user_id: userId })}` }),
    issueVsc: (request) => send({ method: 'POST', path: `${P}/IssueVSC`, body: request }),
    getCloudHsmConfig: (name) => send({ method: 'POST', path: `${P}/GetCloudHSMConfig`, body: { customer_sc_hardware: name } }),
    listCloudHsmConfigs: () => send({ method: 'GET', path: `${P}/CloudHSMConfigs` }),
    addCloudHsmConfig: (input) => send({ method: 'POST', path: `${P}/AddCloudHSMConfig`, body: input }),
    updateCloudHsmConfig: (input) => send({ method: 'PATCH', path: `${P}/CloudHSMConfig`, body: input }),
    deleteCloudHsmConfig: (name) => send({ method: 'POST', path: `${P}/DeleteCloudHSMConfig`, body: { customer_sc_hardware: name } }),
    authenticateHsm: (request) => send({ method: 'POST', path: `${P}/AuthenticateHSM`, body: request }),
  };
}
