import type { Smartcard, SmartcardCertificate } from '../cards/cards';

/**
 * Self-service smartcards (issue 15; admin-console §2.2 `/self/portal/`, `/self/requestSmartcard/{id}`): the
 * limits and messages of a user's own card request, shared by the server and `apps/self`.
 */

/** The longest reason a user may give for a card request. */
export const SELF_CARD_REQUEST_REASON_MAX = 500;

/** Messages of the self-service card calls. */
export const SELF_CARD_MESSAGES = {
  /** 403: `{id}` of `/self/requestSmartcard/{id}` is not the signed-in user. */
  ONLY_YOURSELF: 'You may request a smartcard only for yourself',
  /** 409 on `userId`: the user already has a request waiting for an operator. */
  REQUEST_PENDING: 'You already have a smartcard request waiting for an operator',
  /** Success text of the request page. */
  REQUESTED: 'Your smartcard request was sent to the operators',
  /** The portal with no card yet. */
  NO_CARDS: 'You have no smartcards yet',
  /** 403 of ChangePin for a holder of selfServicePortal only: the card in the reader is not assigned to them. */
  NOT_YOUR_CARD: 'You may change the PIN of your own card only',
  /** The portal's PIN form: the new PIN and its confirmation differ. */
  PIN_MISMATCH: 'The new PIN and its confirmation differ',
  /** The portal: none of the user's cards is in a reader of their security client. */
  NO_CARD_IN_READER: 'Insert one of your cards in a reader of your security client',
  /** 403 of the card picture: the card is not the viewer's. */
  NOT_YOUR_CARD_PICTURE: 'You may see the picture of your own cards only',
} as const;

/** A user's own card request as the console sends it. */
export interface SelfCardRequest {
  cardTemplateId: string;
  reason: string;
}

/** A card template a user may request (no slots or keys: only what the picker shows). */
export interface SelfCardTemplate {
  id: string;
  name: string;
}

/** A card as the portal shows it: the record, each certificate with its subject, and the template's name. */
export interface SelfSmartcard extends Omit<Smartcard, 'certificates'> {
  certificates: (SmartcardCertificate & { subject: string })[];
  cardTemplateName: string | null;
  /** True when the card's template has a card layout: the portal then shows the card's picture. */
  hasLayout: boolean;
}

/** A card's picture: its front and back as PNG, base64 (the card-layout renderer's `frontCompressed`/`backCompressed`). */
export interface SelfCardPicture {
  frontCompressed: string;
  backCompressed: string;
}
