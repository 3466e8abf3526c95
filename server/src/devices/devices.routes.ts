/** Routes of devices and ipam (issue 13; admin-console §2.2 Devices; docs/api.md "Devices"). */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdQuery, NoContent } from '../platform/schemas';
import { actorOf, requireAuth } from '../platform/request';
import * as service from './devices.service';
import { endpointsRoutes } from './endpoints.routes';
import {
  CloneDeviceSchema,
  CreateDeviceSchema,
  CreateSubnetSchema,
  CsvUploadStatsSchema,
  DevicePageSchema,
  DeviceSchema,
  DevicesBatchSchema,
  DevicesQuery,
  IdParams,
  SubnetIpsSchema,
  SubnetSchema,
  UpdateDeviceSchema,
} from './devices.schemas';

const tags = ['devices'];
const I = '/api2/IDM-v1';

/** Registers the device and ipam routes. */
export const devicesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, audit: app.audit, now: () => app.now() };
  await app.register(endpointsRoutes);

  app.get(
    `${I}/Devices`,
    { config: { auth: 'session', permission: 'deviceView' }, schema: { summary: 'List devices', tags, querystring: DevicesQuery, response: { 200: DevicePageSchema, ...errorResponses(401) } } },
    async (request) => service.listDevices(deps, requireAuth(request), request.query),
  );
  app.get(
    `${I}/Device`,
    { config: { auth: 'session', permission: 'deviceView' }, schema: { summary: 'Read a device', tags, querystring: IdQuery, response: { 200: DeviceSchema, ...errorResponses(401, 404) } } },
    async (request) => service.getDevice(deps, requireAuth(request), request.query.id),
  );
  app.post(
    `${I}/Device`,
    { config: { auth: 'session', permission: 'deviceAdd' }, schema: { summary: 'Add a device', tags, body: CreateDeviceSchema, response: { 201: DeviceSchema, ...errorResponses(401, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await service.createDevice(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.put(
    `${I}/Device`,
    { config: { auth: 'session', permission: 'deviceEdit' }, schema: { summary: 'Edit a device', tags, body: UpdateDeviceSchema, response: { 200: DeviceSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request) => {
      const { id, ...input } = request.body;
      return service.updateDevice(deps, requireAuth(request), actorOf(request), id, input);
    },
  );
  app.post(
    `${I}/CloneDevice`,
    { config: { auth: 'session', permission: 'deviceAdd' }, schema: { summary: 'Add a device copied from another', tags, body: CloneDeviceSchema, response: { 201: DeviceSchema, ...errorResponses(401, 404, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await service.cloneDevice(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.post(
    `${I}/DevicesBatch`,
    { config: { auth: 'session', permission: 'deviceAdd' }, schema: { summary: 'Add devices from a CSV file', tags, body: DevicesBatchSchema, response: { 200: CsvUploadStatsSchema, ...errorResponses(401, 503) } } },
    async (request) => service.batchDevices(deps, requireAuth(request), actorOf(request), request.body.csv),
  );
  app.get(
    `${I}/Subnets`,
    { config: { auth: 'session', permission: 'deviceIpam' }, schema: { summary: 'List subnets', tags, response: { 200: Type.Array(SubnetSchema), ...errorResponses(401) } } },
    async (request) => service.listSubnets(deps, requireAuth(request)),
  );
  app.post(
    `${I}/Subnet`,
    { config: { auth: 'session', permission: 'deviceIpam' }, schema: { summary: 'Add a subnet', tags, body: CreateSubnetSchema, response: { 201: SubnetSchema, ...errorResponses(401, 409, 503) } } },
    async (request, reply) => reply.code(201).send(await service.createSubnet(deps, requireAuth(request), actorOf(request), request.body)),
  );
  app.delete(
    `${I}/Subnet/:id`,
    { config: { auth: 'session', permission: 'deviceIpam' }, schema: { summary: 'Delete an empty subnet', tags, params: IdParams, response: { 204: NoContent, ...errorResponses(401, 404, 409, 503) } } },
    async (request, reply) => {
      await service.deleteSubnet(deps, requireAuth(request), actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    `${I}/SubnetIps`,
    { config: { auth: 'session', permission: 'deviceIpam' }, schema: { summary: 'List the used addresses of a subnet', tags, querystring: IdQuery, response: { 200: SubnetIpsSchema, ...errorResponses(401, 404) } } },
    async (request) => service.subnetIps(deps, requireAuth(request), request.query.id),
  );
};
