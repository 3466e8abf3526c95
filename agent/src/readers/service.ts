/**
 * The agent's view of its readers: wraps one backend, identifies each inserted card (ATR, PIV
 * serial, card type) and keeps a snapshot per reader that the server link streams up. Card
 * operations on one reader run one at a time. The server's card sessions (issue 15) go through
 * `openCard` / `transmit` / `closeCard`: the agent only relays APDU batches and holds the reader
 * for the session; it keeps no key, PIN or answer once the session is closed or idle too long.
 */
import { EventEmitter } from 'node:events';
import { createHash, randomUUID } from 'node:crypto';
import type { CardReader } from '@tessera/agent-protocol';
import type { PrinterInfo } from '../printers/types';
import { PivError, PivSession, transmitBatch, type BatchCommand } from '@tessera/card';
import { ReaderError, type BackendEvent, type CardConnection, type ReaderBackend } from './types';

/** A change of the snapshot, as streamed to the server. */
export interface ReaderChange {
  type: 'readerAdded' | 'readerRemoved' | 'cardInserted' | 'cardRemoved' | 'cardIdentified' | 'processing';
  readerName: string;
  reader: CardReader | null;
}

/** Options of the service. */
export interface ReaderServiceOptions {
  backend: ReaderBackend;
  /** Debug logger (never receives PINs or keys). */
  debug?: (message: string) => void;
  /** Readers that are the encoder of a card printer, by reader name (signin §3 reader `printer`). */
  printers?: Readonly<Record<string, PrinterInfo>>;
  /** A card session with no Transmit for this long is closed and its reader released (default 30 s). */
  cardIdleMs?: number;
}

/** Default idle limit of a card session. */
export const CARD_IDLE_MS = 30_000;

/** A card held open for the server (OpenCard … CloseCard). */
interface CardSession {
  readerName: string;
  connection: CardConnection;
  release: () => void;
  timer: NodeJS.Timeout;
  /** Transmits of one session run one after the other. */
  queue: Promise<unknown>;
}

function emptyReader(name: string, printer: PrinterInfo | null = null): CardReader {
  return { name, cardPresent: false, smartcard: null, printer, status: 'EMPTY', processing: false };
}

/** Readers, their cards, and serialised card operations. */
export class ReaderService {
  readonly #backend: ReaderBackend;
  readonly #debug: (message: string) => void;
  readonly #printers: Readonly<Record<string, PrinterInfo>>;
  readonly #readers = new Map<string, CardReader>();
  readonly #locks = new Map<string, Promise<unknown>>();
  readonly #events = new EventEmitter();
  readonly #cardSessions = new Map<string, CardSession>();
  /** Readers reserved or held by a card session. */
  readonly #held = new Set<string>();
  readonly #cardIdleMs: number;
  #unsubscribe: (() => void) | null = null;

  constructor(options: ReaderServiceOptions) {
    this.#cardIdleMs = options.cardIdleMs ?? CARD_IDLE_MS;
    this.#backend = options.backend;
    this.#debug = options.debug ?? (() => {});
    this.#printers = options.printers ?? {};
  }

  #empty(name: string): CardReader {
    return emptyReader(name, this.#printers[name] ?? null);
  }

  /** The backend kind (`pcsc` or `virtual`). */
  get backendKind(): string {
    return this.#backend.kind;
  }

  /** Starts the backend and identifies the cards already present. */
  async start(): Promise<void> {
    this.#unsubscribe = this.#backend.onEvent((event) => void this.#onBackendEvent(event));
    await this.#backend.start();
    for (const reader of this.#backend.readers()) {
      if (!this.#readers.has(reader.name)) this.#readers.set(reader.name, this.#empty(reader.name));
      if (reader.cardPresent) await this.#onBackendEvent({ type: 'cardInserted', readerName: reader.name, atr: reader.atr ?? Buffer.alloc(0) });
    }
  }

  /** Subscribes to snapshot changes. */
  onChange(listener: (change: ReaderChange) => void): () => void {
    this.#events.on('change', listener);
    return () => this.#events.off('change', listener);
  }

  #emit(type: ReaderChange['type'], readerName: string): void {
    const reader = this.#readers.get(readerName);
    this.#events.emit('change', { type, readerName, reader: reader ? { ...reader } : null } satisfies ReaderChange);
  }

  async #onBackendEvent(event: BackendEvent): Promise<void> {
    const name = event.readerName;
    switch (event.type) {
      case 'readerAdded':
        if (!this.#readers.has(name)) this.#readers.set(name, this.#empty(name));
        this.#emit('readerAdded', name);
        return;
      case 'readerRemoved':
        this.#readers.delete(name);
        this.#emit('readerRemoved', name);
        return;
      case 'cardRemoved': {
        this.#readers.set(name, { ...(this.#readers.get(name) ?? this.#empty(name)), cardPresent: false, smartcard: null, status: 'EMPTY' });
        this.#emit('cardRemoved', name);
        return;
      }
      case 'cardInserted': {
        const atr = event.atr.toString('hex').toUpperCase();
        this.#readers.set(name, {
          ...(this.#readers.get(name) ?? this.#empty(name)),
          cardPresent: true,
          smartcard: { atr, serialNumber: '', cardType: 'UNKNOWN' },
          status: 'PRESENT',
        });
        this.#emit('cardInserted', name);
        try {
          const identity = await this.withCard(name, (_connection, piv) => identify(piv, event.atr));
          const current = this.#readers.get(name);
          if (current?.cardPresent && current.smartcard?.atr === atr) {
            this.#readers.set(name, { ...current, smartcard: { atr, ...identity } });
            this.#emit('cardIdentified', name);
          }
        } catch (error) {
          this.#debug(`identifying the card in '${name}' failed: ${(error as Error).message}`);
        }
        return;
      }
    }
  }

  /** Snapshot of every reader. */
  list(): CardReader[] {
    return [...this.#readers.values()].map((r) => ({ ...r }));
  }

  /** Snapshot of one reader. @throws ReaderError NO_READER */
  get(readerName: string): CardReader {
    const reader = this.#readers.get(readerName);
    if (!reader) throw new ReaderError('NO_READER', `reader '${readerName}' does not exist`);
    return { ...reader };
  }

  /**
   * Runs an operation on the card in a reader with the PIV application selected, one operation per
   * reader at a time; the reader shows `processing` meanwhile.
   */
  async withCard<T>(readerName: string, operation: (connection: CardConnection, piv: PivSession) => Promise<T>): Promise<T> {
    const previous = this.#locks.get(readerName) ?? Promise.resolve();
    const run = previous.catch(() => {}).then(async () => {
      this.#setProcessing(readerName, true);
      const connection = await this.#backend.connect(readerName);
      try {
        const piv = new PivSession(connection);
        await piv.select();
        return await operation(connection, piv);
      } finally {
        await connection.close();
        this.#setProcessing(readerName, false);
      }
    });
    this.#locks.set(readerName, run);
    try {
      return await run;
    } finally {
      if (this.#locks.get(readerName) === run) this.#locks.delete(readerName);
    }
  }

  #setProcessing(readerName: string, processing: boolean): void {
    const reader = this.#readers.get(readerName);
    if (!reader || reader.processing === processing) return;
    this.#readers.set(readerName, { ...reader, processing });
    this.#emit('processing', readerName);
  }

  /** Verifies the card PIN. @throws PivError WRONG_PIN / BLOCKED */
  async validatePin(readerName: string, pin: string): Promise<{ valid: true }> {
    this.#debug(`validating the PIN of the card in '${readerName}'`);
    await this.withCard(readerName, (_c, piv) => piv.verifyPin(pin));
    return { valid: true };
  }

  /**
   * Opens the card in a reader for a card session and holds the reader (OpenCard): other
   * operations on it wait, and another OpenCard fails BUSY, until {@link closeCard} or the idle limit.
   * @throws ReaderError NO_READER, NO_CARD or BUSY
   */
  async openCard(readerName: string): Promise<{ handle: string; atr: string }> {
    if (!this.#readers.has(readerName)) throw new ReaderError('NO_READER', `reader '${readerName}' does not exist`);
    if (this.#held.has(readerName)) throw new ReaderError('BUSY', `reader '${readerName}' is held by another card session`);
    this.#held.add(readerName);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#locks.get(readerName) ?? Promise.resolve();
    const mine = previous.catch(() => {}).then(() => held);
    this.#locks.set(readerName, mine);
    void mine.then(() => {
      if (this.#locks.get(readerName) === mine) this.#locks.delete(readerName);
    });
    await previous.catch(() => {});
    let connection: CardConnection;
    try {
      this.#setProcessing(readerName, true);
      connection = await this.#backend.connect(readerName, { exclusive: true });
    } catch (error) {
      this.#held.delete(readerName);
      this.#setProcessing(readerName, false);
      release();
      throw error;
    }
    const handle = randomUUID();
    this.#cardSessions.set(handle, { readerName, connection, release, timer: this.#idleTimer(handle), queue: Promise.resolve() });
    this.#debug(`card session ${handle} opened on '${readerName}'`);
    return { handle, atr: connection.atr.toString('hex').toUpperCase() };
  }

  #idleTimer(handle: string): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.#debug(`card session ${handle} idle for ${this.#cardIdleMs} ms: closed`);
      void this.closeCard(handle);
    }, this.#cardIdleMs);
    timer.unref();
    return timer;
  }

  /**
   * Sends a batch to the card of a session (Transmit): answers in order, ending with the first one
   * outside its command's expected status words. @throws ReaderError CARD_SESSION, NO_CARD, TRANSMIT
   */
  async transmit(handle: string, commands: readonly BatchCommand[]): Promise<Buffer[]> {
    const session = this.#cardSessions.get(handle);
    if (!session) throw new ReaderError('CARD_SESSION', 'no such card session (closed, timed out, or never opened)');
    clearTimeout(session.timer);
    const run = session.queue.catch(() => {}).then(() => transmitBatch(session.connection, commands));
    session.queue = run;
    try {
      return await run;
    } finally {
      if (this.#cardSessions.get(handle) === session) session.timer = this.#idleTimer(handle);
    }
  }

  /** Ends a card session (CloseCard): the card is released (reset where the stack allows) and the reader freed. Idempotent. */
  async closeCard(handle: string): Promise<void> {
    const session = this.#cardSessions.get(handle);
    if (!session) return;
    this.#cardSessions.delete(handle);
    clearTimeout(session.timer);
    try {
      await session.queue.catch(() => {});
      await session.connection.close();
    } finally {
      this.#held.delete(session.readerName);
      this.#setProcessing(session.readerName, false);
      session.release();
      this.#debug(`card session ${handle} closed`);
    }
  }

  /** The handles of the open card sessions (tests, diagnostics). */
  cardSessions(): string[] {
    return [...this.#cardSessions.keys()];
  }

  async close(): Promise<void> {
    for (const handle of [...this.#cardSessions.keys()]) await this.closeCard(handle);
    this.#unsubscribe?.();
    this.#events.removeAllListeners();
    await this.#backend.close();
  }
}

/** Serial and type of a card: PIV with GET SERIAL, else the CHUID GUID, else an ATR digest. */
async function identify(piv: PivSession, atr: Buffer): Promise<{ serialNumber: string; cardType: string }> {
  const serial = await piv.getSerial();
  if (serial !== null) return { serialNumber: String(serial), cardType: 'PIV' };
  try {
    const chuid = await piv.getChuid();
    if (chuid.guid) return { serialNumber: chuid.guid.toString('hex').toUpperCase(), cardType: 'PIV' };
  } catch (error) {
    if (!(error instanceof PivError)) throw error;
  }
  return { serialNumber: createHash('sha256').update(atr).digest('hex').slice(0, 16).toUpperCase(), cardType: 'PIV' };
}
