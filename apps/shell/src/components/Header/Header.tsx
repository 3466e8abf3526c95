import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Button, Text } from '@primer/react';
import type { Viewer } from '@tessera/domain';
import { TEXTS } from '../../texts';
import { Navigation } from '../Navigation';
import { ToastLog } from '../ToastLog';
import { followLink } from '@tessera/ui';

/** Props of {@link Header}. Extra props go to the `<header>`. */
export interface HeaderProps extends ComponentPropsWithoutRef<'header'> {
  /** The signed-in user, or null when signed out. */
  viewer: Viewer | null;
  /** The current path. */
  pathname: string;
  /** Sign out was pressed. */
  onSignOut(): void;
  /** A sign-out is under way. */
  signingOut?: boolean;
}

/**
 * The console header (the `banner` landmark): the tenancy banner colour as a strip along the top,
 * the product name, the main navigation, the toast log, the signed-in user and Sign out; signed out,
 * a Sign in link (public pages such as /home and /about work signed out).
 */
export const Header = forwardRef<HTMLElement, HeaderProps>(function Header({ viewer, pathname, onSignOut, signingOut = false, style, ...rest }, ref) {
  const bannerColour = viewer?.tenant.bannerColour;
  const displayName = viewer?.names.displayName?.trim();
  return (
    <header
      ref={ref}
      style={{
        background: 'var(--bgColor-muted, #f6f8fa)',
        color: 'var(--fgColor-default, #1f2328)',
        borderBottom: 'var(--borderWidth-thin, 1px) solid var(--borderColor-default, #d1d9e0)',
        ...style,
      }}
      {...rest}
    >
      {bannerColour ? <div data-testid="tenancy-banner" aria-hidden="true" style={{ height: 6, background: bannerColour }} /> : null}
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 'var(--base-size-16, 16px)',
          flexWrap: 'wrap',
          padding: 'var(--base-size-8, 8px) var(--base-size-16, 16px)',
        }}
      >
        <a
          href="/home"
          onClick={followLink}
          style={{ color: 'inherit', textDecoration: 'none', fontWeight: 600, fontSize: 'var(--text-title-size-medium, 20px)' }}
        >
          {TEXTS.productName}
        </a>
        {viewer ? <Navigation permission={viewer.permission} viewerId={viewer.id} pathname={pathname} /> : null}
        <div style={{ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 'var(--base-size-8, 8px)' }}>
          <ToastLog />
          {viewer ? (
            <>
              <Text as="span" size="small">
                <span>{displayName || viewer.username}</span>
                {displayName && displayName !== viewer.username ? <span style={{ opacity: 0.8 }}> ({viewer.username})</span> : null}
                <span style={{ opacity: 0.8 }}> · {viewer.tenant.name}</span>
              </Text>
              <Button size="small" onClick={onSignOut} disabled={signingOut}>
                Sign out
              </Button>
            </>
          ) : pathname === '/login' ? null : (
            <a href="/login" onClick={followLink} style={{ color: 'var(--fgColor-accent, #0969da)', fontWeight: 600 }}>
              {TEXTS.signIn}
            </a>
          )}
        </div>
      </div>
    </header>
  );
});
