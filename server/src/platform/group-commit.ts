/**
 * Group commit: concurrent requests that each need a short write transaction are written together, in one
 * transaction whose statements carry every request's rows (multi-row INSERTs), as databases do with their
 * own log flushes. Items that arrive while a transaction runs are queued and go into the next one, up to
 * `maxBatch` at a time.
 *
 * Requests may announce their item when they start (`announce()`), before the reads and the work that make
 * it: a committer about to start a transaction then holds it for the items announced before that moment
 * that are still on their way (at most `maxWaitMs`, and not beyond `maxBatch` items), so that a transaction
 * carries every request in flight rather than the few that happened to be ready. The hold asks nothing of
 * the database (the announced requests' reads go on meanwhile). A lone request, or one whose companions
 * have all been submitted, waits for nothing: its transaction starts at once.
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
  /** The longest a transaction is held for announced items still on their way (default 10 ms). */
  maxWaitMs?: number;
}

/** An item announced to a {@link GroupCommit}: submitted once made, or withdrawn (either once; later calls do nothing more). */
export interface Announcement<I, R> {
  submit(item: I): Promise<R>;
  withdraw(): void;
}

/** Batches items of concurrent requests into shared write transactions. */
export class GroupCommit<I, R> {
  readonly #db: Db;
  readonly #write: BatchWriter<I, R>;
  readonly #maxBatch: number;
  readonly #maxWaitMs: number;
  #queue: Pending<I, R>[] = [];
  #running = false;
  /** The announcements not yet submitted nor withdrawn, by their number (in increasing order). */
  readonly #announced = new Set<number>();
  #lastAnnounced = 0;
  /** Called when an announcement ends or an item is queued, while a transaction is held. */
  #wake: (() => void) | null = null;
  /** Batches written and items in them, replayed batches, batches held for announced items and those whose hold timed out (for tests and figures). */
  readonly stats = { batches: 0, items: 0, replays: 0, held: 0, holdTimeouts: 0 };

  constructor(db: Db, write: BatchWriter<I, R>, options: GroupCommitOptions = {}) {
    this.#db = db;
    this.#write = write;
    this.#maxBatch = Math.max(1, options.maxBatch ?? 64);
    this.#maxWaitMs = Math.max(0, options.maxWaitMs ?? 10);
  }

  /** Queues an item; resolves to its result once its transaction has committed. */
  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      if (!this.#running) void this.#drain();
      else this.#wake?.();
    });
  }

  /** Announces an item that this request will submit (or withdraw, e.g. when it fails before) soon. */
  announce(): Announcement<I, R> {
    const number = ++this.#lastAnnounced;
    this.#announced.add(number);
    const end = () => {
      if (this.#announced.delete(number)) this.#wake?.();
    };
    return {
      submit: (item) => {
        // The announcement ends as the item is queued (submit wakes a held transaction).
        this.#announced.delete(number);
        return this.submit(item);
      },
      withdraw: end,
    };
  }

  /** Whether an announcement made up to `cutoff` is still on its way. */
  #awaiting(cutoff: number): boolean {
    // The set holds numbers in increasing order: its first is the oldest announcement still on its way.
    for (const number of this.#announced) return number <= cutoff;
    return false;
  }

  /** Holds the next transaction for the items announced before now that are still on their way. */
  #gather(): Promise<void> | undefined {
    const cutoff = this.#lastAnnounced;
    const ready = () => this.#queue.length >= this.#maxBatch || !this.#awaiting(cutoff);
    if (ready() || this.#maxWaitMs === 0) return undefined;
    this.stats.held += 1;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = null;
        resolve();
      };
      const timer = setTimeout(() => {
        this.stats.holdTimeouts += 1;
        // Late ones are not waited for again (nor one whose request never ends it): they join a batch when they come.
        for (const number of this.#announced) {
          if (number > cutoff) break;
          this.#announced.delete(number);
        }
        done();
      }, this.#maxWaitMs);
      this.#wake = () => {
        if (ready()) done();
      };
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.length > 0) {
        await this.#gather();
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
