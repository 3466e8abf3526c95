/** Temporary pass and smartcard request calls (admin-console §7 passes table; docs/api.md). */
import {
  padPassNumber,
  type AssignGuestPassRequest,
  type AssignPositivePassRequest,
  type BatchPrintRequest,
  type BatchPrintResponse,
  type MisplacedPassRequest,
  type PassActivationRequest,
  type PassAvailability,
  type PassType,
  type CardRequestStatus,
  type ListCardRequestsQuery,
  type ListCardRequestsResponse,
  type SmartcardRequestRequest,
  type SmartcardRequestResponse,
  type TemporaryPass,
  type TemporaryPassAccount,
  type TemporaryPassLists,
} from '@tessera/domain';
import type { HttpSend } from './http';

const T = '/api/smartcards/temporary';

/** The temporary pass calls. Pass numbers are left-padded to 5 characters before being sent (admin-console §5). */
export interface SmartcardsCalls {
  /** `GET /api/smartcards/temporary`: issued and available lists (smartcardTemporary). */
  listTemporaryPasses(): Promise<TemporaryPassLists>;
  /** `GET /api/smartcards/temporary/accounts`. */
  temporaryPassAccounts(): Promise<TemporaryPassAccount[]>;
  /** `GET /api/smartcards/temporary/user/{id}`. */
  temporaryPassesOfUser(userId: string): Promise<TemporaryPass[]>;
  /** `GET /api/smartcards/temporary/availability/{type}/{passNumber}`: the first item is the pass status. */
  temporaryPassAvailability(type: PassType, passNumber: string): Promise<PassAvailability>;
  /** `POST /api/smartcards/temporary/positive/assign`. */
  assignPositivePass(request: AssignPositivePassRequest): Promise<TemporaryPass>;
  /** `POST /api/smartcards/temporary/guest/assign` (201). */
  assignGuestPass(request: AssignGuestPassRequest): Promise<TemporaryPass>;
  /** `POST /api/smartcards/temporary/return`. */
  returnTemporaryPass(passNumber: string): Promise<TemporaryPass>;
  /** `POST /api/smartcards/temporary/misplaced`. */
  misplacedTemporaryPass(request: MisplacedPassRequest): Promise<TemporaryPass>;
  /** `POST /api/smartcards/temporary/activation`. */
  temporaryPassActivation(request: PassActivationRequest): Promise<TemporaryPass>;
  /** `POST /api/smartcards/temporary/batch/print` (201). */
  batchPrintTemporaryPasses(request: BatchPrintRequest): Promise<BatchPrintResponse>;
  /** `POST /api/dps/smartcard-request` (smartcardRequest). */
  smartcardRequest(request: SmartcardRequestRequest): Promise<SmartcardRequestResponse>;
  /** `GET /api/dps/smartcard-requests` (smartcardRequest; designed): the tenant's requests, open ones by default. */
  listSmartcardRequests(query?: ListCardRequestsQuery): Promise<ListCardRequestsResponse>;
  /** `POST /api/dps/smartcard-request/{id}/close` (smartcardRequest; designed): an open request done or rejected. */
  closeSmartcardRequest(id: string, status: 'DONE' | 'REJECTED'): Promise<{ id: string; status: CardRequestStatus }>;
}

/** The temporary pass calls over `send`. */
export function smartcardsCalls(send: HttpSend): SmartcardsCalls {
  return {
    listTemporaryPasses: () => send({ method: 'GET', path: T }),
    temporaryPassAccounts: () => send({ method: 'GET', path: `${T}/accounts` }),
    temporaryPassesOfUser: (userId) => send({ method: 'GET', path: `${T}/user/${encodeURIComponent(userId)}` }),
    temporaryPassAvailability: (type, passNumber) =>
      send({ method: 'GET', path: `${T}/availability/${encodeURIComponent(type)}/${encodeURIComponent(padPassNumber(passNumber))}` }),
    assignPositivePass: (request) => send({ method: 'POST', path: `${T}/positive/assign`, body: { ...request, passNumber: padPassNumber(request.passNumber) } }),
    assignGuestPass: (request) => send({ method: 'POST', path: `${T}/guest/assign`, body: { ...request, passNumber: padPassNumber(request.passNumber) } }),
    returnTemporaryPass: (passNumber) => send({ method: 'POST', path: `${T}/return`, body: { passNumber: padPassNumber(passNumber) } }),
    misplacedTemporaryPass: (request) => send({ method: 'POST', path: `${T}/misplaced`, body: { ...request, passNumber: padPassNumber(request.passNumber) } }),
    temporaryPassActivation: (request) => send({ method: 'POST', path: `${T}/activation`, body: { ...request, passNumber: padPassNumber(request.passNumber) } }),
    batchPrintTemporaryPasses: (request) => send({ method: 'POST', path: `${T}/batch/print`, body: request }),
    smartcardRequest: (request) => send({ method: 'POST', path: '/api/dps/smartcard-request', body: request }),
    listSmartcardRequests: (query = {}) => send({ method: 'GET', path: '/api/dps/smartcard-requests', query: { ...query } }),
    closeSmartcardRequest: (id, status) => send({ method: 'POST', path: `/api/dps/smartcard-request/${encodeURIComponent(id)}/close`, body: { status } }),
  };
}
