/**
 * Group commit: concurrent requests that each need a short write transaction are written together, in one
 * transaction whose statements carry every request's rows (multi-row INSERTs), as databases do with their
 * own log flushes. An idle committer starts a transaction for the first item at once (a lone request waits
 * for nothing); items that arrive while a transaction runs are queued and go into the next one, up to
 * `maxBatch` at a time.
 *
 * Each item keeps its own outcome. When a batch's transaction fails (an audit write refused, a constraint),
 * nothing of it is stored and its items are replayed one by one, each in its own transaction: only the item
 * that fails alone answers its error (e.g. 503 `Audit failed`), with nothing of it stored, and the others
 * succeed as they would have without the batch.
 */
import type { Db, Trx } from '../db/database';

/** Writes a batch of items in `trx`; answers one result per item, in order. */
export type BatchWriter<I, R> = (trx: Trx, items: readonly I[]) => Promise<R[]>;

interface Pending<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/** Options of a {@link GroupCommit}. */
export interface GroupCommitOptions {
  /** The most items written in one transaction (default 64). */
  maxBatch?: number;
}

/** Batches items of concurrent requests into shared write transactions. */
export class GroupCommit<I, R> {
  readonly #db: Db;
  readonly #write: BatchWriter<I, R>;
  readonly #maxBatch: number;
  #queue: Pending<I, R>[] = [];
  #running = false;
  /** Batches written and items in them (for tests and figures). */
  readonly stats = { batches: 0, items: 0, replays: 0 };

  constructor(db: Db, write: BatchWriter<I, R>, options: GroupCommitOptions = {}) {
    this.#db = db;
    this.#write = write;
    this.#maxBatch = Math.max(1, options.maxBatch ?? 64);
  }

  /** Queues an item; resolves to its result once its transaction has committed. */
  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, this.#maxBatch);
        await this.#run(batch);
      }
    } finally {
      this.#running = false;
    }
  }

  async #run(batch: Pending<I, R>[]): Promise<void> {
    this.stats.batches += 1;
    this.stats.items += batch.length;
    let results: R[];
    try {
      results = await this.#db.transaction().execute((trx) => this.#writeChecked(trx, batch.map((p) => p.item)));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One item may be the cause: each alone, so that only the failing one fails.
      this.stats.replays += 1;
      for (const pending of batch) {
        try {
          const [result] = await this.#db.transaction().execute((trx) => this.#writeChecked(trx, [pending.item]));
          pending.resolve(result as R);
        } catch (itemError) {
          pending.reject(itemError);
        }
      }
      return;
    }
    batch.forEach((pending, i) => pending.resolve(results[i] as R));
  }

  async #writeChecked(trx: Trx, items: readonly I[]): Promise<R[]> {
    const results = await this.#write(trx, items);
    if (results.length !== items.length) throw new Error(`group commit: the writer answered ${results.length} results for ${items.length} items`);
    return results;
  }
}
