/**
 * Smartcard sign-in, passphrases and what is on a card (signin §7 AuthSmartcardPIN, AuthSmartcardPassphrase,
 * ChangePassphrase, ResetPinPassphrase, ReadCertStore, CardDetails; issue 15; docs/api.md).
 */
import type { CmsVersion, LoginResponse, Smartcard } from '@tessera/domain';
import type { HttpSend } from './http';

/** The card of a call: its reader and serial (signin §3 card id). */
export interface SmartcardCardId {
  serial?: string;
  readerName?: string;
  atr?: string;
}

/** A certificate read from the card (signin §3 certificate store). */
export interface StoredCardCertificate {
  slot: string;
  pem: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  issuedByTessera: boolean;
}

/** The calls. */
export interface SmartcardSignInCalls {
  /** `POST /api2/Authentication-v1/AuthSmartcardPIN {card_id, pin}`: 403 'Incorrect PIN.'; the session is replaced. */
  authSmartcardPin(request: { card_id: SmartcardCardId; pin: string }): Promise<LoginResponse>;
  /** `POST /api2/Authentication-v1/AuthSmartcardPassphrase {card_id{serial}, passphrase}`. */
  authSmartcardPassphrase(request: { card_id: SmartcardCardId; passphrase: string }): Promise<LoginResponse>;
  /** `POST /api2/{v}/ChangePassphrase {card_id, pin, passphrase}`. */
  changePassphrase(v: CmsVersion, request: { card_id: SmartcardCardId; pin: string; passphrase: string }): Promise<{ changed: boolean }>;
  /** `POST /api2/{v}/ResetPinPassphrase {card_id, pin | passphrase}`. */
  resetPinPassphrase(v: CmsVersion, request: { card_id: SmartcardCardId; pin?: string; passphrase?: string }): Promise<{ reset: boolean; kind: 'pin' | 'passphrase' }>;
  /** `GET /api2/{v}/ReadCertStore?readerName`. */
  readCertStore(v: CmsVersion, readerName: string): Promise<{ serialNumber: string; certificates: StoredCardCertificate[] }>;
  /** `GET /api2/CMS-v2/CardDetails?serial&atr`. */
  cardDetails(query: { serial: string; atr?: string }): Promise<{ smartcard: Smartcard; username: string | null; cardTemplateName: string | null }>;
}

/** The calls over `send`. */
export function smartcardSignInCalls(send: HttpSend): SmartcardSignInCalls {
  return {
    authSmartcardPin: (request) => send({ method: 'POST', path: '/api2/Authentication-v1/AuthSmartcardPIN', body: request }),
    authSmartcardPassphrase: (request) => send({ method: 'POST', path: '/api2/Authentication-v1/AuthSmartcardPassphrase', body: request }),
    changePassphrase: (v, request) => send({ method: 'POST', path: `/api2/${v}/ChangePassphrase`, body: request }),
    resetPinPassphrase: (v, request) => send({ method: 'POST', path: `/api2/${v}/ResetPinPassphrase`, body: request }),
    readCertStore: (v, readerName) => send({ method: 'GET', path: `/api2/${v}/ReadCertStore?${new URLSearchParams({ readerName }).toString()}` }),
    cardDetails: (query) => send({ method: 'GET', path: `/api2/CMS-v2/CardDetails?${new URLSearchParams(query).toString()}` }),
  };
}
