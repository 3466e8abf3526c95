import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Flash } from '@primer/react';

/** Props of {@link FormError}. Extra props go to the Flash `<div>`. */
export type FormErrorProps = ComponentPropsWithoutRef<'div'>;

/**
 * The error banner of a form (Primer Flash, danger), announced as an alert. Renders nothing without
 * children, so a form can always render `<FormError>{error}</FormError>`.
 */
export const FormError = forwardRef<HTMLDivElement, FormErrorProps>(function FormError({ children, style, ...rest }, ref) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <Flash ref={ref} variant="danger" role="alert" style={{ marginBottom: 'var(--base-size-16, 16px)', ...style }} {...rest}>
      {children}
    </Flash>
  );
});
