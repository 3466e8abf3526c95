/**
 * `buildApp(options)`: the Fastify instance with every plugin and route, not listening. `server.ts`
 * listens; tests call `buildApp` with an injected database and clock.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import pkg from '../package.json';
import './platform/types';
import { cookiesPlugin } from './plugins/cookies';
import { requestPipelinePlugin } from './plugins/request-pipeline';
import { envPlugin } from './plugins/env';
import { loadConfig, type ServerConfig } from './platform/config';
import { errorsPlugin } from './plugins/errors';
import { bodyLimitPlugin } from './plugins/body-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { lazyChildLoggerFactory } from './plugins/request-logger';
import { BODY_LIMIT_BYTES } from './platform/body-limits';
import { dbPlugin } from './plugins/db';
import { redisPlugin } from './plugins/redis';
import { auditPlugin } from './plugins/audit';
import type { AuditWriter } from './platform/audit';
import { sessionPlugin } from './plugins/session';
import { rateLimitPlugin } from './plugins/rate-limit';
import { xsrfPlugin } from './plugins/xsrf';
import { authGuardPlugin } from './plugins/auth-guard';
import { openapiPlugin } from './plugins/openapi';
import { staticPlugin } from './plugins/static';
import { agentHubPlugin } from './plugins/agent-hub';
import { authRoutes } from './auth/auth.routes';
import { identityRoutes } from './identity/identity.routes';
import { organisationRoutes } from './identity/organisations.routes';
import { monitoringRoutes } from './monitoring/audit-events.routes';
import { rateLimitsRoutes } from './monitoring/rate-limits.routes';
import { ticketsRoutes } from './tickets/tickets.routes';
import { temporaryPassesRoutes } from './smartcards/temporary-passes.routes';
import { mfaRoutes } from './auth/mfa/mfa.routes';
import { passwordRoutes } from './auth/passwords/passwords.routes';
import { passkeyRoutes } from './auth/passkeys/passkeys.routes';
import { registrationRoutes } from './identity/registration.routes';
import type { Mailer } from './platform/mailer';
import { cmsClientRoutes } from './smartcards/cms-client.routes';
import { pinRequirementsRoutes } from './smartcards/pin-requirements.routes';
import { cardTemplatesRoutes } from './smartcards/card-templates.routes';
import { cardLayoutsRoutes } from './smartcards/card-layouts.routes';
import { printersRoutes } from './smartcards/printers.routes';
import { appletsRoutes } from './smartcards/applets.routes';
import { batchesRoutes } from './smartcards/batches.routes';
import { cardsRoutes } from './smartcards/cards.routes';
import { smartcardSignInRoutes } from './auth/smartcard-signin.routes';
import { cardStoreRoutes } from './smartcards/card-store.routes';
import { cardReportsRoutes } from './smartcards/card-reports.routes';
import { cardPassphraseRoutes } from './smartcards/card-passphrase.routes';
import { temporaryCardsRoutes } from './smartcards/temporary-cards.routes';
import { stockRoutes } from './smartcards/stock.routes';
import { vscRoutes } from './smartcards/vsc.routes';
import { cloudHsmRoutes } from './smartcards/cloud-hsm.routes';
import { secretQuestionsRoutes } from './smartcards/secret-questions.routes';
import { selfCardsRoutes } from './smartcards/self-cards.routes';
import { cardRequestsRoutes } from './smartcards/card-requests.routes';
import { apiKeysRoutes } from './apikeys/apikeys.routes';
import { devicesRoutes } from './devices/devices.routes';
import { localesRoutes } from './config/locales.routes';
import { searchRoutes } from './search/search.routes';
import { usersImportRoutes } from './identity/users-import.routes';
import { userPhotosRoutes } from './identity/user-photos.routes';
import { sponsorsRoutes } from './identity/sponsors.routes';
import { directoryRoutes } from './identity/directory.routes';
import { visitsRoutes } from './identity/visits.routes';
import { createSearchRegistry } from './platform/search-registry';
import { organisationsSearchProvider, usersSearchProvider } from './identity/users-search.service';
import { devicesSearchProvider } from './devices/devices.service';
import { certificatesSearchProvider } from './certificates/certificates-search.service';
import { smartcardsSearchProvider } from './smartcards/cards-search.service';
import { pkiRoutes } from './pki/pki.routes';
import { pkiPublicRoutes } from './pki/pki-public.routes';
import { authenticate as authenticateApiKey, ownerOfKeyId } from './apikeys/apikeys.service';
import { localAgentRoutes } from './smartcards/local-agent.routes';
import { certificatesRoutes } from './certificates';
import { enrolmentRoutes } from './enrolment/enrolment.routes';
import { acmeAdminRoutes, acmeClientRoutes, acmeRoutes } from './acme';
import type { Db } from './db/database';

/** Largest accepted request body of an ordinary route: 1 MiB (docs/api.md); upload routes say `config.upload`. */
export { BODY_LIMIT_BYTES } from './platform/body-limits';

/** Version of the server (its package version). */
export const SERVER_VERSION: string = pkg.version;

/** Options of {@link buildApp}. */
export interface BuildAppOptions {
  /** Values that win over the environment. */
  config?: Partial<ServerConfig>;
  /** The environment to read `TESSERA_*` from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** A database to use (tests); the caller destroys it. Default: open the configured one. */
  db?: Db;
  /** The clock, epoch milliseconds (default `Date.now`). */
  now?: () => number;
  /** Fastify logger option (default: off). */
  logger?: FastifyServerOptions['logger'];
  /** Replaces the audit writer (tests). */
  auditWriter?: AuditWriter;
  /** Replaces the mailer (tests); default SMTP to `TESSERA_SMTP_URL`, else .eml files. */
  mailer?: Mailer;
}

/** Builds the app. Await `app.ready()` (or `listen`) before use; `app.close()` releases everything. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(options.env ?? process.env, options.config);
  const app = Fastify({
    logger: options.logger ?? false,
    // A request's child logger is built only when the request logs a line (plugins/request-logger.ts).
    ...(options.logger ? { childLoggerFactory: lazyChildLoggerFactory } : {}),
    // Opening PGlite and migrating takes seconds, and far longer on a loaded 2-core machine: Fastify's 10 s
    // default then fails the start ('Plugin did not start in time: tessera-db') though nothing is wrong.
    pluginTimeout: 120_000,
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count works at runtime (proxy-addr); Fastify's types only list boolean and addresses.
    trustProxy: config.trustProxy as boolean | string,
    ajv: {
      // Bodies are not coerced (a number is not a string); query strings are converted by the hook below.
      customOptions: { removeAdditional: false, allErrors: false, coerceTypes: false, useDefaults: true },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Query strings arrive as text: convert them to the schema's types before validation.
  app.addHook('onRoute', (route) => {
    const querystring = route.schema?.querystring as TSchema | undefined;
    if (!querystring) return;
    const convert = async (request: { query: unknown }) => {
      request.query = Value.Convert(querystring, request.query);
    };
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [convert] : [convert, ...(Array.isArray(existing) ? existing : [existing])];
  });

  // An empty body with a JSON content type is no body (POSTs without payload from clients that always send the header).
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    defaultJsonParser(request, text, done);
  });

  app.decorate('now', options.now ?? Date.now);
  app.decorateRequest('routeConfigMemo', undefined);
  await app.register(envPlugin, { config });
  await app.register(errorsPlugin);
  await app.register(bodyLimitPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(requestPipelinePlugin);
  await app.register(cookiesPlugin);
  await app.register(dbPlugin, options.db ? { db: options.db } : {});
  await app.register(redisPlugin);
  await app.register(auditPlugin, options.auditWriter ? { writer: options.auditWriter } : {});
  await app.register(sessionPlugin);
  await app.register(rateLimitPlugin, { apiKeyOwner: ownerOfKeyId });
  await app.register(xsrfPlugin);
  await app.register(authGuardPlugin, { authenticateApiKey });
  await app.register(openapiPlugin, { version: SERVER_VERSION });
  await app.register(agentHubPlugin);

  await app.register(authRoutes);
  await app.register(identityRoutes, options.mailer ? { mailer: options.mailer } : {});
  await app.register(organisationRoutes);
  await app.register(monitoringRoutes);
  await app.register(rateLimitsRoutes);
  await app.register(ticketsRoutes);
  await app.register(temporaryPassesRoutes);
  await app.register(mfaRoutes);
  await app.register(passwordRoutes, options.mailer ? { mailer: options.mailer } : {});
  await app.register(passkeyRoutes);
  await app.register(registrationRoutes, options.mailer ? { mailer: options.mailer } : {});
  await app.register(cmsClientRoutes);
  await app.register(pinRequirementsRoutes);
  await app.register(cardTemplatesRoutes);
  await app.register(cardLayoutsRoutes);
  await app.register(printersRoutes);
  await app.register(appletsRoutes);
  await app.register(batchesRoutes);
  await app.register(cardsRoutes);
  await app.register(smartcardSignInRoutes);
  await app.register(cardStoreRoutes);
  await app.register(cardReportsRoutes);
  await app.register(cardPassphraseRoutes);
  await app.register(temporaryCardsRoutes);
  await app.register(vscRoutes);
  await app.register(cloudHsmRoutes);
  await app.register(selfCardsRoutes);
  await app.register(cardRequestsRoutes);
  await app.register(stockRoutes);
  await app.register(secretQuestionsRoutes, options.mailer ? { mailer: options.mailer } : {});
  await app.register(apiKeysRoutes);
  await app.register(devicesRoutes);
  await app.register(localesRoutes);
  await app.register(usersImportRoutes);
  await app.register(userPhotosRoutes);
  await app.register(sponsorsRoutes);
  await app.register(directoryRoutes);
  await app.register(visitsRoutes);
  // Each area's search provider (users, devices, organisations; certificates and smartcards join as they land).
  const searchRegistry = createSearchRegistry();
  searchRegistry.register(usersSearchProvider);
  searchRegistry.register(devicesSearchProvider);
  searchRegistry.register(organisationsSearchProvider);
  searchRegistry.register(certificatesSearchProvider);
  searchRegistry.register(smartcardsSearchProvider);
  await app.register(searchRoutes, { registry: searchRegistry });
  await app.register(pkiRoutes);
  await app.register(pkiPublicRoutes);
  await app.register(localAgentRoutes);
  await app.register(certificatesRoutes);
  await app.register(enrolmentRoutes);
  await app.register(acmeRoutes);
  await app.register(acmeAdminRoutes);
  await app.register(acmeClientRoutes);
  await app.register(staticPlugin);
  return app;
}
