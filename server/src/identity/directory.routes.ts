/** Routes of directory users (issue 13; docs/api.md "Directory users"): the connection, `/ad/list/users`, the LDAP sync. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DIRECTORY_KINDS, DIRECTORY_LIMITS, DIRECTORY_URL_PATTERN, DIRECTORY_USER_ACTIONS } from '@tessera/domain';
import { errorResponses, Password, SafeString } from '../platform/schemas';
import { StringEnum } from '../platform/string-enum';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './directory.service';

const tags = ['directory'];
const I = '/api2/IDM-v1';

const ConnectionSchema = Type.Object({
  configured: Type.Boolean(),
  kind: Type.Optional(StringEnum(DIRECTORY_KINDS)),
  url: Type.Optional(Type.String()),
  bindDn: Type.Optional(Type.String()),
  baseDn: Type.Optional(Type.String()),
  userFilter: Type.Optional(Type.String()),
  hasBindPassword: Type.Optional(Type.Boolean()),
  lastSyncAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

const DirectoryUserSchema = Type.Object({
  dn: Type.String(),
  username: Type.String(),
  givenName: Type.String(),
  familyName: Type.String(),
  emailAddress: Type.String(),
  telephone: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  synced: Type.Boolean(),
});

const SyncResultSchema = Type.Object({
  total: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  enabled: Type.Integer(),
  disabled: Type.Integer(),
  failed: Type.Integer(),
  unchanged: Type.Integer(),
  message: Type.String(),
  changes: Type.Array(Type.Object({ username: Type.String(), action: StringEnum(DIRECTORY_USER_ACTIONS), ok: Type.Boolean(), message: Type.String() })),
});

/** Registers the directory routes. */
export const directoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, sessions: app.sessions, config: app.config };

  app.get(
    `${I}/DirectoryConnection`,
    { config: { auth: 'session', permission: 'workflow' }, schema: { summary: "Read the tenant's directory connection (never the bind password)", tags, response: { 200: ConnectionSchema, ...errorResponses(401) } } },
    async (request) => service.getConnection(deps, requireAuth(request)),
  );
  app.put(
    `${I}/DirectoryConnection`,
    {
      config: { auth: 'session', permission: 'workflow' },
      schema: {
        summary: "Set the tenant's LDAP, Active Directory or Entra ID connection (the bind password or client secret is stored sealed)",
        tags,
        body: Type.Object(
          {
            kind: StringEnum(DIRECTORY_KINDS),
            url: Type.String({ maxLength: 300, pattern: DIRECTORY_URL_PATTERN }),
            bindDn: SafeString({ minLength: 1, maxLength: 500 }),
            bindPassword: Type.Optional(Password({ minLength: 1 })),
            baseDn: SafeString({ minLength: 1, maxLength: 500 }),
            userFilter: Type.Optional(SafeString({ maxLength: 1000 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: ConnectionSchema, ...errorResponses(401, 503) },
      },
    },
    async (request) => service.saveConnection(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.post(
    '/ad/list/users',
    {
      config: { auth: 'session', permission: 'userView' },
      schema: {
        summary: "List user entries of the tenant's directory, a page at a time (read with the LDAP paged-results control)",
        tags,
        body: Type.Object(
          {
            search: Type.Optional(SafeString({ maxLength: 200 })),
            page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
            pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: DIRECTORY_LIMITS.listMaxPageSize })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer(), users: Type.Array(DirectoryUserSchema) }), ...errorResponses(401, 409, 502) },
      },
    },
    async (request) => service.listDirectoryUsers(deps, requireAuth(request), request.body ?? {}),
  );
  app.post(
    `${I}/LdapSync`,
    {
      config: { auth: 'session', permission: 'workflow' },
      schema: { summary: "Sync the tenant's users with its directory (create, update, enable, disable)", tags, response: { 200: SyncResultSchema, ...errorResponses(401, 409, 502, 503) } },
    },
    async (request) => service.syncDirectory(deps, requireAuth(request), actorOf(request)),
  );
};
