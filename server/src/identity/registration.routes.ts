/**
 * Routes of self-registration and account activation (issue 13; signin §7 `VerifyRegistrationEmail
 * {tenantId}`, admin-console §2.1 `/register`, `/finish-register`, `/activateaccount/{token}`). The rules
 * are in registration.service.ts; these only translate.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EMAIL_LINK_LIMITS, EMAIL_LINK_TOKEN_PATTERN } from '@tessera/domain';
import { Email, errorResponses, globalOrJson, NoContent, Password, SafeString, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { AttemptLimiter } from '../platform/attempt-limiter';
import { createMailer, type Mailer } from '../platform/mailer';
import { publicConsoleUrl } from '../platform/public-url';
import { Username } from './identity.schemas';
import * as registration from './registration.service';

const tags = ['registration'];
const IDM = '/api2/IDM-v1';
const Token = () => Type.String({ pattern: EMAIL_LINK_TOKEN_PATTERN });
const LinkStatusSchema = Type.Object({ valid: Type.Literal(true), emailAddress: Type.String(), username: Type.Union([Type.String(), Type.Null()]) });

/** Options of {@link registrationRoutes}. */
export interface RegistrationRoutesOptions {
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
}

/** Registers the registration and activation routes. */
export const registrationRoutes: FastifyPluginAsyncTypebox<RegistrationRoutesOptions> = async (app, opts) => {
  const mailer = opts.mailer ?? createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, dataDir: app.config.dataDir });
  if (!opts.mailer) app.addHook('onClose', async () => mailer.close());
  const limiter = (name: string, points: number) =>
    new AttemptLimiter({ name, points, windowSeconds: EMAIL_LINK_LIMITS.windowSeconds, redis: app.redis, prefix: app.config.redisPrefix });
  const deps: registration.RegistrationDeps = {
    db: app.db,
    audit: app.audit,
    sessions: app.sessions,
    mailer,
    limiters: {
      perEmail: limiter('register-email', EMAIL_LINK_LIMITS.requestsPerEmail),
      perAddress: limiter('register-address', EMAIL_LINK_LIMITS.requestsPerAddress),
      mailsPerEmail: limiter('register-mail', EMAIL_LINK_LIMITS.mailsPerEmail),
    },
    origin: publicConsoleUrl(app.config),
    now: app.now,
    onMailError: (err: unknown) => app.log.error({ err }, 'registration or activation mail could not be sent'),
  };

  app.get(
    `${IDM}/RegistrationConfig`,
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Read whether the tenant of this address allows self-registration',
        tags,
        response: { 200: Type.Object({ tenantId: Type.String(), tenantName: Type.String(), selfRegistration: Type.Boolean() }), ...errorResponses(404) },
      },
    },
    async (request) => registration.registrationConfig(deps, { hostname: request.hostname }),
  );

  app.post(
    `${IDM}/VerifyRegistrationEmail`,
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Mail a link to finish self-registration',
        tags,
        body: Type.Object({ tenantId: Uuid(), emailAddress: Email({ minLength: 3 }) }, { additionalProperties: false }),
        response: { 202: Type.Object({}), ...errorResponses(403, 503), 429: globalOrJson(429) },
      },
    },
    async (request, reply) => {
      await registration.verifyRegistrationEmail(deps, { ip: request.ip, hostname: request.hostname }, request.body);
      return reply.code(202).send({});
    },
  );

  app.post(
    `${IDM}/ValidateEmailLink`,
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Check a registration or activation link',
        tags,
        body: Type.Object({ token: SafeString({ minLength: 1, maxLength: 200 }), purpose: Type.Union([Type.Literal('register'), Type.Literal('activate')]) }, { additionalProperties: false }),
        response: { 200: LinkStatusSchema, ...errorResponses() },
      },
    },
    async (request) => registration.checkEmailLink(deps, request.body.purpose, request.body.token),
  );

  app.post(
    `${IDM}/FinishRegistration`,
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Create the account of a registration link',
        tags,
        body: Type.Object(
          {
            token: Token(),
            username: Username(),
            givenName: SafeString({ maxLength: 200 }),
            familyName: SafeString({ maxLength: 200 }),
            password: Password({ minLength: 1 }),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Object({ userId: Type.String(), username: Type.String() }), ...errorResponses(403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await registration.finishRegistration(deps, { ip: request.ip }, request.body)),
  );

  app.post(
    `${IDM}/SendActivationEmail`,
    {
      config: { auth: 'session', permission: 'userEdit' },
      schema: {
        summary: 'Mail the activation link of an account',
        tags,
        body: Type.Object({ userId: Uuid() }, { additionalProperties: false }),
        response: { 202: Type.Object({}), ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await registration.sendActivationEmail(deps, requireAuth(request), actorOf(request), request.body);
      return reply.code(202).send({});
    },
  );

  app.post(
    `${IDM}/ActivateAccount`,
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Set the first password of an account with its activation link',
        tags,
        body: Type.Object({ token: Token(), newPassword: Password({ minLength: 1 }) }, { additionalProperties: false }),
        response: { 204: NoContent, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      await registration.activateAccount(deps, { ip: request.ip }, request.body);
      return reply.code(204).send(null);
    },
  );
};
