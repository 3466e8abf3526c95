/**
 * The one place errors become answers: domain errors by code, schema errors as 400 `VALIDATION` with
 * the field named, oversized bodies as 413, the plain-text global bodies, and 5xx messages hidden.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { GLOBAL_BODIES, type ApiErrorBody, type ErrorCode } from '@tessera/domain';
import { AppError, LoginThrottledError, TooManyRequestsError } from '../platform/errors';
import { BODY_LIMIT_BYTES, payloadTooLargeMessage } from '../platform/body-limits';
import { isDatabaseConnectionError, isRedisConnectionError, ServiceUnavailableError, type Dependency } from '../platform/availability';
import { formatSchemaError, type SchemaErrorLike } from '../platform/validation-errors';

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

function sendJson(reply: FastifyReply, status: number, body: ApiErrorBody): void {
  // A string with a content type is sent as is: the route's response schema for that status may be
  // plain text (429 on login can be either).
  reply.code(status).type(JSON_TYPE).send(JSON.stringify(body));
}

function sendText(reply: FastifyReply, status: number, text: string): void {
  reply.code(status).type(TEXT_TYPE).send(text);
}

function handleAppError(error: AppError, request: FastifyRequest, reply: FastifyReply): void {
  switch (error.code) {
    case 'NOT_LOGGED_IN':
      return sendText(reply, 401, GLOBAL_BODIES.notLoggedIn);
    case 'TOO_MANY_REQUESTS':
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendText(reply, 429, GLOBAL_BODIES.tooManyRequests);
    case 'AUDIT_FAILED':
      request.log.error({ err: error.cause ?? error }, 'audit write failed; action rolled back');
      return sendText(reply, 503, GLOBAL_BODIES.auditFailed);
    default: {
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error.field !== undefined) body.field = error.field;
      if (error instanceof LoginThrottledError) {
        body.retryAfterSeconds = error.retryAfterSeconds;
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      // An unreachable part is logged once per outage by its plugin, not once per request.
      if (error.statusCode >= 500 && error.code !== 'SERVICE_UNAVAILABLE') request.log.error({ err: error }, 'request failed');
      return sendJson(reply, error.statusCode, body);
    }
  }
}

/** Which part a lost connection belongs to (Redis when its client is not ready, else by the error's shape). */
function unreachablePart(error: unknown, request: FastifyRequest): Dependency | null {
  const redis = request.server.redis as { status?: string } | null | undefined;
  const redisDown = Boolean(redis) && redis?.status !== 'ready';
  if (redisDown && isRedisConnectionError(error)) return 'redis';
  if (isDatabaseConnectionError(error)) return 'database';
  if (redis && isRedisConnectionError(error)) return 'redis';
  return null;
}

/** Sets the error and not-found handlers. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return handleAppError(error, request, reply);
      const unavailable = unreachablePart(error, request);
      if (unavailable) return handleAppError(new ServiceUnavailableError(unavailable, { cause: error }), request, reply);

      if (error.validation && error.validation.length > 0) {
        const { field, message } = formatSchemaError(error.validation[0] as unknown as SchemaErrorLike, error.validationContext ?? 'body');
        return sendJson(reply, 400, { code: 'VALIDATION', message, field });
      }

      switch (error.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return sendJson(reply, 413, { code: 'PAYLOAD_TOO_LARGE', message: payloadTooLargeMessage(request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES) });
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return sendJson(reply, 415, { code: 'VALIDATION', message: 'body must be JSON', field: 'body' });
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          return sendJson(reply, 400, { code: 'VALIDATION', message: 'body must be valid JSON', field: 'body' });
        default:
          break;
      }

      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Framework 4xx (e.g. malformed JSON, bad content length): say what, not how.
        const code: ErrorCode = status === 404 ? 'NOT_FOUND' : 'VALIDATION';
        const message = error instanceof SyntaxError ? 'body must be valid JSON' : error.message;
        return sendJson(reply, status, { code, message, ...(code === 'VALIDATION' ? { field: 'body' } : {}) });
      }
      request.log.error({ err: error }, 'request failed');
      return sendJson(reply, 500, { code: 'INTERNAL', message: 'Internal Server Error' });
    });

    app.setNotFoundHandler((request, reply) => {
      sendJson(reply, 404, { code: 'NOT_FOUND', message: `${request.method} ${request.url.split('?')[0]} was not found` });
    });
  },
  { name: 'tessera-errors', fastify: '5.x' },
);
