/** Routes of user photos (issue 13): upload with its own body limit (`config.upload`: a 10 MB file), read, remove. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdQuery, NoContent, Uuid } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './user-photos.service';

const tags = ['identity'];

const UserPhotoSchema = Type.Object({ userId: Type.String(), thumbnail: Type.String(), image: Type.Optional(Type.String()), updatedAt: Type.String() });
const SetUserPhotoSchema = Type.Object({ userId: Uuid(), image: Type.String() }, { additionalProperties: false });
const PhotoQuery = Type.Object({ id: Uuid(), full: Type.Optional(Type.Boolean()) }, { additionalProperties: false });

/** Registers the user photo routes. */
export const userPhotosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit };

  app.put(
    '/api2/IDM-v1/UserPhoto',
    {
      config: { auth: 'session', permission: ['userEdit', 'selfServicePortal'], upload: true },
      schema: { summary: "Upload a user's photo (a JPEG, PNG, GIF or BMP data URL)", tags, body: SetUserPhotoSchema, response: { 200: UserPhotoSchema, ...errorResponses(401, 404, 503) } },
    },
    async (request) => service.setUserPhoto(deps, requireAuth(request), actorOf(request), request.body),
  );

  app.get(
    '/api2/IDM-v1/UserPhoto',
    {
      config: { auth: 'session', permission: ['userView', 'selfServicePortal'] },
      schema: { summary: "Read a user's photo thumbnail (and the image with full=true)", tags, querystring: PhotoQuery, response: { 200: UserPhotoSchema, ...errorResponses(401, 404) } },
    },
    async (request) => service.getUserPhoto(deps, requireAuth(request), request.query.id, request.query.full === true),
  );

  app.delete(
    '/api2/IDM-v1/UserPhoto',
    {
      config: { auth: 'session', permission: ['userEdit', 'selfServicePortal'] },
      schema: { summary: "Remove a user's photo", tags, querystring: IdQuery, response: { 204: NoContent, ...errorResponses(401, 404, 503) } },
    },
    async (request, reply) => {
      await service.deleteUserPhoto(deps, requireAuth(request), actorOf(request), request.query.id);
      return reply.code(204).send(null);
    },
  );
};
