/**
 * The `pcsc` backend: PC/SC through pcscd with the `pcsclite` addon (an optional dependency). This
 * is the only file that imports the binding. Works with real readers and with vpcd virtual readers.
 */
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { ReaderError, type BackendEvent, type BackendReader, type CardConnection, type ReaderBackend } from './types';

/** The message when the binding or the system library is missing. */
export const PCSC_MISSING_MESSAGE =
  'PC/SC is not available: the optional "pcsclite" module could not be loaded. Install libpcsclite (Debian: apt-get install libpcsclite-dev pcscd), then npm install pcsclite, or run the agent with TESSERA_AGENT_READERS=virtual.';

// Minimal shape of the binding we use (its own typings are not exported as a module type).
interface PcscReader extends EventEmitter {
  name: string;
  state: number;
  SCARD_SHARE_SHARED: number;
  SCARD_SHARE_EXCLUSIVE: number;
  SCARD_PROTOCOL_T0: number;
  SCARD_PROTOCOL_T1: number;
  SCARD_STATE_EMPTY: number;
  SCARD_STATE_PRESENT: number;
  SCARD_LEAVE_CARD: number;
  SCARD_RESET_CARD: number;
  connect(options: { share_mode?: number; protocol?: number }, cb: (err: unknown, protocol: number) => void): void;
  disconnect(disposition: number, cb: (err: unknown) => void): void;
  transmit(data: Buffer, resLen: number, protocol: number, cb: (err: unknown, response: Buffer) => void): void;
  close(): void;
}
interface Pcsc extends EventEmitter {
  close(): void;
}

const PCSCD_SOCKET = '/run/pcscd/pcscd.comm';
const PCSCD_PID_FILE = '/run/pcscd/pcscd.pid';

/** Whether process `pid` runs (EPERM: it runs, as another user; pcscd runs as root). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether pcscd runs: its socket and a live process behind its pid file. A socket alone is not enough: a pcscd
 * that was killed leaves both files behind, and PC/SC then answers "Service not available".
 */
export function pcscdRunning(): boolean {
  if (!existsSync(PCSCD_SOCKET)) return false;
  try {
    // pcscd writes "<pid>\n\0": parseInt stops at the newline.
    return processAlive(Number.parseInt(readFileSync(PCSCD_PID_FILE, 'utf8'), 10));
  } catch {
    return false;
  }
}

/** Loads the binding. @throws ReaderError PCSC_UNAVAILABLE with {@link PCSC_MISSING_MESSAGE} */
export function loadPcsc(): () => Pcsc {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('pcsclite') as () => Pcsc;
  } catch (cause) {
    throw new ReaderError('PCSC_UNAVAILABLE', PCSC_MISSING_MESSAGE, { cause });
  }
}

interface Known {
  reader: PcscReader;
  present: boolean;
  atr?: Buffer;
}

/** Largest response buffer (extended APDU). */
const MAX_RESPONSE = 65538;

/** Options of the pcsc backend. */
export interface PcscBackendOptions {
  /** Only readers whose name contains this text (e.g. "Virtual PCD"). */
  readerFilter?: string;
}

/** PC/SC readers through pcscd. */
export class PcscReaderBackend implements ReaderBackend {
  readonly kind = 'pcsc';
  readonly #events = new EventEmitter();
  readonly #known = new Map<string, Known>();
  readonly #filter: string | undefined;
  #pcsc: Pcsc | null = null;
  /** Every reader object the binding gave, filtered or not (each must be closed). */
  readonly #all = new Set<PcscReader>();

  constructor(options: PcscBackendOptions = {}) {
    this.#filter = options.readerFilter;
  }

  async start(): Promise<void> {
    const factory = loadPcsc();
    let pcsc: Pcsc;
    try {
      pcsc = factory();
    } catch (cause) {
      // SCardEstablishContext fails at once when pcscd does not answer ("Service not available").
      throw new ReaderError('PCSC_UNAVAILABLE', `PC/SC error: ${String((cause as Error)?.message ?? cause)} (is pcscd running?)`, { cause });
    }
    this.#pcsc = pcsc;
    await new Promise<void>((resolve, reject) => {
      // pcsclite reports readers one by one; wait for the first status round or a short quiet time.
      const settle = setTimeout(resolve, 300);
      pcsc.once('error', (error: unknown) => {
        clearTimeout(settle);
        reject(new ReaderError('PCSC_UNAVAILABLE', `PC/SC error: ${String((error as Error)?.message ?? error)} (is pcscd running?)`, { cause: error }));
      });
      pcsc.on('reader', (reader: PcscReader) => this.#track(reader));
    });
    pcsc.on('error', () => {});
  }

  #track(reader: PcscReader): void {
    this.#all.add(reader);
    reader.on('end', () => this.#all.delete(reader));
    if (this.#filter && !reader.name.includes(this.#filter)) {
      reader.on('error', () => {});
      return;
    }
    const known: Known = { reader, present: false };
    this.#known.set(reader.name, known);
    this.#emit({ type: 'readerAdded', readerName: reader.name });
    reader.on('error', () => {});
    reader.on('status', (status: { state: number; atr?: Buffer }) => {
      const present = (status.state & reader.SCARD_STATE_PRESENT) !== 0 && (status.state & reader.SCARD_STATE_EMPTY) === 0;
      if (present && !known.present) {
        known.present = true;
        known.atr = status.atr ? Buffer.from(status.atr) : Buffer.alloc(0);
        this.#emit({ type: 'cardInserted', readerName: reader.name, atr: known.atr });
      } else if (!present && known.present) {
        known.present = false;
        delete known.atr;
        this.#emit({ type: 'cardRemoved', readerName: reader.name });
      }
    });
    reader.on('end', () => {
      this.#known.delete(reader.name);
      this.#emit({ type: 'readerRemoved', readerName: reader.name });
    });
  }

  #emit(event: BackendEvent): void {
    this.#events.emit('event', event);
  }

  readers(): BackendReader[] {
    return [...this.#known.entries()].map(([name, k]) => ({ name, cardPresent: k.present, ...(k.atr ? { atr: k.atr } : {}) }));
  }

  onEvent(listener: (event: BackendEvent) => void): () => void {
    this.#events.on('event', listener);
    return () => this.#events.off('event', listener);
  }

  async connect(readerName: string, options: { exclusive?: boolean } = {}): Promise<CardConnection> {
    const known = this.#known.get(readerName);
    if (!known) throw new ReaderError('NO_READER', `reader '${readerName}' does not exist`);
    if (!known.present) throw new ReaderError('NO_CARD', `no card in reader '${readerName}'`);
    const { reader } = known;
    const protocol = await new Promise<number>((resolve, reject) => {
      reader.connect({ share_mode: options.exclusive ? reader.SCARD_SHARE_EXCLUSIVE : reader.SCARD_SHARE_SHARED, protocol: reader.SCARD_PROTOCOL_T0 | reader.SCARD_PROTOCOL_T1 }, (err, p) =>
        err ? reject(new ReaderError('NO_CARD', `cannot connect to the card in '${readerName}': ${String((err as Error).message ?? err)}`, { cause: err })) : resolve(p),
      );
    });
    let open = true;
    return {
      atr: known.atr ?? Buffer.alloc(0),
      transmit: (command) =>
        new Promise<Buffer>((resolve, reject) => {
          if (!open) return reject(new ReaderError('TRANSMIT', 'the connection is closed'));
          reader.transmit(command, MAX_RESPONSE, protocol, (err, response) =>
            err ? reject(new ReaderError('TRANSMIT', `transmit to '${readerName}' failed: ${String((err as Error).message ?? err)}`, { cause: err })) : resolve(response),
          );
        }),
      close: () =>
        new Promise<void>((resolve) => {
          if (!open) return resolve();
          open = false;
          // Reset on release: a PIN verified or a management key authenticated for this operation
          // must not stay usable by the next application that opens the card.
          reader.disconnect(reader.SCARD_RESET_CARD, () => resolve());
        }),
    };
  }

  async close(): Promise<void> {
    for (const reader of this.#all) reader.close();
    this.#all.clear();
    this.#known.clear();
    this.#pcsc?.close();
    this.#pcsc = null;
    this.#events.removeAllListeners();
  }
}
