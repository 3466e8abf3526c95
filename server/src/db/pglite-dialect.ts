/**
 * A Kysely dialect for PGlite (in-process PostgreSQL compiled to WASM), over Kysely's own PostgreSQL
 * adapter, query compiler and introspector (PLATFORM-NOTES: the published dialects peer older versions).
 *
 * PGlite has one connection, which answers statements in the order they are sent. The driver sends under a
 * lock: a transaction owns it from BEGIN to COMMIT/ROLLBACK and other statements wait to be sent; a statement
 * outside a transaction holds it only while it is sent. Code inside a transaction must use the transaction
 * object; a query on the outer `db` from inside it would wait forever. Statements that need one session for
 * several statements (`db.connection()`) must run in a transaction here.
 */
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from '../platform/mutex';

/** What the dialect uses of a PGlite instance (PGlite itself, or a proxy to one in a worker). */
export interface PGliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number; command?: string }>;
  /** Runs SQL without parameters over the simple protocol (cheaper: no describe step). */
  exec?(sql: string): Promise<unknown>;
  /**
   * Runs the statements as one transaction, committed when all of them succeed, else rolled back and rejected with the
   * failing statement's error (its `statementIndex` set); nothing else runs inside it. (Not PGlite's own `transaction`,
   * which takes a callback.)
   */
  statementsInTransaction?(statements: readonly { sql: string; params: readonly unknown[] }[]): Promise<{ rows: unknown[]; affectedRows?: number; command?: string }[]>;
  close(): Promise<void>;
  readonly closed?: boolean;
}

/** Options of {@link PGliteDialect}. */
export interface PGliteDialectConfig {
  /** The PGlite instance, or a function creating it on first use. */
  pglite: PGliteLike | (() => Promise<PGliteLike>);
  /** Close the instance when Kysely is destroyed (default true). */
  closeOnDestroy?: boolean;
}

/** Kysely dialect for PGlite. */
export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig;
  #driver: PGliteDriver | undefined;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    this.#driver = new PGliteDriver(this.#config);
    return this.#driver;
  }

  /**
   * Runs compiled statements as one transaction in one message, where the instance can (PGliteLike.statementsInTransaction,
   * the database thread); null where it cannot. Sent under the driver's lock like a statement outside a transaction: after
   * everything sent before it, never inside another transaction.
   */
  oneMessageTransaction(statements: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> | null {
    return this.#driver?.oneMessageTransaction(statements) ?? null;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Dialect signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

/** Dates are sent as ISO text (robust across JavaScript realms, where `instanceof Date` fails). */
function toParameter(value: unknown): unknown {
  return Object.prototype.toString.call(value) === '[object Date]' ? (value as Date).toISOString() : value;
}

const MUTATING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** A PGlite result as Kysely's: its rows, and the rows affected by a statement that changes rows. */
function kyselyResult<R>(result: { rows?: R[]; affectedRows?: number; command?: string }): QueryResult<R> {
  const command = result.command?.toUpperCase();
  return {
    rows: result.rows ?? [],
    ...(command !== undefined && MUTATING_COMMANDS.has(command) ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
  };
}

/**
 * One use of the instance (Kysely acquires one for a statement or for a transaction). It takes the driver's lock
 * only to send: a statement outside a transaction holds it while it is sent, not while it is answered (the
 * instance answers in order, so it runs after everything sent before it and before any later transaction's BEGIN);
 * a transaction holds it from BEGIN until its COMMIT or ROLLBACK has been answered, so that nothing else runs inside
 * it. Under load the reads of many requests then go out back to back, each without a round trip of its own through
 * the event loop (which is long when the instance is a thread: its answers wait for the loop's turn).
 */
class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGliteLike;
  readonly #lock: Mutex;
  /** The release of the lock while a transaction holds it. */
  #transaction: (() => void) | undefined;
  /**
   * A BEGIN sent and not yet answered. A transaction's first statement goes right behind it instead of waiting for
   * its answer: one round trip fewer a transaction. The statement's caller still sees BEGIN's failure.
   */
  #begun: Promise<unknown> | undefined;

  constructor(pglite: PGliteLike, lock: Mutex) {
    this.#pglite = pglite;
    this.#lock = lock;
  }

  #send(sql: string): Promise<unknown> {
    return this.#pglite.exec ? this.#pglite.exec(sql) : this.#pglite.query(sql);
  }

  /** Takes the lock and sends a BEGIN without waiting for its answer (awaited by the next statement, or by the end). */
  async begin(sql: string): Promise<void> {
    this.#transaction = await this.#lock.lock();
    // Settled here so that a BEGIN whose follower fails first is not an unhandled rejection; its error is rethrown by #flushBegin.
    this.#begun = this.#send(sql).then(
      () => undefined,
      (error: unknown) => ({ error }),
    );
  }

  /** Ends the transaction (`commit` or `rollback`, over the simple protocol when the instance has it) and releases the lock. */
  async end(sql: 'commit' | 'rollback'): Promise<void> {
    try {
      // A ROLLBACK goes out whatever became of the BEGIN; a COMMIT does not go out behind a BEGIN that failed.
      if (sql === 'rollback') await this.#flushBegin().catch(() => {});
      else await this.#flushBegin();
      await this.#send(sql);
    } finally {
      this.release();
    }
  }

  /** Releases the lock if a transaction still holds it. */
  release(): void {
    const release = this.#transaction;
    this.#transaction = undefined;
    release?.();
  }

  async #flushBegin(): Promise<void> {
    const begun = this.#begun;
    if (!begun) return;
    this.#begun = undefined;
    const outcome = (await begun) as { error: unknown } | undefined;
    if (outcome) throw outcome.error;
  }

  /**
   * Sends a statement: in the transaction that holds the lock, or alone under the lock for the time of sending.
   * Answers once it is sent, with its answer still to come (in an object, so that awaiting this does not await it).
   */
  async #post<R>(compiledQuery: CompiledQuery): Promise<{ answer: Promise<{ rows: R[]; affectedRows?: number; command?: string }> }> {
    const params = compiledQuery.parameters.map(toParameter);
    if (this.#transaction) return { answer: this.#pglite.query<R>(compiledQuery.sql, params) };
    const release = await this.#lock.lock();
    try {
      return { answer: this.#pglite.query<R>(compiledQuery.sql, params) };
    } finally {
      release();
    }
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { answer: sent } = await this.#post<R>(compiledQuery);
    if (this.#begun) {
      try {
        await this.#flushBegin();
      } catch (error) {
        sent.catch(() => {}); // the statement's own answer is moot: its transaction never began
        throw error;
      }
    }
    return kyselyResult(await sent);
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('pglite-dialect: streaming is not supported');
  }
}

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig;
  readonly #lock = new Mutex();
  #pglite: PGliteLike | undefined;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  async init(): Promise<void> {
    this.#pglite = typeof this.#config.pglite === 'function' ? await this.#config.pglite() : this.#config.pglite;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#pglite) throw new Error('pglite-dialect: the driver has been destroyed');
    return new PGliteConnection(this.#pglite, this.#lock);
  }

  /** See PGliteDialect.oneMessageTransaction: null when the instance has no one-message transactions (or none yet). */
  oneMessageTransaction(statements: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> | null {
    const pglite = this.#pglite;
    if (!pglite?.statementsInTransaction) return null;
    return (async () => {
      let answer: ReturnType<NonNullable<PGliteLike['statementsInTransaction']>>;
      const release = await this.#lock.lock();
      try {
        answer = pglite.statementsInTransaction!(statements.map((q) => ({ sql: q.sql, params: q.parameters.map(toParameter) })));
      } finally {
        release();
      }
      return (await answer).map(kyselyResult);
    })();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let sql = 'begin';
    if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) sql += ` ${settings.accessMode}`;
    await (connection as PGliteConnection).begin(sql);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release();
  }

  async destroy(): Promise<void> {
    // Wait for the transaction in flight, then close (the instance answers what was sent before its close).
    const release = await this.#lock.lock();
    const pglite = this.#pglite;
    this.#pglite = undefined;
    release();
    if (pglite && this.#config.closeOnDestroy !== false && !pglite.closed) await pglite.close();
  }
}
