/**
 * The local security client's server side (signin §7): `CMSClientGRPCConfig`, `CMSClientSessionToken`,
 * and the relayed calls on both protocol paths (CMS-v1 and CMS-v2): PingClient, ListReaders,
 * AnonymousListReaders, GetReader, GetPinRequirements, ValidatePin, KillSession, and the
 * ListReadersStream websocket.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { PIV_PIN_LENGTH, type CardReader } from '@tessera/domain';
import type { FastifyRequest } from 'fastify';
import { CARD_ID_PROPERTIES, errorResponses, Uuid } from '../platform/schemas';
import { NotLoggedInError } from '../platform/errors';
import { currentSession } from '../platform/session-cookie';
import type { SessionRecord } from '../platform/session-store';
import * as service from './cms-client.service';
import { CMS_CLIENT_PERMISSIONS, type CmsCaller } from './cms-client.service';
import { registerReaderStream } from './reader-stream';

const tags = ['cms-client'];

/** Protocol paths (signin §5: a client version starting with 1 means CMS-v1). */
export const CMS_VERSIONS = ['CMS-v1', 'CMS-v2'] as const;

/** A reader on the wire: the domain's `CardReader` (the one reader type), which the schema must satisfy. */
const ReaderSchema = Type.Object({
  name: Type.String(),
  cardPresent: Type.Boolean(),
  smartcard: Type.Union([Type.Object({ serialNumber: Type.String(), atr: Type.String(), cardType: Type.String() }), Type.Null()]),
  printer: Type.Union([Type.Object({ name: Type.String(), isCardPrinter: Type.Boolean() }), Type.Null()]),
  status: Type.String(),
  processing: Type.Boolean(),
}) satisfies TSchema & { static: CardReader };
const ReadersSchema = Type.Object({ readers: Type.Array(ReaderSchema) });
// The agent's own calls take a card id as the console read it from the agent: other fields pass.
const CardIdSchema = Type.Object(CARD_ID_PROPERTIES);
const relayErrors = () => errorResponses(401, 409, 502, 503, 504);
/** Calls naming a reader may also answer 404 READER_NOT_FOUND (and 400 for a reader name the agent refuses). */
const readerErrors = () => errorResponses(400, 401, 404, 409, 502, 503, 504);
const session = { auth: 'session' as const, permission: CMS_CLIENT_PERMISSIONS };

/** The caller of a relayed call: the signed-in session, or an anonymous one. @throws NotLoggedInError */
async function callerOf(request: FastifyRequest): Promise<CmsCaller> {
  if (request.auth) return { session: request.auth.session as SessionRecord & { tenantId: string }, username: request.auth.username, ip: request.ip };
  const session = await currentSession(request);
  if (!session || !session.tenantId || (session.state !== 'active' && session.state !== 'anonymous')) throw new NotLoggedInError();
  return { session: session as SessionRecord & { tenantId: string }, username: null, ip: request.ip };
}

function readerNameOf(cardId: { readerName?: string | undefined; reader_name?: string | undefined }): string {
  return cardId.readerName ?? cardId.reader_name ?? '';
}

/** Registers the routes and the websocket. */
export const cmsClientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, hub: app.agentHub };

  app.get(
    '/api2/CMS-v2/CMSClientGRPCConfig',
    {
      config: { auth: 'public' },
      schema: { summary: 'Read where the CMS Client dials the server', tags, response: { 200: Type.Object({ AgentAddress: Type.String(), AgentPort: Type.Integer(), AgentTls: Type.Optional(Type.Boolean()) }), ...errorResponses(401) } },
    },
    async (request) => {
      await callerOf(request);
      const where = { AgentAddress: app.config.agentAddress, AgentPort: app.config.agentPublicPort ?? app.agentHub.boundPort ?? app.config.agentGrpcPort };
      // AgentTls (not in the spec's config): present only when the hub requires TLS.
      return app.agentHub.tls ? { ...where, AgentTls: true } : where;
    },
  );

  app.post(
    '/api2/CMS-v2/CMSClientSessionToken',
    { config: { auth: 'public' }, schema: { summary: 'Get a single-use token for the CMS Client', tags, response: { 200: Type.Object({ SessionCookie: Type.String() }), ...errorResponses(401, 503) } } },
    async (request) => service.issueToken(deps, await callerOf(request)),
  );

  for (const v of CMS_VERSIONS) {
    app.get(
      `/api2/${v}/PingClient`,
      { config: session, schema: { summary: 'Ping the CMS Client', tags, response: { 200: Type.Object({ pong: Type.Boolean(), version: Type.String() }), ...relayErrors() } } },
      async (request) => service.relay(deps, await callerOf(request), 'Ping', {}),
    );

    app.get(`/api2/${v}/ListReaders`, { config: session, schema: { summary: 'List the card readers of the CMS Client', tags, response: { 200: ReadersSchema, ...relayErrors() } } }, async (request) =>
      service.listReaders(deps, await callerOf(request), 'ListReaders'),
    );

    app.get(`/api2/${v}/AnonymousListReaders`, { config: { auth: 'public' }, schema: { summary: 'List the card readers (anonymous session allowed)', tags, response: { 200: ReadersSchema, ...relayErrors() } } }, async (request) =>
      service.listReaders(deps, await callerOf(request), 'AnonymousListReaders'),
    );

    app.post(
      `/api2/${v}/GetReader`,
      { config: session, schema: { summary: 'Read one card reader', tags, body: Type.Object({ card_id: CardIdSchema }), response: { 200: ReaderSchema, ...readerErrors() } } },
      async (request) => {
        const readerName = readerNameOf(request.body.card_id);
        return service.relay(deps, await callerOf(request), 'GetReader', { readerName }, { readerName });
      },
    );

    app.post(
      `/api2/${v}/GetPinRequirements`,
      {
        config: session,
        schema: {
          summary: 'Read the PIN requirements',
          tags,
          body: Type.Optional(Type.Object({ card_id: Type.Optional(CardIdSchema), card_template_id: Type.Optional(Uuid({ description: 'the card template of the card to issue: its PIN rules (issue 15)' })) })),
          response: { 200: Type.Object({ minLength: Type.Integer(), maxLength: Type.Integer(), digitsOnly: Type.Boolean(), description: Type.String() }), ...relayErrors(), ...errorResponses(404) },
        },
      },
      async (request) => service.pinRequirements(deps, await callerOf(request), request.body?.card_template_id),
    );

    app.post(
      `/api2/${v}/ValidatePin`,
      {
        config: session,
        schema: {
          summary: 'Check a card PIN',
          tags,
          body: Type.Object({ card_id: CardIdSchema, pin: Type.String({ minLength: PIV_PIN_LENGTH.min, maxLength: PIV_PIN_LENGTH.max, pattern: '^[\\x21-\\x7e]+$' }) }),
          response: { 200: Type.Object({ valid: Type.Boolean() }), ...readerErrors(), ...errorResponses(403) },
        },
      },
      async (request) => service.validatePin(deps, await callerOf(request), readerNameOf(request.body.card_id), request.body.pin),
    );

    app.post(`/api2/${v}/KillSession`, { config: session, schema: { summary: 'End the CMS Client links of the session', tags, response: { 200: Type.Object({ killed: Type.Boolean() }), ...relayErrors() } } }, async (request) =>
      service.killSession(deps, await callerOf(request)),
    );
  }

  registerReaderStream(app, deps, CMS_VERSIONS.map((v) => `/api2/${v}/ListReadersStream`));
};
