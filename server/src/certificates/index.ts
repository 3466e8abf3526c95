/**
 * The certificates area (issue 12; mirrors `apps/certificates`): requests, certificates, revocations,
 * search and decode. One plugin registers the area's routes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { approvalsRoutes } from './approvals.routes';
import { certificateViewRoutes } from './certificate-view.routes';
import { decodeRoutes } from './decode.routes';
import { certificatesRoutes as requestRoutes } from './certificates.routes';
import { keyDeliveryRoutes } from './key-delivery.routes';

/** Registers every route of the certificates area. */
export const certificatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(requestRoutes);
  await app.register(certificateViewRoutes);
  await app.register(decodeRoutes);
  await app.register(approvalsRoutes);
  await app.register(keyDeliveryRoutes);
};
