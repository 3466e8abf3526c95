/**
 * A small option schema: each command turns commander's raw options into a typed object before any
 * work starts, and a bad value is a usage error (exit 2). Like the zod schemas of shadcn's commands,
 * without the dependency.
 */
import { usageError } from './errors';

/** Reads one option; throws a usage error for a bad value. */
export type OptionParser<T> = (value: unknown, flag: string) => T;

/** The typed result of a schema. */
export type Parsed<S extends Record<string, OptionParser<unknown>>> = { [K in keyof S]: ReturnType<S[K]> };

/** Option parsers. */
export const option = {
  /** A boolean flag; absent is false. */
  flag: (): OptionParser<boolean> => (value) => value === true,
  /** A string; `required` makes absence a usage error. */
  string:
    <R extends boolean = false>({ required }: { required?: R } = {}): OptionParser<R extends true ? string : string | undefined> =>
    (value, flag) => {
      if (value === undefined || value === '') {
        if (required) throw usageError(`${flag} is required`);
        return undefined as R extends true ? string : string | undefined;
      }
      if (typeof value !== 'string') throw usageError(`${flag} must be text`);
      return value;
    },
  /** An http(s) URL without credentials, normalised without a trailing slash; undefined when absent. */
  url: (): OptionParser<string | undefined> => (value, flag) => {
    if (value === undefined) return undefined;
    const text = String(value);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw usageError(`${flag} must be an http or https URL, got '${text}'`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`${flag} must be an http or https URL, got '${text}'`);
    if (url.username || url.password) throw usageError(`${flag} must not carry a user name or password`);
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  },
};

function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Parses commander's raw options with `schema`; unknown keys are ignored. */
export function parseOptions<S extends Record<string, OptionParser<unknown>>>(schema: S, raw: Record<string, unknown>): Parsed<S> {
  const out: Record<string, unknown> = {};
  for (const [key, parse] of Object.entries(schema)) out[key] = parse(raw[key], flagName(key));
  return out as Parsed<S>;
}
