/** Card layout calls (issue 16; signin §7 CardLayoutCompressed, CardLayoutCompressedUserData; docs/api.md "Card layouts"). */
import type { CardLayout, CardUserData } from '@tessera/domain';
import type { HttpSend } from './http';

const P = '/api2/CMS-v2';

/** A card's two sides as the server renders them: PNG, base64. */
export interface CompressedCardImages {
  frontCompressed: string;
  backCompressed: string;
}

/** The card layout calls (smartcardManage). */
export interface CardLayoutsCalls {
  /** `GET /api2/CMS-v2/CardLayout?templateId`: a card template's layout. */
  getCardLayout(templateId: string): Promise<{ cardTemplateId: string; layout: CardLayout }>;
  /** `PUT /api2/CMS-v2/CardLayout`: saves it. */
  saveCardLayout(templateId: string, layout: CardLayout): Promise<{ cardTemplateId: string; layout: CardLayout }>;
  /** `GET /api2/CMS-v2/CardLayoutCompressed?cardSerial` or `?userId&templateId`. */
  cardLayoutCompressed(query: { cardSerial: string } | { userId: string; templateId: string }): Promise<CompressedCardImages>;
  /** `POST /api2/CMS-v2/CardLayoutCompressedUserData {userData, templateId}`; `layout` previews one not yet saved. */
  cardLayoutCompressedUserData(body: { userData: Omit<CardUserData, 'photo'>; templateId: string; layout?: CardLayout }): Promise<CompressedCardImages>;
}

/** The card layout calls over `send`. */
export function cardLayoutsCalls(send: HttpSend): CardLayoutsCalls {
  return {
    getCardLayout: (templateId) => send({ method: 'GET', path: `${P}/CardLayout?${new URLSearchParams({ templateId }).toString()}` }),
    saveCardLayout: (templateId, layout) => send({ method: 'PUT', path: `${P}/CardLayout`, body: { templateId, layout } }),
    cardLayoutCompressed: (query) => send({ method: 'GET', path: `${P}/CardLayoutCompressed?${new URLSearchParams(query).toString()}` }),
    cardLayoutCompressedUserData: (body) => send({ method: 'POST', path: `${P}/CardLayoutCompressedUserData`, body }),
  };
}
