/**
 * Routes of the card printers (issue 16; signin §7 on both protocol paths: GET PrinterListPrinters; POST
 * PrinterInsertCard, PrinterEjectCard `{printer}` (designed: the spec gives no body), PrinterCardPrint
 * `{printer, cardSerial, userId, cardTemplateId}`), relayed to the caller's CMS Client. smartcardManage only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, SafeString, Uuid } from '../platform/schemas';
import { requireAuth } from '../platform/request';
import type { SessionRecord } from '../platform/session-store';
import type { FastifyRequest } from 'fastify';
import type { CmsCaller } from './cms-client.service';
import { CMS_VERSIONS } from './cms-client.routes';
import * as service from './printers.service';

const tags = ['cms-client'];
const config = { auth: 'session', permission: 'smartcardManage' } as const;
const PrinterName = SafeString({ minLength: 1, maxLength: 200, description: 'the printer, by the name PrinterListPrinters answers' });
const PrinterBody = Type.Object({ printer: PrinterName }, { additionalProperties: false });
const relayErrors = () => errorResponses(400, 401, 403, 409, 502, 503, 504);

/** The relayed call's caller: the signed-in session of the request. */
export function callerOf(request: FastifyRequest): CmsCaller {
  const auth = requireAuth(request);
  return { session: auth.session as SessionRecord & { tenantId: string }, username: auth.username, ip: request.ip };
}

/** Registers the printer routes. */
export const printersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, hub: app.agentHub, sessions: app.sessions, now: app.now };

  for (const v of CMS_VERSIONS) {
    app.get(
      `/api2/${v}/PrinterListPrinters`,
      { config, schema: { summary: 'List the card printers of the CMS Client', tags, response: { 200: Type.Object({ printers: Type.Array(Type.Object({ name: Type.String(), isCardPrinter: Type.Boolean() })) }), ...relayErrors() } } },
      async (request) => service.listPrinters(deps, callerOf(request)),
    );
    app.post(
      `/api2/${v}/PrinterInsertCard`,
      { config, schema: { summary: "Move a card into the printer's encoder", tags, body: PrinterBody, response: { 200: Type.Object({ inserted: Type.Boolean(), readerName: Type.Union([Type.String(), Type.Null()]) }), ...relayErrors() } } },
      async (request) => service.insertCard(deps, callerOf(request), request.body.printer),
    );
    app.post(
      `/api2/${v}/PrinterEjectCard`,
      { config, schema: { summary: "Eject the printer's card", tags, body: PrinterBody, response: { 200: Type.Object({ ejected: Type.Boolean() }), ...relayErrors() } } },
      async (request) => service.ejectCard(deps, callerOf(request), request.body.printer),
    );
    app.post(
      `/api2/${v}/PrinterCardPrint`,
      {
        config,
        schema: {
          summary: "Print a user's card with a card template's layout",
          tags,
          body: Type.Object({ printer: PrinterName, cardSerial: SafeString({ minLength: 1, maxLength: 100 }), userId: Uuid(), cardTemplateId: Uuid() }, { additionalProperties: false }),
          response: { 200: Type.Object({ printedCardId: Type.String() }), ...relayErrors(), ...errorResponses(404) },
        },
      },
      async (request) => service.printCard(deps, requireAuth(request), callerOf(request), request.body),
    );
  }
};
