/**
 * The per-request logger, made only when something is logged (issues 10 and 11). Fastify gives every request a
 * child of the app's logger bound to the request id (`reqId`); pino builds that child (its bindings serialised,
 * its level methods set up) whether or not the request logs anything, and at the server's usual `warn` level an
 * ordinary request logs nothing: the child was a cost of every request. {@link lazyChildLoggerFactory} answers a
 * stand-in that builds the same child (`parent.child(bindings)`) the first time a line of an enabled level is
 * written, so an error log still carries the request id, and a request that logs nothing builds nothing.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogFn = (...args: unknown[]) => void;
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/** A request's logger that builds its pino child on the first line of an enabled level. */
export class LazyRequestLogger {
  readonly #parent: ParentLogger;
  readonly #bindings: Record<string, unknown>;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: ParentLogger, bindings: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  /** Has the child been built (a line was written, or the level or a child asked for)? */
  get materialised(): boolean {
    return this.#child !== undefined;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    const logger = this.#child ?? this.#parent;
    if (!(logger as ParentLogger).isLevelEnabled?.(level)) return;
    (this.#real()[level] as LogFn)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return ((this.#child ?? this.#parent) as ParentLogger).isLevelEnabled?.(level) ?? true;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  silent(): void {}

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#real().child(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a {@link LazyRequestLogger} for a plain pino parent; the ordinary child when the
 * route sets its own log level or serializers, or the parent cannot say which levels are enabled.
 */
export const lazyChildLoggerFactory: ChildLoggerFactory = function (logger, bindings, options) {
  const parent = logger as ParentLogger;
  if (typeof parent.isLevelEnabled !== 'function' || options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new LazyRequestLogger(parent, bindings) as unknown as FastifyBaseLogger;
};
