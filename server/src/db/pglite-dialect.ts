/**
 * A Kysely dialect for PGlite (in-process PostgreSQL compiled to WASM), over Kysely's own PostgreSQL
 * adapter, query compiler and introspector (PLATFORM-NOTES: the published dialects peer older versions).
 *
 * PGlite has one connection. The driver hands it out under a lock, so a transaction owns it from BEGIN
 * to COMMIT/ROLLBACK and other queries wait: queries are serialised. Code inside a transaction must use
 * the transaction object; a query on the outer `db` from inside it would wait forever.
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

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#config);
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

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGliteLike;

  constructor(pglite: PGliteLike) {
    this.#pglite = pglite;
  }

  /** Transaction control: the simple protocol when the instance has it. */
  async control(sql: string): Promise<void> {
    if (this.#pglite.exec) await this.#pglite.exec(sql);
    else await this.#pglite.query(sql);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pglite.query<R>(compiledQuery.sql, compiledQuery.parameters.map(toParameter));
    const command = result.command?.toUpperCase();
    return {
      rows: result.rows ?? [],
      ...(command !== undefined && MUTATING_COMMANDS.has(command)
        ? { numAffectedRows: BigInt(result.affectedRows ?? 0) }
        : {}),
    };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('pglite-dialect: streaming is not supported');
  }
}

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig;
  readonly #lock = new Mutex();
  #pglite: PGliteLike | undefined;
  #connection: PGliteConnection | undefined;
  #release: (() => void) | undefined;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  async init(): Promise<void> {
    this.#pglite = typeof this.#config.pglite === 'function' ? await this.#config.pglite() : this.#config.pglite;
    this.#connection = new PGliteConnection(this.#pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#lock.lock();
    if (!this.#connection) {
      release();
      throw new Error('pglite-dialect: the driver has been destroyed');
    }
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let sql = 'begin';
    if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) sql += ` ${settings.accessMode}`;
    await (connection as PGliteConnection).control(sql);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).control('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).control('rollback');
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    // Wait for work in flight, then close.
    const release = await this.#lock.lock();
    const pglite = this.#pglite;
    this.#pglite = undefined;
    this.#connection = undefined;
    release();
    if (pglite && this.#config.closeOnDestroy !== false && !pglite.closed) await pglite.close();
  }
}
