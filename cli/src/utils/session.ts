/**
 * The shared set-up of every command that talks to the server: which server, which credentials, and
 * an `@tessera/api` client over undici's fetch with a cookie jar (ARCHITECTURE "CLI").
 */
import { createApiClient, createCookieFetch, createMemoryCookieJar, type ApiClient } from '@tessera/api';
import { XSRF_COOKIE_NAME } from '@tessera/domain';
import type { CliContext } from '../context';
import { DEFAULT_SERVER, readProfile, writeProfile, type Profile } from './profile';

/** A server connection for one command. */
export interface CliSession {
  /** The server URL in use. */
  server: string;
  /** The client. */
  api: ApiClient;
  /** The profile read at start, or null. */
  profile: Profile | null;
  /** Where the credentials come from: the profile's cookies, `TESSERA_API_KEY`, or nothing. */
  credentials: 'profile' | 'apiKey' | 'none';
  /** The cookies now held (after the calls made so far). */
  cookies(): Record<string, string>;
  /** Saves cookies the server changed (e.g. a rotated session) back to the profile. */
  saveCookies(): void;
}

/** Options of {@link openSession}. */
export interface OpenSessionOptions {
  /** `--server`; else the profile's; else http://127.0.0.1:8080. */
  server?: string | undefined;
  /** Start without the profile's cookies (login starts a fresh session). */
  fresh?: boolean;
}

/**
 * Opens the connection. The profile's cookies are sent only to the server the profile belongs to, so
 * `--server` pointing elsewhere never leaks them. `TESSERA_API_KEY` is sent as `Authorization: Bearer`.
 */
export function openSession(context: CliContext, { server: requested, fresh = false }: OpenSessionOptions = {}): CliSession {
  const profile = readProfile(context.env);
  const server = requested ?? profile?.server ?? DEFAULT_SERVER;
  const useProfile = !fresh && profile !== null && profile.server === server && Object.keys(profile.cookies).length > 0;
  const jar = createMemoryCookieJar(useProfile ? profile.cookies : {});
  const initial = JSON.stringify(jar.get());
  const apiKey = context.env.TESSERA_API_KEY?.trim();
  const api = createApiClient({
    baseUrl: server,
    fetch: createCookieFetch(context.fetch, jar),
    getXsrfToken: () => jar.get()[XSRF_COOKIE_NAME] || undefined,
    ...(apiKey ? { headers: { Authorization: `Bearer ${apiKey}` } } : {}),
  });
  return {
    server,
    api,
    profile,
    credentials: useProfile ? 'profile' : apiKey ? 'apiKey' : 'none',
    cookies: () => jar.get(),
    saveCookies() {
      if (!useProfile || JSON.stringify(jar.get()) === initial) return;
      writeProfile(context.env, { ...profile, cookies: jar.get() });
    },
  };
}
