import { BUILT_AREAS, matchRoute, type Area } from '@tessera/domain';

/** The page the shell renders in the content outlet for a path, if any. */
export type ShellPage =
  | { kind: 'none' }
  | { kind: 'notFound' }
  | { kind: 'denied' }
  | { kind: 'errorDemo' }
  | { kind: 'unavailable'; area: Area };

/**
 * What the shell shows in `#tessera-main` for `pathname`: nothing where an area app mounts (or for
 * `/`, which root-config redirects to /home), its own pages for `/denied` and `/errorBoundary`, the
 * not-found page for a path outside the route table, and the 'not available yet' placeholder for a
 * route whose area has no app yet.
 */
export function resolveShellPage(pathname: string, builtAreas: readonly Area[] = BUILT_AREAS): ShellPage {
  if (pathname === '/' || pathname === '') return { kind: 'none' };
  const match = matchRoute(pathname);
  if (!match) return { kind: 'notFound' };
  if (match.route.path === '/denied') return { kind: 'denied' };
  if (match.route.path === '/errorBoundary') return { kind: 'errorDemo' };
  if (match.route.area === 'shell' || builtAreas.includes(match.route.area)) return { kind: 'none' };
  return { kind: 'unavailable', area: match.route.area };
}
