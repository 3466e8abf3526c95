/**
 * `POST SubmitDeviceKeyRequest` (issue 12 `{entity}/add` for a device): a device certificate for a key the server
 * generates, delivered once as PKCS#12, like `SubmitUserKeyRequest` (docs/api.md "Endpoints (issue 12)").
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import { pkiDepsOf } from '../pki/pki.service';
import { DEVICE_CLASSES, submitKeyRequest } from './key-delivery.service';
import { KeyRequestResultSchema, SubmitKeyRequestSchema } from './certificates.schemas';

/** Registers `POST /api2/Certificates-v1/SubmitDeviceKeyRequest`. */
export const keyDeliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = pkiDepsOf(app);
  app.post(
    '/api2/Certificates-v1/SubmitDeviceKeyRequest',
    {
      config: { auth: 'session', permission: 'certSigningRequest' },
      schema: { summary: 'Request a device certificate for a key the server generates, delivered once as PKCS#12 with the given password', tags: ['certificates'], body: SubmitKeyRequestSchema, response: { 200: KeyRequestResultSchema, ...errorResponses(401, 404, 503) } },
    },
    async (request) => submitKeyRequest(deps, requireAuth(request), actorOf(request), request.body, DEVICE_CLASSES),
  );
};
