/**
 * A PGlite instance running in a worker thread, with the query surface the Kysely dialect uses. Tests
 * need it because jest's sandbox cannot run PGlite's dynamic `import()`s; production uses PGlite directly.
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

/** PGlite behind a worker. Always `close()` it: the worker keeps the process alive. */
export class PGliteProxy implements PGliteLike {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  #nextId = 1;
  closed = false;

  constructor(options: { loadDataDir?: Uint8Array } = {}) {
    this.#worker = new Worker(path.join(__dirname, 'pglite-worker.mjs'), { workerData: { loadDataDir: options.loadDataDir } });
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
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('pglite-proxy: closed'));
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
    }
  }
}
