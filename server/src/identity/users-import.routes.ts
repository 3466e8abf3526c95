/** Routes of the users CSV import and export (issue 13; docs/api.md "Users CSV"). */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, MultilineString, responseOf } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './users-import.service';

const tags = ['users'];
const I = '/api2/IDM-v1';

const ResultSchema = Type.Object({
  total: Type.Integer(),
  valid: Type.Integer(),
  applied: Type.Boolean(),
  created: Type.Integer(),
  errors: Type.Array(Type.Object({ row: Type.Integer(), column: Type.String(), message: Type.String() })),
});

/** Registers the users CSV routes. */
export const usersImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit };

  app.post(
    `${I}/UsersImport`,
    {
      config: { auth: 'session', permission: 'userAdd', upload: true },
      schema: {
        summary: 'Import users from CSV (dry run: check only); nothing is created when any row is bad',
        tags,
        body: Type.Object({ csv: MultilineString({ minLength: 1, maxLength: 10_000_000 }), dryRun: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
        response: { 200: ResultSchema, ...errorResponses(401, 503) },
      },
    },
    async (request) => service.importUsers(deps, requireAuth(request), actorOf(request), request.body),
  );
  app.get(
    `${I}/UsersExport`,
    { config: { auth: 'session', permission: 'userView' }, schema: { summary: 'Export the users of the tenant as CSV', tags, response: { 200: responseOf('The users as CSV', { 'text/csv': Type.String() }), ...errorResponses(401) } } },
    async (request, reply) => {
      const csv = await service.exportUsers(deps, requireAuth(request));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="users.csv"').send(csv);
    },
  );
};
