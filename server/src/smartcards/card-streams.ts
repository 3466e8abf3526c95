/**
 * The card operation streams (signin §7 websocket streams; issue 15 "IssueCardStream, ReissueCardStream,
 * RegisterCardStream, UnregisterCardStream sit beside ListReadersStream"): the console opens the stream, sends the
 * operation's request as its one message, and receives the card's progress steps of that operation (`cardProgress`
 * with the operation id) and then one outcome, `cardOperationDone` with the result or `cardOperationFailed` with
 * the status, code, field and message the HTTP call would have answered; the server then closes with 1000.
 * The upgrade needs the session cookie, the console's own origin and smartcardManage; the operation audits itself.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { MESSAGES, WS_NORMAL_CLOSE } from '@tessera/domain';
import type { AuditEventInput } from '../platform/audit';
import { AppError } from '../platform/errors';
import type { AuthContext } from '../platform/types';
import { authoriseUpgrade, rejectUpgrade } from './reader-stream';
import { CARD_PROGRESS_EVENT } from './remote-card';

type Actor = Pick<AuditEventInput, 'actorUserId' | 'actorUsername' | 'actorApiKeyId' | 'ip'>;

/** How long the server waits for the request message after the upgrade. */
export const CARD_STREAM_REQUEST_TIMEOUT_MS = 30_000;
/** Message types of the card streams' outcome. */
export const CARD_OPERATION_DONE = 'cardOperationDone';
export const CARD_OPERATION_FAILED = 'cardOperationFailed';

/** One card operation stream. */
export interface CardStreamOptions {
  paths: string[];
  /** The request message's schema (the HTTP call's body). */
  schema: TSchema;
  summary: string;
  /** Runs the operation, publishing its progress under `operationId`. */
  run: (auth: AuthContext, actor: Actor, body: unknown, operationId: string) => Promise<unknown>;
}

/** The first schema problem of a message as `{field, message}` (dotted path, like the HTTP 400). */
function schemaProblem(schema: TSchema, value: unknown): { field: string; message: string } | null {
  const first = Value.Errors(schema, value).First();
  if (!first) return null;
  const field = first.path.split('/').filter(Boolean).join('.') || 'body';
  return { field, message: `${field} ${first.message.charAt(0).toLowerCase()}${first.message.slice(1)}` };
}

const readerOf = (body: unknown): string => {
  type WithCard = { card_id?: { readerName?: unknown; reader_name?: unknown } };
  // IssueTemporaryCard nests the card in card_request; IssueVSC names none (the agent makes the reader).
  const id = (body as WithCard | null)?.card_id ?? (body as { card_request?: WithCard } | null)?.card_request?.card_id;
  const name = id?.readerName ?? id?.reader_name;
  return typeof name === 'string' ? name : '';
};

/** Handles the upgrades of one card operation stream. */
export function registerCardStreams(app: FastifyInstance, options: CardStreamOptions): void {
  for (const path of options.paths) {
    app.websocketDocs.set(path, {
      summary: options.summary,
      description:
        'GET with `Upgrade: websocket`, the session cookie, and an `Origin` of the same host; needs smartcardManage. The client sends the request (the HTTP call\'s body) as one JSON text message; ' +
        `the server answers the operation's progress steps, then ${CARD_OPERATION_DONE} {result} or ${CARD_OPERATION_FAILED} {status, code, field, message}, and closes with 1000.`,
      refusals: { 401: 'not_logged_in', 403: 'Forbidden (other origin or missing permission)' },
      serverMessages: {
        oneOf: [
          {
            type: 'object',
            required: ['type', 'readerName', 'operationId', 'step'],
            properties: { type: { const: CARD_PROGRESS_EVENT }, readerName: { type: 'string' }, operationId: { type: 'string' }, step: { type: 'string' }, virtualReaderName: { type: 'string', description: 'IssueVSCStream: the reader the agent made for the VSC (readerName stays empty)' } },
          },
          { type: 'object', required: ['type', 'readerName', 'operationId', 'result'], properties: { type: { const: CARD_OPERATION_DONE }, readerName: { type: 'string' }, operationId: { type: 'string' }, result: { type: 'object' } } },
          {
            type: 'object',
            required: ['type', 'readerName', 'operationId', 'status', 'code', 'message'],
            properties: { type: { const: CARD_OPERATION_FAILED }, readerName: { type: 'string' }, operationId: { type: 'string' }, status: { type: 'integer' }, code: { type: 'string' }, field: { type: 'string' }, message: { type: 'string' } },
          },
        ],
      },
    });
  }
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const wanted = new Set(options.paths);

  const serve = (ws: WebSocket, auth: AuthContext, actor: Actor) => {
    const operationId = randomUUID();
    let readerName = '';
    const send = (message: unknown) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const finish = (message: Record<string, unknown>) => {
      send({ readerName, operationId, ...message });
      ws.close(WS_NORMAL_CLOSE, 'done');
    };
    const failed = (error: unknown) => {
      if (error instanceof AppError) return finish({ type: CARD_OPERATION_FAILED, status: error.statusCode, code: error.code, ...(error.field ? { field: error.field } : {}), message: error.message });
      app.log.error({ err: error, operationId }, 'card stream operation failed');
      return finish({ type: CARD_OPERATION_FAILED, status: 500, code: 'INTERNAL', message: MESSAGES.UNEXPECTED_ERROR_TOAST });
    };
    const timer = setTimeout(() => failed(new AppError('VALIDATION', 400, 'No request arrived', { field: 'body' })), CARD_STREAM_REQUEST_TIMEOUT_MS);
    timer.unref();
    let off: (() => void) | null = null;
    ws.on('close', () => {
      clearTimeout(timer);
      off?.();
    });
    ws.once('message', (data: RawData) => {
      clearTimeout(timer);
      let body: unknown;
      try {
        body = JSON.parse(String(data));
      } catch {
        return failed(new AppError('VALIDATION', 400, 'body must be a JSON object', { field: 'body' }));
      }
      readerName = readerOf(body);
      const problem = schemaProblem(options.schema, body);
      if (problem) return failed(new AppError('VALIDATION', 400, problem.message, { field: problem.field }));
      off = app.agentHub.subscribe(auth.session.id, (event) => {
        if (event.type !== CARD_PROGRESS_EVENT || event.operationId !== operationId) return;
        // A request that names no reader (IssueVSC: the agent makes one) keeps the stream's own name on every message,
        // so the console follows one stream by one name; the card's reader goes along as virtualReaderName.
        send(readerName ? event : { ...event, readerName, virtualReaderName: event.readerName });
      });
      options.run(auth, actor, body, operationId).then(
        (result) => finish({ type: CARD_OPERATION_DONE, result }),
        (error: unknown) => failed(error),
      );
    });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!wanted.has(pathname)) return;
    void authoriseUpgrade(app, request, ['smartcardManage']).then(
      (result) => {
        if ('status' in result) return rejectUpgrade(socket, result.status, result.text);
        const auth: AuthContext = { session: result.session, userId: result.userId, tenantId: result.tenantId, username: result.username, permissions: result.permissions };
        const actor: Actor = { actorUserId: result.userId, actorUsername: result.username, actorApiKeyId: null, ip: request.socket.remoteAddress ?? '' };
        wss.handleUpgrade(request, socket, head, (ws) => serve(ws, auth, actor));
      },
      () => rejectUpgrade(socket, 500, 'Internal Server Error'),
    );
  };

  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    wss.close();
  });
}
