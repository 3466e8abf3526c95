/**
 * Smartcards as the server keeps them (issue 15; signin §3 "Smartcard reader" smartcard {serialNumber, atr,
 * cardType, batch_id}, "Smartcard of a user" status and extensions, §4 smartcard actions): the statuses of a
 * card's life and the wire shapes of a card and of IssueCard.
 */

/**
 * Statuses of a card record: `registered` once the server knows the card (RegisterCard: serial and ATR, no user),
 * `assigned` once a registered card has a user and a card template (AssignCard; UnassignCard goes back), `issuing` while the server drives the card, `issued` once its keys, PIN, PUK,
 * certificates and own management key are on it, `error` when an issue stopped part-way (nothing on the card
 * is trusted: clean it), `revoked` once its certificates are revoked, `suspended` while its use is stopped
 * (its certificates on hold, RFC 5280 certificateHold; resume goes back to the status it had). A card is never
 * `issued` unless every step succeeded. `expired`: a temporary card past its validity (its certificates revoked;
 * see temporary-cards/temporaryCards.ts).
 */
export const SMARTCARD_STATUSES = ['registered', 'assigned', 'issuing', 'issued', 'error', 'revoked', 'suspended', 'expired'] as const;
/** The statuses a card may be suspended from (designed). */
export const SUSPENDABLE_STATUSES: readonly SmartcardStatus[] = ['registered', 'assigned', 'issued'];
/** Longest suspension reason (designed). */
export const SUSPENSION_REASON_MAX_LENGTH = 500;
/** A card record's status. */
export type SmartcardStatus = (typeof SMARTCARD_STATUSES)[number];

/** A certificate written to a card slot. */
export interface SmartcardCertificate {
  slot: string;
  /** `caId:serial` (the certificates area's id). */
  certId: string;
  caId: string;
  serialNumber: string;
  notAfter: string;
  pem: string;
}

/** A card record (no management key, no PUK: those never leave the server's sealed columns). */
export interface Smartcard {
  cardId: string;
  serialNumber: string;
  atr: string;
  cardType: string;
  status: SmartcardStatus;
  userId: string | null;
  cardTemplateId: string | null;
  certificates: SmartcardCertificate[];
  batch_id: string | null;
  extensions: Record<string, unknown>;
  /** Why the last action failed (status `error`), or null. */
  failure: string | null;
  /** When the card was suspended and why (status `suspended`), else null. */
  suspendedAt: string | null;
  suspensionReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The card a request names (signin §3 "Card id"). */
export interface CardId {
  readerName?: string;
  reader_name?: string;
  serial?: string;
  atr?: string;
  applet_id?: string;
}

/** `POST /api2/{v}/IssueCard`: the card in a reader of the caller's agent, the user, the card template and the new PIN. */
export interface IssueCardRequest {
  card_id: CardId;
  user_id: string;
  card_template_id: string;
  pin: string;
}

/** Sort keys of `GET Smartcards` (designed: the spec names the list, not its columns). */
export const SMARTCARD_SORT_KEYS = ['serialNumber', 'status', 'cardType', 'createdAt', 'updatedAt'] as const;
/** A sort key of the smartcard list. */
export type SmartcardSortKey = (typeof SMARTCARD_SORT_KEYS)[number];
/** Largest page of `GET Smartcards` (designed). */
export const SMARTCARD_LIST_PAGE_SIZE_MAX = 100;

/** `GET Smartcards`: one page of the tenant's cards, searched (serial, ATR, card type, the user's username) and sorted on the server. */
export interface SmartcardListQuery {
  user_id?: string;
  status?: SmartcardStatus;
  search?: string;
  sort?: SmartcardSortKey;
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}
