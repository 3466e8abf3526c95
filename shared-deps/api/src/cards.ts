/** Smartcard calls (issue 15; signin §7 IssueCard, ChangePin, UnblockCard, RevokeCard, CleanCard, `/smartcards/users/{id}`; docs/api.md "Smartcards"). */
import type { CardId, CardReport, CmsVersion, IssueCardRequest, Smartcard, SmartcardListQuery, SuspendedCard, SuspensionListQuery } from '@tessera/domain';
import type { HttpSend } from './http';

const P = '/api2/CMS-v2';

/** The smartcard calls (smartcardManage). */
export interface CardsCalls {
  /** `POST /api2/{v}/IssueCard`: the card in a reader of the caller's agent. */
  issueCard(request: IssueCardRequest, v?: CmsVersion): Promise<Smartcard>;
  /** `GET /api2/CMS-v2/Smartcard?id`. */
  getSmartcard(cardId: string): Promise<Smartcard>;
  /** `GET /api2/CMS-v2/Smartcards?user_id&status&search&sort&order&page&pageSize`: one page, searched and sorted on the server. */
  listSmartcards(query?: SmartcardListQuery): Promise<{ smartcards: Smartcard[]; total: number; page: number; pageSize: number }>;
  /** `POST /api2/{v}/ChangePin`. */
  changeCardPin(request: { card_id: CardId; old_pin: string; new_pin: string }, v?: CmsVersion): Promise<{ changed: boolean }>;
  /** `POST /api2/{v}/UnblockCard`. */
  unblockCard(request: { card_id: CardId; new_pin: string }, v?: CmsVersion): Promise<{ unblocked: boolean }>;
  /** `POST /api2/CMS-v2/RevokeCard`. */
  revokeCard(smartcardId: string): Promise<{ smartcard: Smartcard; certRevokeError: string | null }>;
  /** `POST /api2/CMS-v2/CleanCard`. */
  cleanCard(cardId: CardId): Promise<{ cleaned: boolean; certRevokeError: string | null }>;
  /** `POST /api2/{v}/RegisterCard`: the card in a reader; with user_id, card_template_id and pin it is issued too. */
  registerCard(request: { card_id: CardId; user_id?: string; card_template_id?: string; pin?: string }, v?: CmsVersion): Promise<{ smartcard: Smartcard; issued: boolean }>;
  /** `POST /api2/{v}/UnregisterCard`. */
  unregisterCard(smartcardId: string, v?: CmsVersion): Promise<{ unregistered: boolean; pkiError: boolean; certRevokeError: string | null }>;
  /** `POST /api2/CMS-v2/AssignCard`. */
  assignCard(request: { card_id: string; user_id: string; card_template_id: string; extensions?: Record<string, unknown> }): Promise<Smartcard>;
  /** `POST /api2/CMS-v2/UnassignCard`. */
  unassignCard(smartcardId: string): Promise<Smartcard>;
  /** `PATCH /api2/CMS-v2/Smartcard {smartcard_id, temporary_card}` (designed, smartcardEdit). */
  updateSmartcard(request: { smartcard_id: string; temporary_card: boolean }): Promise<Smartcard>;
  /** `POST /api2/{v}/ReissueCard {card_id, card_pin, forceRevoke}`: new keys and certificates on the card in a reader. */
  reissueCard(request: { card_id: CardId; card_pin: string; forceRevoke?: boolean }, v?: CmsVersion): Promise<{ smartcard: Smartcard; certRevokeError: string | null }>;
  /** `POST /api2/CMS-v2/SuspendCard` (designed): certificates on hold. */
  suspendCard(request: { smartcard_id: string; reason?: string | null }): Promise<Smartcard>;
  /** `POST /api2/CMS-v2/ResumeCard` (designed): certificates released. */
  resumeCard(smartcardId: string): Promise<Smartcard>;
  /** `GET /api2/CMS-v2/SuspendedCards?search&sort&order&page&pageSize` (designed, smartcardSuspendedReport): one page, searched and sorted on the server. */
  listSuspendedCards(query?: SuspensionListQuery): Promise<{ cards: SuspendedCard[]; total: number; page: number; pageSize: number }>;
  /** `GET /api2/CMS-v2/CardReport` (designed, smartcardSuspendedReport): counts, issued per week, cards expiring. */
  getCardReport(): Promise<CardReport>;
}

/** The smartcard calls over `send`. */
export function cardsCalls(send: HttpSend): CardsCalls {
  return {
    issueCard: (request, v = 'CMS-v2') => send({ method: 'POST', path: `/api2/${v}/IssueCard`, body: request }),
    getSmartcard: (cardId) => send({ method: 'GET', path: `${P}/Smartcard?${new URLSearchParams({ id: cardId }).toString()}` }),
    listSmartcards: (query = {}) => {
      const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined && value !== '').map(([key, value]) => [key, String(value)])).toString();
      return send({ method: 'GET', path: params ? `${P}/Smartcards?${params}` : `${P}/Smartcards` });
    },
    changeCardPin: (request, v = 'CMS-v2') => send({ method: 'POST', path: `/api2/${v}/ChangePin`, body: request }),
    unblockCard: (request, v = 'CMS-v2') => send({ method: 'POST', path: `/api2/${v}/UnblockCard`, body: request }),
    revokeCard: (smartcardId) => send({ method: 'POST', path: `${P}/RevokeCard`, body: { smartcard_id: smartcardId } }),
    cleanCard: (cardId) => send({ method: 'POST', path: `${P}/CleanCard`, body: { card_id: cardId } }),
    registerCard: (request, v = 'CMS-v2') => send({ method: 'POST', path: `/api2/${v}/RegisterCard`, body: request }),
    unregisterCard: (smartcardId, v = 'CMS-v2') => send({ method: 'POST', path: `/api2/${v}/UnregisterCard`, body: { smartcard_id: smartcardId } }),
    assignCard: (request) => send({ method: 'POST', path: `${P}/AssignCard`, body: request }),
    unassignCard: (smartcardId) => send({ method: 'POST', path: `${P}/UnassignCard`, body: { card_id: smartcardId } }),
    updateSmartcard: (request) => send({ method: 'PATCH', path: `${P}/Smartcard`, body: request }),
    reissueCard: (request, v = 'CMS-v2') => send({ method: 'POST', path: `/api2/${v}/ReissueCard`, body: request }),
    suspendCard: (request) => send({ method: 'POST', path: `${P}/SuspendCard`, body: request }),
    resumeCard: (smartcardId) => send({ method: 'POST', path: `${P}/ResumeCard`, body: { smartcard_id: smartcardId } }),
    listSuspendedCards: (query = {}) => {
      const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined && value !== '').map(([key, value]) => [key, String(value)])).toString();
      return send({ method: 'GET', path: params ? `${P}/SuspendedCards?${params}` : `${P}/SuspendedCards` });
    },
    getCardReport: () => send({ method: 'GET', path: `${P}/CardReport` }),
  };
}
