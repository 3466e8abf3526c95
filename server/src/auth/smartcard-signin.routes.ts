/**
 * `POST /api2/Authentication-v1/AuthSmartcardPIN {card_id (or cardId), pin}` and `AuthSmartcardPassphrase
 * {card_id{serial}, passphrase}` (signin §7; issue 15). Public routes: the caller's session (anonymous before sign-in)
 * must have its agent linked; the answer is the login answer, with the new session's cookie.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { PIV_PIN_LENGTH } from '@tessera/domain';
import { CardIdSchema, errorResponses, globalOrJson } from '../platform/schemas';
import { NotLoggedInError, ValidationError } from '../platform/errors';
import { currentSession, setSessionCookie } from '../platform/session-cookie';
import type { SessionRecord } from '../platform/session-store';
import { LoginResponseSchema } from './auth.schemas';
import { signInWithSmartcard, type SmartcardSignInRequest } from './smartcard-signin.service';

const tags = ['authentication'];

// The card's own limit (PIV: 6 to 8 bytes); the template's rule is the card's business (a wrong one is a wrong PIN).
const Secret = () => Type.String({ minLength: PIV_PIN_LENGTH.min, maxLength: PIV_PIN_LENGTH.max, pattern: '^[\\x21-\\x7e]+$' });
const responses = { 200: LoginResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504), 429: globalOrJson(429) };

/** Registers the smartcard sign-in routes. */
export const smartcardSignInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, sessions: app.sessions, config: app.config, now: () => app.now(), loginThrottle: app.loginThrottle, hub: app.agentHub };

  const signIn = async (request: FastifyRequest, reply: FastifyReply, body: SmartcardSignInRequest) => {
    const session = await currentSession(request);
    if (!session || !session.tenantId || (session.state !== 'anonymous' && session.state !== 'active')) throw new NotLoggedInError();
    const { token, body: answer } = await signInWithSmartcard(deps, { ip: request.ip }, session as SessionRecord & { tenantId: string }, body);
    setSessionCookie(request, reply, token);
    return answer;
  };

  app.post(
    '/api2/Authentication-v1/AuthSmartcardPIN',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Sign in with the card in a reader of the session\'s CMS Client and its PIN (403: Incorrect PIN.)',
        tags,
        body: Type.Object({ card_id: Type.Optional(CardIdSchema), cardId: Type.Optional(CardIdSchema), pin: Secret() }, { additionalProperties: false }),
        response: responses,
      },
    },
    async (request, reply) => {
      const cardId = request.body.card_id ?? request.body.cardId;
      if (!cardId) throw new ValidationError('card_id', 'is required');
      return signIn(request, reply, { card_id: cardId, secret: request.body.pin, method: 'pin' });
    },
  );

  app.post(
    '/api2/Authentication-v1/AuthSmartcardPassphrase',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Sign in with the card in a reader of the session\'s CMS Client and its passphrase (403: Incorrect PIN.)',
        tags,
        body: Type.Object({ card_id: CardIdSchema, passphrase: Secret() }, { additionalProperties: false }),
        response: responses,
      },
    },
    async (request, reply) => signIn(request, reply, { card_id: request.body.card_id, secret: request.body.passphrase, method: 'passphrase' }),
  );
};
