/**
 * The embedded database in its own thread: a PGlite instance running in a worker thread
 * (pglite-thread-worker.mjs), with the query surface the Kysely dialect uses. The server's event loop then
 * spends no CPU time inside PostgreSQL's WebAssembly: the requests and the database use a core each. Queries
 * are answered in the order they were sent (one PGlite, one connection: the dialect serialises transactions).
 * The tests use it too (jest's sandbox cannot run PGlite's dynamic `import()`s).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGliteLike } from '../db/pglite-dialect';

interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: { message: string; code?: string };
}

/** Options of {@link PGliteThread}. */
export interface PGliteThreadOptions {
  /** Folder of the database's files (created by PGlite when missing); none: in memory. */
  dataDir?: string;
  /** An uncompressed data-directory tarball to start from (in memory). */
  loadDataDir?: Uint8Array;
}

/** PGlite in a worker thread. Always `close()` it: the worker keeps the process alive. */
export class PGliteThread implements PGliteLike {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  #nextId = 1;
  closed = false;

  constructor(options: PGliteThreadOptions = {}) {
    this.#worker = new Worker(path.join(__dirname, 'pglite-thread-worker.mjs'), { workerData: { dataDir: options.dataDir, loadDataDir: options.loadDataDir } });
    this.#worker.on('message', (reply: Reply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(Object.assign(new Error(reply.error?.message ?? 'pglite error'), reply.error));
    });
    this.#worker.on('error', (error) => {
      for (const p of this.#pending.values()) p.reject(error);
      this.#pending.clear();
    });
    // A thread that ends by itself (out of memory, a crash in the WebAssembly) answers what was asked of it and
    // everything after with an error, instead of leaving requests waiting for ever.
    this.#worker.on('exit', (code) => {
      if (this.closed) return;
      this.closed = true;
      const error = new Error(`pglite-thread: the database thread ended (exit code ${code})`);
      for (const p of this.#pending.values()) p.reject(error);
      this.#pending.clear();
    });
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('pglite-thread: closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ id, ...message });
    });
  }

  query<R>(sql: string, params: unknown[] = []): Promise<{ rows: R[]; affectedRows?: number; command?: string }> {
    return this.#call({ op: 'query', sql, params });
  }

  exec(sql: string): Promise<void> {
    return this.#call({ op: 'exec', sql });
  }

  /** Runs the statements as one transaction in one message (PGliteLike.statementsInTransaction). */
  statementsInTransaction(statements: readonly { sql: string; params: readonly unknown[] }[]): Promise<{ rows: unknown[]; affectedRows?: number; command?: string }[]> {
    return this.#call({ op: 'transaction', statements });
  }

  /** The data directory as an uncompressed tarball. */
  dumpDataDir(): Promise<Uint8Array> {
    return this.#call({ op: 'dump' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.#worker.terminate();
      for (const p of this.#pending.values()) p.reject(new Error('pglite-thread: closed'));
      this.#pending.clear();
    }
  }
}
