/** Routes of device certificate endpoints and the certificate endpoint map (issue 13; docs/api.md "Device certificate endpoints"). */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, NoContent } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './endpoints.service';
import { IdParams } from './devices.schemas';
import {
  CertIdQuery,
  CreateEndpointSchema,
  DeviceEndpointSchema,
  DeviceIdQuery,
  EndpointMapQuery,
  EndpointPageSchema,
  ScanEndpointSchema,
  UpdateEndpointSchema,
} from './endpoints.schemas';

const tags = ['devices'];
const I = '/api2/IDM-v1';
const C = '/api2/Certificates-v1';

/** Registers the endpoint routes. */
export const endpointsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now() };

  app.get(
    `${I}/DeviceEndpoints`,
    { config: { auth: 'session', permission: 'deviceView' }, schema: { summary: "List a device's certificate endpoints", tags, querystring: DeviceIdQuery, response: { 200: Type.Array(DeviceEndpointSchema), ...errorResponses(401, 404) } } },
    async (request) => service.listDeviceEndpoints(deps, requireAuth(request), request.query.deviceId),
  );
  app.post(
    `${I}/DeviceEndpoint`,
    { config: { auth: 'session', permission: 'deviceEdit' }, schema: { summary: 'Add a certificate endpoint to a device', tags, body: CreateEndpointSchema, response: { 201: DeviceEndpointSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request, reply) => {
      const { deviceId, ...input } = request.body;
      return reply.code(201).send(await service.createEndpoint(deps, requireAuth(request), actorOf(request), deviceId, input));
    },
  );
  app.put(
    `${I}/DeviceEndpoint`,
    { config: { auth: 'session', permission: 'deviceEdit' }, schema: { summary: 'Edit a certificate endpoint', tags, body: UpdateEndpointSchema, response: { 200: DeviceEndpointSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => {
      const { id, ...input } = request.body;
      return service.updateEndpoint(deps, requireAuth(request), actorOf(request), id, input);
    },
  );
  app.delete(
    `${I}/DeviceEndpoint/:id`,
    { config: { auth: 'session', permission: 'deviceEdit' }, schema: { summary: 'Delete a certificate endpoint', tags, params: IdParams, response: { 204: NoContent, ...errorResponses(401, 404, 503) } } },
    async (request, reply) => {
      await service.deleteEndpoint(deps, requireAuth(request), actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    `${I}/ScanDeviceEndpoint`,
    { config: { auth: 'session', permission: 'deviceEdit' }, schema: { summary: 'Scan a certificate endpoint (one TLS handshake)', tags, body: ScanEndpointSchema, response: { 200: DeviceEndpointSchema, ...errorResponses(401, 404, 503) } } },
    async (request) => service.scanEndpoint(deps, requireAuth(request), actorOf(request), request.body.id),
  );
  app.get(
    `${I}/DeviceEndpointMap`,
    { config: { auth: 'session', permission: 'deviceView' }, schema: { summary: "The tenant's certificate endpoints with their certificate status", tags, querystring: EndpointMapQuery, response: { 200: EndpointPageSchema, ...errorResponses(401) } } },
    async (request) => service.endpointMap(deps, requireAuth(request), request.query),
  );
  app.get(
    `${C}/CertificateEndpoints`,
    { config: { auth: 'session', permission: 'certView' }, schema: { summary: 'The endpoints where a certificate was last seen', tags, querystring: CertIdQuery, response: { 200: Type.Array(DeviceEndpointSchema), ...errorResponses(401, 404) } } },
    async (request) => service.certificateEndpoints(deps, requireAuth(request), request.query.certId),
  );
};
