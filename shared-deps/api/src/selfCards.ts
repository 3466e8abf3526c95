/**
 * Self-service smartcard calls (issue 15; admin-console §2.2 `/self/portal/`, `/self/requestSmartcard/{id}`;
 * docs/api.md "Self-service smartcards"): the viewer's own cards, the card templates they may request, and
 * their own card request.
 */
import type { SelfCardPicture, SelfCardRequest, SelfCardTemplate, SelfSmartcard } from '@tessera/domain';
import type { HttpSend } from './http';

/** The self-service smartcard calls. */
export interface SelfCardsCalls {
  /** `GET /api/self/smartcards`: the signed-in user's own cards (empty when none). */
  mySmartcards(): Promise<SelfSmartcard[]>;
  /** `GET /api/self/smartcards/{cardId}/picture`: the viewer's own card rendered with its layout (403 another's card, 404 no layout). */
  myCardPicture(cardId: string): Promise<SelfCardPicture>;
  /** `GET /api/self/card-templates`: id and name of the tenant's card templates. */
  selfCardTemplates(): Promise<SelfCardTemplate[]>;
  /** `POST /api/self/smartcard-request/{userId}` (201; 403 for another user, 409 `userId` when one is pending). */
  requestOwnSmartcard(userId: string, request: SelfCardRequest): Promise<{ requestId: string }>;
}

/** The self-service smartcard calls over `send`. */
export function selfCardsCalls(send: HttpSend): SelfCardsCalls {
  return {
    mySmartcards: () => send({ method: 'GET', path: '/api/self/smartcards' }),
    myCardPicture: (cardId) => send({ method: 'GET', path: `/api/self/smartcards/${encodeURIComponent(cardId)}/picture` }),
    selfCardTemplates: () => send({ method: 'GET', path: '/api/self/card-templates' }),
    requestOwnSmartcard: (userId, request) => send({ method: 'POST', path: `/api/self/smartcard-request/${encodeURIComponent(userId)}`, body: request }),
  };
}
