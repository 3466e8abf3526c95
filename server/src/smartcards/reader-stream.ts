/**
 * The ListReadersStream websocket (signin §7 websocket streams): the session's reader snapshot, then
 * every reader and card event of its agents as JSON. The upgrade carries the session cookie and must
 * come from the console's own origin (no cross-site websocket hijacking); the permission is checked
 * and the opening audited. Normal close code 1000 (signin §9).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { WS_NORMAL_CLOSE } from '@tessera/domain';
import { parseCookieHeader } from '../platform/cookies';
import { SESSION_COOKIE } from '../platform/session-cookie';
import { isExpired, sessionIdOf, type SessionRecord } from '../platform/session-store';
import { accessPermissions, loadAccess } from '../platform/access';
import { AgentHubError } from '../platform/agent-hub/errors';
import { CMS_CLIENT_PERMISSIONS, auditCall, type CmsClientDeps } from './cms-client.service';

/** How often an open stream rechecks its session. */
const SESSION_CHECK_MS = 5_000;

/** Refuses a websocket upgrade with a plain-text answer. */
export function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  socket.destroy();
}

/**
 * Checks a websocket upgrade: same-origin `Origin`, a live session cookie, an enabled user holding one of
 * `permissions` (default: the CMS Client permissions). Used by the reader stream and the card streams.
 */
export async function authoriseUpgrade(
  app: FastifyInstance,
  request: IncomingMessage,
  permissions: readonly string[] = CMS_CLIENT_PERMISSIONS,
): Promise<{ session: SessionRecord; username: string; userId: string; tenantId: string; permissions: ReadonlySet<string> } | { status: number; text: string }> {
  const origin = request.headers.origin;
  const host = request.headers.host;
  if (!origin || !host) return { status: 403, text: 'Forbidden' };
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return { status: 403, text: 'Forbidden' };
  }
  if (originHost !== host) return { status: 403, text: 'Forbidden' };
  const token = parseCookieHeader(request.headers.cookie)[SESSION_COOKIE];
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return { status: 401, text: 'not_logged_in' };
  const session = await app.sessions.get(sessionIdOf(token));
  if (!session || isExpired(session, app.now()) || session.state !== 'active' || !session.userId || !session.tenantId) return { status: 401, text: 'not_logged_in' };
  const access = await loadAccess(app.db, session.userId, session.tenantId);
  if (!access || !access.enabled) return { status: 401, text: 'not_logged_in' };
  const held = new Set(accessPermissions(access));
  if (!permissions.some((p) => held.has(p))) return { status: 403, text: 'Forbidden' };
  return { session, username: access.username, userId: session.userId, tenantId: session.tenantId, permissions: held };
}

const READER_EVENT_TYPES = ['readerAdded', 'readerRemoved', 'cardInserted', 'cardRemoved', 'cardIdentified', 'processing', 'agentConnected', 'agentDisconnected'];

/** What the OpenAPI document says of the stream (`x-websockets`). */
const STREAM_DOC = {
  summary: 'Reader and card events of the session\'s CMS Clients (websocket, signin §7)',
  description:
    'GET with `Upgrade: websocket`, the session cookie, and an `Origin` of the same host; needs smartcardManage or selfServicePortal. ' +
    'The server sends JSON text messages: first the reader snapshot (or noClient), then one message per event. Normal close 1000.',
  refusals: { 401: 'not_logged_in', 403: 'Forbidden (other origin or missing permission)', 503: 'Audit failed' },
  serverMessages: {
    oneOf: [
      { type: 'object', required: ['type', 'readerName', 'readers'], properties: { type: { const: 'readers' }, readerName: { const: '' }, readers: { type: 'array', items: { type: 'object' } } } },
      { type: 'object', required: ['type', 'readerName'], properties: { type: { enum: READER_EVENT_TYPES }, readerName: { type: 'string' }, reader: { type: 'object' } } },
      {
        type: 'object',
        required: ['type', 'readerName', 'operationId', 'step'],
        properties: { type: { const: 'cardProgress' }, readerName: { type: 'string' }, operationId: { type: 'string' }, step: { type: 'string' } },
      },
      { type: 'object', required: ['type', 'message'], properties: { type: { enum: ['noClient', 'error'] }, readerName: { const: '' }, message: { type: 'string' } } },
    ],
  },
};

/** Handles websocket upgrades on `paths`. */
export function registerReaderStream(app: FastifyInstance, deps: CmsClientDeps, paths: string[]): void {
  for (const path of paths) app.websocketDocs.set(path, STREAM_DOC);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const wanted = new Set(paths);

  const serve = async (ws: WebSocket, session: SessionRecord) => {
    const send = (message: unknown) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const off = app.agentHub.subscribe(session.id, (event) => send(event));
    const check = setInterval(() => {
      void app.sessions.get(session.id).then(
        (record) => {
          if (!record || isExpired(record, app.now())) ws.close(WS_NORMAL_CLOSE, 'session ended');
        },
        () => undefined,
      );
    }, SESSION_CHECK_MS);
    check.unref();
    ws.on('close', () => {
      off();
      clearInterval(check);
    });
    try {
      const snapshot = await app.agentHub.call(session.id, 'ListReaders', {});
      send({ type: 'readers', readerName: '', readers: snapshot.readers });
    } catch (error) {
      if (error instanceof AgentHubError && error.code === 'NO_CMS_CLIENT') send({ type: 'noClient', readerName: '', message: error.message });
      else send({ type: 'error', readerName: '', message: (error as Error).message });
    }
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!wanted.has(pathname)) return;
    void authoriseUpgrade(app, request).then(
      async (result) => {
        if ('status' in result) return rejectUpgrade(socket, result.status, result.text);
        // Audit the opening like every relayed call (an audit failure refuses the stream).
        const caller = { session: result.session as SessionRecord & { tenantId: string }, username: result.username, ip: request.socket.remoteAddress ?? '' };
        try {
          await auditCall(deps, caller, 'ListReadersStream');
        } catch {
          return rejectUpgrade(socket, 503, 'Audit failed');
        }
        wss.handleUpgrade(request, socket, head, (ws) => void serve(ws, result.session));
      },
      () => rejectUpgrade(socket, 500, 'Internal Server Error'),
    );
  };

  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.close(WS_NORMAL_CLOSE, 'server closing');
    // A client that does not answer the close frame must not hold the server open.
    if (wss.clients.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    for (const client of wss.clients) client.terminate();
    wss.close();
  });
}
