import { forwardRef, useMemo, type ComponentPropsWithoutRef } from 'react';
import type { PermissionObject } from '@tessera/domain';
import { buildNavigation } from '../../navigation/buildNavigation';
import { followLink } from '@tessera/ui';

/** Props of {@link Navigation}. Extra props go to the `<nav>`. */
export interface NavigationProps extends ComponentPropsWithoutRef<'nav'> {
  /** The viewer's permission object (Menu and View lists). */
  permission: PermissionObject;
  /** The current path, to mark the current area's link. */
  pathname: string;
}

/** The main navigation: one link per area the viewer may view (signin §6), built by buildNavigation. */
export const Navigation = forwardRef<HTMLElement, NavigationProps>(function Navigation({ permission, pathname, style, ...rest }, ref) {
  const entries = useMemo(() => buildNavigation(permission), [permission]);
  const currentArea = entries.find((entry) => pathname === entry.href || pathname.startsWith(`/${entry.href.split('/')[1]}/`))?.area;
  return (
    <nav ref={ref} aria-label="Main" style={style} {...rest}>
      <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--base-size-4, 4px)', listStyle: 'none', margin: 0, padding: 0 }}>
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
