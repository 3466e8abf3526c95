/** `POST /api2/{v}/ChangePassphrase` and `POST /api2/{v}/ResetPinPassphrase {pin, passphrase, card_id}` (signin §7; issue 15). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PIV_PIN_LENGTH } from '@tessera/domain';
import { CardIdSchema, errorResponses } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { secretBoxFor } from '../platform/secret-box';
import { pkiDepsOf } from '../pki/pki.service';
import * as service from './card-passphrase.service';

const tags = ['smartcards'];
const config = { auth: 'session', permission: 'smartcardManage' } as const;
const VERSIONS = ['CMS-v1', 'CMS-v2'] as const;

// What a PIV card holds; the template's rule is checked by the service (domain validatePin / validatePassphrase).
const Secret = () => Type.String({ minLength: PIV_PIN_LENGTH.min, maxLength: PIV_PIN_LENGTH.max, pattern: '^[\\x21-\\x7e]+$' });

/** Registers the passphrase calls. */
export const cardPassphraseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now(), hub: app.agentHub, box: secretBoxFor(app.config), pki: pkiDepsOf(app) };
  for (const v of VERSIONS) {
    app.post(
      `/api2/${v}/ChangePassphrase`,
      {
        config,
        schema: {
          summary: 'Change the PIN or passphrase of the card in a reader to a new passphrase (the card template must allow one)',
          tags,
          body: Type.Object({ card_id: CardIdSchema, pin: Secret(), passphrase: Secret() }, { additionalProperties: false }),
          response: { 200: Type.Object({ changed: Type.Boolean() }), ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504) },
        },
      },
      async (request) => service.changePassphrase(deps, requireAuth(request), actorOf(request), request.body),
    );
    app.post(
      `/api2/${v}/ResetPinPassphrase`,
      {
        config,
        schema: {
          summary: 'Reset the card in a reader with the PUK the server holds to a new PIN or a new passphrase (one of them)',
          tags,
          body: Type.Object({ card_id: CardIdSchema, pin: Type.Optional(Secret()), passphrase: Type.Optional(Secret()) }, { additionalProperties: false }),
          response: { 200: Type.Object({ reset: Type.Boolean(), kind: Type.Union([Type.Literal('pin'), Type.Literal('passphrase')]) }), ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504) },
        },
      },
      async (request) => service.resetPinPassphrase(deps, requireAuth(request), actorOf(request), request.body),
    );
  }
};
