/** Routes of IDM-v1: bootstrap, version, news, users, roles and the tenancy configuration. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { BootstrapStatus, NewsResponse, VersionResponse } from '@tessera/domain';
import { errorResponses, IdQuery, NoContent, PageOf } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { NEWS_VERSION_DEFAULT, PRODUCT_NAME } from '@tessera/domain';
import * as bootstrapService from './bootstrap.service';
import * as usersService from './users.service';
import * as rolesService from './roles.service';
import * as tenancyConfigService from './tenancy-config.service';
import { TenancyConfigPatchSchema, TenancyConfigSchema } from './tenancy-config.schemas';
import {
  BootstrapRequestSchema,
  BootstrapResponseSchema,
  BootstrapStatusSchema,
  CreateRoleRequestSchema,
  CreateUserRequestSchema,
  NewsResponseSchema,
  RoleListQuerySchema,
  RoleSchema,
  UpdateRoleRequestSchema,
  UpdateUserRequestSchema,
  UserListQuerySchema,
  UserSummarySchema,
  VersionResponseSchema,
} from './identity.schemas';
import pkg from '../../package.json';
import { checkCurrentPassword } from '../auth/current-password.service';
import { auditActor } from '../platform/audit';
import * as users from './users.repository';
import { NotFoundError } from '../platform/errors';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../platform/types';
import { createMailer, type Mailer } from '../platform/mailer';
import { publicConsoleUrl } from '../platform/public-url';
import { sponsorNotifier } from './sponsors.service';

const tags = ['identity'];

/** Options of {@link identityRoutes}. */
export interface IdentityRoutesOptions {
  /** Replaces the configured mailer (tests): it tells sponsors of users waiting for approval. */
  mailer?: Mailer;
}

/** Registers the IDM-v1 routes. */
export const identityRoutes: FastifyPluginAsyncTypebox<IdentityRoutesOptions> = async (app, opts) => {
  const mailer = opts.mailer ?? createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, dataDir: app.config.dataDir });
  if (!opts.mailer) app.addHook('onClose', async () => mailer.close());
  const notifySponsor = sponsorNotifier(mailer, publicConsoleUrl(app.config), (err) => app.log.error({ err }, 'sponsor approval mail could not be sent'));
  const bootstrapDeps: bootstrapService.BootstrapDeps = { db: app.db, audit: app.audit, state: bootstrapService.newBootstrapState() };
  const deps = { db: app.db, audit: app.audit, sessions: app.sessions, notifySponsor };
  /** The editor's password check of this request: auth's throttled, audited check (action `user.update`). */
  const editorPasswordCheck = (request: FastifyRequest) => async (auth: AuthContext, password: string) => {
    const editor = await users.findById(app.db, auth.tenantId, auth.userId);
    if (!editor) throw new NotFoundError('The user');
    await checkCurrentPassword(app, { ...auditActor(request), ip: request.ip }, editor, 'user.update', 'currentPassword', password);
  };

  app.get(
    '/api2/IDM-v1/BootstrapStatus',
    { config: { auth: 'public' }, schema: { summary: 'Tell whether the server is in bootstrap mode', tags, response: { 200: BootstrapStatusSchema, ...errorResponses() } } },
    async (): Promise<BootstrapStatus> => ({ bootstrapMode: await bootstrapService.isBootstrapMode(bootstrapDeps) }),
  );

  app.post(
    '/api2/IDM-v1/Bootstrap',
    {
      config: { auth: 'public' },
      schema: { summary: 'Create the first tenant and administrator', tags, body: BootstrapRequestSchema, response: { 201: BootstrapResponseSchema, ...errorResponses(503) } },
    },
    async (request, reply) => reply.code(201).send(await bootstrapService.bootstrap(bootstrapDeps, { ip: request.ip }, request.body)),
  );

  app.get(
    '/api2/IDM-v1/Version',
    { config: { auth: 'public' }, schema: { summary: 'Read the product version', tags, response: { 200: VersionResponseSchema, ...errorResponses() } } },
    async (): Promise<VersionResponse> => ({ product: PRODUCT_NAME, version: pkg.version }),
  );

  app.get(
    '/api2/IDM-v1/News',
    { config: { auth: 'public' }, schema: { summary: 'Read the news', tags, response: { 200: NewsResponseSchema, ...errorResponses() } } },
    async (): Promise<NewsResponse> => ({ version: NEWS_VERSION_DEFAULT, items: [] }),
  );

  app.get(
    '/api2/IDM-v1/Users',
    {
      config: { auth: 'session', permission: 'userView' },
      schema: { summary: 'List users', tags, querystring: UserListQuerySchema, response: { 200: Type.Composite([PageOf(UserSummarySchema), Type.Object({ totalCapped: Type.Optional(Type.Boolean()) })]), ...errorResponses(401) } },
    },
    async (request) => usersService.listUsers(deps, requireAuth(request), request.query),
  );

  app.get(
    '/api2/IDM-v1/User',
    {
      config: { auth: 'session', permission: 'userView' },
      schema: { summary: 'Read a user', tags, querystring: IdQuery, response: { 200: UserSummarySchema, ...errorResponses(401, 404) } },
    },
    async (request) => usersService.getUser(deps, requireAuth(request), request.query.id),
  );

  app.post(
    '/api2/IDM-v1/User',
    {
      config: { auth: 'session', permission: 'userAdd' },
      schema: { summary: 'Create a user', tags, body: CreateUserRequestSchema, response: { 201: UserSummarySchema, ...errorResponses(401, 409, 503) } },
    },
    async (request, reply) => reply.code(201).send(await usersService.createUser(deps, requireAuth(request), actorOf(request), request.body)),
  );

  app.put(
    '/api2/IDM-v1/User',
    {
      config: { auth: 'session', permission: ['userEdit', 'selfServicePortal'] },
      schema: { summary: 'Update a user', tags, body: UpdateUserRequestSchema, response: { 200: UserSummarySchema, ...errorResponses(401, 404, 503) } },
    },
    async (request) => usersService.updateUser({ ...deps, checkEditorPassword: editorPasswordCheck(request) }, requireAuth(request), actorOf(request), request.body),
  );

  app.delete(
    '/api2/IDM-v1/User',
    {
      config: { auth: 'session', permission: 'userDelete' },
      schema: { summary: 'Delete a user', tags, querystring: IdQuery, response: { 204: NoContent, ...errorResponses(401, 404, 503) } },
    },
    async (request, reply) => {
      await usersService.deleteUser(deps, requireAuth(request), actorOf(request), request.query.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api2/IDM-v1/Roles',
    {
      config: { auth: 'session', permission: 'roleView' },
      schema: { summary: 'List roles', tags, querystring: RoleListQuerySchema, response: { 200: PageOf(RoleSchema), ...errorResponses(401) } },
    },
    async (request) => rolesService.listRoles(deps, requireAuth(request), request.query),
  );

  app.get(
    '/api2/IDM-v1/Role',
    {
      config: { auth: 'session', permission: 'roleView' },
      schema: { summary: 'Read a role', tags, querystring: IdQuery, response: { 200: RoleSchema, ...errorResponses(401, 404) } },
    },
    async (request) => rolesService.getRole(deps, requireAuth(request), request.query.id),
  );

  app.post(
    '/api2/IDM-v1/Role',
    {
      config: { auth: 'session', permission: 'roleAdd' },
      schema: { summary: 'Create a role', tags, body: CreateRoleRequestSchema, response: { 201: RoleSchema, ...errorResponses(401, 409, 503) } },
    },
    async (request, reply) => reply.code(201).send(await rolesService.createRole(deps, requireAuth(request), actorOf(request), request.body)),
  );

  app.put(
    '/api2/IDM-v1/Role',
    {
      config: { auth: 'session', permission: 'roleEdit' },
      schema: { summary: 'Update a role', tags, body: UpdateRoleRequestSchema, response: { 200: RoleSchema, ...errorResponses(401, 404, 409, 503) } },
    },
    async (request) => rolesService.updateRole(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.get(
    '/api2/IDM-v1/TenancyConfig',
    {
      config: { auth: 'session', permission: 'tenancyConfig' },
      schema: { summary: 'Read the tenancy configuration', tags, response: { 200: TenancyConfigSchema, ...errorResponses(401, 404) } },
    },
    async (request) => tenancyConfigService.getTenancyConfig(deps, requireAuth(request)),
  );

  app.patch(
    '/api2/IDM-v1/TenancyConfig',
    {
      config: { auth: 'session', permission: 'tenancyConfig' },
      schema: { summary: 'Change the tenancy configuration', tags, body: TenancyConfigPatchSchema, response: { 200: TenancyConfigSchema, ...errorResponses(401, 404, 503) } },
    },
    async (request) => tenancyConfigService.updateTenancyConfig(deps, requireAuth(request), actorOf(request), request.body),
  );
};
