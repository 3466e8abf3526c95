/**
 * The `pcsc` backend: PC/SC through pcscd with the `pcsclite` addon (an optional dependency). The addon is
 * loaded only by the PC/SC host process (`pcsc-host.cjs`), which this file starts. Works with real readers and
 * with vpcd virtual readers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { ReaderError, type BackendEvent, type BackendReader, type CardConnection, type ReaderBackend } from './types';

/** The message when the binding or the system library is missing. */
export const PCSC_MISSING_MESSAGE =
  'PC/SC is not available: the optional "pcsclite" module could not be loaded. Install libpcsclite (Debian: apt-get install libpcsclite-dev pcscd), then npm install pcsclite, or run the agent with TESSERA_AGENT_READERS=virtual.';

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

interface Known {
  /** The host's id for this reader. */
  id: number;
  present: boolean;
  atr?: Buffer;
}

/** Messages of the host (`pcsc-host.cjs`). */
type HostMessage =
  | { t: 'ready' }
  | { t: 'fatal'; kind: 'missing' | 'context'; message: string }
  | { t: 'reader'; id: number; name: string }
  | { t: 'status'; id: number; present: boolean; atr: Uint8Array }
  | { t: 'end'; id: number }
  | { t: 'reply'; rid: number; ok: true; value?: unknown }
  | { t: 'reply'; rid: number; ok: false; message: string };

/** How long a host has to exit by itself on close before it is killed. */
const HOST_EXIT_GRACE_MS = 1000;

// require.resolve, not __dirname: tsx gives a module imported from ESM a data: URL as its directory.
const HOST_PATH = require.resolve('./pcsc-host.cjs');

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Options of the pcsc backend. */
export interface PcscBackendOptions {
  /** Only readers whose name contains this text (e.g. "Virtual PCD"). */
  readerFilter?: string;
  /** The binding module the host loads (default `pcsclite`; tests pass a missing one or a fake). */
  bindingModule?: string;
}

/**
 * PC/SC readers through pcscd. The `pcsclite` addon runs in a child process (`pcsc-host.cjs`, see there why):
 * this class keeps the readers' state from the host's events and sends it connect, transmit and disconnect.
 */
export class PcscReaderBackend implements ReaderBackend {
  readonly kind = 'pcsc';
  readonly #events = new EventEmitter();
  readonly #known = new Map<string, Known>();
  /** Reader names by the host's id, filtered or not. */
  readonly #names = new Map<number, string>();
  readonly #filter: string | undefined;
  readonly #bindingModule: string;
  #host: ChildProcess | null = null;
  #exited: Promise<void> = Promise.resolve();
  #nextRid = 1;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  constructor(options: PcscBackendOptions = {}) {
    this.#filter = options.readerFilter;
    this.#bindingModule = options.bindingModule ?? 'pcsclite';
  }

  /** The host process's pid while it runs (for tests and diagnostics). */
  get hostPid(): number | undefined {
    return this.#host?.pid;
  }

  async start(): Promise<void> {
    const host = fork(HOST_PATH, [this.#bindingModule], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: [] });
    this.#host = host;
    this.#exited = new Promise<void>((resolve) => host.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      let started = false;
      host.on('message', (message: HostMessage) => {
        if (message.t === 'ready') {
          started = true;
          resolve();
        } else if (message.t === 'fatal') {
          reject(
            message.kind === 'missing'
              ? new ReaderError('PCSC_UNAVAILABLE', PCSC_MISSING_MESSAGE, { cause: new Error(message.message) })
              : new ReaderError('PCSC_UNAVAILABLE', `PC/SC error: ${message.message} (is pcscd running?)`),
          );
        } else this.#onHostMessage(message);
      });
      host.once('error', (error) => reject(new ReaderError('PCSC_UNAVAILABLE', `PC/SC error: the PC/SC host could not start: ${error.message}`, { cause: error })));
      host.once('exit', (code, signal) => {
        const error = new ReaderError('TRANSMIT', 'the PC/SC host stopped');
        for (const pending of this.#pending.values()) pending.reject(error);
        this.#pending.clear();
        for (const name of this.#known.keys()) this.#emit({ type: 'readerRemoved', readerName: name });
        this.#known.clear();
        this.#names.clear();
        if (this.#host === host) this.#host = null;
        if (!started) reject(new ReaderError('PCSC_UNAVAILABLE', `PC/SC error: the PC/SC host stopped (${signal ?? `exit code ${code}`})`));
      });
    }).catch(async (error: unknown) => {
      await this.close();
      throw error;
    });
  }

  #onHostMessage(message: HostMessage): void {
    if (message.t === 'reader') {
      this.#names.set(message.id, message.name);
      if (this.#filter && !message.name.includes(this.#filter)) return;
      this.#known.set(message.name, { id: message.id, present: false });
      this.#emit({ type: 'readerAdded', readerName: message.name });
    } else if (message.t === 'status') {
      const name = this.#names.get(message.id);
      const known = name === undefined ? undefined : this.#known.get(name);
      if (!known || name === undefined) return;
      if (message.present && !known.present) {
        known.present = true;
        known.atr = toBuffer(message.atr);
        this.#emit({ type: 'cardInserted', readerName: name, atr: known.atr });
      } else if (!message.present && known.present) {
        known.present = false;
        delete known.atr;
        this.#emit({ type: 'cardRemoved', readerName: name });
      }
    } else if (message.t === 'end') {
      const name = this.#names.get(message.id);
      this.#names.delete(message.id);
      if (name !== undefined && this.#known.get(name)?.id === message.id) {
        this.#known.delete(name);
        this.#emit({ type: 'readerRemoved', readerName: name });
      }
    } else if (message.t === 'reply') {
      const pending = this.#pending.get(message.rid);
      if (!pending) return;
      this.#pending.delete(message.rid);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(new Error(message.message));
    }
  }

  /** Sends a request to the host and waits for its reply. */
  #request(message: { t: 'connect'; id: number; exclusive: boolean } | { t: 'transmit'; id: number; data: Buffer; protocol: number } | { t: 'disconnect'; id: number }): Promise<unknown> {
    const host = this.#host;
    if (!host?.connected) return Promise.reject(new Error('the PC/SC host is not running'));
    const rid = this.#nextRid++;
    return new Promise((resolve, reject) => {
      this.#pending.set(rid, { resolve, reject });
      host.send({ ...message, rid });
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
    const { id } = known;
    const protocol = (await this.#request({ t: 'connect', id, exclusive: options.exclusive === true }).catch((err: unknown) => {
      throw new ReaderError('NO_CARD', `cannot connect to the card in '${readerName}': ${String((err as Error).message ?? err)}`, { cause: err });
    })) as number;
    let open = true;
    return {
      atr: known.atr ?? Buffer.alloc(0),
      transmit: async (command) => {
        if (!open) throw new ReaderError('TRANSMIT', 'the connection is closed');
        const response = await this.#request({ t: 'transmit', id, data: command, protocol }).catch((err: unknown) => {
          throw new ReaderError('TRANSMIT', `transmit to '${readerName}' failed: ${String((err as Error).message ?? err)}`, { cause: err });
        });
        return toBuffer(response as Uint8Array);
      },
      close: async () => {
        if (!open) return;
        open = false;
        // The host resets the card on release (see pcsc-host.cjs); a host that is gone has released it already.
        await this.#request({ t: 'disconnect', id }).catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    const host = this.#host;
    this.#events.removeAllListeners();
    if (host && host.exitCode === null && host.signalCode === null) {
      if (host.connected) host.send({ t: 'close' });
      const timer = setTimeout(() => host.kill('SIGKILL'), HOST_EXIT_GRACE_MS);
      await this.#exited;
      clearTimeout(timer);
    }
    this.#host = null;
    this.#known.clear();
    this.#names.clear();
  }
}
