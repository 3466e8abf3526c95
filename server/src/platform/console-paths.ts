/**
 * Which paths are the API's and which the console's. The API lives under `/api` and `/api2`, and the
 * spec also puts a few calls outside them (admin-console §7: `/certificate-request-status*`,
 * `/user/*Favourites*`, `/ad/list/users`, `/workflowItems`, `/transaction-history`; signin §7:
 * `/smartcards/users/{id}`, `/documentation/files`). Such a path never falls back to the
 * console's `index.html`: until its area registers it, it answers 404 JSON.
 */
import { matchRoute } from '@tessera/domain';

/** First path segments of the spec's API calls outside `/api` and `/api2`, and those two. */
const API_FIRST_SEGMENTS: ReadonlySet<string> = new Set(['api', 'api2', 'user', 'ad', 'workflowItems', 'transaction-history', 'documentation']);

/** Is `pathname` (decoded, without query) an API path, by its prefix? */
export function isApiPath(pathname: string): boolean {
  // The segment after the first '/' (as `pathname.split('/')[1]`, without the array: this runs on every answer).
  const slash = pathname.indexOf('/');
  const next = slash < 0 ? -1 : pathname.indexOf('/', slash + 1);
  const first = slash < 0 ? '' : pathname.slice(slash + 1, next < 0 ? pathname.length : next);
  if (API_FIRST_SEGMENTS.has(first)) return true;
  if (first.startsWith('certificate-request-status')) return true;
  // `/smartcards/users/{id}`: the console's smartcard screens live under /credentials/smartcards.
  return pathname === '/smartcards/users' || pathname.startsWith('/smartcards/users/');
}

/** Is the last segment of `pathname` a file name (it has a dot)? The console's files all do. */
export function isFilePath(pathname: string): boolean {
  return pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
}

/** Is `pathname` one of the console's screens (`/` or a route of the route table)? */
export function isConsoleRoute(pathname: string): boolean {
  return pathname === '/' || matchRoute(pathname) !== null;
}
