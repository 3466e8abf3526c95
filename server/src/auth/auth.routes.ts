/** Routes of Authentication-v1 and the legacy `/api/login`, `/api/logout`. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { errorResponses, globalOrJson, NoContent } from '../platform/schemas';
import { requireAuth } from '../platform/request';
import { viewerOfApiKey } from '../platform/api-key-auth';
import { currentSession } from '../platform/session-cookie';
import { buildViewer } from '../identity/viewer.service';
import { ViewerSchema } from '../platform/viewer.schemas';
import * as authService from './auth.service';
import { clearSessionCookie, requestSessionId, setSessionCookie } from '../platform/session-cookie';
import {
  AnonymousSessionResponseSchema,
  DisclaimerResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  SessionInfoSchema,
} from './auth.schemas';

const tags = ['authentication'];

/** Registers the sign-in and session routes. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {

  const previousSessionId = (request: FastifyRequest): string | null => requestSessionId(request);

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await currentSession(request);
    if (session) await authService.logout(app, { ip: request.ip }, session);
    clearSessionCookie(request, reply);
    return reply.code(204).send(null);
  };

  app.get(
    '/api2/Authentication-v1/Xsrf',
    { config: { auth: 'public' }, schema: { summary: 'Set the XSRF cookie', tags, response: { 204: NoContent, ...errorResponses() } } },
    async (_request, reply) => reply.code(204).send(null),
  );

  app.post(
    '/api2/Authentication-v1/login',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Sign in with username and password',
        tags,
        body: LoginRequestSchema,
        // 401 INVALID_CREDENTIALS is JSON; 429 is the global limiter's text or LOGIN_THROTTLED JSON.
        response: { 200: LoginResponseSchema, ...errorResponses(503), 401: Type.Ref('ApiErrorBody'), 429: globalOrJson(429) },
      },
    },
    async (request, reply) => {
      const { token, body } = await authService.login(app, { ip: request.ip, hostname: request.hostname }, request.body, previousSessionId(request));
      setSessionCookie(request, reply, token);
      return body;
    },
  );

  app.post(
    '/api2/Authentication-v1/check-session',
    { config: { auth: 'session' }, schema: { summary: 'Read the session (does not extend it)', tags, response: { 200: SessionInfoSchema, ...errorResponses(401) } } },
    async (request) => authService.check(app, requireAuth(request).session),
  );

  app.post(
    '/api2/Authentication-v1/refresh-session',
    { config: { auth: 'session' }, schema: { summary: 'Extend the session', tags, response: { 200: SessionInfoSchema, ...errorResponses(401) } } },
    async (request) => authService.refresh(app, requireAuth(request).session),
  );

  app.post(
    '/api2/Authentication-v1/logout',
    { config: { auth: 'public' }, schema: { summary: 'Sign out', tags, response: { 204: NoContent, ...errorResponses(503) } } },
    logout,
  );

  app.post(
    '/api2/Authentication-v1/AnonymousSession',
    { config: { auth: 'public' }, schema: { summary: 'Start an anonymous session', tags, response: { 200: AnonymousSessionResponseSchema, ...errorResponses(404) } } },
    async (request, reply) => {
      const { token, body } = await authService.anonymous(app, request.hostname, previousSessionId(request));
      setSessionCookie(request, reply, token);
      return body;
    },
  );

  app.get(
    '/api2/Authentication-v1/Disclaimer',
    { config: { auth: 'public' }, schema: { summary: 'Read the tenant disclaimer', tags, response: { 200: DisclaimerResponseSchema, ...errorResponses() } } },
    async (request) => ({ disclaimer: await authService.disclaimer(app, request.hostname) }),
  );

  app.get(
    '/api/login',
    { config: { auth: 'session', apiKey: true }, schema: { summary: 'Read the signed-in viewer (legacy)', tags, response: { 200: ViewerSchema, ...errorResponses(401) } } },
    async (request) => {
      const { userId, tenantId } = requireAuth(request);
      return viewerOfApiKey(await buildViewer(app.db, userId, tenantId), requireAuth(request));
    },
  );

  app.post('/api/logout', { config: { auth: 'public' }, schema: { summary: 'Sign out (legacy)', tags, response: { 204: NoContent, ...errorResponses(503) } } }, logout);
};
