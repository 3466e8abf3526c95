/**
 * The profile written by `tessera login`: the server URL and the session cookies, in
 * `$TESSERA_CONFIG_DIR/profile.json` or `~/.config/tessera/profile.json`, readable by its owner only
 * (file 0600, folder 0700). Its cookies are never printed.
 */
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync, closeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './errors';

/** The server a command talks to when neither `--server` nor a profile says otherwise. */
export const DEFAULT_SERVER = 'http://127.0.0.1:8080';

/** What the profile holds. */
export interface Profile {
  /** Server URL, e.g. `http://127.0.0.1:8080`. */
  server: string;
  /** The user who signed in, for messages. */
  username?: string;
  /** Cookies of the session (`tessera_session`, `XSRF-TOKEN`). */
  cookies: Record<string, string>;
}

/** The folder of the profile. */
export function configDir(env: Record<string, string | undefined>): string {
  return env.TESSERA_CONFIG_DIR || join(env.HOME || homedir(), '.config', 'tessera');
}

/** The profile file. */
export function profilePath(env: Record<string, string | undefined>): string {
  return join(configDir(env), 'profile.json');
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** The profile, or null when there is none. Throws when the file is not a profile. */
export function readProfile(env: Record<string, string | undefined>): Profile | null {
  const path = profilePath(env);
  if (!existsSync(path)) return null;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (cause) {
    throw new CliError('FAILURE', `the profile ${path} is not valid JSON; remove it and run tessera login`, { cause });
  }
  const { server, username, cookies } = (data ?? {}) as Record<string, unknown>;
  if (typeof server !== 'string' || !isStringRecord(cookies)) throw new CliError('FAILURE', `the profile ${path} is not a Tessera profile; remove it and run tessera login`);
  return { server, cookies, ...(typeof username === 'string' ? { username } : {}) };
}

/** Writes the profile atomically with mode 0600, creating its folder with mode 0700. */
export function writeProfile(env: Record<string, string | undefined>, profile: Profile): void {
  const dir = configDir(env);
  const created = mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (created !== undefined) chmodSync(dir, 0o700);
  const path = profilePath(env);
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(profile, null, 2)}\n`);
  } finally {
    closeSync(fd);
  }
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** Removes the profile file. */
export function removeProfile(env: Record<string, string | undefined>): void {
  rmSync(profilePath(env), { force: true });
}
