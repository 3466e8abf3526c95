import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Spinner } from '@primer/react';

/** Props of {@link FullPageSpinner}. Extra props go to the status `<div>`. */
export interface FullPageSpinnerProps extends ComponentPropsWithoutRef<'div'> {
  /** Accessible name of the status region. */
  label?: string;
}

/**
 * The full-page loading spinner (signin §2: shown while authentication state loads): a live
 * `status` region named 'Loading' that fills the viewport.
 */
export const FullPageSpinner = forwardRef<HTMLDivElement, FullPageSpinnerProps>(function FullPageSpinner(
  { label = 'Loading', style, ...rest },
  ref,
) {
  return (
    <div
      ref={ref}
      role="status"
      aria-label={label}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh', ...style }}
      {...rest}
    >
      <Spinner size="large" srText={null} />
    </div>
  );
});
