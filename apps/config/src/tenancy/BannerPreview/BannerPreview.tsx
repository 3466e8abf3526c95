import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { isValidBannerColour } from '@tessera/domain';

/** Props of {@link BannerPreview}. Extra props go to the root `<div>`. */
export interface BannerPreviewProps extends ComponentPropsWithoutRef<'div'> {
  /** The colour as typed: `#rrggbb`, empty for no banner, anything else is shown as not a colour. */
  colour: string;
}

/**
 * A live preview of the tenancy banner: the strip the shell draws along the top of the header
 * (signin §3 bannerColour), drawn only for a valid `#rrggbb` colour.
 */
export const BannerPreview = forwardRef<HTMLDivElement, BannerPreviewProps>(function BannerPreview({ colour, style, ...rest }, ref) {
  const value = colour.trim();
  const valid = isValidBannerColour(value);
  const label = value === '' ? 'No banner' : valid ? value.toLowerCase() : 'Not a colour #rrggbb';
  return (
    <div
      ref={ref}
      role="img"
      aria-label={`Banner preview: ${label}`}
      data-state={value === '' ? 'none' : valid ? 'colour' : 'invalid'}
      style={{
        border: 'var(--borderWidth-thin, 1px) solid var(--borderColor-default, #d1d9e0)',
        borderRadius: 'var(--borderRadius-medium, 6px)',
        overflow: 'hidden',
        marginBottom: 'var(--base-size-16, 16px)',
        ...style,
      }}
      {...rest}
    >
      <div data-testid="banner-preview-strip" style={{ height: 6, background: valid ? value : 'transparent' }} />
      <div style={{ padding: 'var(--base-size-8, 8px)', fontSize: 'var(--text-body-size-small, 12px)', color: 'var(--fgColor-muted)' }}>{label}</div>
    </div>
  );
});
