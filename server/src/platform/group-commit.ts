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
 *
 * A writer either writes a batch in a Kysely transaction, or gives the batch's compiled statements, which run as one
 * transaction (db/create-db runStatementsInTransaction: on the embedded database's thread, one message with no round
 * trip through the event loop between the statements). Those transactions are pipelined: the next batch is sent
 * while one runs (two at most in flight), so that the database does not wait for the event loop between batches.
 */
import type { CompiledQuery, QueryResult } from 'kysely';
import type { Db, Trx } from '../db/database';
import { runStatementsInTransaction, type StatementError } from '../db/create-db';

/** Writes a batch of items in `trx`; answers one result per item, in order. */
export type BatchWriter<I, R> = (trx: Trx, items: readonly I[]) => Promise<R[]>;

/** A statement of a batch, and what the batch's items answer when it fails (e.g. an audit statement's AuditFailedError); default its error. */
export interface BatchStatement {
  query: CompiledQuery;
  failure?(cause: StatementError): unknown;
}

/** A batch as compiled statements run in one transaction, and each item's result from their answers. */
export interface StatementBatch<R> {
  statements: BatchStatement[];
  /** One result per item, in order, from the statements' answers once committed. */
  results(answers: QueryResult<unknown>[]): R[];
}

/** Compiles a batch of items into the statements of its transaction. */
export interface StatementBatchWriter<I, R> {
  statements(items: readonly I[]): StatementBatch<R>;
}

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
  /** The batches in flight at once for a StatementBatchWriter (default 2; a BatchWriter's run one at a time). */
  maxInFlight?: number;
}

/** An item announced to a {@link GroupCommit}: submitted once made, or withdrawn (either once; later calls do nothing more). */
export interface Announcement<I, R> {
  submit(item: I): Promise<R>;
  withdraw(): void;
}

/** Batches items of concurrent requests into shared write transactions. */
export class GroupCommit<I, R> {
  readonly #db: Db;
  readonly #write: BatchWriter<I, R> | StatementBatchWriter<I, R>;
  readonly #maxBatch: number;
  readonly #maxWaitMs: number;
  readonly #maxInFlight: number;
  /** Called when an item is queued while the drain waits for a batch in flight to end. */
  #arrival: (() => void) | null = null;
  #queue: Pending<I, R>[] = [];
  #running = false;
  /** The announcements not yet submitted nor withdrawn, by their number (in increasing order). */
  readonly #announced = new Set<number>();
  #lastAnnounced = 0;
  /** Called when an announcement ends or an item is queued, while a transaction is held. */
  #wake: (() => void) | null = null;
  /** Batches written and items in them, replayed batches, batches held for announced items and those whose hold timed out (for tests and figures). */
  readonly stats = { batches: 0, items: 0, replays: 0, held: 0, holdTimeouts: 0 };

  constructor(db: Db, write: BatchWriter<I, R> | StatementBatchWriter<I, R>, options: GroupCommitOptions = {}) {
    this.#db = db;
    this.#write = write;
    this.#maxBatch = Math.max(1, options.maxBatch ?? 64);
    this.#maxWaitMs = Math.max(0, options.maxWaitMs ?? 10);
    this.#maxInFlight = typeof write === 'function' ? 1 : Math.max(1, options.maxInFlight ?? 2);
  }

  /** Queues an item; resolves to its result once its transaction has committed. */
  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      if (!this.#running) void this.#drain();
      else {
        this.#wake?.();
        this.#arrival?.();
      }
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
    const inFlight = new Set<Promise<void>>();
    try {
      while (this.#queue.length > 0 || inFlight.size > 0) {
        if (this.#queue.length === 0 || inFlight.size >= this.#maxInFlight) {
          // A batch in flight ends, or (with room for another) an item comes.
          const arrived = this.#queue.length === 0 && inFlight.size < this.#maxInFlight ? new Promise<void>((resolve) => (this.#arrival = resolve)) : null;
          await Promise.race(arrived ? [...inFlight, arrived] : inFlight);
          this.#arrival = null;
          continue;
        }
        await this.#gather();
        const run: Promise<void> = this.#run(this.#queue.splice(0, this.#maxBatch)).finally(() => inFlight.delete(run));
        inFlight.add(run);
      }
    } finally {
      this.#running = false;
    }
  }

  /** Writes `items` in one transaction: the writer's, or its statements run as one. */
  async #attempt(items: readonly I[]): Promise<R[]> {
    const write = this.#write;
    if (typeof write === 'function') return this.#db.transaction().execute((trx) => this.#checked(items, write(trx, items)));
    const batch = write.statements(items);
    let answers: QueryResult<unknown>[];
    try {
      answers = await runStatementsInTransaction(this.#db, batch.statements.map((s) => s.query));
    } catch (error) {
      const failed = batch.statements[(error as StatementError).statementIndex ?? -1];
      throw failed?.failure ? failed.failure(error as StatementError) : error;
    }
    return this.#checked(items, Promise.resolve(batch.results(answers)));
  }

  async #run(batch: Pending<I, R>[]): Promise<void> {
    this.stats.batches += 1;
    this.stats.items += batch.length;
    let results: R[];
    try {
      results = await this.#attempt(batch.map((p) => p.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One item may be the cause: each alone, so that only the failing one fails.
      this.stats.replays += 1;
      for (const pending of batch) {
        try {
          const [result] = await this.#attempt([pending.item]);
          pending.resolve(result as R);
        } catch (itemError) {
          pending.reject(itemError);
        }
      }
      return;
    }
    batch.forEach((pending, i) => pending.resolve(results[i] as R));
  }

  async #checked(items: readonly I[], written: Promise<R[]>): Promise<R[]> {
    const results = await written;
    if (results.length !== items.length) throw new Error(`group commit: the writer answered ${results.length} results for ${items.length} items`);
    return results;
  }
}
