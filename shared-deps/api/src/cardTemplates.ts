/** Card template calls (issue 15; signin §7 `CardTemplates?tenancy`; docs/api.md "Card templates"). */
import type { CardTemplate, CardTemplateInput, CardTemplateSeedResult } from '@tessera/domain';
import type { HttpSend } from './http';

const P = '/api2/CMS-v2';

/** The card template calls (smartcardManage). */
export interface CardTemplatesCalls {
  /** `GET /api2/CMS-v2/CardTemplates?tenancy`: the tenant's card templates by name. */
  listCardTemplates(tenancy?: string): Promise<{ cardTemplates: CardTemplate[] }>;
  /** `GET /api2/CMS-v2/CardTemplate?id`. */
  getCardTemplate(id: string): Promise<CardTemplate>;
  /** `POST /api2/CMS-v2/CardTemplate` (201). */
  createCardTemplate(input: CardTemplateInput): Promise<CardTemplate>;
  /** `PUT /api2/CMS-v2/CardTemplate`. */
  updateCardTemplate(input: CardTemplateInput & { cardTemplateId: string }): Promise<CardTemplate>;
  /** `DELETE /api2/CMS-v2/CardTemplate` (204). */
  deleteCardTemplate(cardTemplateId: string): Promise<void>;
  /** `POST /api2/CMS-v2/CardTemplatesSeed`: by name, the whole file or nothing. */
  seedCardTemplates(file: { cardTemplates: CardTemplateInput[] }): Promise<CardTemplateSeedResult>;
}

/** The card template calls over `send`. */
export function cardTemplatesCalls(send: HttpSend): CardTemplatesCalls {
  return {
    listCardTemplates: (tenancy) => send({ method: 'GET', path: tenancy ? `${P}/CardTemplates?${new URLSearchParams({ tenancy }).toString()}` : `${P}/CardTemplates` }),
    getCardTemplate: (id) => send({ method: 'GET', path: `${P}/CardTemplate?${new URLSearchParams({ id }).toString()}` }),
    createCardTemplate: (input) => send({ method: 'POST', path: `${P}/CardTemplate`, body: input }),
    updateCardTemplate: (input) => send({ method: 'PUT', path: `${P}/CardTemplate`, body: input }),
    deleteCardTemplate: (cardTemplateId) => send({ method: 'DELETE', path: `${P}/CardTemplate`, body: { cardTemplateId } }),
    seedCardTemplates: (file) => send({ method: 'POST', path: `${P}/CardTemplatesSeed`, body: file }),
  };
}
