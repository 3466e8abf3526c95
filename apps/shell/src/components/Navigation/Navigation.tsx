import { forwardRef, useEffect, useId, useMemo, useState, type ComponentPropsWithoutRef } from 'react';
import { Button } from '@primer/react';
import { areaOfPath, type PermissionObject } from '@tessera/domain';
import { buildNavigation } from '../../navigation/buildNavigation';
import { followLink } from '@tessera/ui';

/** Below this width the menu collapses behind a Menu button. */
export const NARROW_QUERY = '(max-width: 720px)';

/** Whether `query` matches, following changes (false where matchMedia is missing). */
function useMediaQuery(query: string): boolean {
  const get = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false);
  const [matches, setMatches] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  }, [query]);
  return matches;
}

/** Props of {@link Navigation}. Extra props go to the `<nav>`. */
export interface NavigationProps extends ComponentPropsWithoutRef<'nav'> {
  /** The viewer's permission object (Menu and View lists). */
  permission: PermissionObject;
  /** The viewer's id (their own passkeys page). */
  viewerId: string;
  /** The current path, to mark the current area's link. */
  pathname: string;
}

/**
 * The main navigation: Home and one link per area with a working screen the viewer may open (built by
 * buildNavigation). The current page's own area is marked (`aria-current`), found from the route table,
 * not from the path's first segment. On a narrow screen the links fold behind a Menu button.
 */
export const Navigation = forwardRef<HTMLElement, NavigationProps>(function Navigation({ permission, viewerId, pathname, style, ...rest }, ref) {
  const entries = useMemo(() => buildNavigation(permission, viewerId), [permission, viewerId]);
  const area = pathname === '/home' ? 'auth' : areaOfPath(pathname);
  const currentArea = entries.find((entry) => entry.area === area)?.area;
  const narrow = useMediaQuery(NARROW_QUERY);
  const [open, setOpen] = useState(false);
  const listId = `nav${useId()}`;
  useEffect(() => setOpen(false), [pathname]);
  const shown = !narrow || open;
  return (
    <nav ref={ref} aria-label="Main" style={{ ...(narrow ? { order: 10, flexBasis: '100%' } : {}), ...style }} {...rest}>
      {narrow ? (
        <Button size="small" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Close menu' : 'Menu'}
        </Button>
      ) : null}
      <ul
        id={listId}
        hidden={!shown}
        style={{
          display: shown ? 'flex' : 'none',
          flexDirection: narrow ? 'column' : 'row',
          flexWrap: 'wrap',
          gap: 'var(--base-size-4, 4px)',
          listStyle: 'none',
          margin: narrow ? '8px 0 0' : 0,
          padding: 0,
        }}
      >
        {entries.map((entry) => {
          const current = entry.area === currentArea;
          return (
            <li key={entry.area}>
              <a
                href={entry.href}
                onClick={followLink}
                aria-current={current ? 'page' : undefined}
                style={{
                  display: 'inline-block',
                  padding: 'var(--base-size-4, 4px) var(--base-size-8, 8px)',
                  borderRadius: 'var(--borderRadius-medium, 6px)',
                  color: 'var(--fgColor-default, #1f2328)',
                  textDecoration: 'none',
                  fontWeight: current ? 600 : 400,
                  background: current ? 'var(--bgColor-neutral-muted, #818b981f)' : 'transparent',
                }}
              >
                {entry.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
});
