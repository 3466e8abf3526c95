/**
 * Routes of secret questions (signin §7 Authentication-v1 RequestSecretQuestionsReset,
 * SecretQuestionsValidateLink, SecretQuestionsReset, FirstTimeSecretQuestionsSet; issue 15). The bodies
 * carry only PBKDF2 hashes made in the browser (`@tessera/domain` `hashSecretAnswer`), checked here for
 * shape: a 32-byte salt and 128-bit hashes as hex. `SecretQuestions` (the viewer's set, texts only) and
 * `SecretQuestionsPolicy` (the tenant's rule) are designed calls. The PIN reset calls (per version, CMS-v1
 * and CMS-v2: CardSecretQuestions, ResetPinQA) take a signed-in or an anonymous session (`/anonymousportal`),
 * whose agent holds the card; they share the answer budget of this plugin.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EMAIL_LINK_TOKEN_PATTERN, SECRET_ANSWER_HASH_HEX_LENGTH, SECRET_QUESTION_MAX_LENGTH, SECRET_SALT_HEX_LENGTH } from '@tessera/domain';
import { CARD_ID_PROPERTIES, errorResponses, NoContent, SafeString, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { AttemptLimiter } from '../platform/attempt-limiter';
import { createMailer, type Mailer } from '../platform/mailer';
import { publicConsoleUrl } from '../platform/public-url';
import { currentSession } from '../platform/session-cookie';
import type { SessionRecord } from '../platform/session-store';
import { secretBoxFor } from '../platform/secret-box';
import { NotLoggedInError } from '../platform/errors';
import { users } from '../identity/accounts.service';
import * as service from './secret-questions.service';
import * as pinReset from './pin-reset.service';

const tags = ['secret questions'];
const AUTH = '/api2/Authentication-v1';
const self = { auth: 'session', permission: 'selfServicePortal', apiKey: false } as const;

/** A 32-byte client salt as hex (signin §5). */
export const ClientSalt = () => Type.String({ minLength: SECRET_SALT_HEX_LENGTH, maxLength: SECRET_SALT_HEX_LENGTH, pattern: '^[0-9a-f]+$', description: '32 bytes as lower-case hex' });
/** A 128-bit PBKDF2 answer hash as hex (signin §5). */
export const AnswerHash = () => Type.String({ minLength: SECRET_ANSWER_HASH_HEX_LENGTH, maxLength: SECRET_ANSWER_HASH_HEX_LENGTH, pattern: '^[0-9a-f]+$', description: '128 bits as lower-case hex' });

const QuestionForm = Type.Object(
  { question: SafeString({ minLength: 1, maxLength: SECRET_QUESTION_MAX_LENGTH }), answer_hash: AnswerHash(), answer_hash_updated: Type.Optional(AnswerHash()) },
  { additionalProperties: false },
);
const SetFields = {
  client_salt: ClientSalt(),
  questions: Type.Array(QuestionForm, { minItems: 1, maxItems: 8 }),
  version: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
};
const LinkString = () => Type.String({ minLength: 1, maxLength: 200, pattern: EMAIL_LINK_TOKEN_PATTERN });
const StatusSchema = Type.Object({
  isSet: Type.Boolean(),
  version: Type.Union([Type.Integer(), Type.Null()]),
  clientSalt: Type.Union([Type.String(), Type.Null()]),
  questions: Type.Array(Type.String()),
});
const PolicySchema = Type.Object({ required: Type.Boolean() }, { additionalProperties: false });

const ResetPinQaBody = Type.Object(
  {
    card_id: Type.Object({ ...CARD_ID_PROPERTIES, serial: SafeString({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
    new_pin: Type.String({ minLength: 1, maxLength: 16 }),
    secret_answers: Type.Object({ client_salt: ClientSalt(), answers: Type.Array(AnswerHash(), { minItems: 1, maxItems: 8 }) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

/** The session of a PIN reset call: signed in, or anonymous (the anonymous portal). @throws NotLoggedInError */
async function pinResetCaller(request: FastifyRequest, db: service.SecretQuestionsDeps['db']): Promise<pinReset.PinResetCaller> {
  const session = await currentSession(request);
  if (!session || !session.tenantId || (session.state !== 'active' && session.state !== 'anonymous')) throw new NotLoggedInError();
  const user = session.userId ? await users.findById(db, session.tenantId, session.userId) : undefined;
  return { session: session as SessionRecord & { tenantId: string }, actor: { actorUserId: session.userId, actorUsername: user?.username ?? null, ip: request.ip } };
}

/** Options of {@link secretQuestionsRoutes}. */
export interface SecretQuestionsRoutesOptions {
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
}

/** The limiters and deps of the secret-question rules, made once per app. */
export function secretQuestionsDeps(app: Parameters<FastifyPluginAsyncTypebox>[0], mailer: Mailer): service.SecretQuestionMailDeps {
  const limiter = (name: string, points: number, windowSeconds: number) => new AttemptLimiter({ name, points, windowSeconds, redis: app.redis, prefix: app.config.redisPrefix });
  return {
    db: app.db,
    audit: app.audit,
    now: app.now,
    limiters: {
      answers: limiter('secret-answers', service.SECRET_ANSWER_ATTEMPTS, service.SECRET_ANSWER_WINDOW_SECONDS),
      mails: limiter('secret-questions-mail', service.SECRET_QUESTIONS_MAILS_PER_HOUR, 3600),
    },
    mailer,
    origin: publicConsoleUrl(app.config),
    onMailError: (err: unknown) => app.log.error({ err }, 'secret questions reset mail could not be sent'),
  };
}

/** Registers the secret-question routes. */
export const secretQuestionsRoutes: FastifyPluginAsyncTypebox<SecretQuestionsRoutesOptions> = async (app, opts) => {
  const mailer = opts.mailer ?? createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, dataDir: app.config.dataDir });
  if (!opts.mailer) app.addHook('onClose', async () => mailer.close());
  const deps = secretQuestionsDeps(app, mailer);

  app.get(
    `${AUTH}/SecretQuestions`,
    { config: self, schema: { summary: "Read the viewer's secret questions (texts and salt, never a hash)", tags, response: { 200: StatusSchema, ...errorResponses(401) } } },
    async (request) => service.secretQuestionsStatus(deps, requireAuth(request)),
  );

  app.post(
    `${AUTH}/FirstTimeSecretQuestionsSet`,
    {
      config: self,
      schema: { summary: "Set the viewer's secret questions for the first time", tags, body: Type.Object(SetFields, { additionalProperties: false }), response: { 200: StatusSchema, ...errorResponses(401, 409, 503) } },
    },
    async (request) => service.setFirstTime(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.post(
    `${AUTH}/RequestSecretQuestionsReset`,
    {
      config: self,
      schema: {
        summary: 'Mail a secret questions reset link (to oneself, or with userEdit to a user of the tenant)',
        tags,
        body: Type.Object({ user_id: Uuid() }, { additionalProperties: false }),
        response: { 202: Type.Object({}), ...errorResponses(401, 404, 503) },
      },
    },
    async (request, reply) => {
      await service.requestReset(deps, requireAuth(request), actorOf(request), request.body);
      return reply.code(202).send({});
    },
  );

  app.post(
    `${AUTH}/SecretQuestionsValidateLink`,
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Check a secret questions reset link',
        tags,
        body: Type.Object({ link_string: SafeString({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ valid: Type.Literal(true), username: Type.String() }), ...errorResponses() },
      },
    },
    async (request) => service.validateLink(deps, request.body.link_string),
  );

  app.post(
    `${AUTH}/SecretQuestionsReset`,
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Replace the secret questions with a mailed reset link',
        tags,
        body: Type.Object({ link_string: LinkString(), ...SetFields }, { additionalProperties: false }),
        response: { 204: NoContent, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      await service.resetWithLink(deps, { ip: request.ip }, request.body);
      return reply.code(204).send(null);
    },
  );

  const policyConfig = { auth: 'session', permission: 'smartcardManage' } as const;
  app.get(
    '/api2/CMS-v2/SecretQuestionsPolicy',
    { config: policyConfig, schema: { summary: 'Read whether the tenant requires secret questions before a card is issued', tags, response: { 200: PolicySchema, ...errorResponses(401) } } },
    async (request) => service.getPolicy(deps, requireAuth(request)),
  );
  app.put(
    '/api2/CMS-v2/SecretQuestionsPolicy',
    {
      config: policyConfig,
      schema: { summary: 'Set whether the tenant requires secret questions before a card is issued', tags, body: PolicySchema, response: { 200: PolicySchema, ...errorResponses(401, 503) } },
    },
    async (request) => service.setPolicy(deps, requireAuth(request), actorOf(request), request.body),
  );

  const resetDeps: pinReset.PinResetDeps = { ...deps, hub: app.agentHub, box: secretBoxFor(app.config) };
  for (const v of ['CMS-v1', 'CMS-v2'] as const) {
    app.get(
      `/api2/${v}/CardSecretQuestions`,
      {
        config: { auth: 'public' },
        schema: {
          summary: "Read the secret questions of an issued card's user (404: not set); signed-in or anonymous session",
          tags,
          querystring: Type.Object({ card_serial: SafeString({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
          response: { 200: Type.Object({ secretQuestions: Type.Array(Type.String()), clientSalt: Type.String(), version: Type.Integer() }), ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const caller = await pinResetCaller(request, app.db);
        return pinReset.cardSecretQuestions(resetDeps, caller.session.tenantId, request.query.card_serial);
      },
    );
    app.post(
      `/api2/${v}/ResetPinQA`,
      {
        config: { auth: 'public' },
        schema: {
          summary: "Reset a card's PIN with the answers to its user's secret questions, through the caller's agent",
          tags,
          body: ResetPinQaBody,
          response: { 204: NoContent, ...errorResponses(401, 404, 409, 502, 503, 504) },
        },
      },
      async (request, reply) => {
        await pinReset.resetPinWithAnswers(resetDeps, await pinResetCaller(request, app.db), request.body);
        return reply.code(204).send(null);
      },
    );
  }
};
