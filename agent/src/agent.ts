/**
 * `createAgent(config)`: the local security client: reader service, virtual printer, the loopback
 * HTTP API for the console (`GET /version`, `POST /connect`, `POST /KillSession`), the local events
 * websocket, and the server link. Nothing starts until `listen()`.
 */
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { AgentConfig } from './config';
import { AGENT_VERSION } from './version';
import { ReaderService } from './readers/service';
import { VirtualReaderBackend, virtualReaderName } from './readers/virtual';
import { PcscReaderBackend } from './readers/pcsc';
import { ReaderError, type ReaderBackend } from './readers/types';
import { VirtualPivCard } from '@tessera/card';
import { VirtualCardPrinter } from './printers/virtual';
import { IppCardPrinter } from './printers/ipp';
import { PrinterError, type CardPrinter } from './printers/types';
import { ServerLink, LinkError, type AgentHandlers } from './server-link/ServerLink';
import { VscManager, VscStore } from './virtual-card/store';
import { VSC_MESSAGES } from '@tessera/domain';

/** A running agent. */
export interface Agent {
  /** Starts the readers and listens. Resolves with the bound port. */
  listen(): Promise<number>;
  close(): Promise<void>;
  readonly readers: ReaderService;
  /** The virtual backend when `readers` is `virtual`. */
  readonly virtual: VirtualReaderBackend | null;
  /** Server links now open. */
  links(): ServerLink[];
}

/** Largest accepted request body. */
const MAX_BODY = 64 * 1024;

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  response.end(text);
}

function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(Object.assign(new Error('request body too large'), { status: 413 }));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (text === '') return resolve({});
      try {
        const value: unknown = JSON.parse(text);
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
        resolve(value as Record<string, unknown>);
      } catch {
        reject(Object.assign(new Error('the body must be a JSON object'), { status: 400 }));
      }
    });
    request.on('error', reject);
  });
}

/** Creates the agent. */
export function createAgent(config: Readonly<AgentConfig>, options: { backend?: ReaderBackend } = {}): Agent {
  const debug = config.debug ? (m: string) => process.stderr.write(`tessera-agent: ${m}\n`) : () => {};
  let virtual: VirtualReaderBackend | null = null;
  let backend: ReaderBackend;
  if (options.backend) backend = options.backend;
  else if (config.readers === 'pcsc') backend = new PcscReaderBackend(config.pcscFilter ? { readerFilter: config.pcscFilter } : {});
  else {
    virtual = new VirtualReaderBackend(Array.from({ length: config.virtualReaders }, (_, i) => ({ name: virtualReaderName(i), card: new VirtualPivCard() })));
    backend = virtual;
  }
  if (options.backend instanceof VirtualReaderBackend) virtual = options.backend;
  const encoder = virtual && config.printerReader !== null ? virtualReaderName(config.printerReader) : virtual ? null : (config.printerEncoder ?? null);
  // Each insert feeds a factory-fresh virtual card into the virtual encoder (a printer's hopper of blank cards),
  // once the reader service has identified it, so that a batch issues a new card each time.
  const feed = async (): Promise<void> => {
    if (!virtual || config.printerReader === null || !encoder) return; // a PC/SC encoder is fed by the printer itself
    virtual.remove(config.printerReader);
    virtual.insert(config.printerReader, new VirtualPivCard());
    for (let i = 0; i < 200 && readers.get(encoder).smartcard?.cardType !== 'PIV'; i++) await new Promise((r) => setTimeout(r, 10));
  };
  const printer = new VirtualCardPrinter({ name: 'Tessera Virtual Card Printer', folder: config.printerDir, encoderReader: encoder, feed });
  // The card printers by name: the virtual one, then the IPP ones, each tied to the PC/SC reader of its encoder.
  const cardPrinters = new Map<string, CardPrinter>([[printer.info().name, printer]]);
  for (const p of config.ippPrinters) cardPrinters.set(p.name, new IppCardPrinter({ name: p.name, uri: p.uri, encoderReader: p.reader }));
  const printers = Object.fromEntries([...cardPrinters.values()].filter((p) => p.encoderReader !== null).map((p) => [p.encoderReader!, p.info()]));
  const printerNamed = (name: string): CardPrinter => {
    const found = cardPrinters.get(name);
    if (!found) throw new PrinterError('NO_PRINTER', `the agent has no printer '${name}'`);
    return found;
  };
  const readers = new ReaderService({ backend, debug, printers });
  // Virtual smart cards (issue 15): with virtual readers and a VSC key only.
  const vsc = virtual && config.vscKey ? new VscManager({ store: new VscStore({ dataDir: config.dataDir, key: config.vscKey }), readers: virtual, debug }) : null;
  let links: ServerLink[] = [];
  let boundPort = config.port;

  const allowedHosts = () => new Set([`127.0.0.1:${boundPort}`, `localhost:${boundPort}`, `[::1]:${boundPort}`]);

  /** Host and Origin checks (DNS rebinding and foreign web pages). Returns an error text or null. */
  const refuse = (request: IncomingMessage): { status: number; message: string } | null => {
    const host = request.headers.host ?? '';
    if (!allowedHosts().has(host.toLowerCase())) return { status: 421, message: `Host '${host}' is not this agent` };
    const origin = request.headers.origin;
    if (origin !== undefined && !config.origins.includes(origin)) return { status: 403, message: `Origin '${origin}' is not allowed` };
    return null;
  };

  const handlers: Omit<AgentHandlers, 'OpenCard' | 'Transmit' | 'CloseCard'> = {
    Ping: async () => ({ pong: true, version: AGENT_VERSION }),
    ListReaders: async () => ({ readers: readers.list() }),
    GetReader: async ({ readerName }) => readers.get(readerName),
    ValidatePin: async ({ readerName, pin }) => {
      try {
        return await readers.validatePin(readerName, pin);
      } finally {
        // A VSC's retry counter moved either way: keep it.
        await vsc?.persist(readerName);
      }
    },
    CreateVirtualCard: async () => {
      if (!vsc) throw Object.assign(new Error(VSC_MESSAGES.UNSUPPORTED), { code: 'NOT_SUPPORTED' });
      const created = await vsc.create();
      for (let i = 0; i < 200 && readers.get(created.readerName).smartcard?.cardType !== 'PIV'; i++) await new Promise((r) => setTimeout(r, 10));
      return created;
    },
    ListPrinters: async () => ({ printers: [...cardPrinters.values()].map((p) => p.info()) }),
    PrinterInsertCard: async ({ printerName }) => {
      const target = printerNamed(printerName);
      await target.insertCard();
      return { inserted: true, readerName: target.encoderReader };
    },
    PrinterEjectCard: async ({ printerName }) => {
      await printerNamed(printerName).ejectCard();
      return { ejected: true };
    },
    PrinterCardPrint: async ({ printerName, cardSerial, front, back, pdf }) => {
      const target = printerNamed(printerName);
      debug(`printing card '${cardSerial}' on '${printerName}'`);
      return target.print({ cardSerial, front: Buffer.from(front, 'base64'), back: Buffer.from(back, 'base64'), pdf: Buffer.from(pdf, 'base64') });
    },
    KillSession: async () => ({ killed: true }),
  };

  /** The card sessions open on a VSC: the card is written back to its file when the session ends. */
  const vscHandles = new Map<string, string>();
  const persistVsc = async (handle: string): Promise<void> => {
    const readerName = vscHandles.get(handle);
    if (readerName === undefined) return;
    vscHandles.delete(handle);
    await vsc?.persist(readerName).catch((error: unknown) => debug(`VSC in '${readerName}' could not be saved: ${(error as Error).message}`));
  };

  /**
   * The handlers of one link: the card sessions it opens are its own (another link cannot reach
   * them) and end with it.
   */
  const handlersFor = (owned: Set<string>): AgentHandlers => ({
    ...handlers,
    OpenCard: async ({ readerName, operationId }) => {
      debug(`operation ${operationId}: opening the card in '${readerName}'`);
      const opened = await readers.openCard(readerName);
      owned.add(opened.handle);
      if (vsc?.isVsc(readerName)) vscHandles.set(opened.handle, readerName);
      return opened;
    },
    Transmit: async ({ handle, operationId, step, commands }) => {
      if (!owned.has(handle)) throw new ReaderError('CARD_SESSION', 'no such card session on this link');
      // Never the APDUs themselves: they carry PINs and management-key cryptograms.
      debug(`operation ${operationId}: ${step} (${commands.length} APDUs)`);
      const answers = await readers.transmit(handle, commands.map((c) => ({ apdu: Buffer.from(c.apdu, 'hex'), expect: c.expect })));
      return { answers: answers.map((a) => a.toString('hex')) };
    },
    CloseCard: async ({ handle }) => {
      if (owned.delete(handle)) await readers.closeCard(handle);
      await persistVsc(handle);
      return { closed: true };
    },
  });

  const releaseAll = (owned: Set<string>) => {
    for (const handle of owned) void readers.closeCard(handle).then(() => persistVsc(handle));
    owned.clear();
  };

  const connect = async (body: Record<string, unknown>): Promise<{ status: number; body: unknown }> => {
    const token = body.SessionCookie;
    const grpcConfig = body.GRPCConfig as { AgentAddress?: unknown; AgentPort?: unknown; AgentTls?: unknown } | undefined;
    if (typeof token !== 'string' || token.length < 16 || token.length > 512) return { status: 400, body: { message: 'SessionCookie must be the agent token from the server' } };
    const address = grpcConfig?.AgentAddress;
    const port = Number(grpcConfig?.AgentPort);
    if (typeof address !== 'string' || !/^[A-Za-z0-9.\-:[\]]{1,253}$/.test(address) || !Number.isInteger(port) || port < 1 || port > 65535) {
      return { status: 400, body: { message: 'GRPCConfig must hold AgentAddress and AgentPort' } };
    }
    // One session per agent: a new connect replaces the previous link, but only once the server has
    // accepted the new token (a bad or spent token leaves the live link up).
    const owned = new Set<string>();
    const link: ServerLink = new ServerLink({
      target: { address, port, token, ...(grpcConfig?.AgentTls === true ? { tls: config.serverCa ? { ca: readFileSync(config.serverCa) } : {} } : {}) },
      handlers: handlersFor(owned),
      agentVersion: AGENT_VERSION,
      backend: readers.backendKind,
      debug,
      subscribe: (sendEvent) => {
        // The server gets the full list at once, then every change.
        sendEvent('readers', '', { readers: readers.list() });
        return readers.onChange((change) => sendEvent(change.type, change.readerName, { reader: change.reader }));
      },
      onEnd: () => {
        releaseAll(owned);
        links = links.filter((l) => l !== link);
      },
      // A broken stream releases the link's cards at once: the server's session cannot go on.
      onDisconnect: () => releaseAll(owned),
    });
    try {
      await link.open();
    } catch (error) {
      link.close('connect failed');
      const message = error instanceof LinkError ? error.message : String(error);
      return { status: 502, body: { message } };
    }
    const replaced = links;
    links = [link];
    for (const old of replaced) old.close('replaced by a new connect');
    return { status: 200, body: { connected: true, agentId: link.agentId } };
  };

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const origin = request.headers.origin;
    const refused = refuse(request);
    if (refused) return send(response, refused.status, { message: refused.message });
    if (origin) {
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('vary', 'Origin');
    }
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'Content-Type',
        // Chrome's Private Network Access preflight for a page reaching a loopback address.
        'access-control-allow-private-network': 'true',
        'access-control-max-age': '600',
      });
      return void response.end();
    }
    const key = `${request.method} ${url.pathname}`;
    switch (key) {
      case 'GET /version':
        return send(response, 200, { version: AGENT_VERSION });
      case 'POST /connect': {
        const result = await connect(await readJson(request));
        return send(response, result.status, result.body);
      }
      case 'POST /KillSession': {
        for (const link of links) link.close('KillSession');
        links = [];
        return send(response, 200, { killed: true });
      }
      case 'GET /readers':
        return send(response, 200, { readers: readers.list() });
      case 'POST /virtual-card/insert':
      case 'POST /virtual-card/remove': {
        if (!virtual) return send(response, 409, { message: 'this agent does not use virtual readers' });
        const body = await readJson(request);
        const index = Number(body.reader ?? 0);
        if (!Number.isInteger(index) || index < 0) return send(response, 400, { message: 'reader must be a reader index' });
        if (url.pathname.endsWith('insert')) virtual.insert(index);
        else virtual.remove(index);
        return send(response, 200, { readerName: virtualReaderName(index) });
      }
      default:
        return send(response, 404, { message: `no ${key}` });
    }
  };

  const server = http.createServer((request, response) => {
    route(request, response).catch((error: { status?: number; message?: string; code?: string }) => {
      if (response.headersSent) return response.destroy();
      const status = error.status ?? (error.code === 'NO_READER' ? 404 : 500);
      send(response, status, { message: status === 500 ? 'internal error' : (error.message ?? 'error') });
    });
  });

  // A local events websocket (signin §9 "a local websocket default also exists at the loopback
  // address"): reader changes as JSON, with the same Host and Origin checks on the upgrade.
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refused = refuse(request);
    if (refused || new URL(request.url ?? '/', 'http://x').pathname !== '/events') {
      socket.write(`HTTP/1.1 ${refused?.status ?? 404} ${refused ? 'Refused' : 'Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.send(JSON.stringify({ type: 'readers', readers: readers.list() }));
      const off = readers.onChange((change) => ws.send(JSON.stringify(change)));
      ws.on('close', off);
    });
  });

  return {
    readers,
    virtual,
    links: () => [...links],
    async listen() {
      if (vsc) await vsc.start();
      await readers.start();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => resolve());
      });
      boundPort = (server.address() as AddressInfo).port;
      return boundPort;
    },
    async close() {
      for (const link of links) link.close('agent shutting down');
      links = [];
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await readers.close();
    },
  };
}
